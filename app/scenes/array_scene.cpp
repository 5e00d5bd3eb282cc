#include "scenes/array_scene.h"

#include <algorithm>
#include <map>
#include <set>

#include "analysis/hazards.h"
#include "model/trace_queries.h"
#include "model/values.h"
#include "scenes/arrow_route.h"
#include "scenes/output_row.h"
#include "scenes/segments.h"

namespace scanscope {
namespace {

constexpr float kPitch = 1.12f;  // cell pitch: 1 unit cells, 0.12 gaps
// More words than this fed by one word are drawn as a bar along them (a broadcast read).
constexpr std::size_t kFanOut = 8;
// The room for arcs between cells of the first row (the caption goes above them).
constexpr float kRoomOverFirstRow = 1.8f;

ElementKind kind_at(const Launch& launch, std::uint32_t word, ElementKind fallback) {
    for (const SharedArrayInfo& a : launch.arrays)
        if (word * 4 >= a.offset && word * 4 < a.offset + a.count * a.element_bytes) return a.kind;
    return fallback;
}

}  // namespace

std::string step_caption(const Trace& trace, const Cursor& c) {
    if (c.launch >= int(trace.launches.size())) return {};
    const Launch& launch = trace.launches[std::size_t(c.launch)];
    // Steps are numbered as the timeline, --step, capture and analyze number them: from 1, over
    // all launches.
    std::string text = "step " + std::to_string(trace.step_number(c.launch, c.step)) + "/" +
                       std::to_string(trace.frame_count());
    if (trace.launches.size() > 1)
        text += " · launch " + std::to_string(c.launch + 1) + "/" +
                std::to_string(trace.launches.size()) + " " + launch.name;
    if (launch.grid > 1)
        text += " · block " + std::to_string(c.block) + " of " + std::to_string(launch.grid);
    if (const Step* step = find_step(launch, c.block, c.step)) {
        if (const StepLabel* label = trace.label(step->line)) {
            // Only the variables the label names.
            std::vector<std::int32_t> named(
                step->vars.begin(),
                step->vars.begin() +
                    std::ptrdiff_t(std::min(step->vars.size(), label->vars.size())));
            text += " · " + phase_text(label, named);
        }
    }
    return text;
}

WordPlacement place_words(const Launch& launch, int columns, float top) {
    WordPlacement p;
    p.rects.assign(launch.shared_bytes / 4, Rect{});
    float y = top;
    for (const SharedArrayInfo& a : launch.arrays) {
        const int words = int(a.count * a.element_bytes / 4);
        const int cols = std::max(1, std::min(columns, words));
        for (int i = 0; i < words; ++i) {
            const std::size_t word = a.offset / 4 + std::size_t(i);
            if (word < p.rects.size())
                p.rects[word] = {float(i % cols) * kPitch, y + float(i / cols) * kPitch, 1.0f,
                                 1.0f};
        }
        y += float((words + cols - 1) / cols) * kPitch + 0.9f;
    }
    return p;
}

Scene build_array_scene(const Trace& trace, const Cursor& c, const Theme& theme,
                        const ArraySceneOptions& options) {
    Scene scene;
    if (c.launch >= int(trace.launches.size())) {
        scene.empty_message = "No trace loaded: pick a variant and press Capture, or open a trace.";
        return scene;
    }
    const Launch& launch = trace.launches[std::size_t(c.launch)];
    const Step* step = find_step(launch, c.block, c.step);
    if (!step) {
        scene.empty_message =
            "Block " + std::to_string(c.block) + " has no step " + std::to_string(c.step + 1) + ".";
        return scene;
    }
    const ElementKind element = kind_of(trace.request.type);
    const StepSummary summary = summarize_step(*step);
    const MemoryState before = state_before(launch, c.block, c.step);
    std::set<std::uint32_t> hazards;
    for (const Hazard& h : step_hazards(trace, c.launch, launch.first_step(c.block) + c.step))
        hazards.insert(h.address / 4);

    scene.labels.push_back(step_caption_label(step_caption(trace, c), -1.1f, theme));
    const WordPlacement place = place_words(launch, options.columns, 0.0f);
    const bool gliding = c.glide < 1.0f;

    // Array names beside their first row.
    for (const SharedArrayInfo& a : launch.arrays) {
        const std::size_t first = a.offset / 4;
        if (first < place.rects.size() && place.rects[first].w > 0)
            scene.labels.push_back({{-0.25f, place.rects[first].center().y + 0.18f},
                                    a.name,
                                    theme.text_dim,
                                    0.4f,
                                    Align::Right});
    }

    const StepFocus focus = step_focus(*step, c.focus_warp, false);
    const auto in_small_array = [&](std::uint32_t word) {
        for (const SharedArrayInfo& a : launch.arrays)
            if (word * 4 >= a.offset && word * 4 < a.offset + a.count * a.element_bytes)
                return a.count <= 32;
        return false;
    };
    // A segmented scan's arrays are indexed by element: tint each segment, mark each head.
    const Segments segments = segments_of(trace);
    const auto element_of = [&](std::uint32_t word) {
        const SharedArrayInfo* a = array_of_word(launch, word);
        return a ? int((word * 4 - a->offset) / a->element_bytes) : -1;
    };
    for (std::size_t w = 0; w < place.rects.size(); ++w) {
        if (place.rects[w].w == 0) continue;
        SceneCell cell;
        cell.focus = focus.contains(std::uint32_t(w)) || in_small_array(std::uint32_t(w));
        cell.rect = place.rects[w];
        cell.ref = CellRef::word(int(w), c.block);
        auto role = summary.roles.find(std::uint32_t(w));
        cell.role = !step->defined[w]             ? CellRole::Undefined
                    : role != summary.roles.end() ? role->second
                                                  : CellRole::Plain;
        if (hazards.count(std::uint32_t(w))) cell.role = CellRole::Hazard;
        if (summary.zeroed.count(std::uint32_t(w))) cell.role = CellRole::Highlight;
        cell.fill = role_fill(theme, cell.role);
        cell.border = cell.role == CellRole::Plain || cell.role == CellRole::Undefined
                          ? theme.cell_border
                          : mix(cell.fill, theme.text, 0.35f);
        cell.border_px =
            cell.role == CellRole::Plain || cell.role == CellRole::Undefined ? 1.0f : 2.0f;
        // While a written value glides in, the cell keeps its old value.
        const bool written = role != summary.roles.end() && role->second != CellRole::Read;
        const bool show_old = gliding && written && c.glide < 0.9f;
        const std::uint32_t bits = show_old ? before.words[w] : step->shared[w];
        const bool defined = show_old ? before.defined[w] != 0 : step->defined[w] != 0;
        cell.text = defined ? format_value(bits, kind_at(launch, std::uint32_t(w), element)) : "";
        cell.text_color = theme.cell_text;
        show_segment(scene, cell, segments, element_of(std::uint32_t(w)), theme);
        scene.cells.push_back(cell);
    }

    // A word read by many threads and flowing into many words (a broadcast: summed-area's left
    // parts, added into every column) is drawn as one arrow to a bar along each row of the words
    // it feeds, not as a fan of arrows over their values.
    std::map<std::uint32_t, std::set<std::uint32_t>> feeds;
    for (const Flow& f : summary.flows)
        if (f.from_word < place.rects.size() && f.to_word < place.rects.size())
            feeds[f.from_word].insert(f.to_word);
    const auto flow_color = [&](std::uint32_t from) {
        return with_alpha(hazards.count(from) ? theme.hazard : theme.arrow, 0.85f);
    };
    for (const auto& [from_word, words] : feeds) {
        const Rect& from = place.rects[from_word];
        if (words.size() <= kFanOut || from.w == 0) continue;
        std::map<float, std::pair<float, float>> rows;  // a row's top: the span of the words fed
        for (std::uint32_t w : words) {
            const Rect& r = place.rects[w];
            if (r.w == 0) continue;
            auto [span, fresh] = rows.try_emplace(r.y, r.x, r.right());
            if (!fresh)
                span->second = {std::min(span->second.first, r.x),
                                std::max(span->second.second, r.right())};
        }
        for (const auto& [top, span] : rows) {
            const float bar_y = top - 0.06f;  // in the gap above the row
            scene.arrows.push_back(
                {{span.first, bar_y}, {span.second, bar_y}, flow_color(from_word), 2.5f, false});
            const float x = std::clamp(from.center().x, span.first + 0.5f, span.second - 0.5f);
            const Rect under_bar{x - 0.5f, top, 1.0f, 1.0f};  // the fed cell the arrow meets
            for (const SceneArrow& piece :
                 arrow_clear_of_values(scene.cells, edge_facing(from, top), {x, bar_y}, from,
                                       under_bar, kPitch - 1.0f, flow_color(from_word), 1.6f))
                scene.arrows.push_back(piece);
        }
    }
    // Within a row, an arrow is an arc above it, higher the farther it reaches, in the room
    // between the row and what is drawn above it (the caption over the first row).
    std::map<float, float> room_above, longest_reach;  // by a row's top
    for (const Rect& r : place.rects)
        if (r.w > 0) room_above.try_emplace(r.y, kRoomOverFirstRow);
    for (auto& [top, room] : room_above)
        for (const Rect& r : place.rects)
            if (r.w > 0 && r.bottom() <= top + 1e-3f) room = std::min(room, top - r.bottom());
    const auto drawn = [&](const Flow& f) {
        return f.from_word < place.rects.size() && f.to_word < place.rects.size() &&
               feeds.at(f.from_word).size() <= kFanOut &&  // else drawn as a bar above
               place.rects[f.from_word].w > 0 && place.rects[f.to_word].w > 0;
    };
    for (const Flow& f : summary.flows) {
        if (!drawn(f) || place.rects[f.from_word].y != place.rects[f.to_word].y) continue;
        float& reach = longest_reach[place.rects[f.to_word].y];
        reach = std::max(reach, std::abs(place.rects[f.to_word].x - place.rects[f.from_word].x));
    }
    for (const Flow& f : summary.flows) {
        if (!drawn(f)) continue;
        const Rect& from = place.rects[f.from_word];
        const Rect& to = place.rects[f.to_word];
        const Color color = flow_color(f.from_word);
        if (from.y == to.y && from.x == to.x) {
            // A word read into itself: no arrow (its glide shows the new value).
        } else if (from.y == to.y) {
            const float height =
                arc_height(from.x, to.x, longest_reach.at(to.y), room_above.at(to.y));
            for (const SceneArrow& piece : arc_over_row({from.center().x, from.y},
                                                        {to.center().x, to.y}, height, color, 1.6f))
                scene.arrows.push_back(piece);
        } else {
            for (const SceneArrow& piece : arrow_clear_of_values(
                     scene.cells, edge_facing(from, to.y), edge_facing(to, from.y), from, to,
                     kPitch - 1.0f, color, 1.6f))
                scene.arrows.push_back(piece);
        }
        if (gliding)
            scene.glides.push_back(
                {from.center(), to.center(),
                 format_value(step->shared[f.to_word], kind_at(launch, f.to_word, element)),
                 theme.write, c.glide});
    }

    // The caption clear of the arcs over the first row.
    float highest = 0;
    for (const SceneArrow& a : scene.arrows)
        highest = std::min({highest, a.from.y, a.to.y});
    scene.labels.front().at.y = std::min(scene.labels.front().at.y, highest - 0.7f);

    // Global buffers after this launch (block sums, increments, tile descriptors).
    float y = 0;
    for (const Rect& r : place.rects)
        y = std::max(y, r.bottom());
    y += 1.2f;
    // Predict mode keeps what the launch leaves in global memory for its last step: shown
    // before, it would answer the questions about the steps that compute it.
    const bool hidden = options.hide_later && c.step + 1 < launch.steps_of(c.block);
    const ElementKind counts = global_value_kind(trace.request);  // a compaction's: ints
    for (const GlobalBuffer& g : launch.globals) {
        scene.labels.push_back({{0, y - 0.25f},
                                g.name + (hidden ? " (global memory: shown at the launch's last "
                                                   "step, in predict mode)"
                                                 : " (global memory, after the launch)"),
                                theme.text_dim,
                                0.4f,
                                Align::Left});
        const int cols = std::max(1, std::min(options.columns, int(g.values.size())));
        for (std::size_t i = 0; i < g.values.size(); ++i) {
            SceneCell cell;
            cell.rect = {float(int(i) % cols) * kPitch, y + float(int(i) / cols) * kPitch, 1.0f,
                         1.0f};
            cell.fill = mix(theme.cell, theme.accent, int(i) == c.block ? 0.35f : 0.12f);
            cell.border = theme.cell_border;
            cell.role = CellRole::Plain;
            cell.ref = CellRef::global(int(&g - launch.globals.data()), int(i));
            const std::uint32_t value = std::uint32_t(g.values[i]);
            if (g.element_bytes == 8) {
                const auto status = TileStatus(g.values[i] >> 32);
                cell.text = status == TileStatus::Invalid
                                ? "X"
                                : (status == TileStatus::Aggregate ? "A " : "P ") +
                                      format_value(value, counts);
            } else {
                cell.text = format_value(value, counts);
            }
            cell.text_color = theme.cell_text;
            if (hidden) cell.text = "?";
            scene.cells.push_back(cell);
        }
        y += float((int(g.values.size()) + cols - 1) / cols) * kPitch + 1.2f;
    }
    if (at_last_step(trace, c)) add_output_row(scene, trace, 0, y - 0.6f, options.columns, theme);
    scene.fit_bounds();
    return scene;
}

}  // namespace scanscope
