// What a frame drew as text, read back from ImGui's draw lists (the glyph quads themselves, not
// what the code meant to draw): for `--layout-json`, and the tests that hold presenter mode to its
// legibility measure (every value the step is about at 4 % of the window height or more).
#pragma once

#include <string>
#include <vector>

#include "scenes/geometry.h"

struct ImDrawList;
struct ImFont;

namespace scanscope {

// What a text is, for the measure: values and the narration must be large, labels may be context.
enum class TextRole {
    Value,        // a cell's value (an element, a tile's descriptor, a word in the Banks drawing)
    Label,        // a row's or an array's name, a legend
    Caption,      // the step's caption on the canvas
    Note,         // lines under a drawing (hazards, what an access is)
    BankNumber,   // the Banks drawing's bank numbers
    LaneNumber,   // its lane numbers
    Degree,       // the conflict degree written on a bank (x8)
    Narration,    // the step's sentence under the canvas
    Question,     // predict mode's question
    Choice,       // and its choices
    Explanation,  // and its answer
    Hint,         // "drag: more" and the like
    Position,     // the timeline's "step 3 of 6"
};
const char* text_role_name(TextRole role);

struct DrawnText {
    std::string panel;  // canvas, banks, narration, predict
    TextRole role = TextRole::Value;
    std::string text;
    float font_px = 0;   // the font size it was drawn at
    Rect box;            // the glyphs' ink, in window pixels (empty: nothing was drawn)
    Rect visible;        // the part inside the clip rectangle (empty: clipped away)
    bool focus = false;  // the step is about it
};

// The frame's texts. Recording is off unless a layout is asked for: a frame costs nothing extra.
class LayoutLog {
  public:
    bool enabled = false;
    void clear() { texts_.clear(); }
    const std::vector<DrawnText>& texts() const { return texts_; }

    // Where `list` is now; pass it to record() after drawing one text into the same list.
    struct Mark {
        ImDrawList* list = nullptr;
        int vertices = 0;
    };
    Mark mark(ImDrawList* list) const;
    // Records the glyphs drawn since `m`: their box is read from the vertices added.
    void record(const Mark& m, const std::string& panel, TextRole role, const std::string& text,
                float font_px, bool focus = false);

    // A text the frame should have drawn and did not (a focus value off the canvas, or too small
    // to draw): recorded with an empty box, so that the measure counts it as unreadable.
    void record_missing(const std::string& panel, TextRole role, const std::string& text,
                        float font_px, bool focus);

  private:
    std::vector<DrawnText> texts_;
};

// The one log the frame records into.
LayoutLog& layout_log();

// Draws `text` with ImDrawList::AddText and records it.
void draw_logged_text(ImDrawList* list, ImFont* font, float size, float x, float y, unsigned color,
                      const std::string& text, const std::string& panel, TextRole role,
                      bool focus = false, float wrap_width = 0);
// ImGui::TextWrapped, recorded (the current window's font and size).
void text_wrapped_logged(const std::string& text, const std::string& panel, TextRole role,
                         bool focus = false);

}  // namespace scanscope
