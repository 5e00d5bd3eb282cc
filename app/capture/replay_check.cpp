#include "capture/replay_check.h"

#include <map>
#include <tuple>

#include "capture/capture.h"
#include "model/student_card.h"
#include "model/values.h"

namespace scanscope {
namespace {

std::string launch_name(std::size_t l) {
    return "launch " + std::to_string(l + 1);
}

std::string compare_shape(const Launch& a, const Launch& b, std::size_t l) {
    if (a.name != b.name)
        return launch_name(l) + " is '" + a.name + "', the variant's is '" + b.name + "'";
    if (a.grid != b.grid || a.block != b.block || a.tiles != b.tiles)
        return launch_name(l) + " has " + std::to_string(a.grid) + " blocks of " +
               std::to_string(a.block) + " threads, the variant launches " +
               std::to_string(b.grid) + " of " + std::to_string(b.block);
    if (a.shared_bytes != b.shared_bytes || !(a.arrays == b.arrays))
        return launch_name(l) + "'s shared memory is laid out otherwise than the variant's";
    return {};
}

std::string compare_steps(const Trace& t, const Launch& a, const Launch& b, std::size_t l) {
    if (a.steps.size() != b.steps.size())
        return launch_name(l) + " has " + std::to_string(a.steps.size()) + " block-steps, the " +
               "variant " + std::to_string(b.steps.size());
    const ElementKind kind = kind_of(t.request.type);
    for (std::size_t s = 0; s < a.steps.size(); ++s) {
        const Step &x = a.steps[s], &y = b.steps[s];
        if (x == y) continue;
        const std::string where = "step " + std::to_string(t.step_number(int(l), x.index)) +
                                  (a.grid > 1 ? ", block " + std::to_string(x.block) : "");
        for (std::size_t w = 0; w < x.shared.size() && w < y.shared.size(); ++w)
            if (x.shared[w] != y.shared[w] || x.defined[w] != y.defined[w])
                return where + ": shared word " + std::to_string(w) + " holds " +
                       format_value(x.shared[w], kind) + ", the variant leaves " +
                       format_value(y.shared[w], kind);
        return where + " is not the step the variant makes (its accesses, line or values differ)";
    }
    return {};
}

// A GPU's look-back: what each tile published must be what the replay's tile published.
std::string compare_publishes(const Trace& t, const Launch& a, const Launch& b, std::size_t l) {
    using Key = std::tuple<std::uint32_t, std::uint16_t>;
    std::map<Key, std::uint32_t> expected;
    for (const TileEvent& e : b.events)
        if (e.kind == std::uint16_t(TileEventKind::Publish))
            expected[{e.target, e.status}] = e.value;
    std::map<Key, int> published;
    for (std::size_t i = 0; i < a.events.size(); ++i) {
        const TileEvent& e = a.events[i];
        if (e.kind != std::uint16_t(TileEventKind::Publish)) continue;
        const auto it = expected.find({e.target, e.status});
        const std::string what = launch_name(l) + ", event " + std::to_string(i + 1) + ": tile " +
                                 std::to_string(e.target) + " publishes ";
        if (it == expected.end() || e.tile != e.target)
            return what + "a descriptor the variant never publishes";
        if (it->second != e.value)
            return what + format_value(e.value, kind_of(t.request.type)) + ", the variant " +
                   format_value(it->second, kind_of(t.request.type));
        if (++published[{e.target, e.status}] > 1) return what + "the same descriptor twice";
    }
    for (const auto& [key, value] : expected)
        if (TileStatus(std::get<1>(key)) == TileStatus::Prefix && !published.count(key))
            return launch_name(l) + ": tile " + std::to_string(std::get<0>(key)) +
                   " never publishes its inclusive prefix";
    return {};
}

// A student's trace carries its kernel file as its listing: the card that file makes (its step
// labels) must be the trace's. A built-in variant's trace relabelled as a student's has a
// listing of pseudo-code, which makes no such card.
std::string student_card_difference(const Trace& t) {
    StudentSource source;
    source.name = t.request.variant.substr(std::string(kStudentPrefix).size());
    for (const ListingLine& line : t.listing)
        source.lines.push_back(line.text);
    const std::string not_a_kernel = "it says it is a student's kernel, but its listing is not one";
    VariantInfo card;
    try {
        card = student_card(source);
    } catch (const std::exception& e) {
        return not_a_kernel + " (" + e.what() + ")";
    }
    bool same = card.labels.size() == t.labels.size() && card.listing.size() == t.listing.size();
    for (std::size_t i = 0; same && i < card.labels.size(); ++i)
        same = card.labels[i].id == t.labels[i].id && card.labels[i].phase == t.labels[i].phase &&
               card.labels[i].vars == t.labels[i].vars;
    for (std::size_t i = 0; same && i < card.listing.size(); ++i)
        same = card.listing[i].id == t.listing[i].id;
    return same ? std::string() : not_a_kernel + " (its step labels are not its file's)";
}

}  // namespace

std::string first_replay_difference(const Trace& t) {
    if (is_student_key(t.request.variant)) return student_card_difference(t);
    const VariantInfo* card = find_card(t.request);
    if (!card) return {};
    Trace replay;
    try {
        replay = capture_trace(t.request, t.input, DeviceChoice::Cpu);
    } catch (const std::exception& e) {
        return std::string("the variant cannot run its request again: ") + e.what();
    }
    bool has_events = false;
    for (const Launch& l : t.launches)
        has_events |= !l.events.empty();
    // What the GPU's schedule decides is the GPU's: look-back order, tiles taken, race results.
    const bool scheduled = t.source.kind == "gpu" && (has_events || card->expects_hazards);
    if (t.launches.size() != replay.launches.size())
        return "it has " + std::to_string(t.launches.size()) + " launches; " + card->key +
               " makes " + std::to_string(replay.launches.size());
    if (!(scheduled && card->expects_hazards) && t.output != replay.output)
        return "its output is not what " + card->key + " writes for its input";
    for (std::size_t l = 0; l < t.launches.size(); ++l) {
        const Launch &a = t.launches[l], &b = replay.launches[l];
        if (std::string d = compare_shape(a, b, l); !d.empty()) return d;
        if (scheduled) {
            if (!card->expects_hazards && !(a.globals == b.globals))
                return launch_name(l) + "'s global buffers are not what " + card->key + " leaves";
            if (std::string d = compare_publishes(t, a, b, l); !d.empty()) return d;
            continue;
        }
        if (std::string d = compare_steps(t, a, b, l); !d.empty()) return d;
        if (!(a.globals == b.globals))
            return launch_name(l) + "'s global buffers are not what " + card->key + " leaves";
        if (!(a == b))  // what is left: the events
            return launch_name(l) + "'s look-back events are not the replay's (same schedule seed)";
    }
    return {};
}

}  // namespace scanscope
