#include "scenes/step_summary.h"

#include "analysis/hazards.h"

namespace scanscope {

StepSummary summarize_step(const Step& step) {
    StepSummary s;
    // Each thread's reads so far in the step, in order.
    std::map<int, std::vector<std::uint32_t>> reads;
    for (const WarpAccess& a : step.accesses) {
        if (a.kind == AccessKind::Shuffle) continue;
        for (const LaneAccess& lane : a.lanes) {
            const int thread = a.warp * 32 + lane.lane;
            const std::uint32_t word = lane.address / 4;
            s.active_threads.insert(thread);
            CellRole& role = s.roles[word];
            if (a.kind == AccessKind::Read) {
                role = role == CellRole::Written || role == CellRole::ReadWritten
                           ? CellRole::ReadWritten
                           : CellRole::Read;
                reads[thread].push_back(word);
            } else {
                role = role == CellRole::Read || role == CellRole::ReadWritten
                           ? CellRole::ReadWritten
                           : CellRole::Written;
                bool any = false;
                std::set<std::uint32_t> seen;
                for (std::uint32_t from : reads[thread]) {
                    if (from == word || !seen.insert(from).second) continue;
                    s.flows.push_back({from, word, thread});
                    any = true;
                }
                if (!any && reads[thread].empty()) s.zeroed.insert(word);
            }
        }
    }
    return s;
}

StepFocus step_focus(const Step& step, int warp, bool small_array) {
    StepFocus f;
    f.everything = small_array;
    std::set<int> active;
    for (const WarpAccess& a : step.accesses)
        if (a.kind != AccessKind::Shuffle) active.insert(a.warp);
    if (!active.empty() && !active.count(warp)) warp = *active.begin();
    f.warp = warp;
    const StepSummary summary = summarize_step(step);
    std::set<std::uint32_t> reads;
    for (const WarpAccess& a : step.accesses) {
        if (a.warp != warp || a.kind == AccessKind::Shuffle) continue;
        for (const LaneAccess& lane : a.lanes)
            (a.kind == AccessKind::Read ? reads : f.written).insert(lane.address / 4);
    }
    for (const Flow& flow : summary.flows)
        if (flow.thread / 32 == warp && f.written.count(flow.to_word))
            f.read.insert(flow.from_word);
    if (f.written.empty()) f.read = reads;
    return f;
}

Color mix(const Color& a, const Color& b, float t) {
    return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t,
            a.a + (b.a - a.a) * t};
}

Color with_alpha(Color c, float alpha) {
    c.a = alpha;
    return c;
}

Color role_fill(const Theme& t, CellRole role) {
    switch (role) {
        case CellRole::Plain:
            return t.cell;
        case CellRole::Undefined:
            return mix(t.cell, t.panel, 0.6f);
        case CellRole::Read:
            return mix(t.cell, t.read, 0.55f);
        case CellRole::Written:
            return mix(t.cell, t.write, 0.6f);
        case CellRole::ReadWritten:
            return mix(mix(t.cell, t.read, 0.45f), t.write, 0.45f);
        case CellRole::Hazard:
            return mix(t.cell, t.hazard, 0.7f);
        case CellRole::Highlight:
            return mix(t.cell, t.accent, 0.45f);
        case CellRole::Header:
            return t.widget;
    }
    return t.cell;
}

Color readable_on(const Color& fill) {
    const float luminance = 0.2126f * fill.r + 0.7152f * fill.g + 0.0722f * fill.b;
    return luminance > 0.5f ? Color{0.07f, 0.08f, 0.1f, 1} : Color{0.97f, 0.97f, 0.98f, 1};
}

}  // namespace scanscope
