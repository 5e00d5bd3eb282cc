// Keyboard shortcuts, hiding ImGui 1.86's key-index API (named keys through GetKeyIndex, letters
// and symbols through the GLFW key codes the GLFW backend uses as indices).
#pragma once

namespace scanscope {

enum class Key {
    Space,
    Left,
    Right,
    Home,
    End,
    Plus,
    Minus,
    Equal,
    Zero,
    Q,
    F1,
    F2,
    F11,
    P,
    B,
    LeftBracket,
    RightBracket
};

// True on the frame the key goes down (with repeat), when no text field has focus.
bool key_pressed(Key key, bool repeat = true);
bool ctrl_held();
// Letter key `letter` ('A' to 'Z'), pressed this frame (no repeat), no text field focused.
bool letter_pressed(char letter);

}  // namespace scanscope
