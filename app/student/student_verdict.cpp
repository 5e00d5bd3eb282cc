#include "student/student_verdict.h"

#include <algorithm>
#include <map>

#include "analysis/hazards.h"
#include "analysis/result_check.h"
#include "capture/capture.h"
#include "model/cuda_source.h"
#include "model/trace_queries.h"
#include "variants/registry.h"
#include "variants/timing.h"

namespace scanscope {

namespace {

// "thread 3 at line 19": who wrote `word` last in the step, where the step has that write.
std::string writer_of(const Step& step, std::uint32_t word) {
    std::string who;
    for (const WarpAccess& a : step.accesses) {
        if (a.kind != AccessKind::Write) continue;
        for (const LaneAccess& l : a.lanes)
            if (l.address / 4 == word)
                who = "thread " + std::to_string(a.warp * 32 + l.lane) + " at line " +
                      std::to_string(a.line);
    }
    return who;
}

// "0-15, 32-47"
std::string ranges_text(const std::vector<int>& threads) {
    std::string text;
    for (std::size_t i = 0; i < threads.size();) {
        std::size_t j = i;
        while (j + 1 < threads.size() && threads[j + 1] == threads[j] + 1)
            ++j;
        text += (text.empty() ? "" : ", ") + std::to_string(threads[i]) +
                (j > i ? "-" + std::to_string(threads[j]) : std::string());
        i = j + 1;
    }
    return text;
}

// Where a barrier's threads came from, grouped by line, each with the if around its line.
std::string split_sentence(const Trace& t, const BarrierSplit& s) {
    std::map<std::uint16_t, std::vector<int>> by_line;
    for (std::size_t i = 0; i < s.lines.size(); ++i)
        by_line[s.lines[i]].push_back(int(i));
    std::vector<std::string> source;
    for (const ListingLine& l : t.listing)
        source.push_back(l.text);
    std::vector<std::pair<int, std::uint16_t>> order;  // by first thread
    for (const auto& [line, threads] : by_line)
        order.push_back({threads.front(), line});
    std::sort(order.begin(), order.end());
    std::string text;
    for (const auto& [first, line] : order) {
        const std::vector<int>& threads = by_line[line];
        const bool one = threads.size() == 1;
        const std::string who = (one ? "thread " : "threads ") + ranges_text(threads);
        if (!text.empty()) text += "; ";
        if (line == 0) {
            text += who + (one ? " has" : " have") + " finished";
            continue;
        }
        text += who + (one ? " waits" : " wait") + " at line " + std::to_string(line);
        if (const int guard = enclosing_if_line(source, line); guard > 0)
            text += " (inside line " + std::to_string(guard) + "'s if)";
    }
    const std::string block =
        t.launches.front().grid > 1 ? " of block " + std::to_string(s.block) : std::string();
    return "one barrier" + block + " met from different lines at the end of step " +
           std::to_string(s.step + 1) + ": " + text +
           "; a barrier counts arrivals, so from there the threads pair up wrongly";
}

std::string steps_text(int n) {
    return std::to_string(n) + (n == 1 ? " step" : " steps");
}

}  // namespace

std::string first_difference(const Trace& mine, const Trace& reference, int* step) {
    if (step) *step = -1;
    const Launch& a = mine.launches.front();
    const Launch& b = reference.launches.front();
    const int steps = std::min(a.steps_of(0), b.steps_of(0));
    const std::string& other = reference.request.variant;
    const std::string counts = a.steps_of(0) == b.steps_of(0)
                                   ? std::string()
                                   : " (" + steps_text(a.steps_of(0)) + " against " + other +
                                         "'s " + std::to_string(b.steps_of(0)) + ")";
    for (int k = 0; k < steps; ++k) {
        const Step* x = find_step(a, 0, k);
        const Step* y = find_step(b, 0, k);
        if (!x || !y) break;
        const std::size_t words = std::min(x->shared.size(), y->shared.size());
        for (std::size_t w = 0; w < words; ++w) {
            const bool dx = w < x->defined.size() && x->defined[w];
            const bool dy = w < y->defined.size() && y->defined[w];
            if (!dx || !dy || x->shared[w] == y->shared[w]) continue;
            const StepLabel* label = mine.label(x->line);
            const StepLabel* theirs = reference.label(y->line);
            const std::string writer = writer_of(*x, std::uint32_t(w));
            if (step) *step = k;
            return "first difference at step " + std::to_string(k + 1) +
                   (label ? " (" + label->phase + ")" : std::string()) + ": " +
                   word_name(a, std::uint32_t(w)) + " is " +
                   word_value(mine, a, std::uint32_t(w), x->shared[w]) +
                   (writer.empty() ? std::string() : ", written by " + writer) + "; " + other +
                   " has " + word_value(reference, b, std::uint32_t(w), y->shared[w]) +
                   (theirs ? " after its step " + std::to_string(k + 1) + " (" + theirs->phase + ")"
                           : std::string()) +
                   counts;
        }
    }
    if (a.steps_of(0) != b.steps_of(0))
        return "the same shared memory for " + steps_text(steps) + ", then " +
               (a.steps_of(0) < b.steps_of(0) ? "yours ends" : "yours goes on") + counts;
    return {};
}

StudentVerdict judge_student(const std::string& kernel, const RunRequest& request,
                             const std::vector<std::uint32_t>& input, const std::string& like,
                             const StudentLimits& limits, bool gpu) {
    StudentVerdict v;
    v.kernel = kernel;
    StudentCapture c = capture_student(kernel, request, input, limits, gpu);
    v.compile_errors = c.compile_errors;
    v.warnings = c.warnings;
    v.compiled = c.compile_errors.empty();
    if (!c.trace) {
        v.failure = c.failure;
        return v;
    }
    if (!c.trace->stopped().empty()) {
        // It stopped: no output to judge, but its steps up to the error, to step through.
        v.failure = c.failure;
        v.stopped_steps = int(c.trace->frame_count());
        v.trace = std::move(c.trace);
        return v;
    }
    v.ran = true;
    v.gpu_ms = c.gpu_ms;
    const Trace& t = *c.trace;
    v.wrong = check_result(t.request, input, t.output);
    v.correct = v.wrong.empty();
    const HazardReport hazards = find_hazards(t);
    v.hazards = hazards.total;
    v.hazards_between_warps = hazards.between_warps;
    for (const Launch& l : t.launches)
        if (!l.barrier_splits.empty() && v.barrier_split.empty())
            v.barrier_split = split_sentence(t, l.barrier_splits.front());
    if (!hazards.hazards.empty()) {
        const Hazard& h = hazards.hazards.front();
        const Step& step = t.launches.at(std::size_t(h.launch)).steps.at(std::size_t(h.step));
        const StepLabel* label = t.label(step.line);
        v.first_hazard =
            "step " + std::to_string(t.step_number(h.launch, h.step)) +
            (label ? " (" + label->phase + ")" : std::string()) +
            (t.launches[std::size_t(h.launch)].grid > 1 ? ", block " + std::to_string(h.block)
                                                        : std::string()) +
            ": " + hazard_sentence(t, h);
    }
    v.conflicts = analyze_banks(t, {t.request.banks, t.bank_width_bytes}).totals;
    if (!like.empty()) {
        RunRequest reference = request;
        reference.variant = like;
        reference.card = nullptr;
        // The student's block for a reference that takes one (multi-block), else its own.
        if (const VariantInfo* card = find_variant(like); card && !card->multi_block)
            reference.block_threads = 0;
        Trace r = capture_trace(reference, input, gpu ? DeviceChoice::Gpu : DeviceChoice::Cpu);
        v.first_difference = first_difference(t, r, &v.difference_step);
        if (gpu && limits.time_reps > 0)
            v.reference_ms =
                time_variant_on_gpu(reference, input, {limits.time_reps, /*include_launch=*/true},
                                    nullptr)
                    .median_ms;
        v.reference = std::move(r);
    }
    v.trace = std::move(c.trace);
    return v;
}

}  // namespace scanscope
