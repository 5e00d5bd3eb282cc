// Predict mode's "where does this element go?" question (questions.h), asked before a
// compaction's scatter: a kept element goes to its scanned flag, the number of kept elements
// before it.
#include "analysis/question_parts.h"

#include <stdexcept>
#include <string>

#include "model/values.h"

namespace scanscope::question_parts {

std::optional<Question> destination(const Trace& trace, const QuestionPlace& place, int element) {
    const VariantInfo* variant = find_card(trace.request);
    // The one-block compaction's, whose flags and their scan are in shared memory.
    if (!variant || variant->algorithm != Algorithm::Compact || variant->multi_block)
        return std::nullopt;
    const StepAt at = step_at(trace, place);
    if (!at.step || phase_of(trace, at) != "scatter") return std::nullopt;
    const Step& flagged = at.l->steps[std::size_t(at.l->first_step(place.block))];
    const int n = std::min(int(trace.input.size()), int(at.step->shared.size()));
    auto kept = [&](int i) {
        return std::size_t(i) < flagged.shared.size() && flagged.defined[std::size_t(i)] &&
               flagged.shared[std::size_t(i)] == 1;
    };
    std::vector<int> kept_elements;
    for (int i = 0; i < n; ++i)
        if (kept(i)) kept_elements.push_back(i);
    if (element >= 0 && (element >= n || !kept(element)))
        throw std::invalid_argument("\"cell\": element " + std::to_string(element) +
                                    " is not one the compaction keeps");
    if (kept_elements.size() < 2) return std::nullopt;
    // The lesson's element, else the kept one halfway along (its place is not its index).
    int i = element;
    if (i < 0) {
        i = kept_elements[kept_elements.size() / 2];
        for (int candidate : kept_elements)
            if (int(at.step->shared[std::size_t(candidate)]) != candidate) {
                i = candidate;
                if (candidate >= kept_elements[kept_elements.size() / 2]) break;
            }
    }
    const int place_in_output = int(at.step->shared[std::size_t(i)]);
    const std::string value =
        format_value(trace.input[std::size_t(i)], kind_of(trace.request.type));
    Question q;
    q.kind = QuestionKind::Destination;
    q.cells = {std::uint32_t(i)};
    q.prompt = "Element " + std::to_string(i) + " (" + value +
               ") is kept. Where in the output does the scatter write it?";
    auto name = [](int k) { return "output[" + std::to_string(k) + "]"; };
    std::vector<Candidate> wrong;
    for (int k : {i, place_in_output + 1, place_in_output - 1, i - place_in_output})
        if (k >= 0 && k < n && k != place_in_output) wrong.push_back({double(k), name(k)});
    set_choices(q, {double(place_in_output), name(place_in_output)}, wrong);
    q.explanation =
        "Its scanned flag is " + std::to_string(place_in_output) + ": " +
        plural(std::size_t(place_in_output), "kept element comes", "kept elements come") +
        " before it, so it goes to " + name(place_in_output) + ".";
    return q;
}

}  // namespace scanscope::question_parts
