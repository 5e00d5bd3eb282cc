// Where the single-pass scans keep their tile descriptors: one a 128-byte line in a timed scan of
// more tiles than blocks at once, packed (one word a tile, as the views read them) otherwise; and
// how a repeated launch finds them ready without a memset (one set, an epoch a launch).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>

#include "core/raw_capture.h"
#include "emu/emu_launcher.h"
#include "support/reference.h"
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
    plain.alloc<int>(1);  // kept, as the timing loops keep theirs: rewind() hands back what follows
    plain.keep_allocations();
    int* counter = nullptr;
    const int resident = 4;

    TileDescriptors d =
        kernels::alloc_descriptors(plain, 10, KernelShape::Timed, resident, counter);
    EXPECT_EQ(d.spacing, kDescriptorsPerLine);
    // The two counters after the last descriptor, in the set's last two words: whole lines. The
    // first launch (epoch 0) takes the last word and readies the one before it for the next.
    const int set_words = 11 * kDescriptorsPerLine;
    EXPECT_EQ(d.epoch, 0u);
    EXPECT_EQ(reinterpret_cast<DescriptorWord*>(counter), d.words + set_words - 1);
    EXPECT_EQ(reinterpret_cast<DescriptorWord*>(d.next_counter), d.words + set_words - 2);
    for (int i = 0; i < set_words; ++i)
        ASSERT_EQ(d.words[i], 0u) << "word " << i << " not zeroed";

    // The next repeat of the timing loop: the same set, the next epoch, the counters swapped.
    plain.rewind();
    int* second_counter = nullptr;
    const TileDescriptors again =
        kernels::alloc_descriptors(plain, 10, KernelShape::Timed, resident, second_counter);
    EXPECT_EQ(again.words, d.words);
    EXPECT_EQ(again.epoch, 1u);
    EXPECT_EQ(second_counter, d.next_counter);
    EXPECT_EQ(again.next_counter, counter);

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
    EXPECT_EQ(d.epoch, 0u);
    EXPECT_EQ(d.next_counter, nullptr) << "a capture runs once: nothing to ready";
}

TEST(TileDescriptors, OnlyTile0ReadiesTheNextLaunchsCounter) {
    DescriptorWord words[kDescriptorsPerLine];
    for (DescriptorWord& w : words)
        w = ~DescriptorWord(0);
    TileDescriptors d{words, 2, 5, reinterpret_cast<int*>(words + kDescriptorsPerLine - 2)};
    d.ready_next_launch(3);
    EXPECT_EQ(words[kDescriptorsPerLine - 2], ~DescriptorWord(0)) << "only tile 0 resets it";
    EXPECT_EQ(words[6], ~DescriptorWord(0)) << "no descriptor is written ahead";
    d.ready_next_launch(0);
    EXPECT_EQ(*d.next_counter, 0);
    EXPECT_EQ(words[0], ~DescriptorWord(0)) << "this launch's own descriptors stay";
}

// A word holds its launch's epoch: the launch that wrote it reads its status and value; any other
// launch reads Invalid, as if the word had been zeroed. A zeroed word reads Invalid in every
// launch.
TEST(TileDescriptors, AWordOfAnotherLaunchReadsAsInvalid) {
    const DescriptorWord word = pack_descriptor(TileStatus::Prefix, 0xfffffffbu, 7);
    EXPECT_EQ(unpack_descriptor(word, 7).status, TileStatus::Prefix);
    EXPECT_EQ(unpack_descriptor(word, 7).value, 0xfffffffbu);
    for (std::uint32_t other : {0u, 6u, 8u, 7u + (1u << 29)}) {
        EXPECT_EQ(unpack_descriptor(word, other).status, TileStatus::Invalid) << other;
        EXPECT_EQ(unpack_descriptor(word, other).value, 0u) << other;
    }
    for (std::uint32_t epoch : {0u, 1u, 7u, kDescriptorEpochMask})
        EXPECT_EQ(unpack_descriptor(0, epoch).status, TileStatus::Invalid) << epoch;
    // Epoch 0, a launch of its own, writes the words a capture's views read (status above bit 32).
    EXPECT_EQ(pack_descriptor(TileStatus::Aggregate, 5), (DescriptorWord(1) << 32) | 5u);
    const DescriptorWord last = pack_descriptor(TileStatus::Aggregate, 1, kDescriptorEpochMask);
    EXPECT_EQ(unpack_descriptor(last, kDescriptorEpochMask).status, TileStatus::Aggregate);
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
            emu::EmuLauncher launcher;
            int* in = launcher.alloc<int>(std::size_t(r.n));
            int* out = launcher.alloc<int>(std::size_t(r.n));
            launcher.keep_allocations();
            for (int repeat = 0; repeat < 4; ++repeat) {
                if (repeat > 0) launcher.rewind();
                const auto input = random_input(r.n, ElementType::Int32, std::uint64_t(repeat));
                launcher.upload(in, reinterpret_cast<const int*>(input.data()), input.size());
                std::fill(out, out + r.n, -1);
                kernels::run_variant<emu::EmuLauncher, int, AddOp<int>>(launcher, r, in, out);
                std::vector<std::uint32_t> output(std::size_t(r.n));
                std::memcpy(output.data(), out, output.size() * 4);
                ASSERT_EQ(check_output(input, output, ElementType::Int32, OpKind::Add,
                                       Algorithm::Scan, true),
                          "")
                    << key << (shape == KernelShape::Timed ? " timed" : " teaching") << ", repeat "
                    << repeat;
            }
        }
    }
}

}  // namespace
}  // namespace scanscope::test
