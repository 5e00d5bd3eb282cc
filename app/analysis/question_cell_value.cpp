// Predict mode's "what value lands in this cell?" question (questions.h).
#include "analysis/question_parts.h"

#include <stdexcept>

#include "model/trace_queries.h"
#include "model/values.h"

namespace scanscope::question_parts {

std::optional<Question> cell_value(const Trace& trace, const QuestionPlace& place, int cell) {
    const StepAt at = step_at(trace, place);
    if (!at.step) return std::nullopt;
    const std::vector<std::uint32_t> written = words_of(*at.step, AccessKind::Write);
    if (cell >= 0) {
        if (!std::binary_search(written.begin(), written.end(), std::uint32_t(cell)))
            throw std::invalid_argument("\"cell\": step " + std::to_string(place.frame + 1) +
                                        " does not write shared word " + std::to_string(cell));
    } else {
        if (written.empty()) return std::nullopt;
        // The last word the step writes: the root of a tree, the end of a scan.
        for (const WarpAccess& a : at.step->accesses)
            if (a.kind == AccessKind::Write)
                for (const LaneAccess& lane : a.lanes)
                    cell = int(lane.address / 4);
    }
    const std::uint32_t word = std::uint32_t(cell);
    Question q;
    q.kind = QuestionKind::CellValue;
    q.cells = {word};
    const std::string name = word_name(*at.l, word);
    q.prompt = "What value does this step leave in " + name + "?";
    const std::uint32_t now = at.step->shared[word];
    auto text = [&](std::uint32_t bits) { return word_value(trace, *at.l, word, bits); };
    const SharedArrayInfo* array = array_of_word(*at.l, word);
    const ElementKind kind = array ? array->kind : kind_of(trace.request.type);
    auto key = [&](std::uint32_t bits) { return numeric(bits, kind); };
    // The thread that wrote it last, and what it read in this step.
    int writer = -1;
    for (const WarpAccess& a : at.step->accesses)
        if (a.kind == AccessKind::Write)
            for (const LaneAccess& lane : a.lanes)
                if (lane.address / 4 == word) writer = a.warp * 32 + lane.lane;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> reads;  // word, value
    for (const WarpAccess& a : at.step->accesses)
        if (a.kind == AccessKind::Read)
            for (const LaneAccess& lane : a.lanes)
                if (a.warp * 32 + lane.lane == writer &&
                    (reads.empty() || reads.back().first != lane.address / 4))  // said once
                    reads.push_back({lane.address / 4, lane.value});
    std::vector<Candidate> wrong;
    const MemoryState before = state_before(*at.l, place.block, at.step->index);
    if (word < before.words.size() && before.defined[word])
        wrong.push_back({key(before.words[word]), text(before.words[word])});
    for (const auto& [w, v] : reads)
        wrong.push_back({key(v), text(v)});
    if (const Step* after = find_step(*at.l, place.block, at.step->index + 1))
        wrong.push_back({key(after->shared[word]), text(after->shared[word])});
    for (std::uint32_t w : written)
        if (w != word) wrong.push_back({key(at.step->shared[w]), text(at.step->shared[w])});
    if (key(now) == double(std::int32_t(now))) {  // integers: near misses
        for (std::uint32_t delta : {1u, 2u, 3u})
            wrong.push_back({key(now + delta), text(now + delta)});
    }
    set_choices(q, {key(now), text(now)}, wrong);
    std::string sentence = "thread " + std::to_string(writer);
    if (reads.empty()) {
        q.explanation =
            sentence + " writes " + text(now) + " to " + name + " (a value it held in a register).";
        return q;
    }
    std::string read_list;
    for (std::size_t i = 0; i < reads.size(); ++i)
        read_list += (i ? (i + 1 == reads.size() ? " and " : ", ") : "") +
                     word_name(*at.l, reads[i].first) + " = " + text(reads[i].second);
    // Say where the value came from only where the reads make it: otherwise "reads 1 and
    // writes 112" would read as if 112 came from 1.
    std::uint32_t combined = reads.front().second;
    for (std::size_t i = 1; i < reads.size(); ++i)
        combined = combine_bits(trace, combined, reads[i].second);
    const bool from_reads = kind == kind_of(trace.request.type) && key(combined) == key(now);
    if (from_reads && reads.size() == 1)
        q.explanation = sentence + " reads " + read_list + " and writes it to " + name + ".";
    else if (from_reads)
        q.explanation = sentence + " reads " + read_list + " and writes " +
                        (trace.request.op == OpKind::Max ? "the largest, " : "their sum, ") +
                        text(now) + ", to " + name + ".";
    else
        q.explanation = sentence + " reads " + read_list + " in this step, but what it writes to " +
                        name + ", " + text(now) +
                        ", it worked out in registers (with its warp's shuffles), not from " +
                        (reads.size() == 1 ? "that read." : "those reads.");
    return q;
}

}  // namespace scanscope::question_parts
