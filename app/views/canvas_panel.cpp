#include <imgui.h>

#include "views/panel.h"
#include "views/shell_views.h"

namespace scanscope {

void draw_canvas_panel(AppState& /*state*/, const Rect& rect, const UiFonts& fonts) {
    if (begin_panel("##canvas", rect, fonts, "Canvas", false)) {
        empty_state(
            "Captured steps appear here: shared memory, trees, ping-pong buffers, "
            "blocks and look-back tiles.");
    }
    end_panel();
}

}  // namespace scanscope
