#include <imgui.h>

#include "views/panel.h"
#include "views/shell_views.h"

namespace scanscope {

void draw_code_panel(AppState& /*state*/, const Rect& rect, const UiFonts& fonts) {
    if (begin_panel("##code", rect, fonts, "Code")) {
        empty_state(
            "The variant's pseudo-code, with the line of the current step lit and the "
            "live values of d, offset and stride.");
    }
    end_panel();
}

}  // namespace scanscope
