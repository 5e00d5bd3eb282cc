#include "scenes/focus_strip.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "scenes/arrow_route.h"

namespace scanscope {
namespace {

constexpr float kPitch = 1.12f;     // cells and their gaps
constexpr float kRowPitch = 1.75f;  // a row and its cells' names above

Vec2 moved(Vec2 p, float k, Vec2 by) {
    return {p.x * k + by.x, p.y * k + by.y};
}

// The word a cell stands for, as its label: "[32]"; other cells unnamed.
std::string cell_name(const SceneCell& c) {
    const std::string at = "[" + std::to_string(c.ref.index) + "]";
    switch (c.ref.kind) {
        case CellRef::Kind::Word:
            return at;
        case CellRef::Kind::Output:
            return "output" + at;
        case CellRef::Kind::Expected:
            return "expected" + at;
        default:
            return "";
    }
}

}  // namespace

Scene magnify_focus(const Scene& view, const Theme& theme, int per_row, float context_scale) {
    const std::size_t kPerRow = std::size_t(std::max(per_row, 1));
    std::vector<std::size_t> focus;
    for (std::size_t i = 0; i < view.cells.size(); ++i)
        if (view.cells[i].focus) focus.push_back(i);
    if (focus.empty() || !view.empty_message.empty()) return view;

    // The focus cells by the rows they sit in (top to bottom), each row left to right.
    std::map<int, std::vector<std::size_t>> rows;  // row key: y rounded to a tenth of a cell
    for (std::size_t i : focus)
        rows[int(std::lround(view.cells[i].rect.y * 10))].push_back(i);
    Scene out;
    out.newest_at_bottom = false;
    out.notes = view.notes;
    // Each row of focus cells in wrapped pieces of kPerRow; two rows (what was read, what was
    // written) take turns piece by piece, so that each piece of reads sits right above its writes.
    std::vector<std::vector<std::size_t>> pieces_of_rows;
    for (auto& [key, cells] : rows) {
        std::sort(cells.begin(), cells.end(), [&](std::size_t a, std::size_t b) {
            return view.cells[a].rect.x < view.cells[b].rect.x;
        });
        pieces_of_rows.push_back(cells);
    }
    std::vector<std::vector<std::size_t>> order;  // the strip's rows, top to bottom
    const auto piece = [&](const std::vector<std::size_t>& row, std::size_t k) {
        const std::size_t first = k * kPerRow;
        return std::vector<std::size_t>(
            row.begin() + std::ptrdiff_t(first),
            row.begin() + std::ptrdiff_t(std::min(row.size(), first + kPerRow)));
    };
    const auto pieces = [&](const std::vector<std::size_t>& row) {
        return (row.size() + kPerRow - 1) / kPerRow;
    };
    if (pieces_of_rows.size() == 2) {
        const std::size_t n = std::max(pieces(pieces_of_rows[0]), pieces(pieces_of_rows[1]));
        for (std::size_t k = 0; k < n; ++k)
            for (const auto& row : pieces_of_rows)
                if (k < pieces(row)) order.push_back(piece(row, k));
    } else {
        // Any other number of rows: all the focus cells in reading order, packed.
        std::vector<std::size_t> all;
        for (const auto& row : pieces_of_rows)
            all.insert(all.end(), row.begin(), row.end());
        for (std::size_t k = 0; k < pieces(all); ++k)
            order.push_back(piece(all, k));
    }
    std::map<std::size_t, Rect> placed;  // view cell -> its magnified rect
    float y = 0.6f;
    // A cell of several lines (a bank's number and degree) is taller, so each line stays large.
    const auto height = [&](std::size_t i) {
        const std::string& text = view.cells[i].text;
        const auto lines = std::count(text.begin(), text.end(), '\n') + 1;
        return lines > 1 ? 0.75f * float(lines) : 1.0f;
    };
    for (const auto& cells : order) {
        float tallest = 1.0f;
        for (std::size_t n = 0; n < cells.size(); ++n) {
            SceneCell c = view.cells[cells[n]];
            c.rect = {float(n) * kPitch, y, 1.0f, height(cells[n])};
            tallest = std::max(tallest, c.rect.h);
            placed[cells[n]] = c.rect;
            const std::string name = cell_name(c);
            if (!name.empty())
                out.labels.push_back(
                    {{c.rect.center().x, y - 0.28f}, name, theme.text_dim, 0.3f, Align::Center});
            out.cells.push_back(std::move(c));
        }
        y += kRowPitch + tallest - 1.0f;
    }
    // The view's arrows between focus cells, between their magnified copies.
    const auto inside = [&](Vec2 p) -> const Rect* {
        for (const auto& [i, rect] : placed) {
            const Rect& r = view.cells[i].rect;
            if (p.x >= r.x - 0.05f && p.x <= r.right() + 0.05f && p.y >= r.y - 0.05f &&
                p.y <= r.bottom() + 0.05f)
                return &rect;
        }
        return nullptr;
    };
    // An arrow the view drew in pieces (around the rows in its way) is one arrow here, from its
    // first piece's start to its head: the strip has no rows between to go around.
    std::vector<SceneArrow> whole;
    for (const SceneArrow& a : view.arrows) {
        const bool continues = !whole.empty() && !whole.back().head &&
                               std::abs(whole.back().to.x - a.from.x) < 1e-4f &&
                               std::abs(whole.back().to.y - a.from.y) < 1e-4f;
        if (continues) {
            whole.back().to = a.to;
            whole.back().head = a.head;
        } else {
            whole.push_back(a);
        }
    }
    for (const SceneArrow& a : whole) {
        const Rect* from = inside(a.from);
        const Rect* to = inside(a.to);
        if (!from || !to || from == to) continue;
        // Edge to edge, never over a value: along the top edges within a row, and around the
        // strip's rows in the way.
        const bool down = to->y > from->y + 0.5f, up = to->y < from->y - 0.5f;
        for (const SceneArrow& part :
             arrow_clear_of_values(out.cells, {from->center().x, down ? from->bottom() : from->y},
                                   {to->center().x, up ? to->bottom() : to->y}, *from, *to,
                                   kPitch - 1.0f, a.color, a.width_px))
            out.arrows.push_back(part);
    }

    // The picture itself below, shrunk: the context.
    const float k = context_scale;
    const Vec2 by{-view.bounds.x * k, y + 0.8f - view.bounds.y * k};
    out.labels.push_back(
        {{0, y + 0.3f}, "the whole step, smaller:", theme.text_dim, 0.32f, Align::Left});
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
    out.min_readable_px = 0;
    out.fit_bounds();
    return out;
}

}  // namespace scanscope
