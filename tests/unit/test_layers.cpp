// The layers of app/ run one way: a file includes only its own folder and the folders below it
// (the kernels/ folders are below them all). An include from a lower layer up to a higher one
// fails here, naming the file and the line.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>

namespace scanscope::test {
namespace {

// Lower numbers are lower layers; kernels/ folders are -1.
const std::map<std::string, int> kRank = {
    {"core", -1},    {"variants", -1}, {"emu", -1},    {"gpu", -1},  {"scan", -1},
    {"reduce", -1},  {"platform", 0},  {"device", 1},  {"style", 1}, {"model", 1},
    {"analysis", 2}, {"capture", 2},   {"student", 3}, {"bench", 3}, {"scenes", 3},
    {"player", 4},   {"render", 4},    {"export", 5},  {"gui", 6},   {"views", 7},
    {"cli", 7},      {"shell", 8},     {"web", 9},
};

TEST(Layers, NoIncludeRunsUpward) {
    const std::filesystem::path app =
        std::filesystem::path(SCANSCOPE_TEST_DATA) / ".." / ".." / "app";
    ASSERT_TRUE(std::filesystem::exists(app));
    const std::regex include(R"re(^\s*#include "([a-z_]+)/)re");
    int files = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(app)) {
        if (!entry.is_regular_file()) continue;
        const std::string ext = entry.path().extension().string();
        if (ext != ".h" && ext != ".cpp" && ext != ".cu") continue;
        const std::string folder = entry.path().parent_path().filename().string();
        const auto own = kRank.find(folder);
        if (own == kRank.end()) continue;  // app/main.cpp ties the top together
        ++files;
        std::ifstream file(entry.path());
        int number = 0;
        for (std::string line; std::getline(file, line);) {
            ++number;
            std::smatch m;
            if (!std::regex_search(line, m, include)) continue;
            const auto target = kRank.find(m[1].str());
            ASSERT_NE(target, kRank.end())
                << entry.path() << ":" << number << " includes an unknown folder: " << line;
            if (m[1].str() == folder) continue;
            EXPECT_LT(target->second, own->second)
                << entry.path().lexically_relative(app) << ":" << number << " (" << folder
                << ") includes " << m[1].str() << "/, a layer at or above its own: " << line;
        }
    }
    EXPECT_GT(files, 100);
}

}  // namespace
}  // namespace scanscope::test
