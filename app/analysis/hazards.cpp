#include "analysis/hazards.h"

#include <map>

namespace scanscope {
namespace {

struct WordUse {
    std::vector<int> writers;
    std::vector<int> readers;
};

// Appends the hazards of one step (at most `limit`); counts them all, and those between warps.
struct Counts {
    std::size_t total = 0, between_warps = 0;
};
Counts collect(int launch_index, const Step& step, std::size_t limit, std::vector<Hazard>& out) {
    std::map<std::uint32_t, WordUse> words;
    for (const WarpAccess& a : step.accesses) {
        if (a.kind == AccessKind::Shuffle) continue;
        for (const LaneAccess& l : a.lanes) {
            WordUse& use = words[l.address / 4];
            auto& list = a.kind == AccessKind::Write ? use.writers : use.readers;
            const int thread = a.warp * 32 + l.lane;
            if (list.empty() || list.back() != thread) list.push_back(thread);
        }
    }
    Counts counts;
    std::size_t listed = 0;
    for (const auto& entry : words) {
        const std::uint32_t word = entry.first;  // a named copy: lambdas cannot capture bindings
        const WordUse& use = entry.second;
        for (std::size_t w = 0; w < use.writers.size(); ++w) {
            const int writer = use.writers[w];
            auto emit = [&](int other, bool write_write) {
                const Hazard h{launch_index, step.block, step.index, word * 4,
                               write_write,  writer,     other};
                ++counts.total;
                counts.between_warps += h.across_warps() ? 1 : 0;
                if (listed++ < limit) out.push_back(h);
            };
            for (std::size_t v = w + 1; v < use.writers.size(); ++v)
                if (use.writers[v] != writer) emit(use.writers[v], true);
            for (int reader : use.readers)
                if (reader != writer) emit(reader, false);
        }
    }
    return counts;
}

}  // namespace

HazardReport find_hazards(const Trace& trace, std::size_t limit_per_step) {
    HazardReport report;
    for (std::size_t l = 0; l < trace.launches.size(); ++l)
        for (const Step& step : trace.launches[l].steps) {
            const Counts c = collect(int(l), step, limit_per_step, report.hazards);
            report.total += c.total;
            report.between_warps += c.between_warps;
        }
    return report;
}

std::vector<Hazard> step_hazards(const Trace& trace, int launch, int step_index) {
    std::vector<Hazard> out;
    const Launch& l = trace.launches.at(std::size_t(launch));
    collect(launch, l.steps.at(std::size_t(step_index)), std::size_t(-1), out);
    return out;
}

}  // namespace scanscope
