// Arrows drawn clear of the values: a cell's number sits in its middle, and an arrow laid over it
// hides the very value the step is about.
#pragma once

#include <vector>

#include "scenes/scene.h"

namespace scanscope {

// The part of a cell where its value is drawn (its middle 60 %): arrows keep out of it.
Rect value_area(const Rect& cell);

// Whether the segment a-b passes through `r`.
bool segment_meets(const Rect& r, Vec2 a, Vec2 b);

// Where an arrow meets `cell`, never over its value: the middle of the edge that faces a row whose
// top is `other_top` (the bottom edge for a row below, else the top edge, a row's own included).
Vec2 edge_facing(const Rect& cell, float other_top);

// An arrow from `from` to `to`, points on the edges of the cells it joins (`source`, `target`):
// straight where that passes over no cell's value, else around the rows between, along the gaps
// (`gap` wide) between the rows and the columns: down the column gap beside the source to a wide
// gap between the rows, along it, and down the column gap beside the target. The pieces in
// order; only the last carries the head. Where no such path is clear (cells off one grid), the
// arrow stays straight. `keep_clear`: more that no arrow may cross (the names beside cells).
std::vector<SceneArrow> arrow_clear_of_values(const std::vector<SceneCell>& cells, Vec2 from,
                                              Vec2 to, const Rect& source, const Rect& target,
                                              float gap, Color color, float width_px,
                                              const std::vector<Rect>& keep_clear = {});

// An arrow along a path of points: a piece between each two (none where two points are one),
// the last with the head.
std::vector<SceneArrow> arrow_along(const std::vector<Vec2>& path, Color color, float width_px);

// Arrows drawn in pieces (as arrow_along gives them) joined again, each from its first piece's
// start to its head's end: a piece continues the one before where that one has no head and ends
// where it starts.
std::vector<SceneArrow> join_pieces(const std::vector<SceneArrow>& pieces);

// An arrow between two points on one row's top edge, as an arc `height` above the row: arrows
// between cells of one row then stand apart, where straight ones would lie on one another along
// the row's edge. The pieces in order; only the last carries the head, pointing down.
std::vector<SceneArrow> arc_over_row(Vec2 from, Vec2 to, float height, Color color, float width_px);

// How high an arc over a row stands, in `room`: the farther it reaches (against the `longest`
// reach of its row's arcs) the higher, so that arcs of one step stand apart; never much taller
// than wide; a leftward one a little lower, so that a swap's two arrows are seen as two.
float arc_height(float from_x, float to_x, float longest, float room);

// The same arc, bowed `height` towards `side` (a unit vector: {0, -1} up, {-1, 0} left).
std::vector<SceneArrow> arc_towards(Vec2 from, Vec2 to, Vec2 side, float height, Color color,
                                    float width_px);

}  // namespace scanscope
