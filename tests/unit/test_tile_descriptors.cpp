// Where the single-pass scans keep their tile descriptors: one a 128-byte line in a timed scan of
// more tiles than blocks at once, packed (one word a tile, as the views read them) otherwise; and
// how a repeated launch finds them ready without a memset (two sets, used by turns).
#include <gtest/gtest.h>

#include "core/raw_capture.h"
#include "emu/emu_launcher.h"
#include "support/reference.h"
#include "support/repeated_runs.h"
#include "variants/dispatch.h"
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
    // The counter after the last descriptor, in the set's last word: each set is whole lines.
    const int set_words = 11 * kDescriptorsPerLine;
    EXPECT_EQ(reinterpret_cast<DescriptorWord*>(counter), d.words + set_words - 1);
    EXPECT_EQ(d.next_words, d.words + set_words) << "the second set, for the next launch";
    EXPECT_EQ(reinterpret_cast<DescriptorWord*>(d.next_counter), d.next_words + set_words - 1);
    for (int i = 0; i < 2 * set_words; ++i)
        ASSERT_EQ(d.words[i], 0u) << "word " << i << " not zeroed";

    EXPECT_EQ(kernels::alloc_descriptors(plain, 4, KernelShape::Timed, resident, counter).spacing,
              1)
        << "one round: every look-back reads few lines anyway";
    EXPECT_EQ(
        kernels::alloc_descriptors(plain, 10, KernelShape::Teaching, resident, counter).spacing, 1);

    // staged-lookback spreads one round too; decoupled-lookback does not; neither in a teaching
    // shape.
    using Staged = kernels::StagedLookbackScan<int, AddOp<int>, 8, 4>;
    using Decoupled = kernels::DecoupledLookbackScan<int, AddOp<int>, 20, 4>;
    EXPECT_EQ(
        kernels::alloc_descriptors<Staged>(plain, 4, KernelShape::Timed, resident, counter).spacing,
        kDescriptorsPerLine);
    EXPECT_EQ(kernels::alloc_descriptors<Decoupled>(plain, 4, KernelShape::Timed, resident, counter)
                  .spacing,
              1);
    EXPECT_EQ(kernels::alloc_descriptors<Staged>(plain, 4, KernelShape::Teaching, resident, counter)
                  .spacing,
              1);

    RawCapture capture;
    emu::EmuLauncher capturing(&capture);
    d = kernels::alloc_descriptors(capturing, 10, KernelShape::Timed, resident, counter);
    EXPECT_EQ(d.spacing, 1) << "a capture keeps one word a tile, as the views read them";
    EXPECT_EQ(reinterpret_cast<DescriptorWord*>(counter), d.words + kDescriptorsPerLine - 1);
    EXPECT_EQ(d.next_words, nullptr) << "a capture runs once: nothing to ready";
}

TEST(TileDescriptors, ReadyingTheNextLaunchZeroesItsWordAndCounter) {
    DescriptorWord words[2 * kDescriptorsPerLine];
    for (DescriptorWord& w : words)
        w = ~DescriptorWord(0);
    TileDescriptors d{words, 2, words + kDescriptorsPerLine,
                      reinterpret_cast<int*>(words + 2 * kDescriptorsPerLine - 1)};
    d.ready_next_launch(3);
    EXPECT_EQ(words[kDescriptorsPerLine + 6], 0u);
    EXPECT_EQ(words[2 * kDescriptorsPerLine - 1], ~DescriptorWord(0)) << "only tile 0 resets it";
    d.ready_next_launch(0);
    EXPECT_EQ(words[kDescriptorsPerLine], 0u);
    EXPECT_EQ(*d.next_counter, 0);
    EXPECT_EQ(words[6], ~DescriptorWord(0)) << "this launch's own descriptors stay";
}

// The timing loops run a scan again and again on the same buffers, without a memset between: each
// repeat must find its descriptors and counter ready. A different input each time, so that a
// descriptor left over from an earlier run would show in the output.
TEST(TileDescriptors, RepeatedScansOnTheSameBuffersStayRight) {
    for (const char* key : {"decoupled-lookback", "pipelined-lookback", "staged-lookback"}) {
        for (KernelShape shape : {KernelShape::Teaching, KernelShape::Timed}) {
            RunRequest r;
            r.variant = key;
            ASSERT_TRUE(bind_variant(r));
            r.n = 20011;
            r.inclusive = true;
            r.shape = shape;
            EXPECT_EQ(check_repeated_runs(r, 4, 0,
                                          [](const auto& input, const auto& output) {
                                              return check_output(input, output, ElementType::Int32,
                                                                  OpKind::Add, Algorithm::Scan,
                                                                  true);
                                          }),
                      "")
                << key << (shape == KernelShape::Timed ? " timed" : " teaching");
        }
    }
}

}  // namespace
}  // namespace scanscope::test
