// Predict mode's "which cells does this step write?" question (questions.h).
#include "analysis/question_parts.h"

#include <set>

#include "model/trace_queries.h"

namespace scanscope::question_parts {

std::optional<Question> written_cells(const Trace& trace, const QuestionPlace& place) {
    const StepAt at = step_at(trace, place);
    if (!at.step) return std::nullopt;
    const std::vector<std::uint32_t> written = words_of(*at.step, AccessKind::Write);
    if (written.empty()) return std::nullopt;
    Question q;
    q.kind = QuestionKind::WrittenCells;
    q.cells = written;
    q.prompt = "Which shared-memory cells does this step write?";
    const std::uint32_t words = at.l->shared_bytes / 4;
    std::vector<std::vector<std::uint32_t>> wrong;
    wrong.push_back(words_of(*at.step, AccessKind::Read));
    if (const Step* before = find_step(*at.l, place.block, at.step->index - 1))
        wrong.push_back(words_of(*before, AccessKind::Write));
    if (const Step* after = find_step(*at.l, place.block, at.step->index + 1))
        wrong.push_back(words_of(*after, AccessKind::Write));
    for (int shift : {-1, 1, 2}) {
        std::vector<std::uint32_t> moved;
        for (std::uint32_t w : written)
            if (std::int64_t(w) + shift >= 0 && std::int64_t(w) + shift < words)
                moved.push_back(std::uint32_t(std::int64_t(w) + shift));
        wrong.push_back(moved);
    }
    std::vector<std::uint32_t> all(words), first = {0};
    for (std::uint32_t w = 0; w < words; ++w)
        all[w] = w;
    wrong.push_back(all);
    wrong.push_back(first);
    std::vector<Candidate> candidates;
    for (const auto& set : wrong)
        if (!set.empty() && set != written)
            candidates.push_back(
                {double(set.front()) + 1e-3 * double(set.size()), join_words(*at.l, set)});
    set_choices(
        q, {double(written.front()) + 1e-3 * double(written.size()), join_words(*at.l, written)},
        candidates);
    // Who wrote them, from the records.
    std::set<int> writers;
    for (const WarpAccess& a : at.step->accesses)
        if (a.kind == AccessKind::Write)
            for (const LaneAccess& lane : a.lanes)
                writers.insert(a.warp * 32 + lane.lane);
    q.explanation = plural(writers.size(), "thread", "threads") + " (" + thread_list(writers) +
                    (writers.size() == 1 ? ") writes " : ") write ") + join_words(*at.l, written) +
                    ".";
    return q;
}

}  // namespace scanscope::question_parts
