#include "scenes/scatter_scene.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>

#include "core/bits.h"
#include "model/trace_queries.h"
#include "model/values.h"
#include "scenes/arrow_route.h"
#include "scenes/output_row.h"
#include "variants/registry.h"

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

// A row's name above its first line (or, `below`, under its last), drawn however far the
// picture is zoomed out.
void name_row(Scene& scene, const Row& row, const std::string& name, const Theme& theme,
              int count = 0, bool below = false, float lower = 0) {
    const float y = below ? row.bottom(count) + 0.55f + lower : row.top - 0.25f;
    SceneLabel label{{0, y}, name, theme.text, 0.45f, Align::Left};
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

// The pass the cursor is in (a compaction or a split has one; a radix sort one a bit): its flag
// step, where its keys are flagged, and its scatter step, both within the block's steps.
struct Pass {
    int index = 0, count = 1;
    int flag_at = 0, scatter_at = 0;
};

Pass pass_at(const Trace& trace, const Launch& launch, int first, int last, int at) {
    auto phase = [&](int k) {
        const StepLabel* l = trace.label(launch.steps[std::size_t(first + k)].line);
        return l ? l->phase : std::string();
    };
    Pass p;
    p.count = 0;
    for (int k = 0; k <= last; ++k)
        if (phase(k) == "flag") {
            if (k <= at) {
                p.flag_at = k;
                p.index = p.count;
            }
            ++p.count;
        }
    p.count = std::max(p.count, 1);
    p.scatter_at = last;
    for (int k = p.flag_at; k <= last; ++k)
        if (phase(k) == "scatter") {
            p.scatter_at = k;
            break;
        }
    return p;
}

// A key's low `bits` bits (value order, core/bits.h) under its cell, the pass's bit lit in its
// pile's colour (the arrows'): the digit that decides where the key goes.
void key_digits(Scene& scene, Vec2 cell, std::uint32_t key, ElementKind kind, int bits, int lit,
                const Theme& theme) {
    const std::uint32_t order = kind == ElementKind::Float
                                    ? radix_bits(from_bits<float>(key))
                                    : radix_bits(from_bits<std::int32_t>(key));
    const float pitch = 1.0f / float(bits);
    for (int d = 0; d < bits; ++d) {
        const int bit = bits - 1 - d;  // the highest first, as numbers are written
        const std::uint32_t value = (order >> bit) & 1u;
        const Color pile = value ? theme.accent : theme.write;
        SceneLabel label{{cell.x + pitch * (float(d) + 0.5f), cell.y + 1.42f},
                         std::to_string(value),
                         bit == lit ? pile : mix(theme.text, theme.background, 0.45f),
                         bit == lit ? 0.6f : 0.3f,
                         Align::Center};
        scene.labels.push_back(label);
    }
}

}  // namespace

Scene build_scatter_scene(const Trace& trace, const Cursor& c, const Theme& theme, int columns) {
    Scene scene;
    const VariantInfo* variant = find_card(trace.request);
    if (trace.launches.empty() || trace.launches.front().steps.empty() || !variant) {
        scene.empty_message = "Nothing to show: the trace has no steps.";
        return scene;
    }
    const bool split = variant->algorithm == Algorithm::Split;
    const Launch& launch = trace.launches.front();
    const int n = int(trace.input.size());
    const ElementKind kind = kind_of(trace.request.type);
    columns = std::max(columns, 1);
    const int first = launch.first_step(0), last = launch.steps_of(0) - 1;
    const int at = std::clamp(c.step, 0, last);
    // The pass's scatter is the step its label names; from there on the places are known.
    const Pass pass = pass_at(trace, launch, first, last, at);
    const int scatter_at = pass.scatter_at;
    const Step& flagged = launch.steps[std::size_t(first + pass.flag_at)];
    const Step& now = launch.steps[std::size_t(first + at)];
    const Step& scanned = launch.steps[std::size_t(first + std::min(at, scatter_at))];
    const bool scattered = at >= scatter_at && trace.stopped().empty();
    auto word = [&](const Step& s, int i) -> const std::uint32_t* {
        return i >= 0 && std::size_t(i) < s.shared.size() && s.defined[std::size_t(i)]
                   ? &s.shared[std::size_t(i)]
                   : nullptr;
    };
    auto flag = [&](int i) {
        const std::uint32_t* f = word(flagged, i);
        return f && *f == 1;
    };
    // The split's keys: the input on the first pass, then the order the last pass left in shared
    // `sorted` (as the pass's flag step found it).
    const std::uint32_t sorted_first =
        split && launch.arrays.size() > 1 ? launch.arrays[1].offset / 4 : 0;
    auto key = [&](int i) -> const std::uint32_t* {
        if (pass.index == 0 || !split) return &trace.input[std::size_t(i)];
        return word(flagged, int(sorted_first) + i);
    };
    auto key_text = [&](int i) {
        const std::uint32_t* k = key(i);
        return k ? format_value(*k, kind) : std::string();
    };
    const std::uint32_t total_falses =
        global_word(launch, "totalFalses", std::size_t(pass.index)).value_or(0);
    // Where element i goes (-1: it does not move).
    auto place = [&](int i) -> int {
        const std::uint32_t* f = word(scanned, i);
        if (!f) return -1;
        if (!split) return flag(i) ? int(*f) : -1;
        return flag(i) ? int(*f) : i - int(*f) + int(total_falses);
    };
    auto moves = [&](int i) { return split || flag(i); };
    const int bit = pass.index;  // the split's pass k orders by bit k
    const std::string bit_name = "bit " + std::to_string(bit);
    const int digits = split ? sort_bits(trace.request) : 0;
    const bool show_digits = split && digits > 1 && digits <= 6;

    Row input{0.6f, columns};
    const std::string pass_name = pass.count > 1 ? "pass " + std::to_string(pass.index + 1) +
                                                       " of " + std::to_string(pass.count) + ": "
                                                 : "";
    name_row(scene, input,
             !split ? "input"
             : pass.index == 0
                 ? pass_name + "keys (" + bit_name + ": the pile)"
                 : pass_name + "keys as the last pass left them (" + bit_name + ": the pile)",
             theme);
    for (int i = 0; i < n; ++i) {
        SceneCell cell = value_cell(input.cell(i), key_text(i),
                                    !key(i)                 ? CellRole::Undefined
                                    : scattered && moves(i) ? CellRole::Read
                                                            : CellRole::Plain,
                                    theme);
        cell.ref = pass.index == 0 || !split ? CellRef::global(0, i)
                                             : CellRef::word(int(sorted_first) + i);
        scene.cells.push_back(cell);
        if (show_digits && key(i))
            key_digits(scene, input.cell(i), *key(i), kind, digits, bit, theme);
    }

    Row flags{input.bottom(n) + kRowGap + (show_digits ? 0.6f : 0.0f), columns};
    name_row(scene, flags,
             split ? "e: 1 where " + bit_name + " is 0"
                   : "flag: 1 where kept (" + keep_rule_words(trace.request.keep) + ")",
             theme);
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
             !scattered ? "the flags, being scanned in place (Blelloch's sweeps)"
             : split    ? "f: the exclusive sum of e (a 0-key's place)"
                        : "the flags' exclusive sum: each kept element's place",
             theme);
    const StepSummary summary = summarize_step(now);
    for (int i = 0; i < n; ++i) {
        const std::uint32_t* v = word(scanned, i);
        const auto role = summary.roles.find(std::uint32_t(i));
        SceneCell cell = value_cell(sum.cell(i), v ? format_value(*v, ElementKind::Int) : "",
                                    !v                            ? CellRole::Undefined
                                    : scattered && moves(i)       ? CellRole::Read
                                    : role != summary.roles.end() ? role->second
                                                                  : CellRole::Plain,
                                    theme);
        cell.ref = CellRef::word(i);
        cell.focus = !scattered && at > 0 && role != summary.roles.end();
        scene.cells.push_back(cell);
    }
    if (!scattered) {
        // The sweep's arrows (what each written flag added, a swap's two), as arcs under the
        // row, where nothing is drawn before the scatter: over it they would cross its name.
        // Between a wrapped row's lines they bow no further than the next line's margin.
        std::map<float, float> longest;  // by a line's top
        const auto line_of = [&](const Flow& f) {
            return f.from_word != f.to_word && int(f.to_word) < n && int(f.from_word) < n &&
                           sum.cell(int(f.from_word)).y == sum.cell(int(f.to_word)).y
                       ? sum.cell(int(f.to_word)).y
                       : -1.0f;
        };
        for (const Flow& f : summary.flows)
            if (const float y = line_of(f); y >= 0)
                longest[y] = std::max(longest[y], std::abs(sum.cell(int(f.to_word)).x -
                                                           sum.cell(int(f.from_word)).x));
        for (const Flow& f : summary.flows) {
            const float y = line_of(f);
            if (y < 0) continue;
            const Vec2 a = sum.cell(int(f.from_word)), b = sum.cell(int(f.to_word));
            const float room = y + kPitch >= sum.bottom(n) - 1e-3f ? 1.2f : 0.35f;
            for (const SceneArrow& piece :
                 arc_towards({a.x + 0.5f, a.y + 1.0f}, {b.x + 0.5f, b.y + 1.0f}, {0, 1},
                             arc_height(a.x, b.x, longest.at(y), room), theme.arrow, 1.6f))
                scene.arrows.push_back(piece);
        }
        scene.fit_bounds();
        return scene;
    }

    // The scatter. The elements that move are drawn again just above their places, so that each
    // arrow, from an element to its place, crosses no other row and no row's name; the split's
    // two piles in two colours.
    Row moving{sum.bottom(n) + kRowGap, columns};
    name_row(scene, moving,
             split ? "the keys again, each to d: f where " + bit_name +
                         " is 0, i - f + totalFalses "
                         "where it is 1"
                   : "the kept elements again, each to its scanned flag",
             theme);
    for (int i = 0; i < n; ++i) {
        SceneCell cell = value_cell(moving.cell(i), moves(i) ? key_text(i) : "",
                                    moves(i) ? CellRole::Read : CellRole::Undefined, theme);
        cell.ref = pass.index == 0 || !split ? CellRef::global(0, i)
                                             : CellRef::word(int(sorted_first) + i);
        cell.focus = at == scatter_at && moves(i);  // the scatter step's sources
        scene.cells.push_back(cell);
    }
    Row out{moving.bottom(n) + 2.2f, columns};
    name_row(scene, out,
             split ? "sorted (shared memory): the keys whose " + bit_name +
                         " is 0, then those whose " + bit_name + " is 1, each pile in its order"
                   : "output: the kept elements, in order, then what was there (not written)",
             theme, n, true, show_digits ? 0.6f : 0.0f);
    // Where each element goes (-1: it stays), and which places are landed on.
    std::vector<int> destination(std::size_t(n), -1);
    std::vector<bool> landed(std::size_t(n), false);
    for (int i = 0; i < n; ++i) {
        const int to_index = moves(i) ? place(i) : -1;
        if (to_index < 0 || to_index >= n) continue;
        destination[std::size_t(i)] = to_index;
        landed[std::size_t(to_index)] = true;
    }
    // The values at the places: the output (compaction), the shared `sorted` (split).
    for (int i = 0; i < n; ++i) {
        const std::uint32_t* v = split ? word(now, int(sorted_first) + i)
                                 : std::size_t(i) < trace.output.size()
                                     ? &trace.output[std::size_t(i)]
                                     : nullptr;
        SceneCell cell = value_cell(out.cell(i), v ? format_value(*v, kind) : "",
                                    !v                       ? CellRole::Undefined
                                    : landed[std::size_t(i)] ? CellRole::Written
                                                             : CellRole::Plain,
                                    theme);
        cell.ref = split ? CellRef::word(int(sorted_first) + i) : CellRef::output(i);
        cell.focus = at == scatter_at && landed[std::size_t(i)];
        if (!split && v && !landed[std::size_t(i)]) {
            // Past the kept elements: the buffer's words as they were, which no thread wrote.
            cell.fill = mix(theme.cell, theme.panel, 0.6f);
            cell.text_color = theme.text_dim;
        }
        scene.cells.push_back(cell);
    }
    // Each element to its place, drawn once both rows are in: where the rows wrap, an arrow from
    // a later line goes around the lines between, along the gaps, not over their values.
    for (int i = 0; i < n; ++i) {
        const int to_index = destination[std::size_t(i)];
        if (to_index < 0) continue;
        const Vec2 from = moving.cell(i), to = out.cell(to_index);
        const Color colour = split && !flag(i) ? theme.accent : theme.write;
        for (const SceneArrow& piece :
             arrow_clear_of_values(scene.cells, {from.x + 0.5f, from.y + 1.0f}, {to.x + 0.5f, to.y},
                                   {from.x, from.y, 1.0f, 1.0f}, {to.x, to.y, 1.0f, 1.0f},
                                   kPitch - 1.0f, colour, 1.5f))
            scene.arrows.push_back(piece);
    }
    if (show_digits)
        for (int i = 0; i < n; ++i)
            if (const std::uint32_t* v = word(now, int(sorted_first) + i);
                v && landed[std::size_t(i)])
                key_digits(scene, out.cell(i), *v, kind, digits, bit, theme);
    // The split's last step copies `sorted` out: the output the kernel wrote, under it.
    if (split && at == last)
        add_output_row(scene, trace, 0,
                       out.bottom(n) + kRowGap + 0.8f + (show_digits ? 0.5f : 0.0f), columns,
                       theme);
    scene.fit_bounds();
    return scene;
}

}  // namespace scanscope
