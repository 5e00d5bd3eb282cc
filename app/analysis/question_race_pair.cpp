// Predict mode's "which threads race?" question (questions.h).
#include "analysis/question_parts.h"

#include <algorithm>
#include <set>

#include "analysis/hazards.h"
#include "model/trace_queries.h"

namespace scanscope::question_parts {

std::optional<Question> race_pair(const Trace& trace, const QuestionPlace& place) {
    const StepAt at = step_at(trace, place);
    if (!at.step) return std::nullopt;
    std::vector<Hazard> hazards = step_hazards(trace, at.launch, at.step->index);
    hazards.erase(std::remove_if(hazards.begin(), hazards.end(),
                                 [&](const Hazard& h) { return h.block != place.block; }),
                  hazards.end());
    if (hazards.empty()) return std::nullopt;
    // Races between warps first: nothing at all orders those.
    std::stable_partition(hazards.begin(), hazards.end(),
                          [](const Hazard& h) { return h.across_warps(); });
    const Hazard& h = hazards.front();
    const std::size_t across = std::size_t(std::count_if(
        hazards.begin(), hazards.end(), [](const Hazard& x) { return x.across_warps(); }));
    std::set<std::pair<int, int>> racing;
    for (const Hazard& x : hazards)
        racing.insert({std::min(x.writer, x.other), std::max(x.writer, x.other)});
    auto pair_text = [](int a, int b) {
        return "threads " + std::to_string(std::min(a, b)) + " and " +
               std::to_string(std::max(a, b));
    };
    Question q;
    q.kind = QuestionKind::RacePair;
    q.prompt =
        "Which two threads touch the same shared word in this step, one of them writing, "
        "with no barrier between them?";
    std::vector<Candidate> wrong;
    const int lo = std::min(h.writer, h.other), hi = std::max(h.writer, h.other);
    for (auto [a, b] : {std::pair{lo, lo + 2 * (hi - lo) + 1},
                        {std::max(0, lo - 3), lo - 1},
                        {hi + 1, hi + 2},
                        {lo + 1, hi + 5},
                        {0, at.l->block - 1}}) {
        if (a < 0 || b <= a || b >= at.l->block || racing.count({a, b})) continue;
        wrong.push_back({double(a) + double(b) * 1e-6, pair_text(a, b)});
    }
    set_choices(q, {double(lo) + double(hi) * 1e-6, pair_text(lo, hi)}, wrong);
    const std::uint32_t word = h.address / 4;
    q.explanation = "thread " + std::to_string(h.writer) + " writes " + word_name(*at.l, word) +
                    " while thread " + std::to_string(h.other) +
                    (h.write_write ? " writes it too" : " reads it") +
                    ", and no barrier orders them" +
                    (h.across_warps() ? " (warps " + std::to_string(h.writer / 32) + " and " +
                                            std::to_string(h.other / 32) + ": nothing does)"
                                      : " (one warp: its lanes move together, so the read "
                                        "still sees the old value)") +
                    "; " + plural(hazards.size(), "such pair", "such pairs") + " in this step" +
                    (across == hazards.size() ? std::string(".")
                     : across == 0            ? std::string(", none between warps.")
                                   : ", " + std::to_string(across) + " of them between warps.");
    return q;
}

}  // namespace scanscope::question_parts
