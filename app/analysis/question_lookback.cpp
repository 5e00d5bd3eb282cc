// Predict mode's look-back-stop and look-back-value question (questions.h).
#include "analysis/question_parts.h"

#include <algorithm>

#include "model/trace_queries.h"
#include "model/values.h"

namespace scanscope::question_parts {

std::optional<Question> lookback_question(const Trace& trace, const QuestionPlace& place,
                                          bool value) {
    if (!place.event) return std::nullopt;
    const std::optional<LookBack> lb = lookback_at(trace, place.frame);
    if (!lb) return std::nullopt;
    const auto& reads = lb->reads;
    const int stop = int(reads.back()->target);
    const ElementKind kind = global_value_kind(trace.request);  // counts in a compaction
    Question q;
    q.kind = value ? QuestionKind::LookBackValue : QuestionKind::LookBackStop;
    const auto name = [&](int descriptor) { return descriptor_name(trace, descriptor); };
    const std::string tile = name(lb->tile);
    std::string walk;  // nearest first
    for (const TileEvent* r : reads)
        walk += (walk.empty() ? "" : ", ") + name(int(r->target)) +
                (r->status == std::uint16_t(TileStatus::Prefix) ? ": prefix " : ": aggregate ") +
                format_value(r->value, kind);
    // As the events show it: reads of tiles not out yet, read again, before the ones that count.
    const auto& events = trace.launches[std::size_t(lookback_launch(trace))].events;
    int reads_seen = 0, not_ready = 0, last_read = place.frame;
    for (int i = place.frame; i < int(events.size()); ++i) {
        const TileEvent& ev = events[std::size_t(i)];
        if (int(ev.tile) != lb->tile) continue;
        if (ev.kind == std::uint16_t(TileEventKind::Publish)) break;
        ++reads_seen;
        last_read = i;
        not_ready += ev.status == std::uint16_t(TileStatus::Invalid);
    }
    std::string seen = tile + " reads " + walk;
    if (not_ready > 0)
        seen = tile +
               " reads its predecessors' descriptors, several at once, and again while one "
               "it needs is not out yet: events " +
               std::to_string(place.frame + 1) + " to " + std::to_string(last_read + 1) + ", " +
               std::to_string(reads_seen) + " reads, " + std::to_string(not_ready) +
               (not_ready == 1 ? " of them of a tile that had published nothing. "
                               : " of them of tiles that had published nothing. ") +
               "What counts is what it saw last of each: " + walk;
    q.explanation = seen + "; the nearest prefix ends the look-back, and " + tile + " adds " +
                    format_value(lb->added, kind) + " to its values (then publishes " +
                    format_value(combine_bits(trace, lb->added, lb->aggregate, kind), kind) +
                    ", that and its own aggregate " + format_value(lb->aggregate, kind) + ").";
    if (value) {
        q.prompt = tile +
                   " starts its look-back now. What does the look-back add to its values "
                   "(its exclusive prefix)?";
        std::vector<Candidate> wrong;
        auto add = [&](std::uint32_t bits) {
            wrong.push_back({numeric(bits, kind), format_value(bits, kind)});
        };
        add(reads.back()->value);                                  // the prefix alone
        add(reads.front()->value);                                 // the nearest descriptor alone
        add(combine_bits(trace, lb->added, lb->aggregate, kind));  // the tile's inclusive prefix
        add(combine_bits(trace, lb->added, reads.front()->value,
                         kind));  // the nearest counted twice
        set_choices(q, {numeric(lb->added, kind), format_value(lb->added, kind)}, wrong);
    } else {
        // Its predecessors: the tiles before it, or its row's descriptors in the columns before.
        const int step = predecessor_step(trace, lb->tile);
        q.prompt = tile + " starts its look-back now. At which " +
                   lookback_column_word(trace, lb->tile) +
                   " does it stop (the first one it finds with an inclusive prefix)?";
        std::vector<Candidate> wrong;
        for (int t = lb->tile - step; t >= 0 && t >= lb->tile - 6 * step; t -= step)
            wrong.push_back({double(t), name(t)});
        set_choices(q, {double(stop), name(stop)}, wrong);
    }
    return q;
}

}  // namespace scanscope::question_parts
