// Predict mode's "which bit decides this pass?" question (questions.h), asked as a radix sort's
// pass after the first starts: an LSD radix sort takes the bits from the lowest, so pass k + 1
// splits on bit k. The answer is the bit the kernel's loop was on (the flag step's `bit`).
#include "analysis/question_parts.h"

#include <string>

namespace scanscope::question_parts {

std::optional<Question> pass_bit(const Trace& trace, const QuestionPlace& place) {
    const VariantInfo* variant = find_card(trace.request);
    if (!variant || variant->algorithm != Algorithm::Split) return std::nullopt;
    const StepAt at = step_at(trace, place);
    if (!at.step || phase_of(trace, at) != "flag" || at.step->vars.empty()) return std::nullopt;
    const int bit = at.step->vars.front(), passes = sort_bits(trace.request);
    if (bit < 1 || bit >= passes) return std::nullopt;  // the first pass gives nothing away
    auto name = [](int k) { return "bit " + std::to_string(k); };
    std::vector<Candidate> wrong;
    for (int k : {bit - 1, bit + 1, passes - 1 - bit, passes - 1, 31})
        if (k >= 0 && k < 32 && k != bit) wrong.push_back({double(k), name(k)});
    Question q;
    q.kind = QuestionKind::PassBit;
    q.prompt = "Pass " + std::to_string(bit + 1) + " of " + std::to_string(passes) +
               " starts, on the keys as the last pass left them. Which bit of each key decides "
               "its pile now?";
    set_choices(q, {double(bit), name(bit)}, wrong);
    q.explanation = "The sort takes the bits from the lowest, one a pass: pass " +
                    std::to_string(bit + 1) + " splits on " + name(bit) +
                    ". The passes before left the keys ordered by their lower bits; the split is "
                    "stable, so within each pile that order stays, and afterwards the keys are "
                    "ordered by bits 0 to " +
                    std::to_string(bit) + ".";
    return q;
}

}  // namespace scanscope::question_parts
