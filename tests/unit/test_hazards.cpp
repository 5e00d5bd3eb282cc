// Hazards found in traces: the in-place Hillis-Steele has them, nothing else does.
#include <gtest/gtest.h>

#include "analysis/hazards.h"
#include "capture/capture.h"
#include "model/input_values.h"
#include "support/reference.h"

namespace scanscope::test {
namespace {

Trace capture(const std::string& variant, int n, bool inclusive = true) {
    RunRequest r;
    r.variant = variant;
    r.n = n;
    r.inclusive = variant.rfind("reduce-", 0) == 0 ? false : inclusive;
    return capture_trace(r, random_values(n, ElementType::Int32, 3), DeviceChoice::Cpu);
}

TEST(Hazards, InPlaceHillisSteeleHasThemInEveryAddStep) {
    const Trace t = capture("hillis-steele-inplace", 64);
    const HazardReport report = find_hazards(t);
    EXPECT_GT(report.total, 0u);
    const Launch& l = t.launches[0];
    for (std::size_t s = 1; s + 1 < l.steps.size(); ++s) {
        const auto hazards = step_hazards(t, 0, int(s));
        const int offset = l.steps[s].vars.at(0);
        for (const Hazard& h : hazards) {
            EXPECT_FALSE(h.write_write);
            // Thread k writes x[k]; thread k + offset reads it in the same step.
            EXPECT_EQ(h.address / 4, std::uint32_t(h.writer));
            EXPECT_EQ(h.other, h.writer + offset);
        }
        // Threads offset .. 63 - offset write words that threads 2 offset .. 63 read.
        EXPECT_EQ(hazards.size(), std::size_t(std::max(0, 64 - 2 * offset))) << "offset " << offset;
    }
}

TEST(Hazards, NoneInAnyOtherVariant) {
    for (const VariantInfo& v : all_variants()) {
        if (v.expects_hazards) continue;
        for (int n : {8, 100, 1000, 2048}) {
            if (v.max_n && n > v.max_n) continue;
            const HazardReport report = find_hazards(capture(v.key, n));
            EXPECT_EQ(report.total, 0u) << v.key << " n=" << n << ": first at step "
                                        << (report.hazards.empty() ? -1 : report.hazards[0].step);
        }
    }
}

}  // namespace
}  // namespace scanscope::test
