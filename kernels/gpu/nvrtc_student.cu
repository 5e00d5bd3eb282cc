#include "gpu/nvrtc_student.h"

#include <cuda.h>
#include <dlfcn.h>
#include <nvrtc.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <memory>

#include "core/bits.h"
#include "core/ops.h"
#include "cuda_include_dirs.h"
#include "gpu/event_timer.cuh"
#include "gpu/gpu_launcher.cuh"
#include "student/cuda_buffers.h"
#include "variants/timing.h"

namespace scanscope {
namespace {

// NVRTC's few functions, opened (dlopen) when a student's kernel is first compiled for the GPU,
// not linked: the program starts, and runs everything else, where the toolkit's runtime compiler
// is not installed (a lab machine with a driver and no toolkit; a package that does not name it).
struct NvrtcApi {
    decltype(&nvrtcGetErrorString) error_string = nullptr;
    decltype(&nvrtcCreateProgram) create = nullptr;
    decltype(&nvrtcDestroyProgram) destroy = nullptr;
    decltype(&nvrtcCompileProgram) compile = nullptr;
    decltype(&nvrtcGetProgramLogSize) log_size = nullptr;
    decltype(&nvrtcGetProgramLog) log = nullptr;
    decltype(&nvrtcGetCUBINSize) cubin_size = nullptr;
    decltype(&nvrtcGetCUBIN) cubin = nullptr;
};

template <class F>
void look_up_nvrtc(void* library, const char* name, F& f) {
    f = reinterpret_cast<F>(dlsym(library, name));
    if (!f) throw std::runtime_error(std::string("NVRTC lacks ") + name);
}

// The library of the toolkit's major version, where the loader finds it, else in the toolkit
// ScanScope was built with (SCANSCOPE_NVRTC_LIBRARY). Kept open for the process's life.
const NvrtcApi& nvrtc() {
    static const NvrtcApi api = [] {
        const std::string name = "libnvrtc.so." + std::to_string(CUDA_VERSION / 1000);
        void* library = dlopen(name.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!library) library = dlopen(SCANSCOPE_NVRTC_LIBRARY, RTLD_NOW | RTLD_LOCAL);
        if (!library)
            throw std::runtime_error(
                "a student's kernel runs on the GPU only with NVRTC, the CUDA toolkit's runtime "
                "compiler (" +
                name +
                "), which is not installed here (the CPU emulation runs it: "
                "--device cpu)");
        NvrtcApi a;
        look_up_nvrtc(library, "nvrtcGetErrorString", a.error_string);
        look_up_nvrtc(library, "nvrtcCreateProgram", a.create);
        look_up_nvrtc(library, "nvrtcDestroyProgram", a.destroy);
        look_up_nvrtc(library, "nvrtcCompileProgram", a.compile);
        look_up_nvrtc(library, "nvrtcGetProgramLogSize", a.log_size);
        look_up_nvrtc(library, "nvrtcGetProgramLog", a.log);
        look_up_nvrtc(library, "nvrtcGetCUBINSize", a.cubin_size);
        look_up_nvrtc(library, "nvrtcGetCUBIN", a.cubin);
        return a;
    }();
    return api;
}

void check_nvrtc(nvrtcResult r, const char* what) {
    if (r != NVRTC_SUCCESS)
        throw std::runtime_error(std::string(what) + ": " + nvrtc().error_string(r));
}

// The driver API's few functions, looked up through the runtime (cudaGetDriverEntryPoint...):
// linking libcuda directly would stop the program from starting where no driver is installed.
struct DriverApi {
    decltype(&cuGetErrorString) error_string = nullptr;
    decltype(&cuModuleLoadData) load_module = nullptr;
    decltype(&cuModuleUnload) unload_module = nullptr;
    decltype(&cuModuleGetFunction) get_function = nullptr;
    decltype(&cuFuncSetAttribute) set_attribute = nullptr;
    decltype(&cuLaunchKernel) launch = nullptr;
    decltype(&cuCtxSynchronize) synchronize = nullptr;
};

template <class F>
void look_up(const char* name, F& f) {
    void* address = nullptr;
    cudaDriverEntryPointQueryResult status{};
    SS_CUDA_CHECK(
        cudaGetDriverEntryPointByVersion(name, &address, 12000, cudaEnableDefault, &status));
    if (!address || status != cudaDriverEntryPointSuccess)
        throw std::runtime_error(std::string("the CUDA driver lacks ") + name);
    f = reinterpret_cast<F>(address);
}

const DriverApi& driver() {
    static const DriverApi api = [] {
        DriverApi a;
        look_up("cuGetErrorString", a.error_string);
        look_up("cuModuleLoadData", a.load_module);
        look_up("cuModuleUnload", a.unload_module);
        look_up("cuModuleGetFunction", a.get_function);
        look_up("cuFuncSetAttribute", a.set_attribute);
        look_up("cuLaunchKernel", a.launch);
        look_up("cuCtxSynchronize", a.synchronize);
        return a;
    }();
    return api;
}

void check_driver(CUresult r, const char* what) {
    if (r == CUDA_SUCCESS) return;
    const char* text = nullptr;
    driver().error_string(r, &text);
    throw std::runtime_error(std::string(what) + ": " + (text ? text : "CUDA driver error"));
}

// NVRTC has no C++ standard library: the few headers the kernels include map to libcu++.
struct Shim {
    const char* name;
    const char* text;
};
const Shim kShims[] = {
    {"cstdint",
     "#pragma once\n#include <cuda/std/cstdint>\nnamespace std { using namespace ::cuda::std; }\n"},
    {"cstddef",
     "#pragma once\n#include <cuda/std/cstddef>\nnamespace std { using namespace ::cuda::std; }\n"},
    {"cstring",
     "#pragma once\n#include <cuda/std/cstring>\nnamespace std { using namespace ::cuda::std; }\n"},
    {"limits",
     "#pragma once\n#include <cuda/std/limits>\nnamespace std { using namespace ::cuda::std; }\n"},
    {"type_traits",
     "#pragma once\n#include <cuda/std/type_traits>\nnamespace std { using namespace ::cuda::std; "
     "}\n"},
    {"stdexcept", "#pragma once\n"},  // only the emulation's bounds messages use them
    {"string", "#pragma once\n"},
};

const char* kEntryNames[2][2] = {{"scanscope_student_i32_add", "scanscope_student_i32_max"},
                                 {"scanscope_student_f32_add", "scanscope_student_f32_max"}};

const char* kCudaEntry = "scanscope_cuda_kernel";

// A rewritten plain CUDA file: its Kernel struct, launched capturing and plain. The shim's macros
// (threadIdx, __syncthreads...) come after the block's own header, which uses the real ones.
std::string cuda_program(const std::string& kernel_header) {
    std::string p =
        "#include \"gpu/gpu_block.cuh\"\n#include \"student/cuda_shim.h\"\n"
        "#include \"" +
        kernel_header + "\"\nusing namespace scanscope;\n";
    for (const char* mode : {"CaptureMode", "PlainMode"})
        p += std::string("extern \"C\" __global__ void ") + kCudaEntry +
             (std::string(mode) == "PlainMode" ? "_plain" : "") +
             "(ScanScopeCudaKernel kernel, LaunchEnv env) {\n    GpuBlock<" + mode +
             "> block(env);\n    kernel(block);\n    block.finish();\n}\n";
    return p;
}

// Each kernel twice: capturing (GpuBlock<CaptureMode>) and plain, for timing (PlainMode).
std::string program(const std::string& kernel_header) {
    std::string p = "#include \"" + kernel_header +
                    "\"\n#include \"gpu/gpu_block.cuh\"\n"
                    "using namespace scanscope;\n";
    const char* types[2] = {"int", "float"};
    const char* ops[2] = {"AddOp", "MaxOp"};
    for (int t = 0; t < 2; ++t)
        for (int o = 0; o < 2; ++o) {
            const std::string k =
                std::string("StudentScan<") + types[t] + ", " + ops[o] + "<" + types[t] + ">>";
            for (const char* mode : {"CaptureMode", "PlainMode"})
                p += std::string("extern \"C\" __global__ void ") + kEntryNames[t][o] +
                     (std::string(mode) == "PlainMode" ? "_plain" : "") + "(" + k +
                     " kernel, LaunchEnv env) {\n    GpuBlock<" + mode +
                     "> block(env);\n    kernel(block);\n    block.finish();\n}\n";
        }
    return p;
}

std::vector<char> compile(const NvrtcStudentRun& run, int major, int minor) {
    const std::string header = std::filesystem::path(run.kernel_path).filename().string();
    const std::string source = run.plain_cuda ? cuda_program(header) : program(header);
    std::vector<const char*> names, texts;
    for (const Shim& s : kShims) {
        names.push_back(s.name);
        texts.push_back(s.text);
    }
    names.push_back(header.c_str());
    texts.push_back(run.kernel_text.c_str());
    nvrtcProgram prog;
    check_nvrtc(nvrtc().create(&prog, source.c_str(), "student_entry.cu", int(names.size()),
                               texts.data(), names.data()),
                "nvrtcCreateProgram");
    std::unique_ptr<nvrtcProgram, void (*)(nvrtcProgram*)> owner(
        &prog, [](nvrtcProgram* p) { nvrtc().destroy(p); });
    const std::string arch = "--gpu-architecture=sm_" + std::to_string(major * 10 + minor);
    std::vector<std::string> options = {arch, "-std=c++17", "-default-device",
                                        "-I" + run.kernels_dir};
    // CUDA 13 keeps libcu++ under include/cccl, which older CMake does not list.
    for (const char* dir : {SCANSCOPE_CUDA_INCLUDE_DIRS}) {
        options.push_back(std::string("-I") + dir);
        if (std::filesystem::exists(std::string(dir) + "/cccl/cuda/std"))
            options.push_back(std::string("-I") + dir + "/cccl");
    }
    std::vector<const char*> argv;
    for (const std::string& o : options)
        argv.push_back(o.c_str());
    const nvrtcResult compiled = nvrtc().compile(prog, int(argv.size()), argv.data());
    if (compiled != NVRTC_SUCCESS) {
        std::size_t size = 0;
        nvrtc().log_size(prog, &size);
        std::string log(size, '\0');
        nvrtc().log(prog, log.data());
        throw NvrtcCompileError(log);
    }
    std::size_t size = 0;
    check_nvrtc(nvrtc().cubin_size(prog, &size), "nvrtcGetCUBINSize");
    std::vector<char> cubin(size);
    check_nvrtc(nvrtc().cubin(prog, cubin.data()), "nvrtcGetCUBIN");
    return cubin;
}

// The kernel's one field, ScanIO<T>{in, out, n, inclusive}: the same layout for int and float.
struct IO {
    const void* in;
    void* out;
    int n;
    bool inclusive;
};

struct Loaded {
    std::vector<char> cubin;
    CUmodule module = nullptr;
    ~Loaded() {
        if (module) driver().unload_module(module);
    }
};

// The run's input (uploaded) and output (zeroed) in device memory, freed with it.
struct DeviceIO {
    std::size_t bytes;
    std::unique_ptr<void, cudaError_t (*)(void*)> in{nullptr, cudaFree}, out{nullptr, cudaFree};
    IO io{};

    explicit DeviceIO(const NvrtcStudentRun& run) : bytes(std::size_t(run.n) * 4) {
        void* p = nullptr;
        SS_CUDA_CHECK(cudaMalloc(&p, bytes));
        in.reset(p);
        SS_CUDA_CHECK(cudaMalloc(&p, bytes));
        out.reset(p);
        SS_CUDA_CHECK(cudaMemcpy(in.get(), run.input.data(), bytes, cudaMemcpyHostToDevice));
        SS_CUDA_CHECK(cudaMemset(out.get(), 0, bytes));
        io = {in.get(), out.get(), run.n, run.inclusive};
    }
};

// A plain CUDA kernel's buffers (cuda::Buffers<T>'s layout): input, output (or the input, in
// place), two zeroed scratch arrays, `count` elements each.
struct CudaDeviceBuffers {
    struct Params {
        void* in;
        void* out;
        void* scratch[2];
        int n, count, dynamic_shared_bytes;
    } params{};
    std::size_t bytes;
    std::unique_ptr<void, cudaError_t (*)(void*)> memory{nullptr, cudaFree};

    explicit CudaDeviceBuffers(const NvrtcStudentRun& run)
        : bytes(std::size_t(std::max(run.n, run.blocks)) * 4) {
        void* p = nullptr;
        SS_CUDA_CHECK(cudaMalloc(&p, 4 * bytes));
        memory.reset(p);
        SS_CUDA_CHECK(cudaMemset(p, 0, 4 * bytes));
        char* base = static_cast<char*>(p);
        SS_CUDA_CHECK(
            cudaMemcpy(base, run.input.data(), std::size_t(run.n) * 4, cudaMemcpyHostToDevice));
        params = {base,
                  run.in_place ? base : base + bytes,
                  {base + 2 * bytes, base + 3 * bytes},
                  run.n,
                  int(bytes / 4),
                  run.dynamic_shared_bytes};
    }
    // The output words, n of them, or the reduction's one.
    std::vector<std::uint32_t> output(const NvrtcStudentRun& run) const {
        std::vector<std::uint32_t> out(bytes / 4);
        SS_CUDA_CHECK(cudaMemcpy(out.data(), params.out, bytes, cudaMemcpyDeviceToHost));
        if (!run.reduce) {
            out.resize(std::size_t(run.n));
            return out;
        }
        const int count = int(out.size());
        if (run.type == 1) {
            std::vector<float> f(out.size());
            for (std::size_t i = 0; i < out.size(); ++i)
                f[i] = from_bits<float>(out[i]);
            const float total = run.op
                                    ? cuda::block_results<float, MaxOp<float>>(
                                          f.data(), run.blocks, run.threads, run.in_place, count)
                                    : cuda::block_results<float, AddOp<float>>(
                                          f.data(), run.blocks, run.threads, run.in_place, count);
            return {to_bits(total)};
        }
        std::vector<std::int32_t> v(out.begin(), out.end());
        const std::int32_t total =
            run.op ? cuda::block_results<std::int32_t, MaxOp<std::int32_t>>(
                         v.data(), run.blocks, run.threads, run.in_place, count)
                   : cuda::block_results<std::int32_t, AddOp<std::int32_t>>(
                         v.data(), run.blocks, run.threads, run.in_place, count);
        return {to_bits(total)};
    }
};

CUfunction function(const Loaded& loaded, const std::string& name) {
    CUfunction entry;
    check_driver(driver().get_function(&entry, loaded.module, name.c_str()), "cuModuleGetFunction");
    return entry;
}

// Dynamic shared memory beyond 48 KiB must be asked for.
void allow_shared(CUfunction entry, std::uint32_t bytes) {
    if (bytes > 48 * 1024)
        check_driver(driver().set_attribute(entry, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                            int(bytes)),
                     "cuFuncSetAttribute");
}

void load(const NvrtcStudentRun& run, Loaded& loaded) {
    SS_CUDA_CHECK(cudaFree(nullptr));  // the runtime's primary context, which the driver API shares
    int device = 0, major = 0, minor = 0;
    SS_CUDA_CHECK(cudaGetDevice(&device));
    SS_CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
    SS_CUDA_CHECK(cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, device));
    loaded.cubin = compile(run, major, minor);
    check_driver(driver().load_module(&loaded.module, loaded.cubin.data()), "cuModuleLoadData");
}

// The median of `reps` launches after a warm-up (CUDA events), as the built-ins are timed.
double time_launches(CUfunction entry, int grid, int threads, std::uint32_t shared_bytes, void* io,
                     int reps) {
    LaunchEnv env;
    env.shared_bytes = shared_bytes;
    void* params[] = {io, &env};
    allow_shared(entry, shared_bytes);
    auto launch = [&] {
        check_driver(driver().launch(entry, unsigned(grid), 1, 1, unsigned(threads), 1, 1,
                                     shared_bytes, nullptr, params, nullptr),
                     "cuLaunchKernel");
    };
    launch();  // warm-up
    check_driver(driver().synchronize(), "the student kernel");
    return summarize(time_runs(nullptr, std::max(reps, 1), launch)).median_ms;
}

// The capturing launch, again with larger buffers while they overflow; `reset` puts the kernel's
// global memory back as it was before each new try.
void capture_launches(CUfunction entry, const LaunchShape& shape, void* io,
                      const char* too_much_shared, const std::function<void()>& reset,
                      RawCapture& raw) {
    check_launch_shape(shape);
    const std::uint32_t shared = shape.shared_bytes + kCaptureScratchBytes;
    allow_shared(entry, shared);
    CaptureCapacity capacity;
    for (;;) {
        HostCaptureStorage host(shape, capacity);
        DeviceCaptureStorage storage(host);
        LaunchEnv env;
        env.shared_bytes = shape.shared_bytes;
        env.capture = storage.buffers();
        void* params[] = {io, &env};
        check_driver(driver().launch(entry, unsigned(shape.grid), 1, 1, unsigned(shape.block), 1, 1,
                                     shared, nullptr, params, nullptr),
                     "cuLaunchKernel");
        check_driver(driver().synchronize(), "the student kernel");
        storage.copy_back(host);
        if (host.overflow() & kSharedOverflow) throw std::runtime_error(too_much_shared);
        if (host.overflow() == 0) {
            raw.launches.push_back(host.to_raw());
            return;
        }
        capacity = host.grown();
        reset();
    }
}

double time_cuda_on_gpu(const NvrtcStudentRun& run, int reps) {
    Loaded loaded;
    load(run, loaded);
    CudaDeviceBuffers device(run);
    return time_launches(
        function(loaded, std::string(kCudaEntry) + "_plain"), run.blocks, run.threads,
        std::uint32_t(run.static_shared_bytes + run.dynamic_shared_bytes), &device.params, reps);
}

std::vector<std::uint32_t> run_cuda_on_gpu(const NvrtcStudentRun& run, RawCapture& raw) {
    Loaded loaded;
    load(run, loaded);
    CudaDeviceBuffers device(run);
    const LaunchShape shape{"student kernel", run.blocks, run.threads,
                            std::uint32_t(run.static_shared_bytes + run.dynamic_shared_bytes)};
    // Run again from the same input: the buffers made afresh.
    capture_launches(
        function(loaded, kCudaEntry), shape, &device.params,
        "the kernel asks for more shared memory than its launch gives",
        [&] { device = CudaDeviceBuffers(run); }, raw);
    return device.output(run);
}

}  // namespace

double time_student_on_gpu(const NvrtcStudentRun& run, int reps) {
    if (run.plain_cuda) return time_cuda_on_gpu(run, reps);
    Loaded loaded;
    load(run, loaded);
    DeviceIO device(run);
    return time_launches(function(loaded, std::string(kEntryNames[run.type][run.op]) + "_plain"), 1,
                         run.threads, std::uint32_t(run.shared_elements) * 4u, &device.io, reps);
}

bool nvrtc_built() {
    return true;
}

std::vector<std::uint32_t> run_student_on_gpu(const NvrtcStudentRun& run, RawCapture& raw) {
    if (run.plain_cuda) return run_cuda_on_gpu(run, raw);
    Loaded loaded;
    load(run, loaded);
    DeviceIO device(run);
    const LaunchShape shape{"student scan", 1, run.threads,
                            std::uint32_t(run.shared_elements) * 4u};
    capture_launches(
        function(loaded, kEntryNames[run.type][run.op]), shape, &device.io,
        "the kernel asks for more shared memory than shared_elements",
        [&] { SS_CUDA_CHECK(cudaMemset(device.out.get(), 0, device.bytes)); }, raw);
    std::vector<std::uint32_t> output(std::size_t(run.n));
    SS_CUDA_CHECK(
        cudaMemcpy(output.data(), device.out.get(), device.bytes, cudaMemcpyDeviceToHost));
    return output;
}

}  // namespace scanscope
