#include "scenes/grid_scene.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "core/bits.h"
#include "model/trace_queries.h"
#include "model/values.h"
#include "scenes/array_scene.h"
#include "scenes/arrow_route.h"

namespace scanscope {
namespace {

constexpr float kPitch = 1.12f;  // a row and the gap under it
// A column and the gap after it: wider, so that the column steps' arcs stand in a lane of their
// own between the columns, seen from the back of a room; a table's height, which a projector's
// canvas runs out of first, does not change.
constexpr float kColumnPitch = 1.5f;
// How far an arrow's arc bows out of its row: across the gap (0.12) and into the cells beyond no
// further than their margins (a fifth of a cell), clear of their numbers; out of its column, to
// the middle of the gap, however far it reaches.
constexpr float kArcBow = 0.3f;
constexpr float kColumnArcBow = 0.25f;
// The widest table whose box lookup is written beside it rather than under it.
constexpr int kBesideUpTo = 8;

Vec2 cell_at(int k, int width, float top) {
    return {float(k % width) * kColumnPitch, top + float(k / width) * kPitch};
}

// The buffer a step wrote (its "out" value), 0 before the first scan step.
int written_buffer(const Trace& trace, const Step& step) {
    const StepLabel* label = trace.label(step.line);
    if (!label) return 0;
    for (std::size_t v = 0; v < label->vars.size() && v < step.vars.size(); ++v)
        if (label->vars[v] == "out") return step.vars[v];
    return 0;
}

}  // namespace

Scene build_grid_scene(const Trace& trace, const Cursor& c, const Theme& theme) {
    Scene scene;
    if (trace.launches.empty() || trace.launches.front().steps.empty()) {
        scene.empty_message = "Nothing to show: the trace has no steps.";
        return scene;
    }
    const Launch& launch = trace.launches.front();
    const int n = int(trace.input.size());
    const int width = std::max(table_width(trace.request), 1), height = n / width;
    const int last = launch.steps_of(0) - 1;
    const Step& step = *find_step(launch, 0, std::clamp(c.step, 0, last));
    const bool done = c.step >= last && trace.output.size() == std::size_t(n);
    const ElementKind kind = kind_of(trace.request.type);
    const int m = launch.block;  // one thread, and one word of each buffer, per entry
    const int out = written_buffer(trace, step);
    const StepSummary summary = summarize_step(step);
    const StepFocus focus = step_focus(step, c.focus_warp, false);

    Cursor caption = c;
    caption.block = 0;
    // The buffer's name above the arcs over the first row (kArcBow).
    scene.labels.push_back(step_caption_label(step_caption(trace, caption), -1.4f, theme));
    SceneLabel name{{0, -0.6f},
                    done ? "the table, as the kernel wrote it to global memory (" +
                               std::to_string(width) + " x " + std::to_string(height) + ")"
                         : "buffer " + std::to_string(out) + " (" + std::to_string(width) + " x " +
                               std::to_string(height) + ")",
                    theme.text,
                    0.45f,
                    Align::Left};
    name.keep = true;
    scene.labels.push_back(name);

    TableBox box;
    // A table of maxima has no box lookup: a max cannot be taken back out.
    const bool add = trace.request.op == OpKind::Add;
    const bool boxed = done && add && default_box(width, height, box);
    const auto in_box = [&](int k) {
        const int x = k % width, y = k / width;
        return boxed && x >= box.x0 && x <= box.x1 && y >= box.y0 && y <= box.y1;
    };
    for (int k = 0; k < n; ++k) {
        const std::uint32_t word = std::uint32_t(out * m + k);
        const bool defined = word < step.defined.size() && step.defined[word];
        const auto role = summary.roles.find(word);
        SceneCell cell;
        const Vec2 at = cell_at(k, width, 0);
        cell.rect = {at.x, at.y, 1.0f, 1.0f};
        cell.role = done       ? CellRole::Plain
                    : !defined ? CellRole::Undefined
                    : role != summary.roles.end() && role->second != CellRole::Read
                        ? CellRole::Written
                        : CellRole::Plain;
        cell.fill = role_fill(theme, cell.role);
        if (in_box(k)) cell.fill = mix(cell.fill, theme.accent, 0.3f);
        cell.border =
            cell.role == CellRole::Plain ? theme.cell_border : mix(cell.fill, theme.text, 0.35f);
        cell.border_px = cell.role == CellRole::Plain ? 1.0f : 2.0f;
        const std::uint32_t bits = done ? trace.output[std::size_t(k)] : step.shared[word];
        cell.text = done || defined ? format_value(bits, kind) : "";
        cell.text_color = theme.cell_text;
        cell.ref = done ? CellRef::output(k) : CellRef::word(int(word));
        cell.focus = !done && focus.written.count(word);
        scene.cells.push_back(cell);
    }
    // What each entry added: an arrow from the entry it read in the other buffer (the same place
    // in the grid, d to the left or d rows up), an arc from edge to edge bowed over the row or to
    // the left of the column, into the gap and the margin of the cells beyond, never as far as
    // their values. (Straight, along the cells' edges, the arrows of a step lay on one another.)
    if (!done)
        for (const Flow& f : summary.flows) {
            const int from = int(f.from_word) % m, to = int(f.to_word) % m;
            if (from == to || from >= n || to >= n) continue;
            const Vec2 a = cell_at(from, width, 0), b = cell_at(to, width, 0);
            const bool in_a_row = from / width == to / width;
            const bool in_a_column = from % width == to % width;
            const Color color = with_alpha(theme.arrow, 0.85f);
            if (!in_a_row && !in_a_column) {
                scene.arrows.push_back(
                    {{a.x + 0.5f, a.y + 0.5f}, {b.x + 0.5f, b.y + 0.5f}, color, 1.6f, true});
                continue;
            }
            const float bow = in_a_row
                                  ? std::min(kArcBow, 0.15f * std::abs(b.x - a.x) / kColumnPitch)
                                  : kColumnArcBow;
            const Vec2 lane = in_a_row ? Vec2{0.5f, 0} : Vec2{0, 0.5f};
            for (const SceneArrow& piece :
                 arc_towards({a.x + lane.x, a.y + lane.y}, {b.x + lane.x, b.y + lane.y},
                             in_a_row ? Vec2{0, -1} : Vec2{-1, 0}, bow, color, 2.0f))
                scene.arrows.push_back(piece);
        }

    // The box sum from four entries, beside the box's own entries added up.
    if (boxed) {
        double from_table = 0;
        std::string terms, values;
        for (const BoxCorner& k : box_corners(box)) {
            const int i = k.y * width + k.x;
            const Vec2 at = cell_at(i, width, 0);
            SceneCell outline;
            outline.rect = {at.x - 0.08f, at.y - 0.08f, 1.16f, 1.16f};
            outline.fill = with_alpha(theme.hazard, 0.0f);
            outline.border = k.sign > 0 ? theme.write : theme.hazard;
            outline.border_px = 3.0f;
            outline.role = CellRole::Highlight;
            scene.cells.push_back(outline);  // a frame only: the value is the cell under it
            scene.cells[std::size_t(i)].focus = true;  // the four values the lookup reads
            const std::uint32_t bits = trace.output[std::size_t(i)];
            const double v = kind == ElementKind::Float ? double(from_bits<float>(bits))
                                                        : double(from_bits<std::int32_t>(bits));
            from_table += k.sign * v;
            const std::string sign = terms.empty() ? (k.sign > 0 ? "" : "-")
                                     : k.sign > 0  ? " + "
                                                   : " - ";
            terms += sign + "T(" + std::to_string(k.x) + "," + std::to_string(k.y) + ")";
            values += sign + format_value(bits, kind);
        }
        double direct = 0;
        for (int k = 0; k < n; ++k)
            if (in_box(k)) {
                const std::uint32_t bits = trace.input[std::size_t(k)];
                direct += kind == ElementKind::Float ? double(from_bits<float>(bits))
                                                     : double(from_bits<std::int32_t>(bits));
            }
        const auto number = [&](double v) {
            return kind == ElementKind::Float ? format_value(to_bits(float(v)), kind)
                                              : std::to_string(static_cast<long long>(v));
        };
        // What the lookup reads and what it finds. Beside a narrow table, in short lines, where
        // a projector's canvas has room to spare and the table keeps its height; under a wide
        // one, a line each.
        const std::string box_title = "box " + box_name(box);
        const std::string found = values + " = " + number(from_table);
        const std::string key = "orange: added, red: taken away";
        const std::string check = "its " +
                                  std::to_string((box.x1 - box.x0 + 1) * (box.y1 - box.y0 + 1)) +
                                  " entries added one by one: " + number(direct) + ";";
        const std::string reads = "four reads, whatever the box's size";
        const auto line = [&](Vec2 at, const std::string& text, bool dim) {
            SceneLabel label{at, text, dim ? theme.text_dim : theme.text, dim ? 0.4f : 0.45f,
                             Align::Left};
            label.keep = true;
            scene.labels.push_back(label);
        };
        if (width <= kBesideUpTo) {
            const float x = float(width) * kColumnPitch + 0.6f;
            line({x, 0.3f}, box_title, false);
            line({x, 0.95f}, "= " + terms, false);
            line({x, 1.6f}, "= " + found, false);
            line({x, 2.4f}, key, true);
            line({x, 3.0f}, check, true);
            line({x, 3.6f}, reads, true);
        } else {
            const float y = float(height) * kPitch + 0.6f;
            line({0, y}, box_title + ": " + terms + " = " + found + "   (" + key + ")", false);
            line({0, y + 0.75f}, check + " " + reads, true);
        }
    }
    scene.fit_bounds();
    return scene;
}

}  // namespace scanscope
