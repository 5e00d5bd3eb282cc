#include "platform/data_dir.h"

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <system_error>
#include <vector>

#include "version.h"

namespace scanscope {
namespace fs = std::filesystem;

namespace {

bool holds_data(const fs::path& dir) {
    std::error_code ec;
    return fs::is_directory(dir / "assets", ec) && fs::is_directory(dir / "shaders", ec);
}

fs::path executable_dir() {
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    return ec ? fs::path() : exe.parent_path();
}

}  // namespace

std::string find_data_dir() {
    static const std::string found = [] {
        std::vector<fs::path> candidates;
        if (const char* env = std::getenv("SCANSCOPE_DATA_DIR")) candidates.emplace_back(env);
        if (fs::path exe = executable_dir(); !exe.empty())
            candidates.push_back(exe.parent_path() / "share" / "scanscope");
        candidates.emplace_back(SCANSCOPE_SOURCE_DIR);
        for (const fs::path& dir : candidates)
            if (holds_data(dir)) return dir.string();
        return std::string();
    }();
    return found;
}

std::string data_path(const std::string& relative) {
    const std::string dir = find_data_dir();
    return dir.empty() ? std::string() : dir + "/" + relative;
}

std::string self_executable() {
    std::error_code ec;
    const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    if (ec) throw std::runtime_error("cannot find the program's own path: " + ec.message());
    return exe.string();
}

std::string user_cache_dir(const std::string& sub) {
    fs::path base;
    if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg)
        base = xdg;
    else if (const char* home = std::getenv("HOME"); home && *home)
        base = fs::path(home) / ".cache";
    else
        return {};
    const fs::path dir = base / "scanscope" / sub;
    std::error_code ec;
    fs::create_directories(dir, ec);
    fs::permissions(base / "scanscope", fs::perms::owner_all, fs::perm_options::replace, ec);
    fs::permissions(dir, fs::perms::owner_all, fs::perm_options::replace, ec);
    return !ec && fs::is_directory(dir, ec) ? dir.string() : std::string();
}

}  // namespace scanscope
