// Predict mode's "how many elements does the compaction keep?" question (questions.h), asked
// before the root is cleared: the root holds the flags' total, which the kernel notes as the count.
#include "analysis/question_parts.h"

#include <string>

#include "model/trace_queries.h"

namespace scanscope::question_parts {

std::optional<Question> kept_count(const Trace& trace, const QuestionPlace& place) {
    const VariantInfo* variant = find_card(trace.request);
    // The one-block compaction's, whose flags and their scan are in shared memory.
    if (!variant || variant->algorithm != Algorithm::Compact || variant->multi_block)
        return std::nullopt;
    const StepAt at = step_at(trace, place);
    if (!at.step || phase_of(trace, at) != "clear root") return std::nullopt;
    const std::optional<std::uint32_t> count = global_word(*at.l, "kept");
    if (!count) return std::nullopt;
    const int n = trace.request.n, kept = int(*count);
    Question q;
    q.kind = QuestionKind::KeptCount;
    q.prompt = "The flags are summed up the tree. How many of the " + std::to_string(n) +
               " elements does the compaction keep?";
    std::vector<Candidate> wrong;
    for (int k : {n, n - kept, kept + 1, kept - 1, kept + 2})
        if (k >= 0 && k <= n && k != kept) wrong.push_back({double(k), std::to_string(k)});
    set_choices(q, {double(kept), std::to_string(kept)}, wrong);
    q.explanation =
        "The root, before it is cleared, holds the sum of all the flags: " + std::to_string(kept) +
        " of the " + std::to_string(n) + " elements are " + keep_rule_words(trace.request.keep) +
        ", and the kernel keeps that count.";
    return q;
}

}  // namespace scanscope::question_parts
