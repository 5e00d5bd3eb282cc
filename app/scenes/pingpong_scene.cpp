#include "scenes/pingpong_scene.h"

#include <algorithm>

#include "analysis/hazards.h"
#include "model/values.h"
#include "scenes/array_scene.h"
#include "scenes/arrow_route.h"
#include "scenes/output_row.h"

namespace scanscope {
namespace {

constexpr float kColumn = 1.12f;
constexpr float kBandPitch = 5.0f;  // an in row, an out row, room between bands
constexpr float kOutRow = 2.6f;

// One buffer's elements laid out in bands of a warp each (or a part of one): element i of
// `first_word`'s buffer.
struct BufferRow {
    std::uint32_t first_word;
    std::uint32_t words;
    const std::vector<std::uint32_t>* values;
    const std::vector<std::uint8_t>* defined;
    std::string label;
    float offset;             // 0 for the row read, kOutRow for the row written
    std::uint32_t band = 32;  // elements a band

    Vec2 top_of(std::uint32_t i) const {
        return {float(i % band) * kColumn + 0.5f, float(i / band) * kBandPitch + offset};
    }
};

void draw_row(Scene& scene, const BufferRow& row, const StepSummary& summary,
              const std::set<std::uint32_t>& hazards, bool reads_here, ElementKind kind, int block,
              const std::set<std::uint32_t>& focus, const Theme& theme) {
    const std::uint32_t band_size = row.band;
    for (std::uint32_t band = 0; band * band_size < row.words; ++band) {
        const std::uint32_t last = std::min(row.words, (band + 1) * band_size) - 1;
        std::string label = row.label;
        if (row.words > band_size)
            label += " [" + std::to_string(band * band_size) + ".." + std::to_string(last) + "]";
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
        cell.focus = focus.count(i) > 0;
        scene.cells.push_back(cell);
    }
}

}  // namespace

Scene build_pingpong_scene(const Trace& trace, const Cursor& c, const Theme& theme,
                           const PingPongSceneOptions& options) {
    const std::uint32_t band_size = std::uint32_t(std::max(options.columns, 1));
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
    scene.labels.push_back(step_caption_label(step_caption(trace, c), -1.4f, theme));

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
    top.band = bottom.band = band_size;
    // The focus, as element indices of each row: what the followed warp read and wrote; in a
    // race, the first collision between warps: the word raced for, and what its reader wrote.
    std::set<std::uint32_t> top_focus, bottom_focus;
    const StepFocus focus = step_focus(*step, c.focus_warp, m <= 32);
    const auto index_in = [](const BufferRow& row, std::uint32_t w, std::set<std::uint32_t>& out) {
        if (w >= row.first_word && w < row.first_word + row.words) out.insert(w - row.first_word);
    };
    const auto race = std::find_if(hazards.begin(), hazards.end(),
                                   [](const Hazard& h) { return h.across_warps(); });
    if (focus.everything) {
        for (std::uint32_t i = 0; i < m; ++i)
            top_focus.insert(i), bottom_focus.insert(i);
    } else if (race != hazards.end()) {
        // The word two warps collide on: what one read (before) and the other wrote (after).
        const std::uint32_t raced = race->address / 4;
        index_in(top, raced, top_focus);
        index_in(bottom, raced, bottom_focus);
    } else {
        for (std::uint32_t w : focus.read)
            index_in(top, w, top_focus);
        for (std::uint32_t w : focus.written)
            index_in(bottom, w, bottom_focus);
    }
    draw_row(scene, top, summary, hazard_words, true, kind, c.block, top_focus, theme);
    draw_row(scene, bottom, summary, hazard_words, false, kind, c.block, bottom_focus, theme);

    if (adds) {
        for (const Flow& f : summary.flows) {
            if (f.from_word < top.first_word || f.from_word >= top.first_word + m) continue;
            if (f.to_word < bottom.first_word || f.to_word >= bottom.first_word + m) continue;
            const Vec2 from = top.top_of(f.from_word - top.first_word);
            const Vec2 to = bottom.top_of(f.to_word - bottom.first_word);
            // Bottom edge to top edge; one that would cross the rows between (a band's last
            // element read by the next band's first) goes around them, along the gaps.
            const Vec2 a{from.x, from.y + 1.0f};
            const Rect source{from.x - 0.5f, from.y, 1.0f, 1.0f},
                target{to.x - 0.5f, to.y, 1.0f, 1.0f};
            for (const SceneArrow& piece : arrow_clear_of_values(
                     scene.cells, a, to, source, target, kColumn - 1.0f,
                     with_alpha(hazard_words.count(f.from_word) ? theme.hazard : theme.arrow,
                                0.85f),
                     1.5f))
                scene.arrows.push_back(piece);
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
        const float below =
            float((m + band_size - 1) / band_size - 1) * kBandPitch + kOutRow + 1.6f;
        add_output_row(scene, trace, 0, below, int(band_size), theme);
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
        for (std::size_t i = 0; i < examples.size() && int(i) < options.hazard_examples; ++i) {
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
