#include "scenes/history_scene.h"

#include <algorithm>

#include "model/values.h"
#include "scenes/array_scene.h"
#include "scenes/arrow_route.h"
#include "scenes/output_row.h"
#include "scenes/segments.h"

namespace scanscope {
namespace {

constexpr float kColumn = 1.12f;
constexpr float kRow = 2.1f;     // rows leave room for the arrows between them
constexpr float kStrip = 0.42f;  // thread cells of the reduction view

std::string row_label(const Trace& trace, const Step& step) {
    return phase_text(trace.label(step.line), step.vars);
}

}  // namespace

Scene build_history_scene(const Trace& trace, const Cursor& c, const Theme& theme,
                          const HistorySceneOptions& options) {
    Scene scene;
    scene.newest_at_bottom = true;
    if (c.launch >= int(trace.launches.size())) {
        scene.empty_message = "No trace loaded.";
        return scene;
    }
    const Launch& launch = trace.launches[std::size_t(c.launch)];
    if (!find_step(launch, c.block, c.step)) {
        scene.empty_message = "Nothing to draw at this step.";
        return scene;
    }
    if (options.array >= int(launch.arrays.size())) {
        // A launch that works in global memory only (e.g. adding the block sums): no tree, but
        // its step, and at the end what it wrote.
        scene.labels.push_back(step_caption_label(step_caption(trace, c), -1.4f, theme));
        scene.notes.push_back("This launch uses no shared memory: it works in global memory.");
        if (at_last_step(trace, c)) add_output_row(scene, trace, 0, 0, 32, theme);
        scene.fit_bounds();
        return scene;
    }
    const SharedArrayInfo& array = launch.arrays[std::size_t(options.array)];
    const std::uint32_t first_word = array.offset / 4, words = array.count;
    const int steps = launch.steps_of(c.block);

    // The array's logical elements: words some step of this block ever wrote (padding never is).
    std::vector<std::uint32_t> columns;
    const Step* last = find_step(launch, c.block, steps - 1);
    for (std::uint32_t w = first_word; w < first_word + words; ++w)
        if (last && last->defined[w]) columns.push_back(w);
    std::map<std::uint32_t, int> column_of;
    for (std::size_t i = 0; i < columns.size(); ++i)
        column_of[columns[i]] = int(i);

    scene.labels.push_back(step_caption_label(step_caption(trace, c), -1.4f, theme));
    // A step's elements in rows of `per_row` (a long array wraps, a warp's worth to a row or a
    // part of one), each row with its thread strip in the reduction view. Wrapped, the view shows
    // the step and the one before it only, row by row: each part of the array as it was, then as
    // the step left it, so that what a warp read sits right above what it wrote.
    const bool wrapped = options.columns > 0 && int(columns.size()) > options.columns;
    const int per_row = wrapped ? options.columns : std::max<int>(1, int(columns.size()));
    const int chunks = std::max<int>(1, (int(columns.size()) + per_row - 1) / per_row);
    // Wrapped (a projector), the rows pack closer: a thinner thread strip, less room between.
    const float strip = wrapped ? 0.3f : kStrip, strip_gap = wrapped ? 0.15f : 0.3f;
    const float chunk_pitch = kColumn + (options.threads ? strip + strip_gap : 0.0f);
    const float row_pitch = float(chunks) * chunk_pitch + (kRow - kColumn);
    const int first_step = wrapped ? std::max(0, c.step - 1) : 0;
    const float step_gap = chunk_pitch + 0.8f;  // rows of one part, step to step
    const float group_pitch = float(c.step - first_step + 1) * step_gap + 0.6f;
    const auto place = [&](int column, int s) {
        const float y =
            wrapped ? float(column / per_row) * group_pitch + float(s - first_step) * step_gap
                    : float(s) * row_pitch + float(column / per_row) * chunk_pitch;
        return Vec2{float(column % per_row) * kColumn, y};
    };
    const float bottom = wrapped ? float(chunks) * group_pitch - 0.6f - (step_gap - chunk_pitch)
                                 : float(c.step + 1) * row_pitch - (kRow - kColumn);
    const ElementKind kind = array.kind;
    const Step& now = *find_step(launch, c.block, c.step);
    const StepFocus focus = step_focus(now, c.focus_warp, columns.size() <= 32);

    // What each step's writes read, drawn once every row is in place: an arrow between the
    // cells' facing edges, around the rows between where a wrapped array puts the two apart.
    struct FlowArrow {
        Rect from, to;
        Color color;
        float width_px;
    };
    std::vector<FlowArrow> flows;
    // The values' array (x) only: it is indexed by element.
    const Segments segments = options.array == 0 ? segments_of(trace) : Segments{};
    for (int s = first_step; s <= c.step; ++s) {
        const Step& step = *find_step(launch, c.block, s);
        const StepSummary summary = summarize_step(step);
        const bool current = s == c.step;
        const bool read_row = s + 1 == c.step;
        for (int k = 0; k < chunks; ++k) {
            // Each row's name; the rows of a wrapped array also say where they start.
            std::string label = k == 0 || wrapped ? row_label(trace, step) : std::string();
            if (chunks > 1)
                label += (label.empty() ? "[" : " [") + std::to_string(k * per_row) + "]";
            scene.labels.push_back({{-0.3f, place(k * per_row, s).y + 0.68f},
                                    label,
                                    current ? theme.text : theme.text_dim,
                                    k == 0 || wrapped ? 0.42f : 0.36f,
                                    Align::Right});
        }
        const MemoryState before = state_before(launch, c.block, s);
        for (std::uint32_t w : columns) {
            SceneCell cell;
            const Vec2 at = place(column_of[w], s);
            cell.rect = {at.x, at.y, 1.0f, 1.0f};
            cell.ref = CellRef::word(int(w), c.block);
            auto role = summary.roles.find(w);
            const bool written = role != summary.roles.end() && role->second != CellRole::Read;
            cell.role = !step.defined[w]          ? CellRole::Undefined
                        : summary.zeroed.count(w) ? CellRole::Highlight
                        : written                 ? CellRole::Written
                                                  : CellRole::Plain;
            cell.fill = role_fill(theme, cell.role);
            if (!current && cell.role == CellRole::Written)
                cell.fill = mix(cell.fill, theme.cell, 0.45f);
            cell.border = current ? mix(theme.accent, theme.cell_border, 0.3f) : theme.cell_border;
            cell.border_px = current ? 2.0f : 1.0f;
            const bool show_old = current && written && c.glide < 0.9f;
            const bool defined = show_old ? before.defined[w] : step.defined[w];
            cell.text =
                defined ? format_value(show_old ? before.words[w] : step.shared[w], kind) : "";
            cell.text_color = theme.cell_text;
            // A segmented scan's values, element by element: each segment tinted, each head
            // marked.
            show_segment(scene, cell, segments, int(w - first_word), theme);
            // Now: what the warp wrote (every element of a small array); the row above: what
            // those writes read.
            cell.focus = (current && (focus.everything || focus.written.count(w))) ||
                         (read_row && focus.read.count(w)) ||
                         (current && focus.written.empty() && focus.read.count(w));
            scene.cells.push_back(cell);
        }
        if (s > first_step) {
            for (const Flow& f : summary.flows) {
                auto from = column_of.find(f.from_word), to = column_of.find(f.to_word);
                if (from == column_of.end() || to == column_of.end()) continue;
                const Vec2 fa = place(from->second, s - 1), tb = place(to->second, s);
                flows.push_back(
                    {{fa.x, fa.y, 1.0f, 1.0f},
                     {tb.x, tb.y, 1.0f, 1.0f},
                     with_alpha(current ? theme.write : theme.arrow, current ? 0.95f : 0.55f),
                     current ? 2.0f : 1.2f});
                if (current && c.glide < 1.0f)
                    scene.glides.push_back({{fa.x + 0.5f, fa.y + 0.5f},
                                            {tb.x + 0.5f, tb.y + 0.5f},
                                            format_value(step.shared[f.to_word], kind),
                                            theme.write,
                                            c.glide});
            }
        }
        if (options.threads) {
            // One cell per thread: lit if it touched shared memory in this step; a warp whose lanes
            // split between working and idling diverged.
            const int threads = launch.block;
            for (int t = 0; t < threads; ++t) {
                SceneCell cell;
                const bool active = summary.active_threads.count(t) > 0;
                const Vec2 at = place(t, s);
                cell.rect = {at.x, at.y + 1.15f, 1.0f, strip};
                cell.fill = active ? mix(theme.cell, theme.conflict[0], 0.7f)
                                   : mix(theme.cell, theme.panel, 0.5f);
                cell.border = theme.cell_border;
                cell.border_px = 0.5f;
                cell.role = active ? CellRole::Highlight : CellRole::Plain;
                cell.ref = CellRef::thread(t);
                scene.cells.push_back(cell);
            }
            for (int warp = 0; warp * 32 < threads; ++warp) {
                int active = 0, lanes = std::min(32, threads - warp * 32);
                for (int l = 0; l < lanes; ++l)
                    active += summary.active_threads.count(warp * 32 + l) > 0;
                if (active == 0 || active == lanes) continue;
                // The warp's lanes, row by row where the rows are narrower than a warp.
                for (int first = warp * 32; first < warp * 32 + lanes;) {
                    const int in_row =
                        std::min(warp * 32 + lanes - first, per_row - first % per_row);
                    const Vec2 at = place(first, s);
                    SceneCell outline;
                    outline.rect = {at.x - 0.06f, at.y + 1.15f - 0.06f, float(in_row) * kColumn,
                                    strip + 0.12f};
                    outline.fill = with_alpha(theme.conflict[3], 0.0f);
                    outline.border = theme.conflict[3];
                    outline.border_px = 2.0f;
                    outline.role = CellRole::Header;
                    outline.ref = CellRef::warp(warp);
                    scene.cells.push_back(outline);
                    first += in_row;
                }
            }
        }
    }
    for (const FlowArrow& f : flows)
        for (const SceneArrow& piece : arrow_clear_of_values(
                 scene.cells, edge_facing(f.from, f.to.y), edge_facing(f.to, f.from.y), f.from,
                 f.to, kColumn - 1.0f, f.color, f.width_px))
            scene.arrows.push_back(piece);
    if (at_last_step(trace, c)) {
        const float below = bottom + (kRow - kColumn) + (options.threads ? 0.9f : 0.0f);
        add_output_row(scene, trace, 0, below, std::max(per_row, 8), theme);
    }
    if (options.threads)
        scene.labels.push_back({{0, bottom + 0.51f},
                                "threads: lit = working this step; outlined = a warp that diverged",
                                theme.text_dim,
                                0.38f,
                                Align::Left});
    scene.fit_bounds();
    return scene;
}

}  // namespace scanscope
