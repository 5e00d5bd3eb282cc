// Presenter mode's last resort: where a view's focus cannot be drawn large in place (a warp's
// reads and writes too far apart in the picture), the focus cells are drawn again, large, in rows
// above the picture, which shrinks to the context: each row of focus cells in the picture's order
// (a row of reads above its row of writes), the arrows between them kept (an arc over the row
// within a row), each cell named by its word on the side of it no arrow uses. Fan-outs (a bank's
// header and the words queued in it) stand in groups along the rows instead, each source first.
#pragma once

#include "scenes/scene.h"

namespace scanscope {

// `view`'s focus cells magnified, `per_row` a row, above `view` itself shrunk by `context_scale`
// (its cells then no longer the focus); fan-outs in groups, each source's cells `group_wrap` a
// line (-1: `per_row`; 0: no groups, the cells packed with their arrows; groups may take more
// rows). A view with no focus cells comes back as it was.
Scene magnify_focus(const Scene& view, const Theme& theme, int per_row = 16, int group_wrap = -1,
                    float context_scale = 0.35f);

}  // namespace scanscope
