// Starting captures from the window, on a worker thread, and taking their results.
#pragma once

#include <string>

#include "capture/capture.h"
#include "gui/app_state.h"

namespace scanscope {

struct CaptureJob {
    RunRequest request;
    std::vector<std::uint32_t> input;
    DeviceChoice device = DeviceChoice::Auto;
    std::string compare_variant;  // empty: no comparison
    int compare_banks = 32;
    std::string view;
    std::vector<LessonQuestion> questions;  // a lesson's, for predict mode
    std::string score_key;
    std::string kernel;    // a student's kernel file instead of request.variant
    std::string like;      // its reference, captured beside it for the Compare view
    bool trusted = false;  // --no-sandbox
};

// A job that captures the student's kernel in `state.kernel` on the form's input.
CaptureJob job_from_kernel(const AppState& state);
// Starts a capture of the kernel file when it has changed since the last one (watching).
void watch_kernel(AppState& state, double seconds);

// The variant a capture of `variant` is compared with by default ("" when none suits).
std::string default_partner(const std::string& variant);

// A job from the controls' choices; false with `error` set when they do not make a run.
bool job_from_form(const CaptureForm& form, CaptureJob& job, std::string& error);
CaptureJob job_from_lesson(const Lesson& lesson);

// The controls show what the loaded trace was captured with.
void form_from_trace(CaptureForm& form, const Trace& trace);

// Runs here and now (screenshots); the outcome's error says what failed.
CaptureOutcome run_job(const CaptureJob& job);
// Starts `job` on a worker thread unless one is running.
void start_job(AppState& state, CaptureJob job, std::string what);
// Takes a finished job's outcome into the session; returns true when something new was loaded.
bool collect_job(AppState& state);
void apply_outcome(AppState& state, CaptureOutcome outcome, const std::string& what);

}  // namespace scanscope
