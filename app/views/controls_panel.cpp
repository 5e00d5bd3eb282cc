#include <imgui.h>

#include "views/panel.h"
#include "views/shell_views.h"

namespace scanscope {

void draw_controls_panel(AppState& /*state*/, const Rect& rect, const UiFonts& fonts) {
    if (begin_panel("##controls", rect, fonts, "Variant and input")) {
        empty_state(
            "Choose a scan or reduction variant, its input, and where to run it "
            "(GPU or CPU emulation). The variants arrive with the kernels.");
    }
    end_panel();
}

}  // namespace scanscope
