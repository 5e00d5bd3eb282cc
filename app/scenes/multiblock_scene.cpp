#include "scenes/multiblock_scene.h"

#include <algorithm>

#include "model/values.h"
#include "scenes/array_scene.h"
#include "scenes/arrow_route.h"
#include "scenes/output_row.h"

namespace scanscope {
namespace {

constexpr float kColumn = 1.12f;

std::string descriptor_text(std::uint64_t word, ElementKind element) {
    const auto status = TileStatus(word >> 32);
    if (status == TileStatus::Invalid) return "X";
    return (status == TileStatus::Aggregate ? "A " : "P ") +
           format_value(std::uint32_t(word), element);
}

}  // namespace

Scene build_multiblock_scene(const Trace& trace, const Cursor& c, const Theme& theme, int columns,
                             bool hide_later) {
    const int wrap = std::max(columns, 1);  // 32 words a row line up with the banks
    Scene scene;
    if (c.launch >= int(trace.launches.size())) {
        scene.empty_message = "No trace loaded.";
        return scene;
    }
    const Launch& launch = trace.launches[std::size_t(c.launch)];
    const bool has_shared = !launch.arrays.empty();
    const SharedArrayInfo array = has_shared ? launch.arrays[0] : SharedArrayInfo{};
    const std::uint32_t first = array.offset / 4;
    Cursor caption = c;
    caption.block = 0;
    std::string title = step_caption(trace, caption);
    if (launch.grid > 1) title += " (all " + std::to_string(launch.grid) + " blocks)";
    scene.labels.push_back({{0, -1.4f}, title, theme.text, 0.55f, Align::Left, 15.0f});
    if (!has_shared)
        scene.notes.push_back(
            "This launch uses no shared memory: each block combines its elements in global memory "
            "with the increment it is given.");

    // Each block's shared memory at this step, 32 words a row. The single-pass scans' blocks
    // take tiles in the order they start, or deal them round: each row names the tile it is on.
    float right = has_shared ? 0.0f : 8.0f, y = 0;
    std::vector<float> block_y(std::size_t(launch.grid), 0.0f);
    for (int b = 0; b < launch.grid; ++b) {
        block_y[std::size_t(b)] = y;
        const int tile = tile_at(trace, launch, b, c.step);
        scene.labels.push_back(
            {{-0.3f, y + 0.68f},
             "block " + std::to_string(b) + (tile >= 0 ? " · tile " + std::to_string(tile) : ""),
             b == c.block ? theme.accent : theme.text_dim,
             0.42f,
             Align::Right});
        const Step* step = find_step(launch, b, c.step);
        if (!step || !has_shared) {
            y += 1.6f;
            continue;
        }
        const StepSummary summary = summarize_step(*step);
        // The block being followed: its followed warp's words.
        const StepFocus focus = step_focus(*step, c.focus_warp, array.count <= 32);
        int column = 0;
        for (std::uint32_t w = first; w < first + array.count; ++w) {
            if (!step->defined[w] && array.count > 64) continue;  // padding words of large blocks
            SceneCell cell;
            cell.rect = {float(column % wrap) * kColumn, y + float(column / wrap) * kColumn, 1.0f,
                         1.0f};
            ++column;
            cell.ref = CellRef::word(int(w), b);
            auto role = summary.roles.find(w);
            cell.role = !step->defined[w]             ? CellRole::Undefined
                        : role != summary.roles.end() ? role->second
                                                      : CellRole::Plain;
            cell.fill = role_fill(theme, cell.role);
            cell.border =
                b == c.block ? mix(theme.accent, theme.cell_border, 0.4f) : theme.cell_border;
            cell.text = step->defined[w] ? format_value(step->shared[w], array.kind) : "";
            cell.text_color = theme.cell_text;
            cell.focus = b == c.block && (focus.everything || focus.contains(w));
            scene.cells.push_back(cell);
        }
        right = std::max(right, float(std::min(column, wrap)) * kColumn);
        y += float(std::max(1, (column + wrap - 1) / wrap)) * kColumn + 0.5f;
    }

    // The global buffers, one cell per block, beside the blocks: each block's total goes out,
    // each block's increment comes back. Tile descriptors are indexed by tile: each block's row
    // shows the descriptor of the tile it is on.
    const float x = right + 2.5f;
    const ElementKind counts = global_value_kind(trace.request);  // a compaction's: ints
    for (std::size_t g = 0; g < launch.globals.size(); ++g) {
        const GlobalBuffer& buffer = launch.globals[g];
        const float gx = x + float(g) * 2.6f;
        // The first buffer ends its name at its cells' right edge, so that a long name ("tile
        // descriptors") runs back over the arrows' gap, not out of the picture or over the next
        // buffer's name, which starts at its own cells.
        const bool first_buffer = g == 0;
        scene.labels.push_back({{first_buffer ? gx + 2.0f : gx, -0.35f},
                                buffer.name,
                                theme.text_dim,
                                0.38f,
                                first_buffer ? Align::Right : Align::Left});
        const bool incoming = buffer.name.find("increment") != std::string::npos ||
                              buffer.name.find("prefix") != std::string::npos;
        for (int b = 0; b < launch.grid; ++b) {
            const int tile = buffer.element_bytes == 8 ? tile_at(trace, launch, b, c.step) : b;
            const int index = tile >= 0 ? tile : b;
            if (index >= int(buffer.values.size())) continue;
            const float by = block_y[std::size_t(b)];
            SceneCell cell;
            cell.rect = {gx, by, 2.0f, 1.0f};
            cell.fill = mix(theme.cell, incoming ? theme.read : theme.write, 0.35f);
            cell.border = theme.cell_border;
            cell.text =
                buffer.element_bytes == 8
                    ? descriptor_text(buffer.values[std::size_t(index)], counts)
                    : format_value(std::uint32_t(buffer.values[std::size_t(index)]), counts);
            cell.text_color = theme.cell_text;
            // Predict mode: what the launch leaves, only at its last step.
            if (hide_later && c.step + 1 < launch.longest_block()) cell.text = "?";
            cell.ref = CellRef::global(int(g), index);
            scene.cells.push_back(cell);
            const Vec2 block_end{right, by + 0.5f}, global{gx, by + 0.5f};
            const Color colour = with_alpha(incoming ? theme.read : theme.write, 0.8f);
            if (g == 0) {
                scene.arrows.push_back({incoming ? global : block_end,
                                        incoming ? block_end : global, colour, 1.5f, true});
                continue;
            }
            // To a buffer past the first: over the cells of those before it, clear of their
            // values.
            for (const SceneArrow& piece :
                 arc_towards(incoming ? global : block_end, incoming ? block_end : global, {0, -1},
                             0.55f, colour, 1.5f))
                scene.arrows.push_back(piece);
        }
    }
    if (at_last_step(trace, c)) add_output_row(scene, trace, 0, y + 0.6f, wrap, theme);
    scene.fit_bounds();
    return scene;
}

}  // namespace scanscope
