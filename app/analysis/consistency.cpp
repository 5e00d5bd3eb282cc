#include "analysis/consistency.h"

#include <map>
#include <set>
#include <sstream>

#include "analysis/hazards.h"
#include "analysis/result_check.h"
#include "model/values.h"
#include "variants/registry.h"

namespace scanscope {
namespace {

std::string where(const Trace& trace, std::size_t l, const Step& step) {
    std::ostringstream text;
    text << "step " << trace.step_number(int(l), step.index);
    if (trace.launches.size() > 1) text << " (launch " << l + 1 << ")";
    if (trace.launches[l].grid > 1) text << ", block " << step.block;
    return text.str();
}

// Replays one launch's recorded accesses block by block; empty when every read and snapshot
// agrees with them.
std::string check_launch(const Trace& trace, std::size_t l) {
    const Launch& launch = trace.launches[l];
    const ElementKind element = kind_of(trace.request.type);
    const std::size_t words = launch.shared_bytes / 4;
    std::vector<std::uint32_t> state;
    std::vector<std::uint8_t> defined;
    for (std::size_t s = 0; s < launch.steps.size(); ++s) {
        const Step& step = launch.steps[s];
        if (s == 0 || step.block != launch.steps[s - 1].block) {
            state.assign(words, 0);  // capturing kernels start from zeroed shared memory
            defined.assign(words, 0);
        }
        const std::vector<std::uint32_t> before = state;
        // Words two threads touch in this step, one writing: a read may have seen the old value
        // or any written one, whichever the hardware ordered first.
        std::set<std::uint32_t> raced;
        std::map<std::uint32_t, std::set<std::uint32_t>> written;
        for (const Hazard& h : step_hazards(trace, int(l), int(s)))
            raced.insert(h.address / 4);
        // Atomics on one word happen in an order the hardware picks: each read saw the old
        // value or one the others wrote, and the word ends with one of those.
        std::set<std::uint32_t> atomic;
        for (const WarpAccess& a : step.accesses)
            if (a.kind == AccessKind::Write)
                for (const LaneAccess& lane : a.lanes) {
                    written[lane.address / 4].insert(lane.value);
                    if (a.atomic) atomic.insert(lane.address / 4);
                }
        for (const WarpAccess& a : step.accesses) {
            if (a.kind == AccessKind::Shuffle) continue;
            for (const LaneAccess& lane : a.lanes) {
                const std::uint32_t w = lane.address / 4;
                if (a.kind == AccessKind::Write) {
                    state[w] = lane.value;
                    defined[w] = 1;
                    continue;
                }
                const bool seen = lane.value == state[w] ||
                                  ((raced.count(w) || (a.atomic && atomic.count(w))) &&
                                   (lane.value == before[w] || written[w].count(lane.value)));
                if (!seen)
                    return where(trace, l, step) + ": thread " +
                           std::to_string(a.warp * 32 + lane.lane) + " reads shared word " +
                           std::to_string(w) + " as " + format_value(lane.value, element) +
                           ", but it holds " + format_value(state[w], element);
            }
        }
        for (std::size_t w = 0; w < words; ++w) {
            if (atomic.count(std::uint32_t(w)) && step.defined[w] &&
                written[std::uint32_t(w)].count(step.shared[w])) {
                state[w] = step.shared[w];  // the atomic that came last, whichever it was
                continue;
            }
            if (step.defined[w] != defined[w] || (defined[w] && step.shared[w] != state[w]))
                return where(trace, l, step) + ": shared word " + std::to_string(w) + " holds " +
                       (step.defined[w] ? format_value(step.shared[w], element) : "nothing") +
                       ", but the recorded writes leave " +
                       (defined[w] ? format_value(state[w], element) : "nothing");
        }
    }
    return {};
}

// Every look-back read of an aggregate or prefix saw a value that tile published with that
// status (the log's order need not be the order of the stores, so anywhere in the log).
std::string check_events(const Trace& trace, const Launch& launch) {
    std::set<std::tuple<std::uint32_t, std::uint16_t, std::uint32_t>> published;
    for (const TileEvent& e : launch.events)
        if (e.kind == std::uint16_t(TileEventKind::Publish))
            published.insert({e.tile, e.status, e.value});
    const ElementKind element = kind_of(trace.request.type);
    for (std::size_t i = 0; i < launch.events.size(); ++i) {
        const TileEvent& e = launch.events[i];
        if (e.kind != std::uint16_t(TileEventKind::Read) ||
            TileStatus(e.status) == TileStatus::Invalid)
            continue;
        if (!published.count({e.target, e.status, e.value}))
            return "look-back event " + std::to_string(i + 1) + ": tile " + std::to_string(e.tile) +
                   " reads " + format_value(e.value, element) + " from tile " +
                   std::to_string(e.target) + ", which never published it";
    }
    return {};
}

}  // namespace

std::string first_inconsistency(const Trace& trace) {
    const VariantInfo* variant = find_card(trace.request);
    if (!variant) return "unknown variant '" + trace.request.variant + "'";
    // A kernel that stopped wrote no output: its steps up to there are what it has.
    const std::size_t outputs =
        trace.stopped().empty() ? std::size_t(output_count(*variant, trace.request.n)) : 0;
    for (std::size_t l = 0; l + 1 < trace.launches.size(); ++l)
        if (!trace.launches[l].stopped.empty())
            return "launch " + std::to_string(l + 1) + " stopped, yet more launches follow it";
    if (trace.output.size() != outputs)
        return "the output has " + std::to_string(trace.output.size()) + " values; " +
               variant->key + " of n = " + std::to_string(trace.request.n) + " writes " +
               std::to_string(outputs);
    for (std::size_t l = 0; l < trace.launches.size(); ++l) {
        if (trace.launches[l].block > 1024) return "a block of more than 1024 threads";
        if (std::string problem = check_launch(trace, l); !problem.empty()) return problem;
        if (std::string problem = check_events(trace, trace.launches[l]); !problem.empty())
            return problem;
    }
    // A deliberate race, or a student's kernel, may compute a wrong result: what ran, not damage.
    if (!variant->expects_hazards && variant->id != VariantId::Student && trace.stopped().empty())
        if (std::string problem = check_result(trace.request, trace.input, trace.output);
            !problem.empty())
            return "the output is not the " + std::string(algorithm_result(variant->algorithm)) +
                   " of the input: " + problem;
    return {};
}

}  // namespace scanscope
