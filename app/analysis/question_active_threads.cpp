// Predict mode's "how many threads and warps are busy?" question (questions.h).
#include "analysis/question_parts.h"

#include <algorithm>
#include <set>

namespace scanscope::question_parts {

std::optional<Question> active_threads(const Trace& trace, const QuestionPlace& place) {
    const StepAt at = step_at(trace, place);
    if (!at.step) return std::nullopt;
    std::set<int> threads, warps;
    for (const WarpAccess& a : at.step->accesses)
        for (const LaneAccess& lane : a.lanes) {
            threads.insert(a.warp * 32 + lane.lane);
            warps.insert(a.warp);
        }
    if (threads.empty()) return std::nullopt;
    const int t = int(threads.size()), w = int(warps.size());
    const int block_warps = (at.l->block + 31) / 32;
    auto text = [](int thread_count, int warp_count) {
        return plural(std::size_t(thread_count), "thread", "threads") + " in " +
               plural(std::size_t(warp_count), "warp", "warps");
    };
    Question q;
    q.kind = QuestionKind::ActiveThreads;
    q.prompt = "How many threads do this step's work, and in how many warps?";
    std::vector<Candidate> wrong;
    for (auto [tt, ww] : {std::pair{t, (t + 31) / 32},
                          {t, std::min(t, block_warps)},
                          {2 * t, std::min(2 * t, block_warps)},
                          {2 * t, (2 * t + 31) / 32},
                          {std::max(1, t / 2), std::max(1, w / 2)},
                          {t, w * 2}}) {
        if (tt > at.l->block || ww > block_warps || ww > tt || ww * 32 < tt) continue;
        wrong.push_back({double(tt) + double(ww) * 1e-4, text(tt, ww)});
    }
    set_choices(q, {double(t) + double(w) * 1e-4, text(t, w)}, wrong);
    std::string warp_list;
    for (int x : warps)
        warp_list += (warp_list.empty() ? "" : ", ") + std::to_string(x);
    q.explanation = (t == 1 ? "thread " : "threads ") + thread_list(threads) +
                    (t == 1 ? " does" : " do") + " the work: " + text(t, w) + " (warp" +
                    (w == 1 ? " " : "s ") + warp_list + ")" +
                    (w > (t + 31) / 32 ? "; each of those warps issues the step for a few busy "
                                         "lanes while the others wait."
                                       : ", as few warps as that many threads can fill.");
    return q;
}

}  // namespace scanscope::question_parts
