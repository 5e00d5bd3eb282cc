#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "platform/data_dir.h"
#include "style/theme.h"
#include "support/temp_file.h"

namespace scanscope {
namespace {

std::string write_temp(const std::string& text) {
    std::string path = test::temp_file("theme_test.json");
    std::ofstream(path) << text;
    return path;
}

TEST(Theme, ParsesHexColours) {
    auto c = parse_hex_color("#ff8000");
    ASSERT_TRUE(c);
    EXPECT_FLOAT_EQ(c->r, 1.0f);
    EXPECT_NEAR(c->g, 128.0f / 255.0f, 1e-6);
    EXPECT_FLOAT_EQ(c->b, 0.0f);
    EXPECT_FLOAT_EQ(c->a, 1.0f);
    auto alpha = parse_hex_color("#00000080");
    ASSERT_TRUE(alpha);
    EXPECT_NEAR(alpha->a, 128.0f / 255.0f, 1e-6);
    for (const char* bad : {"", "ff8000", "#ff800", "#gg8000", "#ff8000f", "red"})
        EXPECT_FALSE(parse_hex_color(bad)) << bad;
}

TEST(Theme, ShippedThemesLoad) {
    for (const char* name : {"dark", "light"}) {
        std::string error;
        auto theme =
            load_theme_file(data_path(std::string("assets/themes/") + name + ".json"), error);
        ASSERT_TRUE(theme) << error;
        EXPECT_EQ(theme->name, name);
    }
}

TEST(Theme, OverridesOnlyWhatTheFileNames) {
    std::string error;
    auto theme =
        load_theme_file(write_temp(R"({"base": "light", "colors": {"write": "#010203"}})"), error);
    ASSERT_TRUE(theme) << error;
    Theme light = builtin_theme("light");
    EXPECT_NEAR(theme->write.b, 3.0f / 255.0f, 1e-6);
    EXPECT_FLOAT_EQ(theme->read.r, light.read.r);
    EXPECT_FALSE(theme->dark);
}

TEST(Theme, MalformedFilesGiveClearErrors) {
    struct Case {
        const char* text;
        const char* expected;
    } cases[] = {
        {"{ not json", "not valid JSON"},
        {"[1, 2]", "must hold a JSON object"},
        {R"({"colors": {"write": "orange"}})", "\"write\" is not #rrggbb"},
        {R"({"colors": {"sparkle": "#ffffff"}})", "unknown colour \"sparkle\""},
        {R"({"colors": {"conflict": ["#ffffff"]}})", "must list 6 colours"},
    };
    for (const Case& c : cases) {
        std::string error;
        EXPECT_FALSE(load_theme_file(write_temp(c.text), error)) << c.text;
        EXPECT_NE(error.find(c.expected), std::string::npos) << error;
    }
    std::string error;
    EXPECT_FALSE(load_theme_file("/nonexistent/theme.json", error));
    EXPECT_NE(error.find("cannot open"), std::string::npos);
}

}  // namespace
}  // namespace scanscope
