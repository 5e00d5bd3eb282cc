#include "scenes/compare_scene.h"

#include "scenes/array_scene.h"
#include "scenes/banks_scene.h"

namespace scanscope {
namespace {

// Conflicts of block `block`'s steps up to `step` of `launch`.
ConflictTotals conflicts_so_far(const Trace& trace, const Cursor& c, const BankConfig& config) {
    ConflictTotals totals;
    if (c.launch >= int(trace.launches.size())) return totals;
    const Launch& launch = trace.launches[std::size_t(c.launch)];
    for (int s = 0; s <= c.step; ++s)
        if (const Step* step = find_step(launch, c.block, s))
            for (const WarpAccess& a : step->accesses)
                totals.add(a, analyze_access(a, config));
    return totals;
}

}  // namespace

void append_scene(Scene& into, const Scene& other, Vec2 offset) {
    for (SceneCell c : other.cells) {
        c.rect.x += offset.x, c.rect.y += offset.y;
        into.cells.push_back(std::move(c));
    }
    for (SceneArrow a : other.arrows) {
        a.from = {a.from.x + offset.x, a.from.y + offset.y};
        a.to = {a.to.x + offset.x, a.to.y + offset.y};
        into.arrows.push_back(a);
    }
    for (SceneLabel l : other.labels) {
        l.at = {l.at.x + offset.x, l.at.y + offset.y};
        into.labels.push_back(std::move(l));
    }
    for (SceneGlide g : other.glides) {
        g.from = {g.from.x + offset.x, g.from.y + offset.y};
        g.to = {g.to.x + offset.x, g.to.y + offset.y};
        into.glides.push_back(std::move(g));
    }
}

Scene build_compare_scene(const Trace& left, const Trace& right, const Cursor& c,
                          const BankConfig& config, const Theme& theme, int banks_per_row) {
    Scene scene;
    const bool wrapped = banks_per_row < config.banks;
    float x = 0, y = 0;
    for (const Trace* t : {&left, &right}) {
        BankConfig own = config;
        Scene half = build_banks_scene(*t, c, -1, own, theme, banks_per_row);
        // Both sides have the same rows: the left side's names serve both (kept at a readable
        // size, the right side's would land on the left picture).
        if (t == &right)
            for (SceneLabel& l : half.labels)
                l.keep = false;
        const ConflictTotals so_far = conflicts_so_far(*t, c, own);
        const VariantInfo* card = find_card(t->request);
        const std::string name =
            t->request.variant +
            (card && card->pads_for_banks
                 ? " (padded for " + std::to_string(t->request.banks) + " banks)"
                 : "");
        half.labels.push_back(
            {{0, wrapped ? -1.0f : -4.7f}, name, theme.accent, 0.8f, Align::Left, 16.0f});
        // The numbers go under the canvas, one line per side, whatever the zoom.
        const std::string access = half.notes.empty() ? half.empty_message : half.notes[0];
        scene.notes.push_back(name + ": so far " + std::to_string(so_far.load_conflicts) +
                              " load and " + std::to_string(so_far.store_conflicts) +
                              " store conflicts, " +
                              std::to_string(so_far.load_wavefronts + so_far.store_wavefronts) +
                              " wavefronts; now " + access);
        // The same, short, for the back row: what this step's access comes to on each side.
        const std::optional<AccessBanks> now = drawn_access_banks(*t, c, own);
        const std::string verdict = !now ? "no shared-memory access"
                                    : now->degree <= 1
                                        ? "no conflict now"
                                        : std::to_string(now->degree) + "-way conflict now";
        scene.headlines.push_back(t->request.variant + ": " + verdict + "; " +
                                  std::to_string(so_far.load_conflicts + so_far.store_conflicts) +
                                  " conflicts so far");
        if (!half.empty_message.empty())
            half.labels.push_back({{0, 0}, half.empty_message, theme.text_dim, 0.45f, Align::Left});
        append_scene(scene, half, {x, y});
        // Side by side; wrapped (a projector), one above the other.
        if (wrapped) {
            half.fit_bounds();
            y += half.bounds.bottom() + 2.2f;
        } else {
            x += float(config.banks) * 1.12f + 4.0f;
        }
    }
    scene.min_readable_px = 0;  // side by side means both in view
    scene.fit_bounds();
    return scene;
}

Scene build_values_compare_scene(const Trace& mine, const Trace& reference, const Cursor& c,
                                 const Theme& theme, int columns) {
    Scene scene;
    const Launch& a = mine.launches.at(std::size_t(c.launch));
    const Step* x = find_step(a, c.block, c.step);
    // The reference at the same step of the same block, where it has one.
    Cursor theirs = c;
    theirs.launch = std::min(c.launch, int(reference.launches.size()) - 1);
    const Launch& b = reference.launches.at(std::size_t(theirs.launch));
    theirs.step = std::min(c.step, b.steps_of(std::min(c.block, b.grid - 1)) - 1);
    theirs.block = std::min(c.block, b.grid - 1);
    const Step* y = find_step(b, theirs.block, theirs.step);
    auto differs = [&](int w) {
        if (!x || !y || w < 0) return false;
        const std::size_t u = std::size_t(w);
        return u < x->shared.size() && u < y->shared.size() && x->defined[u] && y->defined[u] &&
               x->shared[u] != y->shared[u];
    };
    int first = -1;
    if (x && y)
        for (std::size_t w = 0; w < std::min(x->shared.size(), y->shared.size()) && first < 0; ++w)
            if (differs(int(w))) first = int(w);
    float top = 0;
    for (const Trace* t : {&mine, &reference}) {
        Scene half = build_array_scene(*t, t == &mine ? c : theirs, theme, {columns, false});
        for (SceneCell& cell : half.cells)
            if (cell.ref.kind == CellRef::Kind::Word && differs(cell.ref.index)) {
                cell.border = theme.hazard;
                cell.border_px = 3.0f;
                cell.focus = true;
            }
        const std::string name =
            t == &mine ? "yours (" + t->request.variant + ")"
                       : t->request.variant + ", at its step " + std::to_string(theirs.step + 1);
        // Your rows' names say so too: a projector's camera, close on the values, keeps them in
        // view where the name above may not be (the reference's stay short, to fit beside them).
        if (t == &mine)
            for (SceneLabel& l : half.labels)
                if (l.align == Align::Right) l.text = "yours: " + l.text;
        half.fit_bounds();  // above its own caption
        half.labels.push_back(
            {{0, half.bounds.y - 1.0f}, name, theme.accent, 0.8f, Align::Left, 16.0f});
        half.fit_bounds();
        append_scene(scene, half, {0, top - half.bounds.y});
        top += half.bounds.h + 1.5f;
    }
    scene.notes.push_back(
        first < 0
            ? (x && y ? "the same shared memory at this step" : "no step to compare here")
            : "first difference at this step: " + word_name(a, std::uint32_t(first)) + " is " +
                  word_value(mine, a, std::uint32_t(first), x->shared[std::size_t(first)]) + ", " +
                  reference.request.variant + " has " +
                  word_value(reference, b, std::uint32_t(first), y->shared[std::size_t(first)]) +
                  " (outlined)");
    scene.fit_bounds();
    return scene;
}

}  // namespace scanscope
