#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <filesystem>

#include "gui/capture_jobs.h"
#include "gui/trace_files.h"
#include "platform/browser.h"
#include "views/panel.h"
#include "views/shell_views.h"

namespace scanscope {
namespace {

void lessons_section(AppState& state) {
    if (!ImGui::CollapsingHeader("Lessons", ImGuiTreeNodeFlags_DefaultOpen)) return;
    if (state.lessons.empty()) empty_state("No lessons found (assets/lessons).");
    for (std::size_t i = 0; i < state.lessons.size(); ++i) {
        const Lesson& lesson = state.lessons[i];
        if (ImGui::Selectable(lesson.title.c_str(), state.lesson == int(i)) && !state.capturing()) {
            state.lesson = int(i);
            start_job(state, job_from_lesson(lesson), "lesson '" + lesson.title + "'");
        }
    }
    if (const Lesson* open = state.open_lesson()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
        ImGui::TextWrapped("%s", open->text.c_str());
        ImGui::PopStyleColor();
    }
}

void variant_combo(const char* label, int& index, bool allow_default) {
    const auto& variants = all_variants();
    const char* preview = index >= 0 && index < int(variants.size())
                              ? variants[std::size_t(index)].key.c_str()
                              : "default";
    if (!ImGui::BeginCombo(label, preview)) return;
    if (allow_default && ImGui::Selectable("default", index < 0)) index = -1;
    for (std::size_t i = 0; i < variants.size(); ++i) {
        const std::string text = variants[i].key + "  (" + variants[i].name + ")";
        if (ImGui::Selectable(text.c_str(), index == int(i))) index = int(i);
    }
    ImGui::EndCombo();
}

// What the applications of scan take besides their input, for the variant chosen only.
void application_settings(CaptureForm& f, const VariantInfo& v) {
    if (v.algorithm == Algorithm::SegmentedScan) {
        ImGui::InputTextWithHint("heads", "random (from the seed)", &f.heads);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Where segments start, e.g. 3, 6 (element 0 always starts one)");
    }
    if (v.algorithm == Algorithm::SummedArea) {
        ImGui::InputInt("width", &f.width);
        f.width = std::clamp(f.width, 0, 4096);
        if (f.width == 0) ImGui::TextDisabled("width 0: as square as n allows");
    }
    if (takes_key_bits(v.id)) {
        ImGui::InputInt("key bits", &f.key_bits);
        f.key_bits = std::clamp(f.key_bits, 0, 32);
        if (f.key_bits == 0) ImGui::TextDisabled("key bits 0: as many as the keys need");
    }
    if (v.algorithm == Algorithm::Compact) {
        ImGui::Combo("keep", &f.keep, "non-zero\0even\0above\0");
        if (f.keep == 2) ImGui::InputDouble("above", &f.keep_above);
    }
}

void capture_section(AppState& state) {
    if (!ImGui::CollapsingHeader("Capture", ImGuiTreeNodeFlags_DefaultOpen)) return;
    CaptureForm& f = state.form;
    const auto& variants = all_variants();
    ImGui::PushItemWidth(-ImGui::GetFontSize() * 5.5f);
    variant_combo("variant", f.variant, false);
    const VariantInfo& v =
        variants[std::size_t(std::clamp(f.variant, 0, int(variants.size()) - 1))];

    int source = f.typed_input ? 1 : 0;
    ImGui::RadioButton("typed values", &source, 1);
    ImGui::SameLine();
    ImGui::RadioButton("random", &source, 0);
    f.typed_input = source == 1;
    if (f.typed_input) {
        ImGui::InputTextMultiline("##values", &f.typed, ImVec2(-1, ImGui::GetTextLineHeight() * 3));
    } else {
        ImGui::InputInt("n", &f.n);
        f.n = std::clamp(f.n, 1, v.max_n ? std::min(v.max_n, 4096) : 4096);
        ImGui::InputInt("seed", &f.seed);
    }
    int type = f.floats, op = f.max;
    ImGui::Combo("type", &type, "int32\0float32\0");
    ImGui::Combo("operator", &op, "+ (add)\0max\0");
    f.floats = type == 1, f.max = op == 1;
    if (v.inclusive_and_exclusive) {
        int inclusive = f.inclusive;
        ImGui::Combo("scan", &inclusive, "exclusive\0inclusive\0");
        f.inclusive = inclusive == 1;
    }
    int banks = f.banks == 16 ? 1 : 0;
    ImGui::Combo("banks", &banks,
                 "32 (today)\0"
                 "16 (G80)\0");
    f.banks = banks == 1 ? 16 : 32;
    application_settings(f, v);
    if (v.multi_block) {
        ImGui::InputInt("threads/block", &f.block_threads);
        f.block_threads = std::clamp(f.block_threads, 0, 1024);
        if (f.block_threads == 0) ImGui::TextDisabled("threads/block 0: the variant's default");
    }
    const bool gpu = state.device && state.device->gpu_available;
    ImGui::Combo("run on", &f.device,
                 gpu ? "GPU if there is one\0GPU\0CPU emulation\0" : "CPU emulation (no GPU)\0\0");
    if (!gpu) f.device = 0;
    if (state.session.loaded()) {
        // Where the trace on screen ran, which need not be where the next capture runs.
        const TraceSource& from = state.session.trace().source;
        ImGui::TextWrapped("the trace shown ran on %s%s", from.device.c_str(),
                           from.kind == "gpu" ? " (GPU)" : "");
    }
    variant_combo("compare", f.compare_variant, true);
    ImGui::PopItemWidth();

    ImGui::BeginDisabled(state.capturing());
    if (ImGui::Button(state.capturing() ? "Capturing..." : "Capture", ImVec2(-1, 0))) {
        CaptureJob job;
        state.form_error.clear();
        if (job_from_form(f, job, state.form_error)) {
            state.lesson = -1;
            start_job(state, std::move(job), job.request.variant);
        } else {
            state.notify(Notice::Level::Error, "cannot capture: " + state.form_error);
        }
    }
    ImGui::EndDisabled();
    if (!state.form_error.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.35f, 0.35f, 1));
        ImGui::TextWrapped("%s", state.form_error.c_str());
        ImGui::PopStyleColor();
    }
}

void trace_section(AppState& state) {
    if (!ImGui::CollapsingHeader("Trace file")) return;
    if (kInBrowser) {
        // The page's own picker (or drop a file on the page); saving downloads.
        if (ImGui::Button("Open a file...")) ask_page_for_trace_file();
    } else {
        ImGui::SetNextItemWidth(-1);
        ImGui::InputText("##path", &state.trace_path);
        if (ImGui::Button("Open")) open_trace_into(state, state.trace_path, state.trace_path);
    }
    ImGui::SameLine();
    ImGui::BeginDisabled(!state.session.loaded());
    // A second trace for the Compare view: e.g. the padded scan captured on a lab GPU.
    if (!kInBrowser && ImGui::Button("Compare with")) {
        try {
            const bool whole = compare_with_file(state, state.trace_path);
            state.session.view = ViewKind::Compare;
            if (whole)
                state.notify(Notice::Level::Info, "comparing with '" + state.trace_path + "'");
        } catch (const std::exception& e) {
            state.notify(Notice::Level::Error, e.what());
        }
    }
    if (!kInBrowser) ImGui::SameLine();
    if (ImGui::Button(kInBrowser ? "Download" : "Save"))
        save_trace_from(state, kInBrowser ? "/tmp/scanscope-trace.json" : state.trace_path);
    ImGui::EndDisabled();
    if (kInBrowser)
        ImGui::TextWrapped(
            "Or drop a trace file on the page. Traces captured on a GPU (scanscope "
            "capture --device gpu) open here too.");
}

// Your kernel: a file of your own, captured like the built-ins, again when it changes.
void kernel_section(AppState& state) {
    KernelState& k = state.kernel;
    if (!k.path.empty()) ImGui::SetNextItemOpen(true, ImGuiCond_Once);
    if (k.focus) ImGui::SetNextItemOpen(true);
    if (!ImGui::CollapsingHeader("Your kernel")) return;
    if (kInBrowser) {
        ImGui::TextWrapped(
            "Your own kernel compiles and runs in the desktop app (scanscope "
            "--kernel my_scan.h): a web page cannot compile it. Open the trace it "
            "makes there (Trace file) to step through it here.");
        return;
    }
    if (k.focus) {
        ImGui::SetScrollHereY(0.0f);
        ImGui::SetKeyboardFocusHere();
        k.focus = false;
    }
    ImGui::SetNextItemWidth(-1);
    ImGui::InputTextWithHint("##kernel", "path/to/my_scan.h (assets/templates/ has one)", &k.path);
    variant_combo("like", k.like, true);
    ImGui::Checkbox("capture again when the file changes", &k.watch);
    ImGui::BeginDisabled(k.path.empty() || state.capturing());
    if (ImGui::Button("Capture my kernel")) {
        std::error_code ec;
        k.seen = std::filesystem::last_write_time(k.path, ec).time_since_epoch().count();
        start_job(state, job_from_kernel(state), "your kernel");
    }
    ImGui::EndDisabled();
    if (!k.errors.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0.95f, 0.35f, 0.35f, 1));
        ImGui::TextWrapped("%s", k.errors.c_str());
        ImGui::PopStyleColor();
    } else if (!k.verdict.empty()) {
        ImGui::TextWrapped("%s", k.verdict.c_str());
    }
}

void block_section(AppState& state) {
    Session& s = state.session;
    if (!s.loaded()) return;
    const Launch& launch = s.trace().launches[std::size_t(s.cursor().launch)];
    if (launch.grid <= 1) return;
    ImGui::Separator();
    int block = s.cursor().block;
    ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 5.5f);
    if (ImGui::SliderInt("block", &block, 0, launch.grid - 1)) s.block = block;
}

}  // namespace

void draw_controls_panel(AppState& state, const Rect& rect, const UiFonts& fonts) {
    if (begin_panel("##controls", rect, fonts, "Variant and input")) {
        lessons_section(state);
        capture_section(state);
        kernel_section(state);
        block_section(state);
        trace_section(state);
    }
    end_panel();
}

}  // namespace scanscope
