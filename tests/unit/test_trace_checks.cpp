// The capture's own consistency, on the emulation (the GPU tests run the same checks on the GPU).
#include <gtest/gtest.h>

#include "analysis/consistency.h"
#include "capture/capture.h"
#include "model/input_values.h"
#include "support/reference.h"
#include "support/trace_checks.h"

namespace scanscope::test {
namespace {

TEST(TraceChecks, SnapshotsFollowTheRecordedWrites) {
    for (const VariantInfo& v : all_variants()) {
        for (int n : {8, 1000, 4096}) {
            if (v.max_n && n > v.max_n) continue;
            RunRequest r;
            r.variant = v.key;
            r.n = n;
            const Trace t =
                capture_trace(r, random_values(n, ElementType::Int32, 2), DeviceChoice::Cpu);
            EXPECT_EQ(first_inconsistency(t), "") << v.key << " n=" << n;
        }
    }
}

TEST(TraceChecks, LookbackDescriptorsAreWellOrderedInEverySeededSchedule) {
    for (std::uint64_t seed : {1, 2, 3, 4, 5}) {
        RunRequest r;
        r.variant = "decoupled-lookback";
        r.n = 5000;
        r.block_threads = 32;
        r.schedule_seed = seed;
        const Trace t =
            capture_trace(r, random_values(r.n, ElementType::Int32, seed), DeviceChoice::Cpu);
        EXPECT_EQ(check_lookback(t), "") << "seed " << seed;
        std::size_t aggregates_seen = 0;
        for (const TileEvent& e : t.launches[0].events)
            aggregates_seen += e.kind == std::uint16_t(TileEventKind::Read) &&
                               TileStatus(e.status) == TileStatus::Aggregate;
        EXPECT_GT(aggregates_seen, 0u)
            << "interleaved tiles look back past aggregates, not only prefixes";
    }
}

}  // namespace
}  // namespace scanscope::test
