// Where the single-pass scans keep their tile descriptors: one a 128-byte line in a timed scan of
// more tiles than blocks at once, packed (one word a tile, as the views read them) otherwise.
#include <gtest/gtest.h>

#include "core/raw_capture.h"
#include "emu/emu_launcher.h"
#include "variants/drivers.h"

namespace scanscope::test {
namespace {

TEST(TileDescriptors, SpacingPutsEachTileOnItsOwnLine) {
    DescriptorWord words[3 * kDescriptorsPerLine] = {};
    const TileDescriptors spread{words, kDescriptorsPerLine};
    EXPECT_EQ(kDescriptorsPerLine, 16);
    EXPECT_EQ(spread.of(2), words + 32);
    EXPECT_EQ(reinterpret_cast<char*>(spread.of(1)) - reinterpret_cast<char*>(spread.of(0)), 128);
    const TileDescriptors packed{words, 1};
    EXPECT_EQ(packed.of(2), words + 2);
}

TEST(TileDescriptors, OnlyTimedScansOfSeveralRoundsSpreadThem) {
    emu::EmuLauncher plain;
    int* counter = nullptr;
    const int resident = 4;

    TileDescriptors d =
        kernels::alloc_descriptors(plain, 10, KernelShape::Timed, resident, counter);
    EXPECT_EQ(d.spacing, kDescriptorsPerLine);
    EXPECT_EQ(reinterpret_cast<DescriptorWord*>(counter), d.words + 10 * kDescriptorsPerLine);
    for (int i = 0; i <= 10 * kDescriptorsPerLine; ++i)
        ASSERT_EQ(d.words[i], 0u) << "word " << i << " not zeroed";

    EXPECT_EQ(kernels::alloc_descriptors(plain, 4, KernelShape::Timed, resident, counter).spacing,
              1)
        << "one round: every look-back reads few lines anyway";
    EXPECT_EQ(
        kernels::alloc_descriptors(plain, 10, KernelShape::Teaching, resident, counter).spacing, 1);

    RawCapture capture;
    emu::EmuLauncher capturing(&capture);
    d = kernels::alloc_descriptors(capturing, 10, KernelShape::Timed, resident, counter);
    EXPECT_EQ(d.spacing, 1) << "a capture keeps one word a tile, as the views read them";
    EXPECT_EQ(reinterpret_cast<DescriptorWord*>(counter), d.words + 10);
}

}  // namespace
}  // namespace scanscope::test
