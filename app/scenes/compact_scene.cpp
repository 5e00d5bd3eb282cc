#include "scenes/compact_scene.h"

#include <algorithm>
#include <string>

#include "model/trace_queries.h"
#include "model/values.h"

namespace scanscope {
namespace {

constexpr float kPitch = 1.12f;  // a cell and the gap after it
constexpr float kRowGap = 1.3f;  // between one row's last line and the next row's name

struct Row {
    float top = 0;
    int columns = 32;
    Vec2 cell(int i) const {
        return {float(i % columns) * kPitch, top + float(i / columns) * kPitch};
    }
    float bottom(int count) const { return top + float((count + columns - 1) / columns) * kPitch; }
};

// A row's name above its first line, drawn however far the picture is zoomed out.
void name_row(Scene& scene, const Row& row, const std::string& name, const Theme& theme) {
    SceneLabel label{{0, row.top - 0.25f}, name, theme.text, 0.45f, Align::Left};
    label.keep = true;
    scene.labels.push_back(label);
}

SceneCell value_cell(Vec2 at, const std::string& text, CellRole role, const Theme& theme) {
    SceneCell c;
    c.rect = {at.x, at.y, 1.0f, 1.0f};
    c.role = role;
    c.fill = role_fill(theme, role);
    c.border = role == CellRole::Plain ? theme.cell_border : mix(c.fill, theme.text, 0.35f);
    c.border_px = role == CellRole::Plain ? 1.0f : 2.0f;
    c.text = text;
    c.text_color = theme.cell_text;
    return c;
}

}  // namespace

Scene build_compact_scene(const Trace& trace, const Cursor& c, const Theme& theme, int columns) {
    Scene scene;
    if (trace.launches.empty() || trace.launches.front().steps.empty()) {
        scene.empty_message = "Nothing to show: the trace has no steps.";
        return scene;
    }
    const Launch& launch = trace.launches.front();
    const int n = int(trace.input.size());
    const ElementKind kind = kind_of(trace.request.type);
    columns = std::max(columns, 1);
    const int last = launch.steps_of(0) - 1;
    const int at = std::clamp(c.step, 0, last);
    const Step& flagged = launch.steps[std::size_t(launch.first_step(0))];
    const Step& now = launch.steps[std::size_t(launch.first_step(0) + at)];
    const bool scattered = at == last && trace.stopped().empty();
    auto word = [&](const Step& s, int i) -> const std::uint32_t* {
        return std::size_t(i) < s.shared.size() && s.defined[std::size_t(i)]
                   ? &s.shared[std::size_t(i)]
                   : nullptr;
    };
    auto kept = [&](int i) {
        const std::uint32_t* f = word(flagged, i);
        return f && *f == 1;
    };

    Row input{0.6f, columns};
    name_row(scene, input, "input", theme);
    for (int i = 0; i < n; ++i) {
        SceneCell cell = value_cell(input.cell(i), format_value(trace.input[std::size_t(i)], kind),
                                    scattered && kept(i) ? CellRole::Read : CellRole::Plain, theme);
        cell.ref = CellRef::global(0, i);
        cell.focus = scattered && kept(i);
        scene.cells.push_back(cell);
    }

    Row flags{input.bottom(n) + kRowGap, columns};
    name_row(scene, flags, "flag: 1 where kept (not 0)", theme);
    for (int i = 0; i < n; ++i) {
        const std::uint32_t* f = word(flagged, i);
        SceneCell cell = value_cell(flags.cell(i), f ? format_value(*f, ElementKind::Int) : "",
                                    !f        ? CellRole::Undefined
                                    : at == 0 ? CellRole::Written
                                              : CellRole::Plain,
                                    theme);
        cell.ref = CellRef::word(i);
        cell.focus = at == 0;
        scene.cells.push_back(cell);
    }

    Row sum{flags.bottom(n) + kRowGap, columns};
    name_row(scene, sum,
             scattered ? "the flags' exclusive sum: each kept element's place"
                       : "the flags, being scanned in place (Blelloch's sweeps)",
             theme);
    const StepSummary summary = summarize_step(now);
    for (int i = 0; i < n; ++i) {
        const std::uint32_t* v = word(now, i);
        const auto role = summary.roles.find(std::uint32_t(i));
        SceneCell cell = value_cell(sum.cell(i), v ? format_value(*v, ElementKind::Int) : "",
                                    !v                            ? CellRole::Undefined
                                    : scattered && kept(i)        ? CellRole::Read
                                    : role != summary.roles.end() ? role->second
                                                                  : CellRole::Plain,
                                    theme);
        cell.ref = CellRef::word(i);
        cell.focus = !scattered && at > 0 && role != summary.roles.end();
        scene.cells.push_back(cell);
    }
    if (!scattered) {
        scene.fit_bounds();
        return scene;
    }

    // The scatter: each kept element to output[its scanned flag].
    Row out{sum.bottom(n) + kRowGap + 0.8f, columns};
    name_row(scene, out, "output: the kept elements, in order", theme);
    std::vector<bool> landed(std::size_t(n), false);
    for (int i = 0; i < n; ++i) {
        const std::uint32_t* place = word(now, i);
        if (!kept(i) || !place || int(*place) >= n) continue;
        landed[*place] = true;
        const Vec2 from = input.cell(i), to = out.cell(int(*place));
        scene.arrows.push_back(
            {{from.x + 0.5f, from.y + 1.0f}, {to.x + 0.5f, to.y}, theme.write, 1.5f, true});
    }
    for (int i = 0; i < n && std::size_t(i) < trace.output.size(); ++i) {
        SceneCell cell =
            value_cell(out.cell(i), format_value(trace.output[std::size_t(i)], kind),
                       landed[std::size_t(i)] ? CellRole::Written : CellRole::Plain, theme);
        cell.ref = CellRef::output(i);
        cell.focus = landed[std::size_t(i)];
        scene.cells.push_back(cell);
    }
    scene.fit_bounds();
    return scene;
}

}  // namespace scanscope
