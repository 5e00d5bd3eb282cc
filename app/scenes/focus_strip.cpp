#include "scenes/focus_strip.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "scenes/arrow_route.h"

namespace scanscope {
namespace {

constexpr float kPitch = 1.12f;  // cells and their gaps

Vec2 moved(Vec2 p, float k, Vec2 by) {
    return {p.x * k + by.x, p.y * k + by.y};
}

// The word a cell stands for, as its label: "[32]"; other cells unnamed, and so is one whose
// value line already says its word (the banks').
std::string cell_name(const SceneCell& c) {
    const std::string at = "[" + std::to_string(c.ref.index) + "]";
    switch (c.ref.kind) {
        case CellRef::Kind::Word:
            return c.shows_its_word ? "" : at;
        case CellRef::Kind::Output:
            return "output" + at;
        case CellRef::Kind::Expected:
            return "expected" + at;
        default:
            return "";
    }
}

// An arrow between two focus cells of the view (their indices), to be drawn between their
// magnified copies.
struct Link {
    std::size_t from, to;
    Color color;
    float width_px;
};

// The view's arrows between its focus cells. An arrow the view drew in pieces (around the rows
// in its way) is one link, from its first piece's start to its head: the strip has no rows
// between to go around.
std::vector<Link> focus_links(const Scene& view, const std::vector<std::size_t>& focus) {
    const auto focus_cell_at = [&](Vec2 p) -> std::ptrdiff_t {
        for (std::size_t i : focus) {
            const Rect& r = view.cells[i].rect;
            if (p.x >= r.x - 0.05f && p.x <= r.right() + 0.05f && p.y >= r.y - 0.05f &&
                p.y <= r.bottom() + 0.05f)
                return std::ptrdiff_t(i);
        }
        return -1;
    };
    std::vector<Link> links;
    for (const SceneArrow& a : join_pieces(view.arrows)) {
        const std::ptrdiff_t from = focus_cell_at(a.from), to = focus_cell_at(a.to);
        if (from >= 0 && to >= 0 && from != to)
            links.push_back({std::size_t(from), std::size_t(to), a.color, a.width_px});
    }
    return links;
}

// About where a name is drawn (DejaVu Sans's advances: digits 0.636 em, brackets 0.39), so that
// arrows keep clear of it.
Rect name_area(const SceneLabel& name) {
    float width = 0;
    for (char ch : name.text)
        width += (ch >= '0' && ch <= '9') ? 0.64f : (ch == '[' || ch == ']') ? 0.4f : 0.62f;
    width *= name.size;
    return {name.at.x - width / 2, name.at.y - name.size / 2, width, name.size};
}

// A row of the strip: view cells left to right, each at its column (in cells; a gap between two
// groups is a fraction of one).
struct StripRow {
    std::vector<std::size_t> cells;
    std::vector<float> columns;
    bool continues = false;  // the rest of the group above, wrapped
    void add(std::size_t cell, float column) {
        cells.push_back(cell);
        columns.push_back(column);
    }
};

StripRow plain_row(const std::vector<std::size_t>& cells) {
    StripRow row;
    for (std::size_t n = 0; n < cells.size(); ++n)
        row.add(cells[n], float(n));
    return row;
}

constexpr float kGroupGap = 0.4f;  // between two groups in a row, in cells

// Fan-outs: where two or more focus cells that no link enters each lead to two or more cells
// that only they lead to, and nothing else is in focus (a bank's header and the words queued in
// it), a group is its source, then what it leads to in reading order, `wrap` a line under the
// source's first: a block one cell wider than its longest line. The blocks stand along shelves
// of `per_row` + 1 cells, a gap between them, each shelf as deep as its deepest block; a block
// as wide as a shelf has one of its own. The rows say what the arrows said; empty where the
// focus is not so.
std::vector<StripRow> fan_out_rows(const Scene& view, const std::vector<std::size_t>& focus,
                                   const std::vector<Link>& links, std::size_t per_row,
                                   std::size_t wrap) {
    std::map<std::size_t, std::vector<std::size_t>> groups;  // source -> its cells
    std::map<std::size_t, int> entered;
    for (const Link& link : links) {
        groups[link.from].push_back(link.to);
        ++entered[link.to];
    }
    if (groups.size() < 2) return {};
    for (const auto& [source, cells] : groups)
        if (cells.size() < 2) return {};
    for (std::size_t i : focus) {
        const bool source = groups.count(i) > 0;
        const int in = entered.count(i) ? entered[i] : 0;
        if (source ? in != 0 : in != 1) return {};
    }
    const auto reading_order = [&](std::size_t a, std::size_t b) {
        const Rect &ra = view.cells[a].rect, &rb = view.cells[b].rect;
        return std::lround(ra.y * 10) != std::lround(rb.y * 10) ? ra.y < rb.y : ra.x < rb.x;
    };
    std::vector<std::size_t> sources;
    for (const auto& [source, cells] : groups)
        sources.push_back(source);
    std::sort(sources.begin(), sources.end(), reading_order);
    wrap = std::clamp<std::size_t>(wrap, 1, per_row);
    const float room = float(per_row + 1);
    std::vector<StripRow> rows;
    std::vector<std::pair<std::size_t, float>> shelf;  // its blocks' sources and first columns
    const auto finish_shelf = [&] {
        std::size_t lines = 0;
        for (const auto& [source, column] : shelf)
            lines = std::max(lines, (groups[source].size() + wrap - 1) / wrap);
        for (std::size_t line = 0; line < lines; ++line) {
            StripRow row;
            row.continues = line > 0;
            for (const auto& [source, column] : shelf) {
                const std::vector<std::size_t>& cells = groups[source];
                if (line == 0) row.add(source, column);
                for (std::size_t n = line * wrap; n < std::min(cells.size(), (line + 1) * wrap);
                     ++n)
                    row.add(cells[n], column + 1.0f + float(n % wrap));
            }
            rows.push_back(std::move(row));
        }
        shelf.clear();
    };
    float end = 0;  // where the shelf's last block ends
    for (std::size_t source : sources) {
        std::sort(groups[source].begin(), groups[source].end(), reading_order);
        const float width = float(std::min(groups[source].size(), wrap) + 1);
        if (!shelf.empty() && end + kGroupGap + width > room) finish_shelf();
        const float column = shelf.empty() ? 0.0f : end + kGroupGap;
        shelf.push_back({source, column});
        end = column + width;
    }
    finish_shelf();
    return rows;
}

// The strip's rows, top to bottom, each of view cells left to right: each row of focus cells in
// wrapped pieces of `per_row`. Two rows (what was read, what was written) take turns piece by
// piece, the row the arrows leave first, so that each piece of reads sits right above its
// writes, whichever the view drew first; any other number of rows is packed in reading order.
std::vector<StripRow> strip_rows(const Scene& view, const std::vector<std::size_t>& focus,
                                 const std::vector<Link>& links, std::size_t per_row) {
    std::map<int, std::vector<std::size_t>> by_row;  // key: y rounded to a tenth of a cell
    for (std::size_t i : focus)
        by_row[int(std::lround(view.cells[i].rect.y * 10))].push_back(i);
    std::vector<std::vector<std::size_t>> rows;
    for (auto& [key, cells] : by_row) {
        std::sort(cells.begin(), cells.end(), [&](std::size_t a, std::size_t b) {
            return view.cells[a].rect.x < view.cells[b].rect.x;
        });
        rows.push_back(cells);
    }
    const auto piece = [&](const std::vector<std::size_t>& row, std::size_t k) {
        const std::size_t first = k * per_row;
        return std::vector<std::size_t>(
            row.begin() + std::ptrdiff_t(first),
            row.begin() + std::ptrdiff_t(std::min(row.size(), first + per_row)));
    };
    const auto pieces = [&](const std::vector<std::size_t>& row) {
        return (row.size() + per_row - 1) / per_row;
    };
    std::vector<StripRow> order;
    if (rows.size() == 2) {
        const auto in_row = [&](std::size_t cell, const std::vector<std::size_t>& row) {
            return std::find(row.begin(), row.end(), cell) != row.end();
        };
        int downwards = 0;
        for (const Link& link : links)
            downwards += in_row(link.from, rows[0]) && in_row(link.to, rows[1])   ? 1
                         : in_row(link.from, rows[1]) && in_row(link.to, rows[0]) ? -1
                                                                                  : 0;
        if (downwards < 0) std::swap(rows[0], rows[1]);
        const std::size_t n = std::max(pieces(rows[0]), pieces(rows[1]));
        for (std::size_t k = 0; k < n; ++k)
            for (const auto& row : rows)
                if (k < pieces(row)) order.push_back(plain_row(piece(row, k)));
    } else {
        std::vector<std::size_t> all;
        for (const auto& row : rows)
            all.insert(all.end(), row.begin(), row.end());
        for (std::size_t k = 0; k < pieces(all); ++k)
            order.push_back(plain_row(piece(all, k)));
    }
    return order;
}

// What the arrows do at each strip row: use its top edge or its bottom edge (arrows between
// rows), arc over it (arrows within it), go to the next row.
struct RowEdges {
    bool top = false, bottom = false, arcs = false, to_next = false;
    bool named = true;  // some cell in it has a name
    // Its names go where no arrow runs, so that none crosses a name: below where arrows use its
    // top (or arc over it) but not its bottom, else above (over its arcs).
    bool names_below() const { return (top || arcs) && !bottom; }
    bool names_above() const { return named && !names_below(); }
    bool names_under() const { return named && names_below(); }
};

// A view cell's row in the strip.
using RowOf = std::map<std::size_t, std::size_t>;

std::vector<RowEdges> row_edges(const Scene& view, const std::vector<StripRow>& order,
                                const RowOf& row_of, const std::vector<Link>& links) {
    std::vector<RowEdges> edges(order.size());
    for (std::size_t r = 0; r < order.size(); ++r)
        edges[r].named =
            std::any_of(order[r].cells.begin(), order[r].cells.end(),
                        [&](std::size_t i) { return !cell_name(view.cells[i]).empty(); });
    for (const Link& link : links) {
        const std::size_t rf = row_of.at(link.from), rt = row_of.at(link.to);
        if (rf == rt) {
            edges[rf].arcs = true;
        } else {
            const std::size_t upper = std::min(rf, rt), lower = std::max(rf, rt);
            edges[upper].bottom = edges[lower].top = true;
            if (lower == upper + 1) edges[upper].to_next = true;
        }
    }
    return edges;
}

// How far apart the rows stand: each as far below the last as what lies between needs (the
// names on the facing sides, the arcs over the lower row, the arrows from one to the other).
constexpr float kNameRoom = 0.55f;    // a row of names (0.3 high) and its clearance from the
                                      // next row, where arrows leave and arrive along the edge
constexpr float kNameOffset = 0.25f;  // a name's middle from its cell's edge
constexpr float kArcRoom = 0.55f;     // the arcs over a row
constexpr float kArrowRoom = 0.6f;    // arrows from a row to the next, long enough to be seen
constexpr float kLeastGap = 0.55f;    // between rows with nothing between
constexpr float kWrapGap = 0.25f;     // between a group's row and its wrapped rest

float room_above(const RowEdges& row) {
    return (row.names_above() ? kNameRoom : 0) + (row.arcs ? kArcRoom : 0);
}

float gap_between(const RowEdges& upper, const RowEdges& lower) {
    return std::max((upper.names_under() ? kNameRoom : 0) + room_above(lower) +
                        (upper.to_next ? kArrowRoom : 0),
                    kLeastGap);
}

// The view's cells magnified in the strip's rows, each named; returns where the rows end.
float place_rows(const Scene& view, const std::vector<StripRow>& order,
                 const std::vector<RowEdges>& edges, const Theme& theme, Scene& out,
                 std::map<std::size_t, Rect>& placed) {
    // A cell of several lines (a bank's number and degree) is taller, so each line stays large.
    const auto height = [&](std::size_t i) {
        const std::string& text = view.cells[i].text;
        const auto lines = std::count(text.begin(), text.end(), '\n') + 1;
        return lines > 1 ? 0.75f * float(lines) : 1.0f;
    };
    // Where nothing runs from a row to the next (no arrows, no names under it), a taller cell
    // (a group's header) reaches down only in its own column: the next row's cells stand clear
    // of it, not of the row's whole height.
    const auto lowest_above = [&](std::size_t r, float floor) {
        for (float column : order[r].columns)
            for (const auto& [cell, rect] : placed)
                if (rect.x < column * kPitch + 1.0f && rect.right() > column * kPitch)
                    floor = std::max(floor, rect.bottom());
        return floor;
    };
    float y = 0.15f + room_above(edges[0]);
    float tallest = 1.0f, bottom = 0;
    for (std::size_t r = 0; r < order.size(); ++r) {
        if (r > 0) {
            const bool snug = !edges[r - 1].bottom && !edges[r - 1].names_under();
            const bool wrapped = snug && order[r].continues && !edges[r].named;
            y = (snug ? lowest_above(r, y + 1.0f) : y + tallest) +
                (wrapped ? kWrapGap : gap_between(edges[r - 1], edges[r]));
        }
        tallest = 1.0f;
        for (std::size_t n = 0; n < order[r].cells.size(); ++n) {
            const std::size_t i = order[r].cells[n];
            SceneCell c = view.cells[i];
            c.rect = {order[r].columns[n] * kPitch, y, 1.0f, height(i)};
            tallest = std::max(tallest, c.rect.h);
            bottom = std::max(bottom, c.rect.bottom());
            placed[i] = c.rect;
            out.cells.push_back(std::move(c));
        }
        // Names above a row with arcs over it stand above the arcs.
        const float name_y = edges[r].names_below()
                                 ? y + tallest + kNameOffset
                                 : y - kNameOffset - (edges[r].arcs ? kArcRoom : 0);
        for (std::size_t i : order[r].cells) {
            const std::string name = cell_name(view.cells[i]);
            if (!name.empty())
                out.labels.push_back(
                    {{placed[i].center().x, name_y}, name, theme.text_dim, 0.3f, Align::Center});
        }
    }
    return std::max(bottom, y + tallest + (edges.back().names_under() ? kNameRoom : 0));
}

// The arrows between the magnified copies, edge to edge, never over a value or a name: an arc
// over the row within a row, and around the strip's rows in the way between rows.
void draw_links(const std::vector<Link>& links, const RowOf& row_of,
                const std::map<std::size_t, Rect>& placed, std::size_t rows, Scene& out) {
    std::vector<Rect> names;
    for (const SceneLabel& name : out.labels)
        names.push_back(name_area(name));
    std::vector<float> longest_arc(rows);
    for (const Link& link : links)
        if (row_of.at(link.from) == row_of.at(link.to))
            longest_arc[row_of.at(link.from)] =
                std::max(longest_arc[row_of.at(link.from)],
                         std::abs(placed.at(link.to).x - placed.at(link.from).x));
    for (const Link& link : links) {
        const Rect& from = placed.at(link.from);
        const Rect& to = placed.at(link.to);
        const std::size_t row = row_of.at(link.from);
        std::vector<SceneArrow> parts;
        if (row == row_of.at(link.to)) {
            const float high =
                arc_height(from.center().x, to.center().x, longest_arc[row], kArcRoom);
            parts = arc_over_row({from.center().x, from.y}, {to.center().x, to.y}, high, link.color,
                                 link.width_px);
        } else {
            const bool down = to.y > from.y;
            parts =
                arrow_clear_of_values(out.cells, {from.center().x, down ? from.bottom() : from.y},
                                      {to.center().x, down ? to.y : to.bottom()}, from, to,
                                      kPitch - 1.0f, link.color, link.width_px, names);
        }
        out.arrows.insert(out.arrows.end(), parts.begin(), parts.end());
    }
}

// The picture itself below the strip (from `top` on), shrunk by `k`: the context.
void add_context(const Scene& view, float top, float k, const Theme& theme, Scene& out) {
    const Vec2 by{-view.bounds.x * k, top + 0.8f - view.bounds.y * k};
    out.labels.push_back(
        {{0, top + 0.3f}, "the whole step, smaller:", theme.text_dim, 0.32f, Align::Left});
    for (SceneCell c : view.cells) {
        const Vec2 at = moved({c.rect.x, c.rect.y}, k, by);
        c.rect = {at.x, at.y, c.rect.w * k, c.rect.h * k};
        c.focus = false;
        c.border_px = std::min(c.border_px, 1.5f);
        out.cells.push_back(std::move(c));
    }
    for (SceneArrow a : view.arrows) {
        a.from = moved(a.from, k, by);
        a.to = moved(a.to, k, by);
        a.width_px = std::min(a.width_px, 1.2f);
        out.arrows.push_back(a);
    }
    for (SceneLabel l : view.labels) {
        l.at = moved(l.at, k, by);
        l.size *= k;
        if (l.fixed_px > 0) continue;  // the caption: the narration says it
        out.labels.push_back(std::move(l));
    }
}

}  // namespace

Scene magnify_focus(const Scene& view, const Theme& theme, int per_row, int group_wrap,
                    float context_scale) {
    std::vector<std::size_t> focus;
    for (std::size_t i = 0; i < view.cells.size(); ++i)
        if (view.cells[i].focus) focus.push_back(i);
    if (focus.empty() || !view.empty_message.empty()) return view;

    std::vector<Link> links = focus_links(view, focus);
    const std::size_t wrap = std::size_t(std::max(per_row, 1));
    std::vector<StripRow> order;
    if (group_wrap != 0)
        order =
            fan_out_rows(view, focus, links, wrap, group_wrap < 0 ? wrap : std::size_t(group_wrap));
    if (order.empty())
        order = strip_rows(view, focus, links, wrap);
    else
        links.clear();  // each group's row says where its arrows went
    RowOf row_of;
    for (std::size_t r = 0; r < order.size(); ++r)
        for (std::size_t i : order[r].cells)
            row_of[i] = r;
    const std::vector<RowEdges> edges = row_edges(view, order, row_of, links);

    Scene out;
    out.newest_at_bottom = false;
    out.notes = view.notes;
    out.headlines = view.headlines;
    std::map<std::size_t, Rect> placed;  // view cell -> its magnified rect
    const float bottom = place_rows(view, order, edges, theme, out, placed);
    draw_links(links, row_of, placed, order.size(), out);
    add_context(view, bottom + 0.75f, context_scale, theme, out);
    out.min_readable_px = 0;
    out.fit_bounds();
    return out;
}

}  // namespace scanscope
