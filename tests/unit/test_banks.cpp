// The bank model on hand-made access patterns, then on the scans whose conflicts the hardware's
// counters confirmed (bench/ncu/comparison.md).
#include <gtest/gtest.h>

#include "analysis/banks.h"
#include "capture/capture.h"
#include "model/input_values.h"

namespace scanscope {
namespace {

// A warp access where lane l touches word word_of(l) (4-byte words), for the lanes given.
template <class F>
WarpAccess pattern(F word_of, std::vector<int> lanes = {}, AccessKind kind = AccessKind::Read) {
    if (lanes.empty())
        for (int l = 0; l < 32; ++l)
            lanes.push_back(l);
    WarpAccess a;
    a.kind = kind;
    for (int l : lanes)
        a.lanes.push_back({l, std::uint32_t(word_of(l)) * 4, 0});
    return a;
}

const BankConfig k32{32, 4};
const BankConfig k16{16, 4};

TEST(Banks, StrideOneIsConflictFree) {
    const AccessBanks b = analyze_access(pattern([](int l) { return l; }), k32);
    EXPECT_EQ(b.active_lanes, 32);
    EXPECT_EQ(b.wavefronts, 1);
    EXPECT_EQ(b.conflicts(), 0);
    EXPECT_EQ(b.degree, 1);
    for (int l = 0; l < 32; ++l)
        EXPECT_EQ(b.bank_of_lane[std::size_t(l)], l);
}

TEST(Banks, PowerOfTwoStridesConflictByTheStride) {
    struct Case {
        int stride;
        int degree;
    } cases[] = {{2, 2}, {4, 4}, {8, 8}, {16, 16}, {32, 32}, {64, 32}};
    for (const Case& c : cases) {
        const AccessBanks b = analyze_access(pattern([&](int l) { return l * c.stride; }), k32);
        EXPECT_EQ(b.degree, c.degree) << "stride " << c.stride;
        EXPECT_EQ(b.wavefronts, c.degree);
        EXPECT_EQ(b.conflicts(), c.degree - 1);
    }
}

TEST(Banks, OddStridesAreConflictFree) {
    for (int stride : {1, 3, 17, 31, 33}) {
        const AccessBanks b = analyze_access(pattern([&](int l) { return l * stride; }), k32);
        EXPECT_EQ(b.degree, 1) << "stride " << stride;
    }
}

TEST(Banks, OneWordForAllLanesIsABroadcast) {
    const AccessBanks b = analyze_access(pattern([](int) { return 7; }), k32);
    EXPECT_EQ(b.wavefronts, 1);
    EXPECT_EQ(b.conflicts(), 0);
    EXPECT_EQ(b.broadcast_words, 1);
    EXPECT_EQ(b.words_in_bank[7], 1);
}

TEST(Banks, InactiveLanesDoNotCount) {
    // Only lanes 0 and 16 active, both in bank 0 with stride 32: two words in one bank.
    const AccessBanks two = analyze_access(pattern([](int l) { return l * 32; }, {0, 16}), k32);
    EXPECT_EQ(two.active_lanes, 2);
    EXPECT_EQ(two.degree, 2);
    EXPECT_EQ(two.bank_of_lane[1], -1);
    // Every 8th lane at stride 4: banks 0, 0, 0, 0 (words 0, 32, 64, 96): 4-way.
    const AccessBanks four =
        analyze_access(pattern([](int l) { return l * 4; }, {0, 8, 16, 24}), k32);
    EXPECT_EQ(four.degree, 4);
    EXPECT_EQ(analyze_access(pattern([](int l) { return l; }, {}), k32).active_lanes, 32);
}

TEST(Banks, SixteenBanksServeHalfWarpsApart) {
    // Stride 1 on 16 banks: lanes l and l + 16 share a bank but sit in different half-warps.
    const AccessBanks stride1 = analyze_access(pattern([](int l) { return l; }), k16);
    EXPECT_EQ(stride1.groups, 2);
    EXPECT_EQ(stride1.wavefronts, 2);
    EXPECT_EQ(stride1.conflicts(), 0);
    // Stride 2 on 16 banks: 2-way within each half-warp.
    const AccessBanks stride2 = analyze_access(pattern([](int l) { return 2 * l; }), k16);
    EXPECT_EQ(stride2.degree, 2);
    EXPECT_EQ(stride2.conflicts(), 2);
}

TEST(Banks, EightByteBanksPairNeighbouringWords) {
    const BankConfig wide{32, 8};
    EXPECT_EQ(analyze_access(pattern([](int l) { return l; }), wide).degree, 1);
    // Stride 2 words = 8 bytes: 32 lanes in 32 different 8-byte banks.
    EXPECT_EQ(analyze_access(pattern([](int l) { return 2 * l; }), wide).degree, 1);
    EXPECT_EQ(analyze_access(pattern([](int l) { return 4 * l; }), wide).degree, 2);
}

TEST(Banks, ShufflesAreNotSharedMemory) {
    ConflictTotals totals;
    const WarpAccess shuffle = pattern([](int l) { return l; }, {}, AccessKind::Shuffle);
    totals.add(shuffle, analyze_access(shuffle, k32));
    EXPECT_EQ(totals.load_instructions + totals.store_instructions, 0u);
}

Trace capture(const std::string& variant, int n, int banks) {
    RunRequest r;
    r.variant = variant;
    r.n = n;
    r.banks = banks;
    return capture_trace(r, random_values(n, ElementType::Int32, 1), DeviceChoice::Cpu);
}

// The counts Nsight Compute gave for these kernels on an H100 (bench/ncu/comparison.md).
TEST(Banks, BlellochAtThirtyTwoBanksMatchesTheHardwareCounts) {
    const ConflictTotals plain = analyze_banks(capture("blelloch", 1024, 32), k32).totals;
    EXPECT_EQ(plain.load_instructions, 212u);
    EXPECT_EQ(plain.store_instructions, 141u);
    EXPECT_EQ(plain.load_conflicts, 807u);
    EXPECT_EQ(plain.store_conflicts, 497u);
    EXPECT_EQ(plain.max_degree, 32) << "the middle levels of the tree";
    const ConflictTotals padded = analyze_banks(capture("blelloch-padded", 1024, 32), k32).totals;
    EXPECT_EQ(padded.load_instructions, 212u);
    EXPECT_EQ(padded.load_conflicts + padded.store_conflicts, 0u);
}

TEST(Banks, PaddingForTheWrongBankCountLeavesConflicts) {
    const auto conflicts = [](const ConflictTotals& t) {
        return t.load_conflicts + t.store_conflicts;
    };
    const ConflictTotals unpadded16 = analyze_banks(capture("blelloch", 2048, 16), k16).totals;
    const ConflictTotals padded16 = analyze_banks(capture("blelloch-padded", 2048, 16), k16).totals;
    const ConflictTotals padded16_on32 =
        analyze_banks(capture("blelloch-padded", 2048, 16), k32).totals;
    const ConflictTotals padded32 = analyze_banks(capture("blelloch-padded", 2048, 32), k32).totals;
    EXPECT_GT(conflicts(unpadded16), 0u);
    EXPECT_EQ(conflicts(padded16), 0u) << "Harris's padding on the G80's 16 banks";
    EXPECT_GT(conflicts(padded16_on32), 0u) << "padding for 16 banks on 32-bank hardware";
    EXPECT_EQ(conflicts(padded32), 0u);
    EXPECT_LE(padded16_on32.max_degree, 2);
}

TEST(Banks, TotalsAddUpOverStepsAndPhases) {
    const Trace t = capture("blelloch", 512, 32);
    const TraceBanks b = analyze_banks(t, k32);
    ConflictTotals steps, phases;
    for (const ConflictTotals& s : b.launches[0].steps)
        steps.add(s);
    for (const auto& [name, p] : b.launches[0].phases)
        phases.add(p);
    EXPECT_EQ(steps.load_wavefronts, b.totals.load_wavefronts);
    EXPECT_EQ(phases.store_conflicts, b.totals.store_conflicts);
    EXPECT_EQ(b.launches[0].phases.count("up-sweep"), 1u);
    EXPECT_EQ(b.launches[0].phases.count("down-sweep"), 1u);
}

}  // namespace
}  // namespace scanscope
