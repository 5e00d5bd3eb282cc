// File > Export: the current view, for this step or the whole timeline, to PNG, GIF, SVG or PDF,
// on a worker thread with a progress bar and Cancel. The same exporter as `scanscope export`.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <chrono>

#include "export/exporter.h"
#include "platform/background.h"
#include "views/shell_views.h"

namespace scanscope {
namespace {

constexpr const char* kExtensions[] = {".png", ".gif", ".svg", ".pdf"};

void start_export(AppState& state, const Theme& theme) {
    ExportState& e = state.exporting;
    ExportOptions o;
    o.out = e.path + kExtensions[e.format];
    o.width = e.width, o.height = e.height;
    o.ui_scale = 1.0;
    o.delay_ms = e.delay_ms;
    if (e.range == 0) o.first = o.last = state.session.timeline().position() + 1;
    e.done = std::make_shared<std::atomic<int>>(0);
    e.total = std::make_shared<std::atomic<int>>(1);
    e.cancel = std::make_shared<std::atomic<bool>>(false);
    // The worker gets its own copy of the session: the window goes on stepping meanwhile.
    e.job = start_in_background([session = state.session, theme, o, done = e.done, total = e.total,
                                 cancel = e.cancel]() mutable {
        try {
            const auto files = export_view(session, theme, o, [&](int d, int t) {
                *done = d, *total = t;
                return !*cancel;
            });
            if (files.empty()) return std::string("export cancelled; nothing written");
            return "exported " + std::to_string(files.size()) + " file(s): " + files.front() +
                   (files.size() > 1 ? " ... " + files.back() : "");
        } catch (const std::exception& error) {
            return std::string("export failed: ") + error.what();
        }
    });
}

}  // namespace

void draw_export_dialog(AppState& state, const Theme& theme) {
    ExportState& e = state.exporting;
    if (e.running() && e.job.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
        const std::string outcome = e.job.get();
        state.notify(
            outcome.rfind("export failed", 0) == 0 ? Notice::Level::Error : Notice::Level::Info,
            outcome);
    }
    if (!e.open) return;
    ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    if (ImGui::Begin("Export", &e.open,
                     ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) {
        ImGui::BeginDisabled(e.running());
        ImGui::Combo("format", &e.format,
                     "PNG (one per step)\0GIF (animated)\0SVG (one per "
                     "step)\0PDF (one page per step)\0");
        ImGui::RadioButton("this step", &e.range, 0);
        ImGui::SameLine();
        ImGui::RadioButton("the whole timeline", &e.range, 1);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 16);
        ImGui::InputText("file (without extension)", &e.path);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
        ImGui::InputInt("width", &e.width, 64);
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
        ImGui::InputInt("height", &e.height, 64);
        e.width = std::clamp(e.width, 64, 8192), e.height = std::clamp(e.height, 64, 8192);
        if (e.format == 1) {
            ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
            ImGui::InputInt("ms per frame", &e.delay_ms, 100);
            e.delay_ms = std::clamp(e.delay_ms, 20, 60000);
        }
        if (ImGui::Button("Export", ImVec2(ImGui::GetFontSize() * 8, 0)))
            start_export(state, theme);
        ImGui::EndDisabled();
        if (e.running()) {
            const float fraction = float(e.done->load()) / float(std::max(1, e.total->load()));
            ImGui::ProgressBar(fraction, ImVec2(ImGui::GetFontSize() * 16, 0));
            ImGui::SameLine();
            if (ImGui::Button("Cancel")) *e.cancel = true;
        }
    }
    ImGui::End();
}

}  // namespace scanscope
