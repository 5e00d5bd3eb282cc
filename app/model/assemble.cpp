#include "model/assemble.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <tuple>

namespace scanscope {
namespace {

// Lanes that executed the same line for the same time in a step, with the same kind of access,
// executed one warp-level instruction.
using InstructionKey = std::tuple<int /*step*/, int /*warp*/, int /*line*/, int /*occurrence*/,
                                  int /*kind*/, int /*array*/>;

struct Gathered {
    WarpAccess access;
    int first_position = 1 << 30;  // earliest position, in any lane's step, of this instruction
};

void apply_writes(const Step& step, std::vector<std::uint32_t>& words,
                  std::vector<std::uint8_t>& defined) {
    for (const WarpAccess& a : step.accesses) {
        if (a.kind != AccessKind::Write) continue;
        for (const LaneAccess& l : a.lanes) {
            const std::size_t w = l.address / 4;
            if (w >= words.size()) throw std::runtime_error("trace: a write outside shared memory");
            words[w] = l.value;
            defined[w] = 1;
        }
    }
}

}  // namespace

Launch assemble_launch(const RawLaunch& raw, const VariantInfo& variant) {
    Launch launch;
    launch.name = raw.shape.name;
    launch.grid = raw.shape.grid;
    launch.block = raw.shape.block;
    launch.shared_bytes = raw.shape.shared_bytes;
    launch.tiles = raw.shape.tiles;
    const std::vector<std::string>& names =
        raw.shape.arrays.empty() ? variant.shared_arrays : raw.shape.arrays;
    for (std::size_t i = 0; i < raw.arrays.size(); ++i) {
        const ArrayRecord& a = raw.arrays[i];
        launch.arrays.push_back({i < names.size() ? names[i] : "array " + std::to_string(i),
                                 a.offset, a.count, a.element_bytes,
                                 static_cast<ElementKind>(a.element_kind)});
    }
    for (const RawGlobal& g : raw.globals)
        launch.globals.push_back({g.name, g.element_bytes, g.values});
    launch.events = raw.events;
    launch.stopped = raw.stopped;
    for (const RawBarrierSplit& s : raw.barrier_splits)
        launch.barrier_splits.push_back({s.block, s.step, s.lines});

    const std::size_t words = raw.shape.shared_bytes / 4;
    for (int b = 0; b < raw.shape.grid; ++b) {
        const auto& marks = raw.marks[std::size_t(b)];
        const int steps = int(marks.size());
        std::map<InstructionKey, Gathered> gathered;
        for (int t = 0; t < raw.shape.block; ++t) {
            const auto& records = raw.thread_records[std::size_t(b) * raw.shape.block + t];
            std::map<std::pair<int, int>, int> occurrences;  // (step, line) -> times seen
            std::map<int, int> positions;                    // step -> records seen
            for (const AccessRecord& r : records) {
                if (r.step >= steps)
                    throw std::runtime_error("trace: block " + std::to_string(b) + " thread " +
                                             std::to_string(t) + " recorded step " +
                                             std::to_string(r.step) + " of " +
                                             std::to_string(steps));
                const int occurrence = occurrences[{r.step, r.line}]++;
                const int position = positions[r.step]++;
                const InstructionKey key{r.step, t / 32, r.line, occurrence, r.kind, r.array};
                Gathered& g = gathered[key];
                if (g.access.lanes.empty()) {
                    g.access.warp = t / 32;
                    g.access.line = r.line;
                    g.access.occurrence = std::uint16_t(occurrence);
                    g.access.kind = static_cast<AccessKind>(r.kind & ~kAtomicAccess);
                    g.access.atomic = (r.kind & kAtomicAccess) != 0;
                    g.access.array = r.array;
                    g.access.bytes = r.bytes;
                }
                g.access.lanes.push_back({t % 32, r.address, r.value});
                g.first_position = std::min(g.first_position, position);
            }
        }

        std::vector<std::vector<Gathered*>> by_step(static_cast<std::size_t>(steps));
        for (auto& [key, g] : gathered)
            by_step[std::size_t(std::get<0>(key))].push_back(&g);

        std::vector<std::uint32_t> state(words, 0);
        std::vector<std::uint8_t> defined(words, 0);
        for (int s = 0; s < steps; ++s) {
            Step step;
            step.block = b;
            step.index = s;
            step.line = marks[s].line;
            step.boundary = static_cast<StepBoundary>(marks[s].boundary);
            step.vars.assign(marks[s].vars,
                             marks[s].vars + std::min<int>(marks[s].var_count, kMaxStepVars));
            auto& list = by_step[std::size_t(s)];
            std::sort(list.begin(), list.end(), [](const Gathered* x, const Gathered* y) {
                return std::tie(x->access.warp, x->first_position, x->access.line,
                                x->access.occurrence) < std::tie(y->access.warp, y->first_position,
                                                                 y->access.line,
                                                                 y->access.occurrence);
            });
            for (Gathered* g : list)
                step.accesses.push_back(std::move(g->access));
            apply_writes(step, state, defined);
            const auto& snapshot = raw.snapshots[std::size_t(b)][std::size_t(s)];
            if (!snapshot.empty()) {
                state.assign(snapshot.begin(), snapshot.end());
                step.snapshot_at_barrier = true;
            }
            step.shared = state;
            step.defined = defined;
            launch.steps.push_back(std::move(step));
        }
    }
    return launch;
}

Trace assemble_trace(const RunRequest& request, const std::vector<std::uint32_t>& input,
                     const std::vector<std::uint32_t>& output, const RawCapture& raw,
                     TraceSource source) {
    const VariantInfo* variant = find_card(request);
    if (!variant) throw std::runtime_error("trace: unknown variant '" + request.variant + "'");
    Trace trace;
    trace.request = request;
    trace.source = std::move(source);
    trace.input = input;
    trace.output = output;
    trace.listing = listing_for(variant->listing, request.inclusive);
    trace.labels = variant->labels;
    for (const RawLaunch& l : raw.launches)
        trace.launches.push_back(assemble_launch(l, *variant));
    return trace;
}

}  // namespace scanscope
