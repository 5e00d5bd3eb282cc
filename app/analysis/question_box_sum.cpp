// Predict mode's "what does a box's sum read?" question (questions.h), asked before a summed-area
// table's store: T(x1, y1) - T(x0-1, y1) - T(x1, y0-1) + T(x0-1, y0-1), against the forms people
// get wrong (the box's own corners, a sign, a corner left out).
#include "analysis/question_parts.h"

#include <string>

#include "core/bits.h"
#include "model/table_box.h"
#include "model/values.h"

namespace scanscope::question_parts {
namespace {

std::string entry(int x, int y) {
    return "T(" + std::to_string(x) + "," + std::to_string(y) + ")";
}

}  // namespace

std::optional<Question> box_sum(const Trace& trace, const QuestionPlace& place) {
    const VariantInfo* variant = find_card(trace.request);
    if (!variant || variant->algorithm != Algorithm::SummedArea) return std::nullopt;
    if (trace.request.op != OpKind::Add) return std::nullopt;  // a max cannot be taken back
    const StepAt at = step_at(trace, place);
    if (!at.step || phase_of(trace, at) != "store") return std::nullopt;
    const int n = int(trace.input.size()), width = table_width(trace.request);
    TableBox b;
    if (!default_box(width, n / width, b) || b.x0 == 0 || b.y0 == 0) return std::nullopt;
    const std::string right = entry(b.x1, b.y1) + " - " + entry(b.x0 - 1, b.y1) + " - " +
                              entry(b.x1, b.y0 - 1) + " + " + entry(b.x0 - 1, b.y0 - 1);
    std::vector<Candidate> wrong = {
        {1, entry(b.x1, b.y1) + " - " + entry(b.x0, b.y1) + " - " + entry(b.x1, b.y0) + " + " +
                entry(b.x0, b.y0)},
        {3, entry(b.x1, b.y1) + " - " + entry(b.x0 - 1, b.y1) + " - " + entry(b.x1, b.y0 - 1) +
                " - " + entry(b.x0 - 1, b.y0 - 1)},
        {0, entry(b.x1, b.y1) + " - " + entry(b.x0 - 1, b.y0 - 1)}};
    Question q;
    q.kind = QuestionKind::BoxSum;
    q.cells = {std::uint32_t(b.y1 * width + b.x1)};
    q.prompt = "The table is done. The sum of the input over the box " + box_name(b) +
               " (columns, then rows) takes four of its entries. Which?";
    set_choices(q, {2, right}, wrong);
    // The values, from the table the kernel wrote.
    const ElementKind kind = kind_of(trace.request.type);
    std::string values;
    for (const BoxCorner& c : box_corners(b)) {
        const std::uint32_t bits = trace.output.size() == std::size_t(n)
                                       ? trace.output[std::size_t(c.y * width + c.x)]
                                       : 0u;
        values += (values.empty() ? "" : c.sign > 0 ? " + " : " - ") + format_value(bits, kind);
    }
    q.explanation =
        "T(x1,y1) holds everything from the corner to the box's far end; take away the "
        "rectangle left of the box and the one above it, and add back their overlap, "
        "taken away twice: " +
        right + " = " + values + ".";
    return q;
}

}  // namespace scanscope::question_parts
