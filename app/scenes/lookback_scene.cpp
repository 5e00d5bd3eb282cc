#include "scenes/lookback_scene.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <set>

#include "model/values.h"
#include "scenes/arrow_route.h"
#include "scenes/output_row.h"

namespace scanscope {
namespace {

constexpr float kColumn = 2.4f;
constexpr float kTileRow = 2.5f;  // a tile's three lines and the arrow's room above

const char* status_word(TileStatus s) {
    switch (s) {
        case TileStatus::Invalid:
            return "invalid";
        case TileStatus::Aggregate:
            return "aggregate";
        case TileStatus::Prefix:
            return "prefix";
    }
    return "?";
}

constexpr float kTileWidth = 2.1f, kTileHeight = 1.9f;

// A tile's cell in the grid: `column` across, `line` down.
Rect tile_rect(int column, int line) {
    return {float(column) * kColumn, float(line) * kTileRow, kTileWidth, kTileHeight};
}

// A read drawn in the grid's gaps, never over a tile: up from the reader into the gap above its
// line, along it, up (or down) the column gap beside the target where the target is on another
// line, along the gap above the target's line, and down onto the target's top edge. (Drawn
// straight, top to top, it ran along the top edges of the tiles between, or over their values
// where a look-back wraps to the line before.)
void add_read_arrow(Scene& scene, const Rect& reader, const Rect& target, Color color) {
    const float row_gap = (kTileRow - kTileHeight) / 2, column_gap = (kColumn - kTileWidth) / 2;
    const Vec2 from{reader.center().x, reader.y}, to{target.center().x, target.y};
    std::vector<Vec2> path{from, {from.x, reader.y - row_gap}};
    if (std::abs(target.y - reader.y) > 1e-3f) {
        const float side =
            reader.center().x < target.x ? target.x - column_gap : target.right() + column_gap;
        path.push_back({side, reader.y - row_gap});
        path.push_back({side, target.y - row_gap});
    }
    path.push_back({to.x, target.y - row_gap});
    path.push_back(to);
    for (const SceneArrow& piece : arrow_along(path, color, 2.5f))
        scene.arrows.push_back(piece);
}

}  // namespace

std::string event_caption(const Trace& trace, int event, int launch) {
    const int l = lookback_launch(trace, launch);
    if (l < 0) return "no look-back events in this trace";
    const auto& events = trace.launches[std::size_t(l)].events;
    if (event < 0 || event >= int(events.size())) return {};
    const TileEvent& e = events[std::size_t(event)];
    // Times count from the earliest event: clocks read on different SMs need not rise in the
    // order the events were logged.
    std::uint64_t t0 = events.front().time_ns;
    for (const TileEvent& other : events)
        t0 = std::min(t0, other.time_ns);
    char when[64];
    if (trace.source.kind == "gpu")
        std::snprintf(when, sizeof when, "%.3f us", double(e.time_ns - t0) / 1000.0);
    else
        std::snprintf(when, sizeof when, "tick %llu",
                      static_cast<unsigned long long>(e.time_ns - t0));
    const std::string value = format_value(e.value, global_value_kind(trace.request));
    std::string what = e.kind == std::uint16_t(TileEventKind::Publish)
                           ? descriptor_name(trace, int(e.tile)) + " publishes its " +
                                 status_word(TileStatus(e.status)) + " " + value
                           : descriptor_name(trace, int(e.tile)) + " reads " +
                                 descriptor_name(trace, int(e.target)) + ": " +
                                 status_word(TileStatus(e.status)) +
                                 // A look-back cannot pass a tile that has published nothing.
                                 (TileStatus(e.status) == TileStatus::Invalid
                                      ? " (nothing published yet: it looks again)"
                                      : " " + value);
    const std::string which =
        lookback_launches(trace).size() > 1 ? trace.launches[std::size_t(l)].name + " · " : "";
    return which + "event " + std::to_string(event + 1) + " of " + std::to_string(events.size()) +
           " · " + when + " · " + what;
}

Scene build_lookback_scene(const Trace& trace, int event, const Theme& theme, int per_row,
                           bool magnify, int shown_launch) {
    Scene scene;
    per_row = std::max(per_row, 1);
    const int l = lookback_launch(trace, shown_launch);
    if (l < 0) {
        scene.empty_message = "This variant has no look-back: pick decoupled-lookback.";
        return scene;
    }
    const Launch& launch = trace.launches[std::size_t(l)];
    const auto& events = launch.events;
    event = std::clamp(event, 0, int(events.size()) - 1);
    const int tiles = launch.tile_count();
    std::vector<TileStatus> status(std::size_t(tiles), TileStatus::Invalid);
    // What each tile has published so far: its aggregate, then its inclusive prefix.
    std::vector<std::uint32_t> aggregate(std::size_t(tiles), 0), prefix(std::size_t(tiles), 0);
    std::vector<bool> has_aggregate(std::size_t(tiles), false);
    for (int i = 0; i <= event; ++i) {
        const TileEvent& e = events[std::size_t(i)];
        if (e.kind == std::uint16_t(TileEventKind::Publish) && int(e.target) < tiles) {
            status[e.target] = TileStatus(e.status);
            if (TileStatus(e.status) == TileStatus::Aggregate) {
                aggregate[e.target] = e.value;
                has_aggregate[e.target] = true;
            } else if (TileStatus(e.status) == TileStatus::Prefix) {
                prefix[e.target] = e.value;
            }
        }
    }
    const TileEvent& now = events[std::size_t(event)];
    const ElementKind element = global_value_kind(trace.request);  // counts in a compaction
    scene.labels.push_back(step_caption_label(event_caption(trace, event, l), -1.5f, theme));

    // The reader's window: what it has read since its last publish.
    std::set<int> window;
    for (int i = event; i >= 0; --i) {
        const TileEvent& e = events[std::size_t(i)];
        if (e.tile != now.tile) continue;
        if (e.kind == std::uint16_t(TileEventKind::Publish) && i != event) break;
        if (e.kind == std::uint16_t(TileEventKind::Read)) window.insert(int(e.target));
    }

    // summed-area-lookback's descriptors are a row of a strip each, radix-sort-onesweep's a digit
    // of a tile (0: tiles).
    const DescriptorLayout layout = descriptor_layout(trace);
    const int rows = layout.rows;

    // A tile's cell: numbered, with what it has published ("A" its aggregate, "P" its inclusive
    // prefix), its border saying whether it is the tile followed or one it has read.
    const auto tile_cell = [&](int t, const Rect& rect) {
        SceneCell cell;
        cell.rect = rect;
        const TileStatus s = status[std::size_t(t)];
        cell.fill = s == TileStatus::Invalid     ? mix(theme.cell, theme.panel, 0.4f)
                    : s == TileStatus::Aggregate ? mix(theme.cell, theme.write, 0.65f)
                                                 : mix(theme.cell, theme.conflict[0], 0.65f);
        const bool actor = int(now.tile) == t;
        cell.border = actor ? theme.accent : window.count(t) ? theme.read : theme.cell_border;
        cell.border_px = actor || window.count(t) ? 3.0f : 1.0f;
        const std::size_t i = std::size_t(t);
        cell.text = descriptor_short_name(layout, t) + "\n" +
                    (has_aggregate[i] ? "A " + format_value(aggregate[i], element) : "A -") + "\n" +
                    (s == TileStatus::Prefix ? "P " + format_value(prefix[i], element) : "P -");
        cell.text_color = theme.cell_text;
        cell.role = s == TileStatus::Invalid     ? CellRole::Undefined
                    : s == TileStatus::Aggregate ? CellRole::Written
                                                 : CellRole::Highlight;
        cell.ref = CellRef::tile(t);
        return cell;
    };
    const bool reads = now.kind == std::uint16_t(TileEventKind::Read) && int(now.target) < tiles &&
                       int(now.tile) < tiles;
    // Magnified (presenter mode, where the grid's tiles cannot be read from the back): the tile
    // followed and the one it reads now, large, above the grid, which stays as the context.
    float grid_top = 0;
    if (magnify && int(now.tile) < tiles) {
        const Rect big_target{0, 0, 6.0f, 4.8f}, big_actor{reads ? 8.5f : 0.0f, 0, 6.0f, 4.8f};
        SceneCell actor = tile_cell(int(now.tile), big_actor);
        actor.focus = true;
        scene.cells.push_back(actor);
        if (reads) {
            SceneCell target = tile_cell(int(now.target), big_target);
            target.focus = true;
            scene.cells.push_back(target);
            scene.arrows.push_back({{big_actor.x, big_actor.center().y},
                                    {big_target.right(), big_target.center().y},
                                    theme.read,
                                    3.0f,
                                    true});
        }
        grid_top = 6.2f;
    }
    // A strip's row descriptors stand where the rows do: a column a strip, a line a row, so that
    // a look-back runs left along its line. Tiles' column descriptors follow, after a gap: a
    // column a row of tiles, a line a column of the table, so that a look-back up a column of the
    // table runs left along its line too.
    const int columns_from = layout.columns_from;
    const int table_columns = columns_from < tiles ? layout.width : 0;
    const auto grid_rect = [&](int t) {
        Rect r = rows == 0 ? tile_rect(t % per_row, t / per_row)
                 : t < columns_from
                     ? tile_rect(t / rows, t % rows)
                     : tile_rect(columns_from / rows + 1 + (t - columns_from) / table_columns,
                                 (t - columns_from) % table_columns);
        r.y += grid_top;
        return r;
    };
    for (int t = 0; t < tiles; ++t) {
        SceneCell cell = tile_cell(t, grid_rect(t));
        // Unmagnified, the tile followed and what it has read so far are the focus.
        cell.focus = !magnify && (int(now.tile) == t || window.count(t) > 0);
        scene.cells.push_back(cell);
    }
    if (reads)
        add_read_arrow(scene, grid_rect(int(now.tile)), grid_rect(int(now.target)), theme.read);
    const int lines = rows ? std::max(rows, table_columns) : (tiles + per_row - 1) / per_row;
    const float legend = grid_top + float(lines) * kTileRow + 0.2f;
    // Each key a small tile with the letter a tile's text uses ("A 42", "P 97"), then its words.
    struct Key {
        const char* letter;
        const char* words;
        Color fill;
    };
    const Key keys[] = {{"", "nothing published", mix(theme.cell, theme.panel, 0.4f)},
                        {"A", "aggregate", mix(theme.cell, theme.write, 0.65f)},
                        {"P", "inclusive prefix", mix(theme.cell, theme.conflict[0], 0.65f)}};
    // The keys in a line under the tiles, or, where the tiles are too few to be as wide (a few
    // tiles in presenter mode, drawn large: the line would leave the picture), in a column
    // beside them. Along the line each key follows the words before it, at an estimate of their
    // width (the scene knows no font: a generous 0.62 of the size a character), so that the line
    // is as short as it can be and stays in view when the camera is close.
    float tiles_right = 0;
    for (const SceneCell& c : scene.cells)
        tiles_right = std::max(tiles_right, c.rect.right());
    constexpr float kKeySize = 0.4f, kCharWidth = 0.62f * kKeySize;
    // Tiles narrower than 24 units (ten across at most; where a line of longer keys used to
    // end) take the keys beside them.
    constexpr float kKeysBesideBelow = 24.0f;
    const bool beside = tiles_right < kKeysBesideBelow;
    float along = 0;
    for (int i = 0; i < 3; ++i) {
        const Vec2 at =
            beside ? Vec2{tiles_right + 1.0f, grid_top + float(i) * 1.0f} : Vec2{along, legend};
        along += 1.1f + float(std::strlen(keys[i].words)) * kCharWidth + 1.0f;
        SceneCell key;
        key.rect = {at.x, at.y, 0.8f, 0.8f};
        key.fill = keys[i].fill;
        key.border = theme.cell_border;
        key.text = keys[i].letter;
        key.text_color = theme.cell_text;
        key.role = CellRole::Header;
        scene.cells.push_back(key);
        scene.labels.push_back(
            {{at.x + 1.1f, at.y + 0.4f}, keys[i].words, theme.text_dim, kKeySize, Align::Left});
    }
    if (event == int(events.size()) - 1 && l == int(trace.launches.size()) - 1)
        add_output_row(scene, trace, 0, legend + 1.6f, 32, theme);
    scene.fit_bounds();
    return scene;
}

}  // namespace scanscope
