#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <optional>

#include "gui/layout_log.h"
#include "model/values.h"
#include "player/view_scene.h"
#include "scenes/focus_strip.h"
#include "variants/registry.h"
#include "views/panel.h"
#include "views/shell_views.h"

namespace scanscope {
namespace {

std::string describe_cell(const Session& s, const SceneCell& cell) {
    const Trace& trace = s.trace();
    const Cursor c = s.cursor();
    const Launch& launch = trace.launches[std::size_t(c.launch)];
    const ElementKind element = kind_of(trace.request.type);
    switch (cell.ref.kind) {
        case CellRef::Kind::Word: {
            if (s.view == ViewKind::Compare) return {};  // two traces: the word is ambiguous
            const std::uint32_t word = std::uint32_t(cell.ref.index);
            if (word >= launch.shared_bytes / 4) return {};
            std::string array = "shared";
            for (const SharedArrayInfo& a : launch.arrays)
                if (word * 4 >= a.offset && word * 4 < a.offset + a.count * a.element_bytes)
                    array = a.name + "[" + std::to_string(word - a.offset / 4) + "]";
            return "block " + std::to_string(cell.ref.block) + ": " + array + "\nword " +
                   std::to_string(word) + ", byte " + std::to_string(word * 4) + ", bank " +
                   std::to_string(word % std::uint32_t(s.bank_config().banks)) +
                   (cell.text.empty() ? "\nnever written" : "\nvalue " + cell.text);
        }
        case CellRef::Kind::Global:
            if (cell.ref.block < 0 || cell.ref.block >= int(launch.globals.size())) return {};
            return launch.globals[std::size_t(cell.ref.block)].name + "[" +
                   std::to_string(cell.ref.index) + "] (global memory, after the launch)\n" +
                   cell.text;
        case CellRef::Kind::Output:
            if (cell.ref.index < 0 || cell.ref.index >= int(trace.output.size())) return {};
            return "output[" + std::to_string(cell.ref.index) +
                   "] = " + format_value(trace.output[std::size_t(cell.ref.index)], element) +
                   " (global memory, what the kernel wrote)";
        default:
            return {};
    }
}

}  // namespace

std::string ui_theme_key(const Theme& theme) {
    return theme.name + "/" + theme.palette;
}

void draw_canvas_panel(AppState& state, Canvases& canvases, const Rect& rect, const UiFonts& fonts,
                       const Theme& theme) {
    if (begin_panel("##canvas", rect, fonts, nullptr, false)) {
        Session& s = state.session;
        if (!s.loaded()) {
            if (!state.kernel.errors.empty()) {
                // Your kernel does not compile (yet): the compiler's words, where they can be read.
                ImGui::TextUnformatted(state.kernel.compiled
                                           ? "Your kernel compiles, but did not run to the end:"
                                           : "Your kernel does not compile yet; save it again "
                                             "to retry.");
                ImGui::PushFont(fonts.mono);
                ImGui::PushStyleColor(ImGuiCol_Text,
                                      ImVec4(theme.hazard.r, theme.hazard.g, theme.hazard.b, 1));
                ImGui::PushTextWrapPos(0.0f);
                ImGui::TextUnformatted(state.kernel.errors.c_str());
                ImGui::PopTextWrapPos();
                ImGui::PopStyleColor();
                ImGui::PopFont();
            } else {
                empty_state(state.capturing()
                                ? "Capturing..."
                                : "Pick a variant and press Capture, or open a lesson.");
            }
        } else {
            // A trace that contradicts itself is not shown as if it were what ran.
            const auto warn = [&](const std::string& text) {
                ImGui::PushStyleColor(ImGuiCol_Text,
                                      ImVec4(theme.hazard.r, theme.hazard.g, theme.hazard.b, 1));
                ImGui::PushTextWrapPos(0.0f);
                ImGui::TextUnformatted(text.c_str());
                ImGui::PopTextWrapPos();
                ImGui::PopStyleColor();
            };
            const std::string edited =
                ". It was edited or damaged after capture; what it shows may not be what ran.";
            if (!s.inconsistency().empty())
                warn("This trace contradicts itself at " + s.inconsistency() + edited);
            if (s.view == ViewKind::Compare && s.compare() && !s.compare_inconsistency().empty())
                warn("The trace compared with contradicts itself at " + s.compare_inconsistency() +
                     edited);
            const bool has_verdict =
                is_student_key(s.trace().request.variant) && !state.kernel.verdict.empty();
            if (!s.trace().stopped().empty() && !has_verdict)
                warn("The kernel stopped with an error in its last step (" +
                     std::to_string(s.trace().frame_count()) + "): " + s.trace().stopped());
            // Your kernel's verdict, above the picture, where it is read without scrolling.
            if (has_verdict) {
                const bool right = state.kernel.verdict.rfind("output correct", 0) == 0;
                const Color c = right ? theme.text : theme.hazard;
                ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(c.r, c.g, c.b, 1));
                // A projector gets its first clause, at the size read from the back row.
                std::string verdict = "Your kernel: " + state.kernel.verdict;
                if (state.presenter) verdict = verdict.substr(0, verdict.find("; "));
                if (state.presenter && fonts.large) ImGui::PushFont(fonts.large);
                const LayoutLog::Mark m = layout_log().mark(ImGui::GetWindowDrawList());
                ImGui::TextWrapped("%s", verdict.c_str());
                layout_log().record(m, "canvas", TextRole::Note, verdict, ImGui::GetFontSize());
                if (state.presenter && fonts.large) ImGui::PopFont();
                ImGui::PopStyleColor();
            }
            float tabs_end_x = 0;  // where the canvas's hint may start, right of the tabs
            if (ImGui::BeginTabBar("views")) {
                for (const ViewInfo& v : all_views()) {
                    if (!view_applies(v.kind, s.trace())) continue;
                    const ImGuiTabItemFlags flags =
                        s.view == v.kind ? ImGuiTabItemFlags_SetSelected : 0;
                    const LayoutLog::Mark m = layout_log().mark(ImGui::GetWindowDrawList());
                    bool open = ImGui::BeginTabItem(v.name, nullptr, flags);
                    layout_log().record(m, "tabs", TextRole::Label, v.name, ImGui::GetFontSize());
                    tabs_end_x = std::max(tabs_end_x, ImGui::GetItemRectMax().x);
                    if (ImGui::IsItemClicked()) s.view = v.kind;
                    if (open) ImGui::EndTabItem();
                }
                ImGui::EndTabBar();
            }
            const Cursor c = s.cursor();
            // Presenter mode: every value the step is about at 4 % of the window's height (a
            // last row at six screen heights reads it); the rows narrow until it fits.
            const float focus_px =
                state.presenter ? std::ceil(0.04f * ImGui::GetIO().DisplaySize.y) : 0.0f;
            const ImVec2 room = ImGui::GetContentRegionAvail();
            const std::string key = s.trace().source.captured_at + s.trace().request.variant + "/" +
                                    std::to_string(int(s.view)) + "/" + std::to_string(c.launch) +
                                    "/" + std::to_string(s.block) + "/" +
                                    std::to_string(c.focus_warp) + "/" +
                                    std::to_string(int(focus_px));
            const std::string version = key + "/" + std::to_string(s.timeline().position()) + "/" +
                                        std::to_string(c.glide) + "/" + ui_theme_key(theme) + "/" +
                                        std::to_string(int(room.x)) + "x" +
                                        std::to_string(int(room.y)) +
                                        (state.predict.predictor.enabled() ? "/predicting" : "");
            if (canvases.main.needs(version)) {
                ViewSceneOptions options;
                options.hide_later = state.predict.predictor.enabled();
                Scene scene = build_view_scene(s, theme, options);
                const auto fits = [&](const Scene& candidate) {
                    return focus_px <= 0 ||
                           CanvasView::focus_fits_in(candidate, fonts, room.x, room.y, focus_px);
                };
                for (int columns : {16, 8, 4}) {
                    if (fits(scene)) break;
                    options.columns = columns;
                    scene = build_view_scene(s, theme, options);
                }
                // Still too far apart: the focus magnified above the picture, shrunk to context;
                // or, where even that does not fit, the picture in its own rows of 32 (a
                // narrower wrap would only send its arrows across more rows), panned as large;
                // a picture without arrows (the banks, wrapped) stays in its narrowest rows,
                // where the camera finds more of its focus together.
                if (!fits(scene)) {
                    Scene narrowest = std::move(scene);
                    options.columns = 32;
                    Scene whole = build_view_scene(s, theme, options);
                    // Fan-outs grouped where that fits (the groups' lines narrower, so that
                    // more groups share a shelf), else packed with their arrows.
                    const auto magnified_that_fits = [&]() -> std::optional<Scene> {
                        const std::pair<int, int> layouts[] = {{16, 16}, {16, 8}, {16, 4}, {8, 8},
                                                               {8, 4},   {16, 0}, {8, 0}};
                        for (const auto& [per_row, group_wrap] : layouts) {
                            Scene magnified = magnify_focus(whole, theme, per_row, group_wrap);
                            if (fits(magnified)) return magnified;
                        }
                        return std::nullopt;
                    };
                    if (std::optional<Scene> magnified = magnified_that_fits())
                        scene = std::move(*magnified);
                    else
                        scene = std::move(narrowest.arrows.empty() ? narrowest : whole);
                }
                canvases.main.set_scene(std::move(scene), version);
            }
            canvases.main.describe = [&s](const SceneCell& cell) { return describe_cell(s, cell); };
            // Predict mode, "which cells does this step write": the student clicks them.
            const Question* q = state.predict.predictor.pending();
            if (q && q->kind == QuestionKind::WrittenCells && s.view != ViewKind::Compare) {
                auto& picked = state.predict.picked;
                canvases.main.on_click = [&picked](const SceneCell& cell) {
                    if (cell.ref.kind != CellRef::Kind::Word) return;
                    const std::uint32_t word = std::uint32_t(cell.ref.index);
                    const auto at = std::find(picked.begin(), picked.end(), word);
                    if (at == picked.end())
                        picked.push_back(word);
                    else
                        picked.erase(at);
                };
                canvases.main.marked = [&picked](const SceneCell& cell) {
                    return cell.ref.kind == CellRef::Kind::Word &&
                           std::find(picked.begin(), picked.end(), std::uint32_t(cell.ref.index)) !=
                               picked.end();
                };
            } else {
                canvases.main.on_click = nullptr;
                canvases.main.marked = nullptr;
            }
            canvases.main.draw(key, fonts, theme, {"canvas", focus_px, tabs_end_x});
            if (!canvases.main.error().empty() && !canvases.error_reported) {
                state.notify(Notice::Level::Error, canvases.main.error());
                canvases.error_reported = true;
            }
        }
    }
    end_panel();
}

}  // namespace scanscope
