// A fixed panel of the main layout: an ImGui window pinned to a rect, with a heading.
#pragma once

#include "gui/imgui_layer.h"
#include "gui/layout.h"

namespace scanscope {

// Returns true when the panel's contents should be drawn; always pair with end_panel().
bool begin_panel(const char* id, const Rect& rect, const UiFonts& fonts, const char* heading,
                 bool scrollable = true);
void end_panel();

// Panels begun while this is on are overlays (presenter mode): drawn in front of the canvas.
void set_panels_are_overlays(bool on);

// Dim, wrapped text for a panel that has nothing to show yet.
void empty_state(const char* text);

}  // namespace scanscope
