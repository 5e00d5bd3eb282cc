#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "platform/background.h"
#include "platform/browser.h"
#include "scenes/banks_scene.h"
#include "views/panel.h"
#include "views/series_palette.h"
#include "views/shell_views.h"

namespace scanscope {
namespace {

void ensure_selection(TimingsState& t) {
    const auto& variants = all_variants();
    if (t.selected.size() == variants.size()) return;
    t.selected.assign(variants.size(), false);
    for (std::size_t i = 0; i < variants.size(); ++i)
        t.selected[i] = variants[i].timed_by_default;  // a field of the variant's card
}

void start(AppState& state) {
    TimingsState& t = state.timings;
    BenchOptions o;
    const auto& variants = all_variants();
    for (std::size_t i = 0; i < variants.size(); ++i)
        if (t.selected[i]) o.variants.push_back(variants[i].key);
    if (o.variants.empty()) {
        t.error = "pick at least one variant";
        return;
    }
    for (int k = t.from_log2; k <= t.to_log2; ++k)
        o.sizes.push_back(std::int64_t(1) << k);
    o.reps = t.reps;
    t.error.clear();
    t.cancel = std::make_shared<std::atomic<bool>>(false);
    t.progress_lock = std::make_shared<std::mutex>();
    t.progress = std::make_shared<std::string>("starting");
    auto cancel = t.cancel;
    auto lock = t.progress_lock;
    auto progress = t.progress;
    t.job = start_in_background([o, cancel, lock, progress] {
        return run_bench(
            o,
            [lock, progress](const std::string& line) {
                std::lock_guard<std::mutex> guard(*lock);
                *progress = line;
            },
            cancel.get());
    });
}

void collect(AppState& state) {
    TimingsState& t = state.timings;
    if (!t.job.valid() || t.job.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
        return;
    try {
        t.report = t.job.get();
    } catch (const std::exception& e) {
        t.error = e.what();
        state.notify(Notice::Level::Error, std::string("timings failed: ") + e.what());
    }
}

ImU32 series_color(std::size_t i) {
    const std::uint8_t* c = kSeriesPalette[i % kSeriesColours];
    return IM_COL32(c[0], c[1], c[2], 255);
}

// Time against n, both on log scales, one line per series (a variant where it ran, the copy, CUB,
// the CPU).
void plot(const BenchReport& report, ImVec2 size) {
    std::map<std::string, std::vector<std::pair<double, double>>> series;
    for (const BenchRow& row : report.rows) {
        if (row.where == "gpu capture" || row.time.median_ms <= 0) continue;
        series[row.what + (row.where == "emulation" ? " (emulated)" : "")].push_back(
            {std::log2(double(row.n)), std::log10(row.time.median_ms)});
    }
    if (series.empty()) return;
    double x0 = 1e9, x1 = -1e9, y0 = 1e9, y1 = -1e9;
    for (const auto& [name, points] : series)
        for (const auto& [x, y] : points)
            x0 = std::min(x0, x), x1 = std::max(x1, x), y0 = std::min(y0, y), y1 = std::max(y1, y);
    if (x1 <= x0) x1 = x0 + 1;
    y0 = std::floor(y0), y1 = std::ceil(y1);
    if (y1 <= y0) y1 = y0 + 1;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    ImDrawList* list = ImGui::GetWindowDrawList();
    const float left = ImGui::CalcTextSize("1e-3 ms").x + 6,
                bottom = ImGui::GetTextLineHeight() + 4;
    const ImVec2 p0(at.x + left, at.y + 4), p1(at.x + size.x - 4, at.y + size.y - bottom);
    auto map = [&](double x, double y) {
        return ImVec2(p0.x + float((x - x0) / (x1 - x0)) * (p1.x - p0.x),
                      p1.y - float((y - y0) / (y1 - y0)) * (p1.y - p0.y));
    };
    const ImU32 grid = ImGui::GetColorU32(ImGuiCol_Border),
                text = ImGui::GetColorU32(ImGuiCol_TextDisabled);
    const double decade_px = (p1.y - p0.y) / (y1 - y0);
    const double label_every =
        std::ceil(ImGui::GetTextLineHeight() * 1.2 / std::max(decade_px, 1.0));
    for (double y = y0; y <= y1; y += label_every) {
        const ImVec2 a = map(x0, y), b = map(x1, y);
        list->AddLine(a, b, grid);
        char label[32];
        std::snprintf(label, sizeof label, "1e%d ms", int(y));
        list->AddText(ImVec2(at.x, a.y - ImGui::GetTextLineHeight() / 2), text, label);
    }
    for (double x = std::ceil(x0); x <= x1; x += 2) {
        const ImVec2 a = map(x, y0);
        char label[16];
        std::snprintf(label, sizeof label, "2^%d", int(x));
        // Centred under its tick, but kept inside the plot at both ends.
        const float w = ImGui::CalcTextSize(label).x;
        const float lx = std::clamp(a.x - w / 2, at.x, p1.x - w);
        list->AddText(ImVec2(lx, p1.y + 2), text, label);
    }
    std::size_t i = 0;
    for (const auto& [name, points] : series) {
        const ImU32 color = series_color(i++);
        for (std::size_t k = 0; k + 1 < points.size(); ++k)
            list->AddLine(map(points[k].first, points[k].second),
                          map(points[k + 1].first, points[k + 1].second), color, 2.0f);
        for (const auto& [x, y] : points)
            list->AddCircleFilled(map(x, y), 2.5f, color);
    }
    ImGui::Dummy(size);
    i = 0;
    for (const auto& [name, points] : series) {
        if (i) ImGui::SameLine();
        if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(name.c_str()).x + 20)
            ImGui::NewLine();
        const ImU32 color = series_color(i++);
        const ImVec2 p = ImGui::GetCursorScreenPos();
        ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x, p.y + 4), ImVec2(p.x + 10, p.y + 14),
                                                  color);
        ImGui::Dummy(ImVec2(12, 0));
        ImGui::SameLine();
        ImGui::TextUnformatted(name.c_str());
    }
}

void table(const BenchReport& report) {
    ImGui::TextWrapped("%s", report.device.c_str());
    ImGui::TextDisabled("%s; %s", report.settings.c_str(), report.date.c_str());
    const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders |
                                  ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit;
    if (ImGui::BeginTable("bench", 9, flags, ImVec2(0, ImGui::GetFontSize() * 22))) {
        for (const char* h :
             {"what", "where", "n", "median ms", "Gelem/s", "GB/s", "x copy", "x CUB", "check"})
            ImGui::TableSetupColumn(h);
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableHeadersRow();
        for (const BenchRow& row : report.rows) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(row.what.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(row.where.c_str());
            ImGui::TableNextColumn();
            ImGui::Text("2^%d", int(std::lround(std::log2(double(row.n)))));
            ImGui::TableNextColumn();
            ImGui::Text("%.4f", row.time.median_ms);
            ImGui::TableNextColumn();
            ImGui::Text("%.3f", row.elements_per_s() / 1e9);
            ImGui::TableNextColumn();
            ImGui::Text("%.1f", row.gb_per_s());
            ImGui::TableNextColumn();
            if (row.vs_copy > 0) ImGui::Text("%.2f", row.vs_copy);
            if (row.vs_plain > 0) ImGui::Text("capture %.1fx", row.vs_plain);
            ImGui::TableNextColumn();
            if (row.vs_cub > 0) ImGui::Text("%.2f", row.vs_cub);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(row.check.c_str());
        }
        ImGui::EndTable();
    }
    for (const std::string& note : report.notes)
        ImGui::TextDisabled("%s", note.c_str());
}

// One line per variant at the largest size timed: time, and how it compares.
void summary(const BenchReport& report) {
    std::int64_t largest = 0;
    for (const BenchRow& row : report.rows)
        if (row.where == "gpu" || row.where == "emulation") largest = std::max(largest, row.n);
    ImGui::TextDisabled("at n = 2^%d:",
                        int(std::lround(std::log2(double(std::max<std::int64_t>(largest, 1))))));
    for (const BenchRow& row : report.rows) {
        if (row.n != largest ||
            (row.where != "gpu" && row.where != "emulation" && row.where != "cpu"))
            continue;
        if (row.where == "gpu" && row.vs_cub > 0)
            ImGui::Text("%-22s %8.3f ms  %.2fx copy  %.2fx CUB", row.what.c_str(),
                        row.time.median_ms, row.vs_copy, row.vs_cub);
        else
            ImGui::Text("%-22s %8.3f ms  %s", row.what.c_str(), row.time.median_ms,
                        row.where.c_str());
    }
}

}  // namespace

void draw_timings_panel(AppState& state, const Rect& rect, const UiFonts& fonts,
                        const Theme& theme) {
    TimingsState& t = state.timings;
    ensure_selection(t);
    collect(state);
    if (kInBrowser) {
        // A page's clock measures the browser, not a GPU: timings belong to the desktop app.
        if (begin_panel("##timings", rect, fonts, "Timings"))
            empty_state(
                "Timings run in the desktop app, beside CUB and the device copy on a "
                "GPU: in a web page there is no GPU to time.");
        end_panel();
        return;
    }
    if (begin_panel("##timings", rect, fonts, "Timings")) {
        const bool gpu = state.device && state.device->gpu_available;
        if (!gpu)
            empty_state(("No GPU timings here: " +
                         (state.device ? state.device->cpu_reason : std::string("no device")) +
                         ". Showing the CPU baselines and the emulation's time.")
                            .c_str());
        if (!gpu && t.to_log2 > 16) t.to_log2 = 16;
        ImGui::BeginDisabled(t.running());
        if (ImGui::Button("Variants...")) ImGui::OpenPopup("variants");
        if (ImGui::BeginPopup("variants")) {
            const auto& variants = all_variants();
            for (std::size_t i = 0; i < variants.size(); ++i) {
                if (variants[i].expects_hazards) continue;
                bool on = t.selected[i];
                if (ImGui::Checkbox(variants[i].key.c_str(), &on)) t.selected[i] = on;
            }
            ImGui::EndPopup();
        }
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
        ImGui::DragIntRange2("##sizes", &t.from_log2, &t.to_log2, 0.05f, 10, gpu ? 28 : 20, "2^%d",
                             "2^%d");
        ImGui::SameLine();
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 3.5f);
        ImGui::DragInt("reps", &t.reps, 0.2f, 1, 200);
        ImGui::EndDisabled();
        if (!t.running()) {
            if (ImGui::Button("Run")) start(state);
        } else {
            if (ImGui::Button("Stop")) t.cancel->store(true);
            ImGui::SameLine();
            std::lock_guard<std::mutex> guard(*t.progress_lock);
            ImGui::TextDisabled("%s...", t.progress->c_str());
        }
        if (t.report) {
            ImGui::SameLine();
            if (ImGui::Button("Plot and table")) t.show_table = true;
        }
        if (!t.error.empty())
            ImGui::TextColored(ImVec4(theme.hazard.r, theme.hazard.g, theme.hazard.b, 1), "%s",
                               t.error.c_str());
        if (t.report) summary(*t.report);
    }
    end_panel();
    if (t.show_table && t.report) {
        ImGui::SetNextWindowSize(ImVec2(ImGui::GetFontSize() * 52, ImGui::GetFontSize() * 30),
                                 ImGuiCond_FirstUseEver);
        ImGui::SetNextWindowPos(ImGui::GetMainViewport()->GetCenter(), ImGuiCond_FirstUseEver,
                                ImVec2(0.5f, 0.5f));
        if (ImGui::Begin("Timings", &t.show_table, ImGuiWindowFlags_NoSavedSettings)) {
            plot(*t.report, ImVec2(ImGui::GetContentRegionAvail().x, ImGui::GetFontSize() * 16));
            table(*t.report);
        }
        ImGui::End();
    }
}

}  // namespace scanscope
