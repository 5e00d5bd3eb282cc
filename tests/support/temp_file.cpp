#include "support/temp_file.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

namespace scanscope::test {

std::string temp_file(const std::string& name) {
    std::string test = "global";
    if (const testing::TestInfo* info = testing::UnitTest::GetInstance()->current_test_info())
        test = std::string(info->test_suite_name()) + "." + info->name();
    for (char& c : test)
        if (c == '/') c = '_';  // parameterised names hold slashes
    return testing::TempDir() + std::to_string(getpid()) + "-" + test + "-" + name;
}

std::string file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

}  // namespace scanscope::test
