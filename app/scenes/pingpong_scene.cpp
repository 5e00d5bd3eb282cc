#include "scenes/pingpong_scene.h"

#include <algorithm>

#include "analysis/hazards.h"
#include "model/values.h"
#include "scenes/array_scene.h"

namespace scanscope {
namespace {

constexpr float kColumn = 1.12f;

struct Row {
    std::uint32_t first_word;
    std::uint32_t words;
    const std::vector<std::uint32_t>* values;
    const std::vector<std::uint8_t>* defined;
    std::string label;
    float y;
};

void draw_row(Scene& scene, const Row& row, const StepSummary& summary,
              const std::set<std::uint32_t>& hazards, bool reads_here, ElementKind kind,
              const Theme& theme) {
    scene.labels.push_back({{-0.3f, row.y + 0.68f}, row.label, theme.text, 0.45f, Align::Right});
    for (std::uint32_t i = 0; i < row.words; ++i) {
        const std::uint32_t w = row.first_word + i;
        SceneCell cell;
        cell.rect = {float(i) * kColumn, row.y, 1.0f, 1.0f};
        cell.tag = int(w);
        auto role = summary.roles.find(w);
        const bool read = role != summary.roles.end() && role->second != CellRole::Written;
        const bool written = role != summary.roles.end() && role->second != CellRole::Read;
        cell.role = !(*row.defined)[w]       ? CellRole::Undefined
                    : hazards.count(w)       ? CellRole::Hazard
                    : reads_here && read     ? CellRole::Read
                    : !reads_here && written ? CellRole::Written
                                             : CellRole::Plain;
        cell.fill = role_fill(theme, cell.role);
        cell.border =
            cell.role == CellRole::Plain ? theme.cell_border : mix(cell.fill, theme.text, 0.35f);
        cell.border_px = cell.role == CellRole::Plain ? 1.0f : 2.0f;
        cell.text = (*row.defined)[w] ? format_value((*row.values)[w], kind) : "";
        cell.text_color = theme.cell_text;
        scene.cells.push_back(cell);
    }
}

}  // namespace

Scene build_pingpong_scene(const Trace& trace, const Cursor& c, const Theme& theme) {
    Scene scene;
    if (c.launch >= int(trace.launches.size()) ||
        trace.launches[std::size_t(c.launch)].arrays.empty()) {
        scene.empty_message = "No trace loaded.";
        return scene;
    }
    const Launch& launch = trace.launches[std::size_t(c.launch)];
    const Step* step = find_step(launch, c.block, c.step);
    if (!step) {
        scene.empty_message = "Nothing to draw at this step.";
        return scene;
    }
    const SharedArrayInfo& array = launch.arrays[0];
    const ElementKind kind = array.kind;
    const StepSummary summary = summarize_step(*step);
    const MemoryState before = state_before(launch, c.block, c.step);
    std::set<std::uint32_t> hazard_words;
    const auto hazards = step_hazards(trace, c.launch, launch.first_step(c.block) + c.step);
    for (const Hazard& h : hazards)
        hazard_words.insert(h.address / 4);
    scene.labels.push_back({{0, -1.4f}, step_caption(trace, c), theme.text, 0.55f, Align::Left});

    const bool double_buffered = trace.request.variant != "hillis-steele-inplace";
    const std::uint32_t m = double_buffered ? array.count / 2 : array.count;
    const std::uint32_t base = array.offset / 4;
    const bool adds = step->vars.size() >= (double_buffered ? 3u : 1u);
    Row top, bottom;
    if (double_buffered && adds) {
        const int in = step->vars[1], out = step->vars[2];
        top = {base + std::uint32_t(in) * m,       m, &before.words, &before.defined,
               "T" + std::to_string(in) + " (in)", 0};
        bottom = {base + std::uint32_t(out) * m,        m,   &step->shared, &step->defined,
                  "T" + std::to_string(out) + " (out)", 2.6f};
    } else if (double_buffered) {
        top = {base, m, &step->shared, &step->defined, "T0", 0};
        bottom = {base + m, m, &step->shared, &step->defined, "T1", 2.6f};
    } else {
        top = {base, m, &before.words, &before.defined, "x before", 0};
        bottom = {base, m, &step->shared, &step->defined, "x after", 2.6f};
    }
    draw_row(scene, top, summary, hazard_words, true, kind, theme);
    draw_row(scene, bottom, summary, hazard_words, false, kind, theme);

    if (adds) {
        for (const Flow& f : summary.flows) {
            if (f.from_word < top.first_word || f.from_word >= top.first_word + m) continue;
            if (f.to_word < bottom.first_word || f.to_word >= bottom.first_word + m) continue;
            const Vec2 a{float(f.from_word - top.first_word) * kColumn + 0.5f, 1.0f};
            const Vec2 b{float(f.to_word - bottom.first_word) * kColumn + 0.5f, 2.6f};
            scene.arrows.push_back(
                {a, b,
                 with_alpha(hazard_words.count(f.from_word) ? theme.hazard : theme.arrow, 0.85f),
                 1.5f, true});
            if (c.glide < 1.0f)
                scene.glides.push_back({{a.x, 0.5f},
                                        {b.x, 3.1f},
                                        format_value(step->shared[f.to_word], kind),
                                        theme.write});
        }
        if (double_buffered)
            scene.labels.push_back({{float(m) * kColumn + 0.4f, 1.95f},
                                    "swap(in, out) after each step",
                                    theme.text_dim,
                                    0.38f,
                                    Align::Left});
    }

    // The in-place race: each word one thread writes while another reads it, in the same step.
    float y = 4.3f;
    if (!hazards.empty()) {
        scene.labels.push_back({{0, y},
                                std::to_string(hazards.size()) + " hazards in this step:",
                                theme.hazard,
                                0.45f,
                                Align::Left});
        for (std::size_t i = 0; i < hazards.size() && i < 6; ++i) {
            const Hazard& h = hazards[i];
            y += 0.6f;
            scene.labels.push_back({{0, y},
                                    "thread " + std::to_string(h.other) +
                                        (h.write_write ? " also writes x[" : " reads x[") +
                                        std::to_string(h.address / 4 - base) + "] while thread " +
                                        std::to_string(h.writer) + " writes it",
                                    theme.hazard,
                                    0.4f,
                                    Align::Left});
        }
    }
    scene.fit_bounds();
    return scene;
}

}  // namespace scanscope
