// The panels of the main window, each drawn into its rect of the layout.
#pragma once

#include "gui/app_state.h"
#include "gui/imgui_layer.h"
#include "gui/layout.h"
#include "player/view_scene.h"
#include "views/canvas_view.h"

namespace scanscope {

// The canvases' GL resources live as long as the window.
struct Canvases {
    CanvasView main;
    CanvasView banks;
    bool error_reported = false;  // a shader failure is said once
};

// What a theme changes in a scene, for the canvases' caches.
std::string ui_theme_key(const Theme& theme);

// Returns the menu bar's height.
float draw_menu_bar(AppState& state, const UiFonts& fonts);
void draw_controls_panel(AppState& state, const Rect& rect, const UiFonts& fonts);
void draw_canvas_panel(AppState& state, Canvases& canvases, const Rect& rect, const UiFonts& fonts,
                       const Theme& theme);
void draw_code_panel(AppState& state, const Rect& rect, const UiFonts& fonts, const Theme& theme);
void draw_banks_panel(AppState& state, Canvases& canvases, const Rect& rect, const UiFonts& fonts,
                      const Theme& theme);
void draw_timings_panel(AppState& state, const Rect& rect, const UiFonts& fonts,
                        const Theme& theme);
// What the step is (player/view_scene.h), with the open lesson's own sentences.
StepSentence step_sentence(const AppState& state);
// The height the tall timeline bar (presenter mode) needs to show the step's sentence whole in
// large type at this width.
float large_timeline_height(const AppState& state, const UiFonts& fonts, float width);

struct TimelineBarOptions {
    bool large = false;            // presenter mode: the caption and narration in large type
    bool controls_button = false;  // the controls are folded: a button brings them back
};
void draw_timeline_bar(AppState& state, const Rect& rect, const UiFonts& fonts, const Theme& theme,
                       TimelineBarOptions options = {});
void draw_status_line(AppState& state, const Rect& rect, const UiFonts& fonts, const Theme& theme);
void draw_dialogs(AppState& state, const UiFonts& fonts);
// Predict mode's question or its reveal, over `rect` (the Banks panel's place).
void draw_predict_panel(AppState& state, const Rect& rect, const UiFonts& fonts,
                        const Theme& theme);
bool predict_panel_shown(const AppState& state);
// Answers the pending question with choice `choice` (0 = A), reveals the step, keeps the score.
void answer_question(AppState& state, int choice);
// File > Export (builds with Cairo and giflib only).
void draw_export_dialog(AppState& state, const Theme& theme);

}  // namespace scanscope
