// Radix sort by Onesweep (radix-sort-onesweep), emulated: a case worked by hand (histogram, digit
// starts, each tile's descriptors), then random keys of every kind against std::stable_sort
// (check_sorted_output in tests/support/reference.h), never ScanScope's own code.
#include <gtest/gtest.h>

#include <algorithm>

#include "analysis/consistency.h"
#include "analysis/questions.h"
#include "capture/capture.h"
#include "capture/replay_check.h"
#include "core/bits.h"
#include "core/tile_descriptor.h"
#include "model/trace_queries.h"
#include "player/session.h"
#include "scenes/lookback_scene.h"
#include "style/theme.h"
#include "support/reference.h"
#include "support/trace_checks.h"
#include "variants/run.h"

namespace scanscope::test {
namespace {

RunRequest request(int n, ElementType type = ElementType::Int32) {
    RunRequest r;
    r.variant = "radix-sort-onesweep";
    r.n = n;
    r.type = type;
    return r;
}

// Keys i % 3 for i = 0 .. 299, in tiles of 256 (the teaching shape): bits 0 and 1 tell them
// apart, so one pass, on a digit of those two bits. Tile 0 (i < 256) holds 86 zeros (0, 3, ..,
// 255), 85 ones and 85 twos; tile 1 (256 .. 299: 1, 2, 0, ..) 14 zeros, 15 ones, 15 twos. The
// histogram: 100 of each, so the zeros start at 0, the ones at 100, the twos at 200; every other
// digit at 300.
TEST(Onesweep, TheHistogramAndEachDigitsLookBack) {
    std::vector<std::int32_t> keys(300);
    for (int i = 0; i < 300; ++i)
        keys[std::size_t(i)] = i % 3;
    const Trace t = capture_trace(request(300), int_bits(keys), DeviceChoice::Cpu);
    std::vector<std::int32_t> sorted(100, 0);
    sorted.resize(200, 1);
    sorted.resize(300, 2);
    EXPECT_EQ(as_ints(t.output), sorted);
    ASSERT_EQ(t.launches.size(), 3u);
    EXPECT_EQ(t.launches[2].name, "pass 1: bits 0 to 1");

    const std::vector<std::uint64_t>& counts = global_named(t.launches[0], "digit counts").values;
    ASSERT_EQ(counts.size(), 256u);
    EXPECT_EQ(counts[0], 100u);
    EXPECT_EQ(counts[1], 100u);
    EXPECT_EQ(counts[2], 100u);
    EXPECT_EQ(std::count(counts.begin() + 3, counts.end(), 0u), 253);

    const std::vector<std::uint64_t>& starts = global_named(t.launches[1], "digit starts").values;
    EXPECT_EQ(starts[0], 0u);
    EXPECT_EQ(starts[1], 100u);
    EXPECT_EQ(starts[2], 200u);
    EXPECT_EQ(starts[3], 300u);
    EXPECT_EQ(starts[255], 300u);

    // Descriptor (tile, digit) at tile * 256 + digit: every one ends a prefix, the keys of the
    // digit up to and through the tile. Tile 1's digit 255 counts none of its 212 empty places.
    const std::vector<std::uint64_t>& d = global_named(t.launches[2], "digit descriptors").values;
    ASSERT_EQ(d.size(), 512u);
    const auto prefix = [&](int tile, int digit) {
        const TileDescriptor e = unpack_descriptor(d[std::size_t(tile * 256 + digit)]);
        EXPECT_EQ(e.status, TileStatus::Prefix) << "tile " << tile << " digit " << digit;
        return e.value;
    };
    EXPECT_EQ(prefix(0, 0), 86u);
    EXPECT_EQ(prefix(0, 1), 85u);
    EXPECT_EQ(prefix(0, 2), 85u);
    EXPECT_EQ(prefix(1, 0), 100u);
    EXPECT_EQ(prefix(1, 1), 100u);
    EXPECT_EQ(prefix(1, 2), 100u);
    EXPECT_EQ(prefix(1, 3), 0u);
    EXPECT_EQ(prefix(1, 255), 0u);
    EXPECT_EQ(check_digit_lookback(t, 256), "");
    EXPECT_EQ(first_replay_difference(t), "");
    EXPECT_EQ(first_inconsistency(t), "");
}

// Any 32-bit patterns (random_keys), each case from its own seed.
std::vector<std::uint32_t> any_bits(int n, std::uint64_t seed,
                                    ElementType type = ElementType::Int32) {
    return random_keys(n, type, std::uint32_t(seed * 7919 + 1));
}

std::string sorted_or_why(RunRequest r, const std::vector<std::uint32_t>& keys) {
    resolve_key_bits(r, keys);
    return check_sorted_output(keys, run_emulated(r, keys), r.type, sort_bits(r));
}

// Every 32-bit pattern (negative ints; negative floats, -0, infinities, NaNs), both shapes,
// sizes round the tiles (256 teaching, 6144 timed); and keys all equal, sorted, reversed.
TEST(Onesweep, AnyKeysInEveryShape) {
    for (KernelShape shape : {KernelShape::Teaching, KernelShape::Timed})
        for (ElementType type : {ElementType::Int32, ElementType::Float32})
            for (int n : {1, 2, 255, 256, 257, 1000, 6143, 6144, 6145, 20000}) {
                RunRequest r = request(n, type);
                r.shape = shape;
                const std::string where = "n = " + std::to_string(n) +
                                          (type == ElementType::Float32 ? " float " : " int ") +
                                          (shape == KernelShape::Timed ? "timed" : "teaching");
                std::vector<std::uint32_t> keys = any_bits(n, std::uint64_t(n), type);
                EXPECT_EQ(sorted_or_why(r, keys), "") << where;
                std::vector<std::uint32_t> same(std::size_t(n), keys.front());
                EXPECT_EQ(sorted_or_why(r, same), "") << where << ", all equal";
                std::vector<std::uint32_t> ordered(static_cast<std::size_t>(n));
                for (int i = 0; i < n; ++i)
                    ordered[std::size_t(i)] = type == ElementType::Int32
                                                  ? to_bits(std::int32_t(i * 1001 - 7000))
                                                  : to_bits(float(i) * 0.5f - 700.0f);
                EXPECT_EQ(sorted_or_why(r, ordered), "") << where << ", sorted";
                std::reverse(ordered.begin(), ordered.end());
                EXPECT_EQ(sorted_or_why(r, ordered), "") << where << ", reversed";
            }
}

// Sorting by the low bits only, keys alike in those bits keep the input's order: each pass is
// stable, across its tiles too.
TEST(Onesweep, ItIsStable) {
    for (KernelShape shape : {KernelShape::Teaching, KernelShape::Timed})
        for (int bits : {3, 8, 12, 20}) {
            RunRequest r = request(9000);
            r.shape = shape;
            r.key_bits = bits;
            EXPECT_EQ(sorted_or_why(r, any_bits(r.n, std::uint64_t(bits))), "") << bits << " bits";
        }
}

// The passes go by turns through a spare buffer and the output, and each pass's descriptors are
// its own: 1 to 4 passes all end in the output, each with a look-back that checks out.
TEST(Onesweep, EachPassWritesWhereTheNextReads) {
    for (int bits : {8, 9, 17, 32}) {
        RunRequest r = request(1500);
        r.key_bits = bits;
        const std::vector<std::uint32_t> keys = any_bits(r.n, std::uint64_t(bits) + 40);
        const Trace t = capture_trace(r, keys, DeviceChoice::Cpu);
        EXPECT_EQ(t.launches.size(), std::size_t(2 + (bits + 7) / 8)) << bits;
        EXPECT_EQ(check_sorted_output(keys, t.output, r.type, bits), "") << bits;
        EXPECT_EQ(check_digit_lookback(t, 256), "") << bits;
        EXPECT_EQ(first_inconsistency(t), "") << bits;
    }
}

// Predict mode's look-back questions along a digit: a descriptor's predecessors are its digit's
// in the tiles before, the stop asked is a tile of the same digit, and the prompt says "tile".
// Keys 0 .. 9 in six tiles of 256: digits 0 to 9 look back; the rest publish 0s.
TEST(Onesweep, LookBackQuestionsFollowTheDigit) {
    RunRequest r = request(1536);
    const Trace t = capture_trace(r, random_input(1536, r.type, 4), DeviceChoice::Cpu);
    ASSERT_EQ(descriptor_rows(t), 256);
    EXPECT_EQ(descriptor_name(t, 3 * 256 + 5), "tile 3 digit 5");
    EXPECT_EQ(descriptor_short_name(t, 3 * 256 + 5), "t3 d5");
    EXPECT_EQ(lookback_column_word(t, 3 * 256 + 5), "tile");
    int stops = 0;
    for (int tile = 2; tile < 6; ++tile)
        for (int digit = 0; digit < 10; ++digit) {
            const int d = tile * 256 + digit;
            const int e = lookback_start_event(t, d);
            ASSERT_GE(e, 0) << descriptor_name(t, d);
            const auto stop = make_question(t, QuestionKind::LookBackStop, {true, e, 0}, {});
            if (!stop) continue;  // it found the tile before with its prefix: no choice
            ++stops;
            EXPECT_NE(stop->prompt.find("At which tile"), std::string::npos) << stop->prompt;
            for (const std::string& choice : stop->choices)
                EXPECT_NE(choice.find(" digit " + std::to_string(digit)), std::string::npos)
                    << "every choice is a tile of the same digit: " << choice;
        }
    EXPECT_GT(stops, 0);
}

// Each pass looks back along its digits; the look-back view replays the pass asked for, its
// events, its tiles and its blocks, and says which pass it is.
TEST(Onesweep, TheLookBackViewShowsThePassAskedFor) {
    RunRequest r = request(1536);
    r.key_bits = 16;  // two passes
    const Trace t = capture_trace(r, random_input(1536, r.type, 9), DeviceChoice::Cpu);
    const std::vector<int> launches = lookback_launches(t);
    ASSERT_EQ(launches.size(), 2u);
    EXPECT_EQ(launches[0], lookback_launch(t));
    const Launch& second = t.launches[std::size_t(launches[1])];
    EXPECT_EQ(second.name.rfind("pass 2", 0), 0u) << second.name;

    Session s;
    s.load(t);
    s.view = ViewKind::LookBack;
    EXPECT_EQ(s.lookback_launch(), launches[0]);
    EXPECT_EQ(s.events.size(), int(t.launches[std::size_t(launches[0])].events.size()));
    s.events.seek(5);
    s.show_lookback_of(launches[1]);
    EXPECT_EQ(s.lookback_launch(), launches[1]);
    EXPECT_EQ(s.events.size(), int(second.events.size()));
    EXPECT_EQ(s.events.position(), 0) << "another launch's events start at its first";
    // The detailed panels follow the block that logged the event, in the second pass.
    const Cursor at = s.cursor();
    EXPECT_EQ(at.launch, launches[1]);
    const TileEvent& e = second.events[0];
    EXPECT_EQ(second.tile_of_block(at.block), int(e.tile) / 256)
        << "event 0 names tile " << e.tile / 256 << "'s digit " << e.tile % 256;
    EXPECT_EQ(event_caption(t, 0, launches[1]).rfind("pass 2", 0), 0u)
        << event_caption(t, 0, launches[1]);
    s.show_lookback_of(0);  // the histogram: no look-back, nothing changes
    EXPECT_EQ(s.lookback_launch(), launches[1]);

    // After the second pass's last event, every digit of every tile has its prefix.
    const Scene last = build_lookback_scene(t, int(second.events.size()) - 1, builtin_theme("dark"),
                                            16, false, launches[1]);
    int prefix = 0, tiles = 0;
    for (const SceneCell& c : last.cells)
        if (c.ref.kind == CellRef::Kind::Tile) ++tiles, prefix += c.role == CellRole::Highlight;
    EXPECT_EQ(tiles, second.tile_count());
    EXPECT_EQ(prefix, tiles);
}

TEST(Onesweep, ItsBlockIs256Threads) {
    RunRequest r = request(1000);
    r.block_threads = 512;
    EXPECT_EQ(check_request(r), "radix-sort-onesweep runs blocks of 256 threads (got 512)");
    r.block_threads = 256;
    EXPECT_EQ(check_request(r), "");
}

}  // namespace
}  // namespace scanscope::test
