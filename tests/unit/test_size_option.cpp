#include <gtest/gtest.h>

#include "cli/size_option.h"

namespace scanscope {
namespace {

TEST(PixelSize, ParsesWidthByHeight) {
    auto size = parse_pixel_size("1280x720");
    ASSERT_TRUE(size.has_value());
    EXPECT_EQ(size->width, 1280);
    EXPECT_EQ(size->height, 720);
    auto upper = parse_pixel_size(" 64X8192 ");
    ASSERT_TRUE(upper.has_value());
    EXPECT_EQ(upper->width, 64);
    EXPECT_EQ(upper->height, 8192);
}

TEST(PixelSize, RejectsMalformedAndOutOfRange) {
    for (const char* bad : {"", "1280", "1280x", "x720", "1280*720", "-5x10", "63x100", "100x8193",
                            "99999x99999", "12.5x100", "1280x720x3"})
        EXPECT_FALSE(parse_pixel_size(bad).has_value()) << bad;
}

}  // namespace
}  // namespace scanscope
