#include "analysis/question_parts.h"

#include <algorithm>
#include <map>
#include <set>

#include "core/bits.h"
#include "core/ops.h"
#include "model/trace_queries.h"
#include "model/values.h"

namespace scanscope::question_parts {

StepAt step_at(const Trace& trace, const QuestionPlace& place) {
    if (place.event) return {};
    const std::vector<StepFrame> frames = step_frames(trace);
    if (place.frame < 0 || place.frame >= int(frames.size())) return {};
    const StepFrame f = frames[std::size_t(place.frame)];
    const Launch& l = trace.launches[std::size_t(f.launch)];
    if (place.block < 0 || place.block >= l.grid) return {};
    return {f.launch, &l, find_step(l, place.block, f.step)};
}

void set_choices(Question& q, const Candidate& right, std::vector<Candidate> wrong,
                 std::size_t count) {
    std::vector<Candidate> kept = {right};
    for (const Candidate& c : wrong) {
        if (kept.size() >= count) break;
        if (std::none_of(kept.begin(), kept.end(),
                         [&](const Candidate& k) { return k.text == c.text; }))
            kept.push_back(c);
    }
    std::stable_sort(kept.begin(), kept.end(),
                     [](const Candidate& a, const Candidate& b) { return a.key < b.key; });
    q.choices.clear();
    for (const Candidate& c : kept) {
        if (c.text == right.text) q.right = int(q.choices.size());
        q.choices.push_back(c.text);
    }
}

// "2nd", "3rd", "4th", "21st".
std::string ordinal(std::uint32_t k) {
    const std::uint32_t tens = k % 100, ones = k % 10;
    const char* suffix = tens >= 11 && tens <= 13 ? "th"
                         : ones == 1              ? "st"
                         : ones == 2              ? "nd"
                         : ones == 3              ? "rd"
                                                  : "th";
    return std::to_string(k) + suffix;
}

std::string join_words(const Launch& l, const std::vector<std::uint32_t>& words) {
    if (words.empty()) return "none";
    std::string text;
    auto add = [&](const std::string& part) { text += (text.empty() ? "" : ", ") + part; };
    if (words.size() <= 6) {
        for (std::uint32_t w : words)
            add(word_name(l, w));
        return text;
    }
    // Many words: the first three and the last, with the stride where they are evenly spaced.
    const std::uint32_t stride = words[1] - words[0];
    bool even = true;
    for (std::size_t i = 1; i < words.size(); ++i)
        even = even && words[i] - words[i - 1] == stride;
    for (std::size_t i = 0; i < 3; ++i)
        add(word_name(l, words[i]));
    add("... " + word_name(l, words.back()));
    return text + " (" + std::to_string(words.size()) + " cells" +
           (even && stride > 1 ? ", every " + ordinal(stride) : "") + ")";
}

std::vector<std::uint32_t> words_of(const Step& step, AccessKind kind) {
    std::set<std::uint32_t> words;
    for (const WarpAccess& a : step.accesses)
        if (a.kind == kind)
            for (const LaneAccess& lane : a.lanes)
                words.insert(lane.address / 4);
    return {words.begin(), words.end()};
}

std::string thread_list(const std::set<int>& threads) {
    std::string text;
    int shown = 0;
    for (int t : threads) {
        if (shown == 4) {
            text += ", ... " + std::to_string(*threads.rbegin());
            break;
        }
        text += (shown++ ? ", " : "") + std::to_string(t);
    }
    return text;
}

std::string plural(std::size_t n, const std::string& one, const std::string& many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// A value's bits as the number they are, to order the choices by.
double numeric(std::uint32_t bits, ElementKind kind) {
    return kind == ElementKind::Float ? double(from_bits<float>(bits))
                                      : double(from_bits<std::int32_t>(bits));
}

template <class T>
std::uint32_t combine_as(OpKind op, std::uint32_t left, std::uint32_t right) {
    const T a = from_bits<T>(left), b = from_bits<T>(right);
    return to_bits(op == OpKind::Max ? MaxOp<T>::combine(a, b) : AddOp<T>::combine(a, b));
}

std::uint32_t combine_bits(const Trace& trace, std::uint32_t left, std::uint32_t right) {
    return combine_bits(trace, left, right, kind_of(trace.request.type));
}

std::uint32_t combine_bits(const Trace& trace, std::uint32_t left, std::uint32_t right,
                           ElementKind kind) {
    return kind == ElementKind::Float ? combine_as<float>(trace.request.op, left, right)
                                      : combine_as<std::int32_t>(trace.request.op, left, right);
}

double value_key(const Trace& trace, std::uint32_t bits) {
    return numeric(bits, kind_of(trace.request.type));
}

// The look-back that event `e` starts (its tile's first read), or nothing. A tile may read many
// descriptors at once (a warp reads 32) and read them again while any is not ready; what counts
// is the last status it saw of each: it stops at the nearest tile it saw with a prefix and adds
// that prefix and the aggregates of the tiles between.
std::optional<LookBack> lookback_at(const Trace& trace, int e) {
    const int l = lookback_launch(trace);
    if (l < 0) return std::nullopt;
    const auto& events = trace.launches[std::size_t(l)].events;
    if (e < 0 || e >= int(events.size())) return std::nullopt;
    const TileEvent& first = events[std::size_t(e)];
    if (first.kind != std::uint16_t(TileEventKind::Read)) return std::nullopt;
    for (int i = 0; i < e; ++i)
        if (events[std::size_t(i)].tile == first.tile &&
            events[std::size_t(i)].kind == std::uint16_t(TileEventKind::Read))
            return std::nullopt;
    LookBack lb;
    lb.tile = int(first.tile);
    std::map<int, const TileEvent*> last;  // target -> the last read of it
    bool published = false;
    for (const TileEvent& ev : events) {
        if (int(ev.tile) != lb.tile) continue;
        if (ev.kind == std::uint16_t(TileEventKind::Read) && int(ev.target) < lb.tile)
            last[int(ev.target)] = &ev;
        if (ev.kind == std::uint16_t(TileEventKind::Publish) &&
            ev.status == std::uint16_t(TileStatus::Aggregate)) {
            lb.aggregate = ev.value;
            published = true;
        }
    }
    int stop = -1;
    for (auto it = last.rbegin(); it != last.rend(); ++it)
        if (it->second->status == std::uint16_t(TileStatus::Prefix)) {
            stop = it->first;
            break;
        }
    if (stop < 0 || !published) return std::nullopt;  // never found a prefix: nothing to ask
    // Its predecessors: the tiles before it, or (a table of descriptors) its row's descriptors in
    // the columns before it.
    const int step = predecessor_step(trace, lb.tile);
    for (int target = lb.tile - step; target >= stop; target -= step) {
        const auto found = last.find(target);
        if (found == last.end() || found->second->status == std::uint16_t(TileStatus::Invalid))
            return std::nullopt;  // a gap the records do not explain: ask nothing
        lb.reads.push_back(found->second);
    }
    // Far to near, as the kernel combines them.
    lb.added = lb.reads.back()->value;
    for (std::size_t i = lb.reads.size() - 1; i-- > 0;)
        lb.added =
            combine_bits(trace, lb.added, lb.reads[i]->value, global_value_kind(trace.request));
    return lb;
}

std::string phase_of(const Trace& trace, const StepAt& at) {
    const StepLabel* label = at.step ? trace.label(at.step->line) : nullptr;
    return label ? label->phase : std::string();
}

}  // namespace scanscope::question_parts
