#include "gui/keys.h"

#include <GLFW/glfw3.h>
#include <imgui.h>

namespace scanscope {
namespace {

int key_index(Key key) {
    switch (key) {
        case Key::Space:
            return ImGui::GetKeyIndex(ImGuiKey_Space);
        case Key::Left:
            return ImGui::GetKeyIndex(ImGuiKey_LeftArrow);
        case Key::Right:
            return ImGui::GetKeyIndex(ImGuiKey_RightArrow);
        case Key::Home:
            return ImGui::GetKeyIndex(ImGuiKey_Home);
        case Key::End:
            return ImGui::GetKeyIndex(ImGuiKey_End);
        case Key::Plus:
            return GLFW_KEY_KP_ADD;
        case Key::Minus:
            return GLFW_KEY_MINUS;
        case Key::Equal:
            return GLFW_KEY_EQUAL;
        case Key::Zero:
            return GLFW_KEY_0;
        case Key::Q:
            return GLFW_KEY_Q;
        case Key::F1:
            return GLFW_KEY_F1;
        case Key::F2:
            return GLFW_KEY_F2;
        case Key::F11:
            return GLFW_KEY_F11;
        case Key::P:
            return GLFW_KEY_P;
        case Key::B:
            return GLFW_KEY_B;
        case Key::LeftBracket:
            return GLFW_KEY_LEFT_BRACKET;
        case Key::RightBracket:
            return GLFW_KEY_RIGHT_BRACKET;
    }
    return -1;
}

}  // namespace

bool key_pressed(Key key, bool repeat) {
    if (ImGui::GetIO().WantTextInput) return false;
    const int index = key_index(key);
    if (index >= 0 && ImGui::IsKeyPressed(index, repeat)) return true;
    // The keypad's minus counts as minus; shift+= (the "+" key on US layouts) counts as plus.
    if (key == Key::Minus) return ImGui::IsKeyPressed(GLFW_KEY_KP_SUBTRACT, repeat);
    if (key == Key::Plus)
        return ImGui::GetIO().KeyShift && ImGui::IsKeyPressed(GLFW_KEY_EQUAL, repeat);
    return false;
}

bool letter_pressed(char letter) {
    if (ImGui::GetIO().WantTextInput || letter < 'A' || letter > 'Z') return false;
    return ImGui::IsKeyPressed(GLFW_KEY_A + (letter - 'A'), false);
}

bool ctrl_held() {
    return ImGui::GetIO().KeyCtrl;
}

}  // namespace scanscope
