#include "gui/capture_jobs.h"

#include <chrono>

#include <filesystem>

#include "analysis/questions.h"
#include "model/input_values.h"
#include "model/values.h"
#include "platform/background.h"
#include "scenes/views.h"
#include "student/cuda_launch.h"
#include "student/student_verdict.h"

namespace scanscope {

std::string default_partner(const std::string& variant) {
    const VariantInfo* card = find_variant(variant);
    return card ? card->partner : std::string();
}

bool job_from_form(const CaptureForm& f, CaptureJob& job, std::string& error) {
    const auto& variants = all_variants();
    if (f.variant < 0 || f.variant >= int(variants.size())) {
        error = "pick a variant";
        return false;
    }
    // The form's choice is the card itself; it travels with the request from here.
    const VariantInfo& v = variants[std::size_t(f.variant)];
    RunRequest& r = job.request;
    r.variant = v.key;
    r.card = &v;
    r.type = f.floats ? ElementType::Float32 : ElementType::Int32;
    r.op = f.max ? OpKind::Max : OpKind::Add;
    r.inclusive = f.inclusive && v.inclusive_and_exclusive;
    r.banks = f.banks;
    r.block_threads = v.multi_block ? f.block_threads : 0;
    r.schedule_seed = std::uint64_t(std::max(f.seed, 0));
    try {
        job.input = f.typed_input ? parse_values(f.typed, r.type)
                                  : random_values(f.n, r.type, std::uint64_t(f.seed));
    } catch (const InputError& e) {
        error = e.what();
        return false;
    }
    r.n = int(job.input.size());
    // The applications' settings: heads (random from the seed where none are typed), the table's
    // width, the radix sort's passes, the compaction's rule.
    r.heads.clear();
    if (v.algorithm == Algorithm::SegmentedScan) {
        try {
            r.heads =
                f.heads.empty() ? random_heads(r.n, std::uint64_t(f.seed)) : parse_heads(f.heads);
        } catch (const InputError& e) {
            error = e.what();
            return false;
        }
    }
    r.width = v.algorithm == Algorithm::SummedArea ? f.width : 0;
    r.key_bits = takes_key_bits(v.id) ? f.key_bits : 0;
    if (v.algorithm == Algorithm::Compact)
        r.keep = f.keep == 1   ? KeepRule{KeepKind::Even, 0}
                 : f.keep == 2 ? KeepRule{KeepKind::Above, f.keep_above}
                               : KeepRule{};
    if (r.n > 4096) {
        error = "the window shows up to 4096 elements (got " + std::to_string(r.n) +
                "); 'scanscope capture' takes more";
        return false;
    }
    if (std::string problem = check_request(r); !problem.empty()) {
        error = problem;
        return false;
    }
    if (std::string problem = check_values(job.input, r, v.algorithm); !problem.empty()) {
        error = problem;
        return false;
    }
    job.device = f.device == 1   ? DeviceChoice::Gpu
                 : f.device == 2 ? DeviceChoice::Cpu
                                 : DeviceChoice::Auto;
    job.compare_variant = f.compare_variant >= 0 ? variants[std::size_t(f.compare_variant)].key
                                                 : default_partner(r.variant);
    job.compare_banks = f.compare_banks;
    return true;
}

CaptureJob job_from_lesson(const Lesson& lesson) {
    CaptureJob job;
    job.request = lesson.request;
    job.input = lesson_input(lesson);
    job.compare_variant =
        lesson.compare.empty() ? default_partner(lesson.request.variant) : lesson.compare;
    job.view = lesson.view;
    job.questions = lesson.questions;
    job.score_key = lesson.key;
    return job;
}

void form_from_trace(CaptureForm& f, const Trace& t) {
    const auto& variants = all_variants();
    for (std::size_t i = 0; i < variants.size(); ++i)
        if (variants[i].key == t.request.variant) f.variant = int(i);
    f.floats = t.request.type == ElementType::Float32;
    f.max = t.request.op == OpKind::Max;
    f.inclusive = t.request.inclusive;
    f.banks = t.request.banks;
    f.block_threads = t.request.block_threads;
    f.heads.clear();
    for (int h : t.request.heads)
        f.heads += (f.heads.empty() ? "" : ", ") + std::to_string(h);
    f.width = t.request.width;
    f.key_bits = t.request.key_bits;
    f.keep = t.request.keep.kind == KeepKind::Even    ? 1
             : t.request.keep.kind == KeepKind::Above ? 2
                                                      : 0;
    f.keep_above = t.request.keep.threshold;
    f.n = t.request.n;
    f.typed_input = t.request.n <= 256;
    if (f.typed_input) {
        f.typed.clear();
        for (std::size_t i = 0; i < t.input.size(); ++i)
            f.typed += (i ? ", " : "") + format_value(t.input[i], kind_of(t.request.type));
    }
}

CaptureOutcome run_job(const CaptureJob& job) {
    CaptureOutcome out;
    out.view = job.view;
    out.questions = job.questions;
    out.score_key = job.score_key.empty() ? job.request.variant : job.score_key;
    try {
        if (!job.kernel.empty()) {
            // A student's kernel: compiled and run in the sandbox; its reference beside it.
            StudentLimits limits;
            limits.trusted = job.trusted;
            const StudentVerdict v =
                judge_student(job.kernel, job.request, job.input, job.like, limits);
            if (!v.trace) {
                out.compiled = v.compiled;
                for (const CompileError& e : v.compile_errors)
                    out.error += e.text() + "\n";
                if (out.error.empty()) out.error = v.failure;
                return out;
            }
            out.trace = *v.trace;
            out.score_key = v.trace->request.variant;
            if (!v.ran) {
                // Its steps up to the error, to step through, under the error's sentence.
                const std::string head = "stopped with an error";
                out.verdict = head + " in step " + std::to_string(v.stopped_steps) +
                              (v.failure.rfind(head, 0) == 0 ? v.failure.substr(head.size())
                                                             : "; " + v.failure);
                return out;
            }
            out.verdict = v.correct ? "output correct" : "output wrong: " + v.wrong;
            if (!job.like.empty())
                out.verdict += v.first_difference.empty()
                                   ? "; the same shared memory as " + job.like + " at every step"
                                   : "; " + v.first_difference;
            out.verdict += "; races: " + std::to_string(v.hazards);
            out.score_key = v.trace->request.variant;
            if (!job.like.empty()) {
                RunRequest other = job.request;
                other.variant = job.like;
                out.compare = capture_trace(other, job.input, DeviceChoice::Cpu);
            }
            return out;
        }
        out.trace = capture_trace(job.request, job.input, job.device);
        if (!job.compare_variant.empty()) {
            RunRequest other = job.request;
            other.variant = job.compare_variant;
            other.banks = job.compare_banks;
            if (other.variant == job.request.variant)
                other.banks = job.request.banks == 32 ? 16 : 32;
            const VariantInfo* partner = find_variant(other.variant);
            if (!partner) throw std::runtime_error("unknown variant '" + other.variant + "'");
            if (!partner->multi_block) other.block_threads = 0;
            if (partner->algorithm == Algorithm::Reduce) other.inclusive = false;
            if (check_request(other).empty())
                out.compare = capture_trace(other, job.input, job.device);
        }
    } catch (const std::exception& e) {
        out.error = e.what();
    }
    return out;
}

CaptureJob job_from_kernel(const AppState& state) {
    CaptureJob job;
    std::string error;
    // The form's input (its variant is not used), of the type a plain CUDA kernel's arrays hold.
    CaptureForm form = state.form;
    if (const std::string type = cuda_kernel_type(state.kernel.path); !type.empty())
        form.floats = type == "float";
    job_from_form(form, job, error);
    const auto& variants = all_variants();
    job.kernel = state.kernel.path;
    job.trusted = state.kernel.trusted;
    job.like = state.kernel.like >= 0 && state.kernel.like < int(variants.size())
                   ? variants[std::size_t(state.kernel.like)].key
                   : "blelloch";
    job.request.variant = job.like;
    job.request.block_threads = 0;
    job.compare_variant.clear();
    job.view = "tree";
    return job;
}

void watch_kernel(AppState& state, double seconds) {
    KernelState& k = state.kernel;
    if (!k.watch || k.path.empty() || k.seen == 0 || state.capturing()) return;
    if ((k.since_check += seconds) < 0.5) return;
    k.since_check = 0;
    std::error_code ec;
    const auto changed = std::filesystem::last_write_time(k.path, ec);
    if (ec) return;
    const long long stamp = changed.time_since_epoch().count();
    if (stamp == k.seen) return;
    k.seen = stamp;
    start_job(state, job_from_kernel(state), "your kernel (changed on disk)");
}

void start_job(AppState& state, CaptureJob job, std::string what) {
    if (state.capturing()) return;
    state.job_what = std::move(what);
    state.job = start_in_background([job = std::move(job)] { return run_job(job); });
}

void apply_outcome(AppState& state, CaptureOutcome outcome, const std::string& what) {
    const bool kernel = what.rfind("your kernel", 0) == 0;
    if (kernel) {
        state.kernel.errors = outcome.trace ? "" : outcome.error;
        state.kernel.compiled = outcome.compiled;
        state.kernel.verdict = outcome.verdict;
    }
    if (!outcome.error.empty() || !outcome.trace) {
        // A compile error's lines stay in the Your kernel section; the status line says one.
        state.notify(Notice::Level::Error,
                     what + " failed: " + outcome.error.substr(0, outcome.error.find('\n')));
        return;
    }
    const std::string where = outcome.trace->source.kind == "gpu" ? "the GPU" : "the CPU emulation";
    form_from_trace(state.form, *outcome.trace);
    state.session.load(std::move(*outcome.trace));
    if (outcome.compare)
        state.session.set_compare(std::move(*outcome.compare));
    else
        state.session.clear_compare();
    if (const ViewInfo* v = find_view(outcome.view);
        v && view_applies(v->kind, state.session.trace()))
        state.session.view = v->kind;
    state.notify(Notice::Level::Info, what + ": captured on " + where);
    state.start_predicting(outcome.questions, outcome.score_key);
}

void AppState::start_predicting(const std::vector<LessonQuestion>& questions, std::string key) {
    std::vector<Question> scripted;
    try {
        scripted = scripted_questions(session.trace(), questions, session.bank_config());
    } catch (const std::exception& e) {
        notify(Notice::Level::Warning, std::string("the lesson's questions: ") + e.what());
    }
    predict.predictor.start(session, std::move(scripted));
    predict.score_key = std::move(key);
    predict.picked.clear();
}

bool collect_job(AppState& state) {
    if (!state.job.valid() ||
        state.job.wait_for(std::chrono::seconds(0)) != std::future_status::ready)
        return false;
    apply_outcome(state, state.job.get(), state.job_what);
    return true;
}

}  // namespace scanscope
