// `scanscope --screenshot` under a virtual display: the picture has the asked size, is not blank,
// and shows the panels (separator lines found in the pixels, text in the status line).
#include <gtest/gtest.h>

#include <cstdio>

#include "support/png_image.h"
#include "support/process.h"
#include "support/temp_file.h"
#include "support/virtual_display.h"

namespace scanscope::test {
namespace {

class Screenshot : public testing::Test {
  protected:
    void SetUp() override {
        const DisplayAccess& display = virtual_display();
        if (!display.available) GTEST_SKIP() << display.reason;
        display_ = "DISPLAY=" + display.display;
    }

    Image shoot(const std::vector<std::string>& extra, const std::string& name) {
        const std::string path = temp_file(name);
        std::remove(path.c_str());
        std::vector<std::string> args{"--screenshot", path};
        args.insert(args.end(), extra.begin(), extra.end());
        ProcessResult r = run_process(scanscope_binary(), args, {display_});
        EXPECT_EQ(r.exit_code, 0) << r.output;
        Image image = load_png(path);
        EXPECT_FALSE(image.empty()) << "no PNG at " << path << "\n" << r.output;
        return image;
    }

    std::string display_;
};

TEST_F(Screenshot, HasTheAskedSizeAndIsNotBlank) {
    Image image = shoot({"--size", "1280x800", "--frames", "3"}, "shot_size.png");
    ASSERT_FALSE(image.empty());
    EXPECT_EQ(image.width, 1280);
    EXPECT_EQ(image.height, 800);
    EXPECT_GT(distinct_colors(image), 16u);
    EXPECT_LT(dominant_color_share(image), 0.9);
}

TEST_F(Screenshot, ShowsPanelsAndAStatusLine) {
    Image image = shoot({"--size", "1600x1000"}, "shot_panels.png");
    ASSERT_FALSE(image.empty());
    // The dark theme's panel border colour (#2c313b) draws the panel edges.
    const std::uint8_t border[3] = {0x2c, 0x31, 0x3b};
    EXPECT_GE(count_lines(image, border, 10, 0.4, true), 2) << "controls | canvas | code";
    EXPECT_GE(count_lines(image, border, 10, 0.4, false), 2) << "canvas / banks, timeline, status";
    EXPECT_TRUE(has_marks(image, 0, image.height - 24, image.width / 2, 24, 0.25f))
        << "the status line names the device";
}

TEST_F(Screenshot, LightThemeIsLight) {
    Image dark = shoot({"--size", "640x400", "--theme", "dark"}, "shot_dark.png");
    Image light = shoot({"--size", "640x400", "--theme", "light"}, "shot_light.png");
    ASSERT_FALSE(dark.empty());
    ASSERT_FALSE(light.empty());
    EXPECT_LT(mean_luminance(dark), 0.3);
    EXPECT_GT(mean_luminance(light), 0.7);
}

TEST_F(Screenshot, UnwritablePathFailsWithMessage) {
    ProcessResult r =
        run_process(scanscope_binary(),
                    {"--screenshot", "/nonexistent-dir/shot.png", "--size", "320x200"}, {display_});
    EXPECT_EQ(r.exit_code, 1);
    EXPECT_NE(r.output.find("cannot write"), std::string::npos) << r.output;
}

TEST(ScreenshotWithoutDisplay, FailsWithMessageNotCrash) {
    ProcessResult r = run_process(scanscope_binary(), {"--screenshot", "/tmp/x.png"},
                                  {"DISPLAY=", "WAYLAND_DISPLAY="});
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_NE(r.output.find("cannot open a window"), std::string::npos) << r.output;
}

}  // namespace
}  // namespace scanscope::test
