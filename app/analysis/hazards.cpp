#include "analysis/hazards.h"

#include <map>

#include "model/trace_queries.h"

namespace scanscope {
namespace {

struct Use {
    int thread;
    std::uint16_t line;
    bool atomic;
};
struct WordUse {
    std::vector<Use> writers;
    std::vector<Use> readers;
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
            if (list.empty() || list.back().thread != thread)
                list.push_back({thread, a.line, a.atomic});
        }
    }
    Counts counts;
    std::size_t listed = 0;
    for (const auto& entry : words) {
        const std::uint32_t word = entry.first;  // a named copy: lambdas cannot capture bindings
        const WordUse& use = entry.second;
        for (std::size_t w = 0; w < use.writers.size(); ++w) {
            const Use writer = use.writers[w];
            auto emit = [&](Use other, bool write_write) {
                Hazard h{launch_index, step.block,    step.index,  word * 4,
                         write_write,  writer.thread, other.thread};
                h.writer_line = writer.line;
                h.other_line = other.line;
                ++counts.total;
                counts.between_warps += h.across_warps() ? 1 : 0;
                if (listed++ < limit) out.push_back(h);
            };
            // Two atomic read-modify-writes of one word are ordered by the hardware: no race.
            auto racing = [&](const Use& other) {
                return other.thread != writer.thread && !(other.atomic && writer.atomic);
            };
            for (std::size_t v = w + 1; v < use.writers.size(); ++v)
                if (racing(use.writers[v])) emit(use.writers[v], true);
            for (const Use& reader : use.readers)
                if (racing(reader)) emit(reader, false);
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

std::string hazard_sentence(const Trace& trace, const Hazard& h) {
    const Launch& l = trace.launches.at(std::size_t(h.launch));
    auto thread = [](int t) {
        return "thread " + std::to_string(t) + " (warp " + std::to_string(t / 32) + ")";
    };
    return thread(h.other) + (h.write_write ? " writes " : " reads ") +
           word_name(l, h.address / 4) + " at line " + std::to_string(h.other_line) + " while " +
           thread(h.writer) + " writes it at line " + std::to_string(h.writer_line);
}

std::vector<Hazard> step_hazards(const Trace& trace, int launch, int step_index) {
    std::vector<Hazard> out;
    const Launch& l = trace.launches.at(std::size_t(launch));
    collect(launch, l.steps.at(std::size_t(step_index)), std::size_t(-1), out);
    return out;
}

}  // namespace scanscope
