#include "student/student_run.h"

#include <dlfcn.h>
#include <signal.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "capture/capture.h"
#include "device/device_info.h"
#include "gpu/nvrtc_student.h"
#include "model/assemble.h"
#include "model/trace_json.h"
#include "platform/child_process.h"
#include "platform/data_dir.h"
#include "platform/file_write.h"
#include "student/student_entry.h"
#include "variants/run.h"
#include "version.h"

namespace scanscope {
namespace {

constexpr int kKernelFailed = 3;

std::string last_line(const std::string& text) {
    std::string t = text;
    while (!t.empty() && (t.back() == '\n' || t.back() == '\r'))
        t.pop_back();
    const std::size_t at = t.rfind('\n');
    return at == std::string::npos ? t : t.substr(at + 1);
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
        throw BadRequest("a student kernel scans one block: n from 1 to " +
                         std::to_string(kMaxStudentN) + " (got " + std::to_string(request.n) + ")");
    register_student_variant(card);
    request.variant = card.key;

    const StudentBuild build = build_student_library(source);
    if (!build.ok) {
        out.compile_errors = build.errors;
        out.failure = "does not compile: " + build.errors.front().text();
        return out;
    }
    // The request and the input go to the child in a file; the trace comes back in another.
    const std::filesystem::path dir = std::filesystem::path(build.library).parent_path();
    const std::string tag = std::to_string(getpid()) + "-" + std::to_string(rand());
    const std::string request_file = (dir / ("request-" + tag + ".json")).string();
    const std::string trace_file = (dir / ("trace-" + tag + ".json")).string();
    const std::string time_file = (dir / ("time-" + tag + ".txt")).string();
    nlohmann::json j = {{"n", request.n},
                        {"type", request.type == ElementType::Float32 ? 1 : 0},
                        {"op", request.op == OpKind::Max ? 1 : 0},
                        {"inclusive", request.inclusive},
                        {"input", input}};
    write_file(request_file, j.dump());
    // AddressSanitizer, and the CUDA driver (unified addressing), reserve far more address space
    // than any limit on it allows: a sanitized build, and a GPU run, go without the memory limit
    // (the sanitizer's own checks, and the GPU's memory, stand in for it). The time limit stays.
#if defined(__SANITIZE_ADDRESS__)
    const unsigned long long memory = 0;
#else
    const unsigned long long memory = gpu ? 0 : limits.memory_bytes;
#endif
    // The child is ScanScope itself (another program embedding this library, a test, names the
    // scanscope binary in SCANSCOPE_STUDENT_RUNNER).
    const char* runner = std::getenv("SCANSCOPE_STUDENT_RUNNER");
    const ChildResult r =
        run_child({runner && *runner ? std::string(runner) : self_executable(), "__student-run",
                   "--kernel", source.path, "--library", build.library, "--request", request_file,
                   "--out", trace_file, "--device", gpu ? "gpu" : "cpu", "--time-reps",
                   std::to_string(gpu ? limits.time_reps : 0), "--time-out", time_file},
                  {limits.seconds, memory});
    std::filesystem::remove(request_file);
    if (r.exit_code == 0 && std::filesystem::exists(trace_file)) {
        try {
            out.trace = load_trace(trace_file);
            out.trace->request.schedule_seed = request.schedule_seed;
        } catch (const std::exception& e) {
            // The GPU does not check shared-memory indices: a wild one lands in the records.
            out.failure = std::string("left records that cannot be shown (") + e.what() +
                          "): an access outside shared memory? --device cpu names the thread "
                          "and the index";
        }
    } else if (r.exit_code == kKernelFailed) {
        out.failure = last_line(r.output);
    } else {
        out.failure = r.describe(limits.seconds);
        if (r.signal == SIGKILL && !r.timed_out)
            out.failure += " (over the memory limit?)";
        else if (r.exit_code > 0 && !r.output.empty())
            out.failure += ": " + last_line(r.output);
    }
    std::filesystem::remove(trace_file);
    if (std::ifstream time(time_file); time) time >> out.gpu_ms;
    std::filesystem::remove(time_file);
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

        void* handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!handle) throw std::runtime_error(std::string("cannot load the kernel: ") + dlerror());
        const auto entry = reinterpret_cast<student::EntryFn>(dlsym(handle, student::kEntryName));
        if (!entry) throw std::runtime_error("the kernel library has no entry point");
        RawCapture raw;
        if (gpu) {
            // The same source through NVRTC; the library only tells the block's shape.
            const auto shape =
                reinterpret_cast<student::ShapeFn>(dlsym(handle, student::kShapeName));
            if (!shape) throw std::runtime_error("the kernel library has no shape function");
            NvrtcStudentRun run;
            run.kernel_path = source.path;
            for (const std::string& line : source.lines)
                run.kernel_text += line + "\n";
            run.kernels_dir = data_path("kernels");
            run.type = request.type == ElementType::Float32 ? 1 : 0;
            run.op = request.op == OpKind::Max ? 1 : 0;
            run.inclusive = request.inclusive;
            run.n = request.n;
            shape(request.n, &run.threads, &run.shared_elements);
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
        student::StudentCall call;
        call.type = request.type == ElementType::Float32 ? 1 : 0;
        call.op = request.op == OpKind::Max ? 1 : 0;
        call.inclusive = request.inclusive ? 1 : 0;
        call.n = request.n;
        call.input = input.data();
        call.output = output.data();
        call.launcher = &launcher;
        if (entry(&call) != 0) {
            std::cerr << call.error << "\n";
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
