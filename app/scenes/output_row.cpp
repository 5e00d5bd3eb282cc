#include "scenes/output_row.h"

#include <algorithm>

#include "model/values.h"
#include "variants/registry.h"

namespace scanscope {
namespace {

constexpr float kPitch = 1.12f;

}  // namespace

bool at_last_step(const Trace& trace, const Cursor& c) {
    if (trace.launches.empty() || c.launch != int(trace.launches.size()) - 1) return false;
    const Launch& launch = trace.launches.back();
    return c.step >= launch.steps_of(c.block) - 1;
}

float add_output_row(Scene& scene, const Trace& trace, float x, float y, int columns,
                     const Theme& theme) {
    const ElementKind kind = kind_of(trace.request.type);
    const VariantInfo* variant = find_card(trace.request);
    const bool reduce = variant && variant->algorithm == Algorithm::Reduce;
    const int count = int(std::min<std::size_t>(trace.output.size(), kMaxOutputCells));
    std::string title = "output in global memory, as the kernel wrote it: ";
    title += reduce                    ? "the reduction"
             : trace.request.inclusive ? "inclusive scan"
                                       : "exclusive scan";
    if (count < int(trace.output.size()))
        title += " (first " + std::to_string(count) + " of " + std::to_string(trace.output.size()) +
                 " values; all are in the trace)";
    scene.labels.push_back({{x, y + 0.1f}, title, theme.accent, 0.42f, Align::Left});
    y += 0.55f;
    columns = std::max(columns, 1);
    for (int i = 0; i < count; ++i) {
        SceneCell cell;
        cell.rect = {x + float(i % columns) * kPitch, y + float(i / columns) * kPitch, 1.0f, 1.0f};
        cell.fill = mix(theme.cell, theme.write, 0.3f);
        cell.border = mix(theme.write, theme.text, 0.35f);
        cell.border_px = 1.5f;
        cell.text = format_value(trace.output[std::size_t(i)], kind);
        cell.text_color = theme.cell_text;
        cell.role = CellRole::Plain;
        cell.ref = CellRef::output(i);
        scene.cells.push_back(cell);
    }
    return y + float((count + columns - 1) / columns) * kPitch;
}

}  // namespace scanscope
