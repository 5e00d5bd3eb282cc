// Predict mode's "where does this element go?" question (questions.h), asked before a scatter:
// in a compaction a kept element goes to its scanned flag, the number of kept elements before it;
// in radix sort's split a key whose bit is 0 goes to f (the 0-keys before it), one whose bit is 1
// to i - f + totalFalses (after every 0-key, and the 1-keys before it).
#include "analysis/question_parts.h"

#include <stdexcept>
#include <string>

#include "model/trace_queries.h"
#include "model/values.h"

namespace scanscope::question_parts {

namespace {

// Radix sort's split: every key moves; d = f for a 0-key, i - f + totalFalses for a 1-key. In a
// radix sort's later passes the keys are those the last pass left in shared `sorted`.
std::optional<Question> split_destination(const Trace& trace, const StepAt& at, int element) {
    const int n = int(trace.input.size());
    const int pass = at.step->vars.empty() ? 0 : at.step->vars.front();
    const std::optional<std::uint32_t> falses =
        global_word(*at.l, "totalFalses", std::size_t(std::max(pass, 0)));
    if (!falses || n < 2 || int(at.step->shared.size()) < n) return std::nullopt;
    if (element >= n)
        throw std::invalid_argument("\"cell\": key " + std::to_string(element) +
                                    " is not one of the " + std::to_string(n));
    // The pass's flag step: its e (1 where the key's bit is 0) and, after the first pass, its
    // keys, those the last pass left in shared `sorted`.
    const Step* flagged = at.step;
    while (flagged != &at.l->steps.front() && phase_of(trace, {at.launch, at.l, flagged}) != "flag")
        --flagged;
    const std::uint32_t sorted_first = at.l->arrays.size() > 1 ? at.l->arrays[1].offset / 4 : 0;
    if (flagged->shared.size() < sorted_first + std::size_t(n)) return std::nullopt;
    std::vector<std::uint32_t> keys = trace.input;
    if (pass > 0)
        keys.assign(flagged->shared.begin() + sorted_first,
                    flagged->shared.begin() + sorted_first + n);
    const std::uint32_t total_falses = *falses;
    const auto bit = [&](int i) { return flagged->shared[std::size_t(i)] == 0 ? 1 : 0; };
    const auto f = [&](int i) { return int(at.step->shared[std::size_t(i)]); };
    const auto place_of = [&](int i) { return bit(i) ? i - f(i) + int(total_falses) : f(i); };
    // The lesson's key, else the first 1-key whose place is not its index (the harder formula).
    int i = element;
    for (int k = 0; i < 0 && k < n; ++k)
        if (bit(k) && place_of(k) != k) i = k;
    if (i < 0) i = n / 2;
    const int d = place_of(i);
    const std::string value = format_value(keys[std::size_t(i)], kind_of(trace.request.type));
    Question q;
    q.kind = QuestionKind::Destination;
    q.cells = {std::uint32_t(i)};
    q.prompt = "Key " + std::to_string(i) + " (" + value + ", bit " + std::to_string(pass) + " = " +
               std::to_string(bit(i)) + ") has f = " + std::to_string(f(i)) + "; totalFalses is " +
               std::to_string(total_falses) + ". Where does the split write it?";
    auto name = [](int k) { return "sorted[" + std::to_string(k) + "]"; };
    std::vector<Candidate> wrong;
    const int other = bit(i) ? f(i) : i - f(i) + int(total_falses);
    for (int k : {other, i, i - f(i), d + 1})
        if (k >= 0 && k < n && k != d) wrong.push_back({double(k), name(k)});
    set_choices(q, {double(d), name(d)}, wrong);
    q.explanation =
        bit(i) ? "Its bit is 1, so it goes after all " + std::to_string(total_falses) +
                     " keys whose bit is 0, and after the " + std::to_string(i - f(i)) +
                     " keys with bit 1 before it: i - f + totalFalses = " + std::to_string(i) +
                     " - " + std::to_string(f(i)) + " + " + std::to_string(total_falses) + " = " +
                     std::to_string(d) + "."
               : "Its bit is 0, so it goes to f = " + std::to_string(d) + ": " +
                     plural(std::size_t(d), "key with bit 0 comes", "keys with bit 0 come") +
                     " before it.";
    return q;
}

}  // namespace

std::optional<Question> destination(const Trace& trace, const QuestionPlace& place, int element) {
    const VariantInfo* variant = find_card(trace.request);
    // The one-block compaction's and split's, whose flags and their scan are in shared memory.
    if (!variant || variant->multi_block ||
        (variant->algorithm != Algorithm::Compact && variant->algorithm != Algorithm::Split))
        return std::nullopt;
    if (variant->algorithm == Algorithm::Split) {
        const StepAt at = step_at(trace, place);
        if (!at.step || phase_of(trace, at) != "scatter") return std::nullopt;
        return split_destination(trace, at, element);
    }
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
