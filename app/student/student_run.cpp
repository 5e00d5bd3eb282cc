#include "student/student_run.h"

#include <dlfcn.h>
#include <signal.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "analysis/consistency.h"
#include "capture/capture.h"
#include "device/device_info.h"
#include "gpu/nvrtc_student.h"
#include "model/assemble.h"
#include "model/cuda_source.h"
#include "model/trace_json.h"
#include "platform/content_hash.h"
#include "platform/data_dir.h"
#include "platform/file_write.h"
#include "platform/sandbox.h"
#include "student/student_entry.h"
#include "variants/run.h"
#include "version.h"

namespace scanscope {
namespace {

constexpr int kKernelFailed = 3;

// Why a trace the child sent back is not this kernel's run on this request; empty when it is.
std::string not_its_own(const Trace& t, const VariantInfo& card, const RunRequest& request,
                        const std::vector<std::uint32_t>& input, bool gpu) {
    if (t.request.variant != card.key)
        return "it is a trace of " + quoted_output(t.request.variant, 60) + ", not of this kernel";
    std::string listing;
    for (const ListingLine& l : t.listing)
        listing += l.text + "\n";
    std::string file;
    for (const ListingLine& l : card.listing)
        file += l.text + "\n";
    if (sha256_hex(listing) != sha256_hex(file))
        return "its listing is not the file that was compiled";
    if (t.input != input) return "it ran on other values than it was given";
    if (t.request.n != request.n || t.request.type != request.type || t.request.op != request.op ||
        t.request.inclusive != request.inclusive)
        return "it answers another request than the one it was given";
    if (t.source.kind != (gpu ? "gpu" : "cpu-emulation"))
        return "it claims to come from " + quoted_output(t.source.kind, 40);
    if (std::string problem = first_inconsistency(t); !problem.empty())
        return "it does not agree with itself: " + problem;
    return {};
}

}  // namespace

StudentCapture capture_student(const std::string& kernel_path, RunRequest request,
                               const std::vector<std::uint32_t>& input, const StudentLimits& limits,
                               bool gpu) {
    StudentCapture out;
    StudentSource source;
    VariantInfo card;
    try {
        source = read_student_source(kernel_path);
        card = student_card(source);
    } catch (const std::runtime_error& e) {
        throw BadRequest(e.what());
    }
    if (request.n < 1 || request.n > kMaxStudentN)
        throw BadRequest("a student's kernel runs on n from 1 to " + std::to_string(kMaxStudentN) +
                         " (got " + std::to_string(request.n) + ")");
    const bool cuda = is_plain_cuda(source.lines);
    CudaLaunch launch;
    if (cuda) {
        CudaLaunchOptions options = limits.launch;
        if (!options.threads) options.threads = request.block_threads;
        try {
            launch = cuda_launch(source.lines, request.n, 4, options);
        } catch (const std::runtime_error& e) {
            throw BadRequest(e.what());
        }
    }
    register_student_variant(card);
    request.variant = card.key;

    const StudentBuild build = build_student_library(source, limits);
    out.warnings = build.warnings;
    if (!build.ok) {
        out.compile_errors = build.errors;
        out.failure = "does not compile: " + build.errors.front().text();
        return out;
    }
    // The child is ScanScope itself (another program embedding this library, a test, names the
    // scanscope binary in SCANSCOPE_STUDENT_RUNNER), in the sandbox with copies of the file, the
    // library and the request in its scratch folder; the trace and the GPU time come back
    // through pipes 3 and 4.
    const char* runner_env = std::getenv("SCANSCOPE_STUDENT_RUNNER");
    const std::string runner =
        runner_env && *runner_env ? std::string(runner_env) : self_executable();
    nlohmann::json j = {{"n", request.n},
                        {"type", request.type == ElementType::Float32 ? 1 : 0},
                        {"op", request.op == OpKind::Max ? 1 : 0},
                        {"inclusive", request.inclusive},
                        {"input", input}};
    if (cuda)
        j["launch"] = {{"threads", launch.threads},
                       {"blocks", launch.blocks},
                       {"shared_bytes", launch.shared_bytes},
                       {"reduce", card.algorithm == Algorithm::Reduce}};
    const std::string file = cuda ? sandbox_source_name(source) : "src/" + source.name + ".h";
    SandboxJob job;
    job.trusted = limits.trusted;
    job.gpu = gpu;
    job.files = {{file, source_text(source)},
                 {"lib/libkernel.so", build.library, true},
                 {"request.json", j.dump()}};
    if (cuda) job.files.push_back({sandbox_rewritten_name(file), build.rewritten});
    const std::string data = find_data_dir();
    job.read_only = {runner, data + "/kernels", data + "/assets", data + "/shaders"};
    job.env = {"SCANSCOPE_DATA_DIR=" + data};
    job.argv = {runner,        "__student-run",
                "--kernel",    file,
                "--library",   "./lib/libkernel.so",
                "--request",   "request.json",
                "--out",       "/dev/fd/3",
                "--device",    gpu ? "gpu" : "cpu",
                "--time-reps", std::to_string(gpu ? limits.time_reps : 0),
                "--time-out",  "/dev/fd/4"};
    job.returns = {kMaxStudentTraceBytes, 64};
    job.limits.wall_seconds = job.limits.cpu_seconds = limits.seconds;
    job.limits.memory_bytes = limits.memory_bytes;
    // AddressSanitizer, and the CUDA driver (unified addressing), reserve far more address space
    // than they use: there the tree's resident memory is the only memory limit.
#if defined(__SANITIZE_ADDRESS__)
    job.limits.limit_address_space = false;
#else
    job.limits.limit_address_space = !gpu;
#endif
    const SandboxResult r = run_sandboxed(job);
    const bool stopped = r.exit_code == kKernelFailed && r.over_limit.empty();
    if (stopped) out.failure = "stopped with an error; its process said " + quoted_output(r.output);
    if ((r.ok() || stopped) && !r.returned.empty() && !r.returned[0].empty()) {
        // A kernel that stopped sends back its steps up to the error, marked so.
        try {
            Trace t = trace_from_json(nlohmann::json::parse(r.returned[0]));
            std::string why = not_its_own(t, card, request, input, gpu);
            if (why.empty() && stopped && t.stopped().empty())
                why = "it claims to have run to the end, yet its process failed";
            if (why.empty() && !stopped && !t.stopped().empty())
                why = "it says the kernel stopped, yet its process ended well";
            if (!why.empty()) {
                out.failure = "sent back a trace that is not its own run (" + why + ")";
                return out;
            }
            out.trace = std::move(t);
            out.trace->request.schedule_seed = request.schedule_seed;
        } catch (const std::exception& e) {
            // The GPU does not check shared-memory indices: a wild one lands in the records.
            out.failure = std::string("left records that cannot be shown (") + e.what() +
                          "): an access outside shared memory? --device cpu names the thread "
                          "and the index";
        }
    } else if (r.ok()) {
        out.failure = "ended without sending back a trace";
    } else if (!stopped) {  // a stopped kernel's failure is said above
        out.failure = r.describe(limits.seconds);
        if (r.signal == SIGKILL && r.over_limit.empty()) out.failure += " (over the memory limit?)";
        if (r.exit_code > 0 && !r.output.empty())
            out.failure += "; its process said " + quoted_output(r.output);
    }
    if (r.ok() && r.returned.size() > 1 && !r.returned[1].empty()) {
        const double ms = std::strtod(r.returned[1].c_str(), nullptr);
        if (std::isfinite(ms) && ms > 0) out.gpu_ms = ms;
    }
    return out;
}

int run_student_child(const std::string& kernel_path, const std::string& library,
                      const std::string& request_file, const std::string& trace_out, bool gpu,
                      int time_reps, const std::string& time_out) {
    try {
        const StudentSource source = read_student_source(kernel_path);
        const std::string key = register_student_variant(student_card(source)).key;
        std::ifstream file(request_file);
        const nlohmann::json j = nlohmann::json::parse(file);
        RunRequest request;
        request.variant = key;
        request.n = j.at("n").get<int>();
        request.type = j.at("type").get<int>() ? ElementType::Float32 : ElementType::Int32;
        request.op = j.at("op").get<int>() ? OpKind::Max : OpKind::Add;
        request.inclusive = j.at("inclusive").get<bool>();
        const std::vector<std::uint32_t> input = j.at("input").get<std::vector<std::uint32_t>>();
        // A plain CUDA kernel's launch, which the request carries (the parent computed it).
        const bool cuda = j.contains("launch");
        CudaLaunch launch;
        bool reduce = false;
        if (cuda) {
            const nlohmann::json& l = j.at("launch");
            launch.threads = l.at("threads").get<int>();
            launch.blocks = l.at("blocks").get<int>();
            launch.shared_bytes = l.at("shared_bytes").get<int>();
            reduce = l.at("reduce").get<bool>();
        }

        void* handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) throw std::runtime_error(std::string("cannot load the kernel: ") + dlerror());
        const auto entry = reinterpret_cast<student::EntryFn>(dlsym(handle, student::kEntryName));
        if (!entry) throw std::runtime_error("the kernel library has no entry point");
        RawCapture raw;
        if (gpu) {
            // The same source through NVRTC; the library only tells the block's shape.
            const auto shape =
                reinterpret_cast<student::ShapeFn>(dlsym(handle, student::kShapeName));
            if (!shape && !cuda)
                throw std::runtime_error("the kernel library has no shape function");
            NvrtcStudentRun run;
            run.kernel_path = source.path;
            for (const std::string& line : source.lines)
                run.kernel_text += line + "\n";
            run.kernels_dir = data_path("kernels");
            run.type = request.type == ElementType::Float32 ? 1 : 0;
            run.op = request.op == OpKind::Max ? 1 : 0;
            run.inclusive = request.inclusive;
            run.n = request.n;
            if (cuda) {
                // A plain CUDA file: NVRTC compiles the front end's rewrite, which the library
                // was compiled from too, and launches it on the request's grid.
                const auto layout =
                    reinterpret_cast<void (*)(int*, int*)>(dlsym(handle, "scanscope_cuda_layout"));
                if (!layout) throw std::runtime_error("the kernel library has no layout function");
                int in_place = 0;
                layout(&run.static_shared_bytes, &in_place);
                run.in_place = in_place != 0;
                run.plain_cuda = true;
                std::ifstream rewritten(sandbox_rewritten_name(kernel_path), std::ios::binary);
                run.kernel_text.assign(std::istreambuf_iterator<char>(rewritten), {});
                run.threads = launch.threads;
                run.blocks = launch.blocks;
                run.dynamic_shared_bytes = launch.shared_bytes;
                run.reduce = reduce;
            } else {
                shape(request.n, &run.threads, &run.shared_elements);
            }
            run.input = input;
            std::vector<std::uint32_t> output;
            try {
                output = run_student_on_gpu(run, raw);
            } catch (const NvrtcCompileError& e) {
                // NVRTC's first errors, on the one line the parent reports.
                std::istringstream log(e.what());
                std::string errors;
                int shown = 0;
                for (std::string line; std::getline(log, line) && shown < 3;)
                    if (line.find("error") != std::string::npos)
                        errors += (shown++ ? " | " : "") + line;
                std::cerr << "does not compile on the GPU (NVRTC): " << errors << "\n";
                return kKernelFailed;
            } catch (const std::runtime_error& e) {
                // The GPU stops a kernel that goes out of bounds, without saying where.
                std::cerr << e.what()
                          << " (the GPU stopped it: an out-of-bounds access? --device cpu "
                             "names the thread and the index)\n";
                return kKernelFailed;
            }
            TraceSource where{"gpu", probe_device().gpu.name, SCANSCOPE_VERSION, utc_timestamp()};
            save_trace(assemble_trace(request, input, output, raw, where), trace_out);
            if (time_reps > 0)
                write_file(time_out, std::to_string(time_student_on_gpu(run, time_reps)));
            return 0;
        }
        emu::EmuLauncher launcher(&raw, 1);
        std::vector<std::uint32_t> output(input.size());
        if (reduce) output.resize(1);
        student::StudentCall call;
        call.type = request.type == ElementType::Float32 ? 1 : 0;
        call.op = request.op == OpKind::Max ? 1 : 0;
        call.inclusive = request.inclusive ? 1 : 0;
        call.n = request.n;
        call.input = input.data();
        call.output = output.data();
        call.launcher = &launcher;
        call.threads = launch.threads;
        call.blocks = launch.blocks;
        call.dynamic_shared_bytes = launch.shared_bytes;
        call.reduce = reduce ? 1 : 0;
        if (entry(&call) != 0) {
            std::cerr << call.error << "\n";
            // Its steps up to the error, to be stepped through (where the emulation kept them).
            if (!raw.launches.empty() && !raw.launches.back().stopped.empty()) {
                TraceSource where{"cpu-emulation", "CPU emulation (a student's kernel)",
                                  SCANSCOPE_VERSION, utc_timestamp()};
                save_trace(assemble_trace(request, input, {}, raw, where), trace_out);
            }
            return kKernelFailed;
        }
        TraceSource where{"cpu-emulation", "CPU emulation (a student's kernel)", SCANSCOPE_VERSION,
                          utc_timestamp()};
        save_trace(assemble_trace(request, input, output, raw, where), trace_out);
        return 0;
    } catch (const std::exception& e) {
        std::cerr << e.what() << "\n";
        return kKernelFailed;
    }
}

}  // namespace scanscope
