#include "scenes/output_row.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "analysis/result_check.h"
#include "model/values.h"
#include "variants/registry.h"
#include "variants/run_request.h"

namespace scanscope {
namespace {

constexpr float kPitch = 1.12f;

// What a split or a radix sort leaves: a split orders by bit 0, a sort by the bits it passed over.
std::string sorted_keys(const RunRequest& request) {
    const int bits = sort_bits(request);
    if (bits == 1) return "keys with bit 0 clear, then those with it set";
    if (bits >= 32) return "the keys in order";
    return "the keys in order of their low " + std::to_string(bits) + " bits";
}

}  // namespace

bool at_last_step(const Trace& trace, const Cursor& c) {
    if (trace.launches.empty() || c.launch != int(trace.launches.size()) - 1) return false;
    const Launch& launch = trace.launches.back();
    return c.step >= launch.steps_of(c.block) - 1;
}

float add_output_row(Scene& scene, const Trace& trace, float x, float y, int columns,
                     const Theme& theme) {
    if (!trace.stopped().empty()) {
        // No output to show: the kernel stopped in this step, with the error it names.
        scene.labels.push_back({{x, y + 0.1f},
                                "no output: the kernel stopped with an error in this step: " +
                                    trace.stopped().substr(0, 160),
                                theme.hazard,
                                0.42f,
                                Align::Left});
        return y + 0.7f;
    }
    const ElementKind kind = kind_of(trace.request.type);
    const VariantInfo* variant = find_card(trace.request);
    const bool reduce = variant && variant->algorithm == Algorithm::Reduce;
    const int count = int(std::min<std::size_t>(trace.output.size(), kMaxOutputCells));
    // Two lines: what the row is, then what it holds and the verdict, so that the verdict is
    // drawn whole where a projector's large type leaves room for half a long line.
    std::string caption = "output in global memory, as the kernel wrote it";
    if (count < int(trace.output.size()))
        caption += " (the first " + std::to_string(count) + " of " +
                   std::to_string(trace.output.size()) + " values; all are in the trace)";
    std::string title = reduce ? "the reduction"
                        : variant && variant->algorithm == Algorithm::Compact
                            ? "the kept elements, then what was there"
                        : variant && variant->algorithm == Algorithm::Split
                            ? sorted_keys(trace.request)
                        : variant && variant->algorithm == Algorithm::SegmentedScan
                            ? (trace.request.inclusive ? "each segment's inclusive scan"
                                                       : "each segment's exclusive scan")
                        : trace.request.inclusive ? "inclusive scan"
                                                  : "exclusive scan";
    // Beside what it should have written (the sequential loop on the CPU): where they differ, the
    // two rows interleave and the differences are red. A trace naming a variant no registry knows
    // has no loop to compare with (its checks say so): its output is drawn as it is.
    const std::vector<std::uint32_t> expected =
        variant ? sequential_result(trace.request, trace.input) : std::vector<std::uint32_t>{};
    const bool floats = kind == ElementKind::Float;
    const auto differs = [&](int i) {
        if (std::size_t(i) >= expected.size()) return false;
        const std::uint32_t got = trace.output[std::size_t(i)], want = expected[std::size_t(i)];
        if (!floats) return got != want;
        float g, w;
        std::memcpy(&g, &got, 4);
        std::memcpy(&w, &want, 4);
        return !(std::fabs(g - w) <= 1e-3f * (std::fabs(w) + 1.0f));
    };
    int first_wrong = -1;
    for (int i = 0; i < count && first_wrong < 0; ++i)
        if (differs(i)) first_wrong = i;
    const bool wrong = variant && (first_wrong >= 0 ||
                                   !check_result(trace.request, trace.input, trace.output).empty());
    if (!variant)
        title +=
            ", not compared: no variant is called '" + trace.request.variant.substr(0, 60) + "'";
    else if (wrong && first_wrong >= 0)
        title += ": element " + std::to_string(first_wrong) + " is " +
                 format_value(trace.output[std::size_t(first_wrong)], kind) + ", expected " +
                 format_value(expected[std::size_t(first_wrong)], kind);
    else if (!wrong)
        title += ", the same as a sequential loop's";
    // A wrong outcome is what the last step is about: its first difference is the focus.
    if (wrong)
        for (SceneCell& c : scene.cells)
            c.focus = false;
    scene.labels.push_back({{x, y + 0.1f}, caption, theme.text_dim, 0.42f, Align::Left});
    scene.labels.push_back(
        {{x, y + 0.6f}, title, wrong ? theme.hazard : theme.accent, 0.42f, Align::Left});
    y += 1.05f;
    columns = std::max(columns, 1);
    const float chunk = wrong ? 2.3f * kPitch : kPitch;
    const auto place = [&](int i, float below) {
        return Rect{x + float(i % columns) * kPitch, y + float(i / columns) * chunk + below, 1.0f,
                    1.0f};
    };
    for (int i = 0; i < count; ++i) {
        const bool bad = differs(i);
        SceneCell cell;
        cell.rect = place(i, 0);
        cell.fill = bad ? role_fill(theme, CellRole::Hazard) : mix(theme.cell, theme.write, 0.3f);
        cell.border = mix(bad ? theme.hazard : theme.write, theme.text, 0.35f);
        cell.border_px = bad ? 2.5f : 1.5f;
        cell.text = format_value(trace.output[std::size_t(i)], kind);
        cell.text_color = theme.cell_text;
        cell.role = bad ? CellRole::Hazard : CellRole::Plain;
        cell.ref = CellRef::output(i);
        // The outcome is what the last step is about: all of a small one, or its first error.
        cell.focus = wrong ? i == first_wrong : count <= 32;
        scene.cells.push_back(cell);
        if (!wrong || std::size_t(i) >= expected.size()) continue;
        SceneCell want = cell;
        want.rect = place(i, 1.05f * kPitch);
        want.fill = mix(theme.cell, theme.panel, 0.3f);
        want.border = bad ? theme.hazard : theme.cell_border;
        want.border_px = bad ? 2.0f : 1.0f;
        want.text = format_value(expected[std::size_t(i)], kind);
        want.role = CellRole::Plain;
        want.ref = CellRef::expected(i);
        want.focus = i == first_wrong;
        scene.cells.push_back(want);
    }
    if (wrong) {
        scene.labels.push_back(
            {{x - 0.3f, y + 0.68f}, "wrote", theme.text_dim, 0.4f, Align::Right});
        scene.labels.push_back({{x - 0.3f, y + 1.05f * kPitch + 0.68f},
                                "expected",
                                theme.text_dim,
                                0.4f,
                                Align::Right});
    }
    return y + float((count + columns - 1) / columns) * chunk;
}

}  // namespace scanscope
