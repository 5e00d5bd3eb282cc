// What a canvas view shows, as data: cells, arrows and labels in world units (a cell is about
// 1 x 1). Views build scenes from the trace; the renderer draws any scene; tests read them.
#pragma once

#include <string>
#include <vector>

#include "scenes/geometry.h"
#include "style/theme.h"

namespace scanscope {

enum class CellRole {
    Plain,      // a value, nothing happened to it this step
    Undefined,  // never written
    Read,
    Written,
    ReadWritten,
    Hazard,     // touched by two threads in one step, one writing
    Highlight,  // e.g. the cleared root, the current row
    Header,     // a label cell (bank number, tile status legend)
};

// What a cell stands for, for the hover text and for tests: a typed reference, not a number code
// (codes like block * 10^6 + word overflow and mix up blocks).
struct CellRef {
    enum class Kind { None, Word, Thread, Warp, Lane, Bank, Tile, Global, Output, Expected };
    Kind kind = Kind::None;
    int block = 0;  // Word: the block whose shared memory; Global: the buffer
    int index = 0;  // the word, thread, warp, lane, bank, tile or element

    static CellRef word(int w, int block = 0) { return {Kind::Word, block, w}; }
    static CellRef thread(int t) { return {Kind::Thread, 0, t}; }
    static CellRef warp(int w) { return {Kind::Warp, 0, w}; }
    static CellRef lane(int l) { return {Kind::Lane, 0, l}; }
    static CellRef bank(int b) { return {Kind::Bank, 0, b}; }
    static CellRef tile(int t) { return {Kind::Tile, 0, t}; }
    static CellRef global(int buffer, int i) { return {Kind::Global, buffer, i}; }
    static CellRef output(int i) { return {Kind::Output, 0, i}; }
    static CellRef expected(int i) { return {Kind::Expected, 0, i}; }  // what output[i] should be
    bool operator==(const CellRef& o) const {
        return kind == o.kind && block == o.block && index == o.index;
    }
};

struct SceneCell {
    Rect rect;
    Color fill;
    Color border;
    float border_px = 1.0f;
    std::string text;
    Color text_color;
    CellRole role = CellRole::Plain;
    CellRef ref;  // what the cell stands for
    // The step is about it (the warp being followed: what it writes and what those writes read;
    // every cell of a small array): presenter mode draws its value at the legible size.
    bool focus = false;
    // Its value line is the word it stands for (the banks' cells): a "[32]" beside it would say
    // it twice.
    bool shows_its_word = false;
};

struct SceneArrow {
    Vec2 from, to;
    Color color;
    float width_px = 2.0f;
    bool head = true;
};

enum class Align { Left, Center, Right };

// The left end of a line `width` wide that is aligned to `x`, in any units, in every renderer.
template <typename T>
constexpr T aligned_left(Align align, T x, T width) {
    return align == Align::Left ? x : align == Align::Center ? x - width / 2 : x - width;
}

struct SceneLabel {
    Vec2 at;
    std::string text;
    Color color;
    float size = 0.45f;  // world units (text scales with zoom, never below a readable minimum)
    Align align = Align::Left;
    float fixed_px = 0;  // > 0: this many pixels whatever the zoom (captions, notes)
    // A row's name that the picture means nothing without: drawn at the readable size however far
    // the picture is zoomed out (the window's camera leaves room for it), where other labels
    // that small are left out.
    bool keep = false;
    // The step's caption ("step 4/9 · ..."): an export that prints the step's sentence over the
    // page leaves it out rather than say it twice.
    bool names_the_step = false;
};

// A label's pixel size at this scale (pixels per world unit; ui: the UI scale), or 0 where it is
// left out, in every renderer. Labels scale with the scene, within readable bounds (never under
// 11 px x the UI scale). A label whose place has shrunk to well under the readable size is left
// out rather than drawn over its neighbours; captions keep their size until the scene is so
// small that they would cover it.
float label_px(const SceneLabel& label, float scale, float ui);

// The step's caption over a scene's first row, its top-left at (0, y).
SceneLabel step_caption_label(std::string text, float y, const Theme& theme);

// A value moving along an arrow between two steps.
struct SceneGlide {
    Vec2 from, to;
    std::string text;
    Color color;
    float t = 1.0f;  // how far along: 0 at `from`, 1 at `to`
};

struct Scene {
    std::vector<SceneCell> cells;
    std::vector<SceneArrow> arrows;
    std::vector<SceneLabel> labels;
    std::vector<SceneGlide> glides;
    Rect bounds;                     // everything, for fitting the camera
    std::string empty_message;       // shown instead when there is nothing to draw
    std::vector<std::string> notes;  // fixed-size lines under the canvas (e.g. a step's hazards)
    // What the step comes to, a short line each: presenter mode draws these under the canvas at
    // the legible size, in place of the notes (a projector's back row reads them; the notes'
    // detail would take the picture's room).
    std::vector<std::string> headlines;
    float min_readable_px = 20.0f;  // the first fit keeps cells at least this big (0: fit all)
    // Rows grow downward to the current step (tree, ping-pong): when not all fit, the first fit
    // shows the bottom, the step now happening, rather than the top.
    bool newest_at_bottom = false;

    void fit_bounds();  // bounds := the union of cells and labels
};

}  // namespace scanscope
