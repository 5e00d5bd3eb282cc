#include <imgui.h>

#include "views/panel.h"
#include "views/shell_views.h"

namespace scanscope {

void draw_banks_panel(AppState& /*state*/, const Rect& rect, const UiFonts& fonts) {
    if (begin_panel("##banks", rect, fonts, "Shared-memory banks")) {
        empty_state("Each warp's shared-memory accesses by bank, with its conflict degree.");
    }
    end_panel();
}

}  // namespace scanscope
