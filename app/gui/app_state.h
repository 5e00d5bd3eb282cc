// What the windowed app knows between frames. Views read it; the shell and controls change it.
#pragma once

#include <atomic>
#include <future>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "bench/bench.h"
#include "device/device_info.h"
#include "model/lessons.h"
#include "player/predict.h"
#include "player/scores.h"
#include "player/session.h"

namespace scanscope {

struct Notice {
    enum class Level { Info, Warning, Error };
    Level level = Level::Info;
    std::string text;
};

// The controls' choices for the next capture.
struct CaptureForm {
    int variant = 0;  // index into all_variants()
    int n = 8;
    bool floats = false;
    bool max = false;
    bool inclusive = false;
    bool typed_input = true;
    int seed = 1;
    std::string typed = "3, 1, 7, 0, 4, 1, 6, 3";
    int banks = 32;
    int block_threads = 0;
    int device = 0;            // 0 auto, 1 GPU, 2 CPU emulation
    int compare_variant = -1;  // index into all_variants(), -1: the default partner
    int compare_banks = 32;
    // The applications' own settings, each shown only for the variants it applies to.
    std::string heads;  // a segmented scan's segment starts, "3, 6"; empty: random from the seed
    int width = 0;      // a summed-area table's width; 0: as square as n allows
    int key_bits = 0;   // a radix sort's passes; 0: as many as the keys' bits need
    int keep = 0;       // a compaction's rule: 0 non-zero, 1 even, 2 above `keep_above`
    double keep_above = 0;
};

// A capture running on a worker thread.
struct CaptureOutcome {
    std::optional<Trace> trace;
    std::optional<Trace> compare;
    std::string error;
    std::string view;                       // the view to open, if the request named one
    std::vector<LessonQuestion> questions;  // the lesson's own, for predict mode
    std::string score_key;                  // the lesson (or variant) scores are kept under
    std::string verdict;   // a student's kernel: right or wrong, first difference, races
    bool compiled = true;  // a student's kernel that stopped: false when it did not compile
};

// Your kernel: a student's file captured in the window, again whenever it changes on disk.
struct KernelState {
    std::string path;
    int like = -1;       // index into all_variants(): the reference; -1: blelloch
    bool watch = true;   // capture again when the file changes
    long long seen = 0;  // the file's modification time when last captured (ns)
    double since_check = 0;
    std::string errors;  // compile errors (file:line:column, the line, a caret), or why it stopped
    bool compiled = true;  // false: `errors` are the compiler's
    std::string verdict;   // the last capture's verdict
    bool focus = false;    // File > Open kernel...: open the section and put the cursor in the path
    bool trusted = false;  // --no-sandbox: compiled and run outside the sandbox
};

// Predict mode: the questions in play, the student's record, the cells picked on the canvas.
struct PredictState {
    Predictor predictor;
    ScoreBook scores;
    std::string scores_path;            // empty: scores are not kept (no data directory)
    std::string score_key;              // what the open trace is: a lesson's key, else its variant
    std::vector<std::uint32_t> picked;  // written-cells answered by clicking
};

// The Timings panel: what to time, the run in progress, the last report.
struct TimingsState {
    std::vector<bool> selected;  // by index into all_variants(); empty: the defaults
    int from_log2 = 10;
    int to_log2 = 20;
    int reps = 20;
    std::future<BenchReport> job;
    std::shared_ptr<std::atomic<bool>> cancel;
    std::shared_ptr<std::mutex> progress_lock;
    std::shared_ptr<std::string> progress;
    std::optional<BenchReport> report;
    std::string error;
    bool show_table = false;
    bool running() const { return job.valid(); }
};

// File > Export: the choices, and an export running on a worker thread.
struct ExportState {
    bool open = false;
    int format = 1;  // 0 PNG, 1 GIF, 2 SVG, 3 PDF
    int range = 1;   // 0 this step, 1 the whole timeline
    std::string path = "scanscope-export";
    int width = 1280, height = 720;
    int delay_ms = 800;
    std::future<std::string> job;  // what happened, in a sentence
    std::shared_ptr<std::atomic<int>> done, total;
    std::shared_ptr<std::atomic<bool>> cancel;
    bool running() const { return job.valid(); }
};

struct AppState {
    const DeviceReport* device = nullptr;
    std::string gl_renderer;
    std::vector<Notice> notices;  // shown in the status line, newest last
    std::string theme_name = "dark";
    std::string palette = "standard";  // or "colorblind"
    float requested_ui_scale = 1.0f;
    bool show_keyboard_help = false;
    // Presenter mode (F11 or P): canvas, Banks and narration only; side panels as overlays.
    bool presenter = false;
    // Presenter mode shows the Banks drawing beside the canvas where it teaches (a lesson that
    // asks about banks) and in predict mode (its place holds the question); B shows or hides it.
    enum class BanksBeside { Auto, Shown, Hidden };
    BanksBeside presenter_banks = BanksBeside::Auto;
    // The window runs at a smaller UI scale than asked (too small for it: fitting_ui_scale).
    bool ui_scale_reduced = false;
    bool overlay_controls = false, overlay_code = false, overlay_timings = false;
    bool show_about = false;
    bool quit = false;
    bool save_png_requested = false;  // the browser's File > Save step as PNG, done after the frame

    Session session;
    CaptureForm form;
    std::string form_error;  // why the last capture could not start
    std::vector<Lesson> lessons;
    int lesson = -1;  // the lesson last opened
    std::future<CaptureOutcome> job;
    std::string job_what;  // what the running capture is
    std::string trace_path = "trace.json";
    double frame_ms = 0;  // the last frame's build time, for the status line
    TimingsState timings;
    ExportState exporting;
    PredictState predict;
    KernelState kernel;

    // The lesson last opened, or null.
    const Lesson* open_lesson() const {
        return lesson >= 0 && lesson < int(lessons.size()) ? &lessons[std::size_t(lesson)]
                                                           : nullptr;
    }

    void notify(Notice::Level level, std::string text) {
        notices.push_back({level, std::move(text)});
    }
    bool capturing() const { return job.valid(); }
    // After a new trace is loaded: predict mode starts over on it with the lesson's questions
    // (made against the trace; a lesson whose answers the trace contradicts gets a warning).
    void start_predicting(const std::vector<LessonQuestion>& questions, std::string score_key);
};

}  // namespace scanscope
