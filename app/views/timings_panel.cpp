#include <imgui.h>

#include "views/panel.h"
#include "views/shell_views.h"

namespace scanscope {

void draw_timings_panel(AppState& state, const Rect& rect, const UiFonts& fonts) {
    if (begin_panel("##timings", rect, fonts, "Timings")) {
        if (state.device && !state.device->gpu_available)
            empty_state("No GPU timings on this machine: the kernels run on the CPU emulation.");
        else
            empty_state("Timings of the same kernels, beside a device copy and CUB.");
    }
    end_panel();
}

}  // namespace scanscope
