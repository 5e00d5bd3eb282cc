#include "scenes/pingpong_scene.h"

#include <algorithm>

#include "analysis/hazards.h"
#include "model/values.h"
#include "scenes/array_scene.h"
#include "scenes/output_row.h"

namespace scanscope {
namespace {

constexpr float kColumn = 1.12f;
constexpr int kBand = 32;           // one warp's elements per band
constexpr float kBandPitch = 5.4f;  // an in row, an out row, room between bands
constexpr float kOutRow = 2.6f;

// One buffer's elements laid out in bands of a warp each: element i of `first_word`'s buffer.
struct BufferRow {
    std::uint32_t first_word;
    std::uint32_t words;
    const std::vector<std::uint32_t>* values;
    const std::vector<std::uint8_t>* defined;
    std::string label;
    float offset;  // 0 for the row read, kOutRow for the row written

    Vec2 top_of(std::uint32_t i) const {
        return {float(i % kBand) * kColumn + 0.5f, float(i / kBand) * kBandPitch + offset};
    }
};

void draw_row(Scene& scene, const BufferRow& row, const StepSummary& summary,
              const std::set<std::uint32_t>& hazards, bool reads_here, ElementKind kind, int block,
              const Theme& theme) {
    for (std::uint32_t band = 0; band * kBand < row.words; ++band) {
        const std::uint32_t last = std::min(row.words, (band + 1) * kBand) - 1;
        std::string label = row.label;
        if (row.words > kBand)
            label += " [" + std::to_string(band * kBand) + ".." + std::to_string(last) + "]";
        scene.labels.push_back({{-0.3f, float(band) * kBandPitch + row.offset + 0.68f},
                                label,
                                theme.text,
                                0.45f,
                                Align::Right});
    }
    for (std::uint32_t i = 0; i < row.words; ++i) {
        const std::uint32_t w = row.first_word + i;
        SceneCell cell;
        const Vec2 top = row.top_of(i);
        cell.rect = {top.x - 0.5f, top.y, 1.0f, 1.0f};
        cell.ref = CellRef::word(int(w), block);
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
    scene.labels.push_back(
        {{0, -1.4f}, step_caption(trace, c), theme.text, 0.55f, Align::Left, 15.0f});

    // Double-buffered: x holds T0 then T1. A step's values name the buffer it reads and the one it
    // writes; the load and store steps show both buffers as they are.
    const bool double_buffered = trace.request.variant != "hillis-steele-inplace";
    const std::uint32_t m = double_buffered ? array.count / 2 : array.count;
    const std::uint32_t base = array.offset / 4;
    const bool adds = step->vars.size() >= (double_buffered ? 3u : 1u);
    BufferRow top, bottom;
    if (double_buffered && adds) {
        const int in = step->vars[1], out = step->vars[2];
        if (in < 0 || in > 1 || out < 0 || out > 1 || in == out) {
            scene.empty_message = "This step names buffers T" + std::to_string(in) + " and T" +
                                  std::to_string(out) + "; there are only T0 and T1.";
            return scene;
        }
        top = {base + std::uint32_t(in) * m,       m, &before.words, &before.defined,
               "T" + std::to_string(in) + " (in)", 0};
        bottom = {base + std::uint32_t(out) * m,        m,      &step->shared, &step->defined,
                  "T" + std::to_string(out) + " (out)", kOutRow};
    } else if (double_buffered) {
        top = {base, m, &step->shared, &step->defined, "T0", 0};
        bottom = {base + m, m, &step->shared, &step->defined, "T1", kOutRow};
    } else {
        top = {base, m, &before.words, &before.defined, "x before", 0};
        bottom = {base, m, &step->shared, &step->defined, "x after", kOutRow};
    }
    draw_row(scene, top, summary, hazard_words, true, kind, c.block, theme);
    draw_row(scene, bottom, summary, hazard_words, false, kind, c.block, theme);

    if (adds) {
        for (const Flow& f : summary.flows) {
            if (f.from_word < top.first_word || f.from_word >= top.first_word + m) continue;
            if (f.to_word < bottom.first_word || f.to_word >= bottom.first_word + m) continue;
            const Vec2 from = top.top_of(f.from_word - top.first_word);
            const Vec2 to = bottom.top_of(f.to_word - bottom.first_word);
            const Vec2 a{from.x, from.y + 1.0f};
            scene.arrows.push_back(
                {a, to,
                 with_alpha(hazard_words.count(f.from_word) ? theme.hazard : theme.arrow, 0.85f),
                 1.5f, true});
            if (c.glide < 1.0f)
                scene.glides.push_back({{from.x, from.y + 0.5f},
                                        {to.x, to.y + 0.5f},
                                        format_value(step->shared[f.to_word], kind),
                                        theme.write,
                                        c.glide});
        }
        if (double_buffered)
            scene.notes.push_back("The buffers swap roles after each step: swap(in, out).");
    }

    if (at_last_step(trace, c)) {
        const float below = float((m + kBand - 1) / kBand - 1) * kBandPitch + kOutRow + 1.6f;
        add_output_row(scene, trace, 0, below, kBand, theme);
    }

    // The in-place race: each word one thread writes while another reads it, in the same step.
    // Examples between warps come first: those are the ones that go wrong.
    if (!hazards.empty()) {
        std::vector<Hazard> examples = hazards;
        std::stable_partition(examples.begin(), examples.end(),
                              [](const Hazard& h) { return h.across_warps(); });
        const auto across = std::count_if(hazards.begin(), hazards.end(),
                                          [](const Hazard& h) { return h.across_warps(); });
        scene.notes.push_back(std::to_string(hazards.size()) + " hazards in this step (" +
                              std::to_string(across) + " between warps), for example:");
        auto thread = [](int t) {
            return "thread " + std::to_string(t) + " (warp " + std::to_string(t / 32) + ")";
        };
        for (std::size_t i = 0; i < examples.size() && i < 3; ++i) {
            const Hazard& h = examples[i];
            scene.notes.push_back("  " + thread(h.other) +
                                  (h.write_write ? " also writes x[" : " reads x[") +
                                  std::to_string(h.address / 4 - base) + "] while " +
                                  thread(h.writer) + " writes it");
        }
    }
    scene.fit_bounds();
    return scene;
}

}  // namespace scanscope
