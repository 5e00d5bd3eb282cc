// A compaction's rule (core/keep_rule.h): non-zero, even, above a threshold; the same elements
// kept by the one-block and the single-pass compactions in the emulation, checked against
// std::copy_if with the rule written out in tests/support/reference.cpp; the rule's text, its
// refusals, and its round trip through a trace.
#include <gtest/gtest.h>

#include "analysis/questions.h"
#include "capture/capture.h"
#include "model/trace_json.h"
#include "support/reference.h"
#include "variants/run.h"

namespace scanscope::test {
namespace {

RunRequest compaction(const char* variant, int n, ElementType type, const char* rule) {
    RunRequest r;
    r.variant = variant;
    r.n = n;
    r.type = type;
    r.keep = parse_keep_rule(rule);
    return r;
}

TEST(KeepRule, ByHand) {
    const std::vector<std::uint32_t> in = int_bits({3, 9, -4, 1, 4, 8, 0, -7});
    RunRequest r = compaction("compact", 8, ElementType::Int32, "even");
    EXPECT_EQ(as_ints(run_emulated(r, in)), (std::vector<std::int32_t>{-4, 4, 8, 0, 0, 0, 0, 0}));
    r.keep = parse_keep_rule("above 3");
    EXPECT_EQ(as_ints(run_emulated(r, in)), (std::vector<std::int32_t>{9, 4, 8, 0, 0, 0, 0, 0}));
    r.keep = parse_keep_rule("above -5");
    EXPECT_EQ(as_ints(run_emulated(r, in)), (std::vector<std::int32_t>{3, 9, -4, 1, 4, 8, 0, 0}));
    // Floats: even means a whole even number.
    RunRequest f = compaction("compact", 6, ElementType::Float32, "even");
    const auto kept = run_emulated(f, float_bits({1.0f, 2.5f, 4.0f, -6.0f, 0.5f, 2.0f}));
    EXPECT_EQ(kept, float_bits({4.0f, -6.0f, 2.0f, 0.0f, 0.0f, 0.0f}));
}

TEST(KeepRule, BothCompactionsKeepWhatTheRuleSays) {
    for (const char* variant : {"compact", "compact-lookback"})
        for (const char* rule : {"non-zero", "even", "above 0", "above -300", "above 0.25"})
            for (ElementType type : {ElementType::Int32, ElementType::Float32})
                for (int n : {1, 100, 2048, 5000}) {
                    if (std::string(variant) == "compact" && n > 2048) continue;
                    if (type == ElementType::Int32 && std::string(rule) == "above 0.25") continue;
                    const RunRequest r = compaction(variant, n, type, rule);
                    const auto input = random_input(n, type, std::uint64_t(n) + 3);
                    EXPECT_EQ(check_kept_output(input, run_emulated(r, input), type, r.keep), "")
                        << variant << " " << rule << " " << type_name(type) << " n=" << n;
                }
}

TEST(KeepRule, TextRefusalsAndTraces) {
    EXPECT_EQ(keep_rule_text(parse_keep_rule("above 2.5")), "above 2.5");
    EXPECT_EQ(keep_rule_text(parse_keep_rule("even")), "even");
    EXPECT_EQ(keep_rule_words(parse_keep_rule("non-zero")), "not 0");
    for (const char* bad : {"odd", "above", "above x", "above inf", ""})
        EXPECT_THROW(parse_keep_rule(bad), std::invalid_argument) << bad;
    RunRequest scan;
    scan.variant = "blelloch";
    scan.n = 8;
    scan.keep = parse_keep_rule("even");
    EXPECT_NE(check_request(scan).find("compaction only"), std::string::npos);
    RunRequest ints = compaction("compact", 8, ElementType::Int32, "above 2.5");
    EXPECT_NE(check_request(ints).find("whole number"), std::string::npos);

    const RunRequest r = compaction("compact", 8, ElementType::Int32, "above 3");
    const Trace t = capture_trace(r, int_bits({3, 9, -4, 1, 4, 8, 0, -7}), DeviceChoice::Cpu);
    EXPECT_TRUE(trace_from_json(trace_to_json(t)).request.keep == r.keep);
    nlohmann::ordered_json j = trace_to_json(t);
    j["config"]["keep"] = "odd";
    EXPECT_THROW(trace_from_json(j), std::exception);
    // The kept-count question says the rule.
    const BankConfig banks{32, 4};
    int asked = 0;
    for (int step = 0; step < int(t.frame_count()); ++step) {
        if (auto q = make_question(t, QuestionKind::KeptCount, {false, step, 0}, banks)) {
            EXPECT_NE(q->explanation.find("are above 3"), std::string::npos) << q->explanation;
            ++asked;
        }
    }
    EXPECT_EQ(asked, 1);
}

}  // namespace
}  // namespace scanscope::test
