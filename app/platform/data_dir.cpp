#include "platform/data_dir.h"

#include <cstdlib>
#include <filesystem>
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

}  // namespace scanscope
