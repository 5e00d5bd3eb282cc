#include <imgui.h>

#include "model/values.h"
#include "scenes/array_scene.h"
#include "scenes/compare_scene.h"
#include "scenes/history_scene.h"
#include "scenes/lookback_scene.h"
#include "scenes/multiblock_scene.h"
#include "scenes/pingpong_scene.h"
#include "views/panel.h"
#include "views/shell_views.h"

namespace scanscope {
namespace {

Scene build_scene(const Session& s, const Theme& theme) {
    const Trace& t = s.trace();
    const Cursor c = s.cursor();
    switch (s.view) {
        case ViewKind::Array:
            return build_array_scene(t, c, theme);
        case ViewKind::Tree:
            return build_history_scene(t, c, theme);
        case ViewKind::PingPong:
            return build_pingpong_scene(t, c, theme);
        case ViewKind::Reduction:
            return build_history_scene(t, c, theme, {0, true});
        case ViewKind::MultiBlock:
            return build_multiblock_scene(t, c, theme);
        case ViewKind::LookBack:
            return build_lookback_scene(t, s.events.position(), theme);
        case ViewKind::Compare: {
            if (!s.compare()) {
                Scene none;
                none.empty_message =
                    "Nothing to compare with: choose a variant under 'Compare with' and capture "
                    "again.";
                return none;
            }
            return build_compare_scene(t, *s.compare(), c, s.bank_config(), theme);
        }
    }
    return {};
}

std::string describe_cell(const Session& s, const SceneCell& cell) {
    if (s.view == ViewKind::LookBack || cell.tag < 0 || cell.tag >= 100000) return {};
    const Cursor c = s.cursor();
    const Launch& launch = s.trace().launches[std::size_t(c.launch)];
    const std::uint32_t word = std::uint32_t(cell.tag % 1000000);
    if (word >= launch.shared_bytes / 4) return {};
    std::string array = "shared";
    for (const SharedArrayInfo& a : launch.arrays)
        if (word * 4 >= a.offset && word * 4 < a.offset + a.count * a.element_bytes)
            array = a.name + "[" + std::to_string(word - a.offset / 4) + "]";
    return array + "\nword " + std::to_string(word) + ", byte " + std::to_string(word * 4) +
           ", bank " + std::to_string(word % std::uint32_t(s.bank_config().banks)) +
           (cell.text.empty() ? "\nnever written" : "\nvalue " + cell.text);
}

}  // namespace

std::string ui_theme_key(const Theme& theme) {
    return theme.name;
}

void draw_canvas_panel(AppState& state, Canvases& canvases, const Rect& rect, const UiFonts& fonts,
                       const Theme& theme) {
    if (begin_panel("##canvas", rect, fonts, nullptr, false)) {
        Session& s = state.session;
        if (!s.loaded()) {
            empty_state(state.capturing() ? "Capturing..."
                                          : "Pick a variant and press Capture, or open a lesson.");
        } else {
            if (ImGui::BeginTabBar("views")) {
                for (const ViewInfo& v : all_views()) {
                    if (!view_applies(v.kind, s.trace())) continue;
                    const ImGuiTabItemFlags flags =
                        s.view == v.kind ? ImGuiTabItemFlags_SetSelected : 0;
                    bool open = ImGui::BeginTabItem(v.name, nullptr, flags);
                    if (ImGui::IsItemClicked()) s.view = v.kind;
                    if (open) ImGui::EndTabItem();
                }
                ImGui::EndTabBar();
            }
            const Cursor c = s.cursor();
            const std::string key = s.trace().source.captured_at + s.trace().request.variant + "/" +
                                    std::to_string(int(s.view)) + "/" + std::to_string(c.launch) +
                                    "/" + std::to_string(s.block);
            const std::string version = key + "/" + std::to_string(s.timeline().position()) + "/" +
                                        std::to_string(c.glide) + "/" + ui_theme_key(theme);
            if (canvases.main.needs(version))
                canvases.main.set_scene(build_scene(s, theme), version);
            canvases.main.describe = [&s](const SceneCell& cell) { return describe_cell(s, cell); };
            canvases.main.draw(key, fonts, theme);
            if (!canvases.main.error().empty() && !canvases.error_reported) {
                state.notify(Notice::Level::Error, canvases.main.error());
                canvases.error_reported = true;
            }
        }
    }
    end_panel();
}

}  // namespace scanscope
