#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "scenes/banks_scene.h"
#include "views/panel.h"
#include "views/shell_views.h"

namespace scanscope {
namespace {

void totals_table(const char* title, const ConflictTotals& t) {
    ImGui::TextDisabled("%s", title);
    if (ImGui::BeginTable(title, 3, ImGuiTableFlags_SizingFixedFit)) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TableNextColumn();
        ImGui::TextDisabled("loads");
        ImGui::TableNextColumn();
        ImGui::TextDisabled("stores");
        const char* names[] = {"instructions", "wavefronts", "conflicts"};
        const unsigned long long values[][2] = {{t.load_instructions, t.store_instructions},
                                                {t.load_wavefronts, t.store_wavefronts},
                                                {t.load_conflicts, t.store_conflicts}};
        for (int r = 0; r < 3; ++r) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(names[r]);
            ImGui::TableNextColumn();
            ImGui::Text("%llu", values[r][0]);
            ImGui::TableNextColumn();
            ImGui::Text("%llu", values[r][1]);
        }
        ImGui::EndTable();
    }
}

// Instructions by conflict degree over the whole kernel, each bar in its degree's colour.
void degree_histogram(const ConflictTotals& totals, const Theme& theme) {
    const auto& h = totals.degree_histogram;
    std::uint64_t tallest = 1;
    int most = 1;
    for (int d = 1; d <= 32; ++d)
        if (h[std::size_t(d)]) tallest = std::max(tallest, h[std::size_t(d)]), most = d;
    ImGui::TextDisabled("instructions by conflict degree");
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x, height = ImGui::GetFontSize() * 3.5f;
    ImDrawList* list = ImGui::GetWindowDrawList();
    const float bar = width / float(std::max(most, 4));
    for (int d = 1; d <= most; ++d) {
        const float fraction = float(h[std::size_t(d)]) / float(tallest);
        if (fraction <= 0) continue;
        const Color c = degree_color(theme, d);
        list->AddRectFilled(ImVec2(at.x + float(d - 1) * bar + 1, at.y + height * (1 - fraction)),
                            ImVec2(at.x + float(d) * bar - 1, at.y + height),
                            ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, 1)));
    }
    ImGui::Dummy(ImVec2(width, height));
    std::string counts;  // "degree: instructions" for every degree that occurs
    for (int d = 1; d <= most; ++d)
        if (h[std::size_t(d)])
            counts += std::to_string(d) + "-way: " + std::to_string(h[std::size_t(d)]) + "   ";
    ImGui::TextWrapped("%s", counts.c_str());
}

}  // namespace

void draw_banks_panel(AppState& state, Canvases& canvases, const Rect& rect, const UiFonts& fonts,
                      const Theme& theme) {
    if (begin_panel("##banks", rect, fonts, nullptr, false)) {
        Session& s = state.session;
        if (!s.loaded()) {
            ImGui::PushFont(fonts.heading);
            ImGui::TextUnformatted("Shared-memory banks");
            ImGui::PopFont();
            empty_state("Each warp's shared-memory accesses by bank, with its conflict degree.");
        } else {
            // The totals go beside the drawing where there is room; a narrow panel (presenter
            // mode on a small projector) keeps its width for the banks.
            const float em = ImGui::GetFontSize(), available = ImGui::GetContentRegionAvail().x;
            const bool stats = available >= 40.0f * em;
            const float stats_w = stats ? std::min(available * 0.36f, 330.0f * em / 16.0f) : 0.0f;
            ImGui::BeginChild("banks-canvas", ImVec2(ImGui::GetContentRegionAvail().x - stats_w, 0),
                              false,
                              ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
            const Step* step = s.current_step();
            const int count = step ? int(memory_accesses(*step).size()) : 0;
            ImGui::PushFont(fonts.heading);
            ImGui::TextUnformatted("Banks");
            ImGui::PopFont();
            ImGui::SameLine();
            ImGui::BeginDisabled(count == 0);
            const int shown =
                step ? (s.access >= 0 && s.access < count ? s.access
                                                          : worst_access(*step, s.bank_config()))
                     : -1;
            if (ImGui::ArrowButton("##previous", ImGuiDir_Left)) s.access = std::max(0, shown - 1);
            ImGui::SameLine();
            ImGui::Text("access %d of %d", shown + 1, count);
            ImGui::SameLine();
            if (ImGui::ArrowButton("##next", ImGuiDir_Right))
                s.access = std::min(count - 1, shown + 1);
            ImGui::SameLine();
            if (ImGui::SmallButton("worst")) s.access = -1;
            ImGui::EndDisabled();
            // The bank count where the row has room for it (the drawing shows the banks anyway).
            const std::string banks = std::to_string(s.bank_config().banks) + " banks";
            ImGui::SameLine();
            if (ImGui::GetContentRegionAvail().x >= ImGui::CalcTextSize(banks.c_str()).x)
                ImGui::TextDisabled("%s", banks.c_str());
            else
                ImGui::NewLine();
            Cursor c = s.cursor();
            c.glide = 1.0f;
            const std::string version = s.trace().source.captured_at + s.trace().request.variant +
                                        "/" + std::to_string(c.launch) + "/" +
                                        std::to_string(c.block) + "/" + std::to_string(c.step) +
                                        "/" + std::to_string(s.timeline().position()) + "/" +
                                        std::to_string(shown) + "/" +
                                        std::to_string(s.bank_config().banks) + ui_theme_key(theme);
            // Presenter mode: the conflicted banks' numbers and degrees at the legible size; the
            // banks wrap into rows of 16 or 8 until they reach it.
            const float focus_px =
                state.presenter ? std::ceil(0.04f * ImGui::GetIO().DisplaySize.y) : 0.0f;
            const ImVec2 room = ImGui::GetContentRegionAvail();
            const std::string sized = version + "/" + std::to_string(int(focus_px)) + "/" +
                                      std::to_string(int(room.x)) + "x" +
                                      std::to_string(int(room.y));
            if (canvases.banks.needs(sized)) {
                Scene scene = build_banks_scene(s.trace(), c, shown, s.bank_config(), theme);
                for (int per_row : {16, 8}) {
                    if (focus_px <= 0 ||
                        CanvasView::focus_fits_in(scene, fonts, room.x, room.y, focus_px))
                        break;
                    scene = build_banks_scene(s.trace(), c, shown, s.bank_config(), theme, per_row);
                }
                canvases.banks.set_scene(std::move(scene), sized);
            }
            canvases.banks.draw(sized, fonts, theme, {"banks", focus_px});
            ImGui::EndChild();
            if (stats) {
                ImGui::SameLine();
                ImGui::BeginChild("banks-stats", ImVec2(0, 0));
                totals_table(s.view == ViewKind::LookBack ? "so far (up to this event)"
                                                          : "so far (all blocks)",
                             s.conflicts_so_far());
                totals_table("whole kernel", s.banks().totals);
                degree_histogram(s.banks().totals, theme);
                ImGui::EndChild();
            }
        }
    }
    end_panel();
}

}  // namespace scanscope
