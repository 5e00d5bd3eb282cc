#include "student/student_build.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "model/cuda_source.h"
#include "platform/content_hash.h"
#include "platform/data_dir.h"
#include "platform/file_write.h"
#include "platform/sandbox.h"
#include "version.h"

namespace scanscope {
namespace fs = std::filesystem;
namespace {

constexpr std::size_t kMaxLibraryBytes = 64u << 20;
constexpr std::size_t kMaxRewrittenBytes = 1u << 20;

// A shell word: the path in single quotes.
std::string quoted(const std::string& s) {
    std::string q = "'";
    for (char c : s)
        q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

std::string compiler() {
    const char* cxx = std::getenv("CXX");
    return cxx && *cxx ? cxx : "c++";
}

// The compiler's own path and build (size and time of its driver), for the cache key.
std::string compiler_identity(const std::string& path) {
    std::error_code ec;
    const fs::path real = fs::canonical(path, ec);
    if (ec) return path;
    return real.string() + ":" + std::to_string(fs::file_size(real, ec)) + ":" +
           std::to_string(fs::last_write_time(real, ec).time_since_epoch().count());
}

std::string find_compiler() {
    const std::string name = compiler();
    if (name.find('/') != std::string::npos) return name;
    for (const char* dir : {"/usr/local/bin/", "/usr/bin/", "/bin/"})
        if (access((dir + name).c_str(), X_OK) == 0) return dir + name;
    throw std::runtime_error("no C++ compiler ('" + name + "'): install g++ or set CXX");
}

// Every kernel header a student file can include, hashed once per process.
std::string kernels_hash(const std::string& kernels) {
    static const std::string hash = [&] {
        std::vector<fs::path> files;
        for (const auto& e : fs::recursive_directory_iterator(kernels))
            if (e.is_regular_file()) files.push_back(e.path());
        std::sort(files.begin(), files.end());
        std::string all;
        for (const fs::path& f : files) {
            std::ifstream in(f, std::ios::binary);
            all += f.string() + "\n" + std::string(std::istreambuf_iterator<char>(in), {}) + "\n";
        }
        return sha256_hex(all);
    }();
    return hash;
}

std::string read_all(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    return in ? std::string(std::istreambuf_iterator<char>(in), {}) : std::string();
}

// One line of advice for the messages students meet most.
std::string hint_for(const std::string& message) {
    struct Hint {
        const char* contains;
        const char* hint;
    };
    static const Hint hints[] = {
        {"increment expression has no effect",
         "a loop's step must change its variable: stride *= 2, not stride * 2"},
        {"expression result unused",
         "a statement that only computes a value changes nothing: "
         "did you mean *= or += ?"},
        {"use of deleted function",
         "in the block interface, read shared values into variables first, or combine them "
         "with op(temp[a], temp[b])"},
        {"no member named 'X'", "threadIdx, blockIdx and blockDim have x, y and z, in lower case"},
        {"syncthreads", "CUDA spells it __syncthreads(), with two underscores"},
        {"expected ';'", "the line before the one shown may be missing its ';'"},
        {"comparison of integers of different signs",
         "threadIdx.x and blockDim.x are unsigned: a negative int compared with them is huge"},
    };
    for (const Hint& h : hints)
        if (message.find(h.contains) != std::string::npos) return h.hint;
    return {};
}

// Errors (or warnings, in the student's file only) as the compilers print them, once each.
std::vector<CompileError> parse_messages(const std::string& log, const StudentSource& source,
                                         bool warnings) {
    static const std::regex located(R"(^(.*?):(\d+):(\d+): (?:fatal )?(error|warning): (.*)$)");
    std::vector<CompileError> found;
    std::istringstream lines(log);
    for (std::string line; std::getline(lines, line);) {
        std::smatch m;
        if (!std::regex_match(line, m, located)) continue;
        if ((m[4].str() == "warning") != warnings) continue;
        CompileError e;
        e.file = m[1].str();
        e.line = std::stoi(m[2].str());
        e.column = std::stoi(m[3].str());
        e.message = m[5].str();
        e.warning = warnings;
        const bool theirs = fs::path(e.file).filename() == fs::path(source.path).filename();
        if (theirs && e.line >= 1 && e.line <= int(source.lines.size()))
            e.source_line = source.lines[std::size_t(e.line - 1)];
        if (warnings && !theirs) continue;  // ScanScope's own headers are not theirs to fix
        e.hint = hint_for(e.message);
        // Once each: a template instantiated for ints and floats reports its error twice, and
        // the front end and the compiler may both see one mistake on a line.
        // One warning a line, the one with a hint where there is one.
        const auto seen = std::find_if(found.begin(), found.end(), [&](const CompileError& o) {
            return fs::path(o.file).filename() == fs::path(e.file).filename() && o.line == e.line &&
                   (o.message == e.message || warnings);
        });
        if (seen == found.end())
            found.push_back(e);
        else if (seen->hint.empty() && !e.hint.empty())
            *seen = e;
    }
    return found;
}

std::vector<CompileError> parse_errors(const std::string& log, const StudentSource& source) {
    return parse_messages(log, source, false);
}

}  // namespace

std::string cuda_front_program() {
    if (const char* env = std::getenv("SCANSCOPE_CUDA_FRONT"); env && *env) return env;
    std::vector<fs::path> dirs;
    if (const char* runner = std::getenv("SCANSCOPE_STUDENT_RUNNER"); runner && *runner)
        dirs.push_back(fs::path(runner).parent_path());
    dirs.push_back(fs::path(self_executable()).parent_path());
    for (const fs::path& d : dirs)
        if (access((d / "scanscope-cuda-front").c_str(), X_OK) == 0)
            return (d / "scanscope-cuda-front").string();
    throw std::runtime_error(
        "a plain CUDA kernel file is read by ScanScope's front end, scanscope-cuda-front, which "
        "is not beside scanscope: it is built where clang 14's LibTooling is installed "
        "(apt-get install libclang-14-dev libclang-cpp14-dev, then build again)");
}

std::string sandbox_source_name(const StudentSource& source) {
    return "src/" + fs::path(source.path).filename().string();
}

std::string sandbox_rewritten_name(const std::string& source_file) {
    const fs::path p(source_file);
    return (p.parent_path().parent_path() / "gen" / p.filename()).string();
}

std::string source_text(const StudentSource& source) {
    std::string text;
    for (const std::string& l : source.lines)
        text += l + "\n";
    return text;
}

StudentBuild build_student_library(const StudentSource& source, const StudentLimits& limits) {
    const std::string kernels = data_path("kernels");
    if (kernels.empty() || !fs::exists(kernels + "/student/student_api.h"))
        throw std::runtime_error(
            "student kernels compile against ScanScope's kernel headers "
            "(kernels/ beside assets/), which are not here");
    if (!limits.trusted)
        if (std::string why = sandbox_unavailable(); !why.empty()) throw std::runtime_error(why);
    const std::string cxx = find_compiler();
    const bool cuda = is_plain_cuda(source.lines);
    const std::string front = cuda ? cuda_front_program() : std::string();
    const std::string file = cuda ? sandbox_source_name(source) : "src/" + source.name + ".h";
    const std::string rewritten = sandbox_rewritten_name(file);
    const std::string entry =
        cuda ? "// Generated by ScanScope: the student's kernel, rewritten, and its entry point.\n"
               "#include \"student/cuda_entry.h\"\n"
               "#include \"student/cuda_shim.h\"\n"
               "#include \"" +
                   rewritten + "\"\nSCANSCOPE_CUDA_ENTRY(ScanScopeCudaKernel)\n"
             : "// Generated by ScanScope: the student's kernel and its entry point.\n"
               "#include \"" +
                   file +
                   "\"\n"
                   "#include \"student/student_entry.h\"\n"
                   "SCANSCOPE_STUDENT_ENTRY(StudentScan)\n";
    const std::vector<std::string> options = {
        "-std=c++17", "-O1", "-fPIC", "-shared", "-Wall", "-Wno-sign-compare", "-I" + kernels};
    std::string key_text = source_text(source) + entry + compiler_identity(cxx) +
                           kernels_hash(kernels) + SCANSCOPE_VERSION;
    if (cuda) key_text += "\n" + compiler_identity(front);
    for (const std::string& o : options)
        key_text += "\n" + o;

    // The cache: an entry is used only when its bytes still have the hash written beside them.
    const std::string key = sha256_hex(key_text);
    const fs::path cache = user_cache_dir("builds");
    const fs::path library = cache / (key + ".so"), check = cache / (key + ".sha256"),
                   saved_rewrite = cache / (key + ".cu"), saved_log = cache / (key + ".log");
    StudentBuild build;
    if (!cache.empty()) {
        std::string bytes = read_all(library);
        std::string text = cuda ? read_all(saved_rewrite) : std::string();
        if (!bytes.empty() && (!cuda || !text.empty()) &&
            read_all(check) == sha256_hex(bytes + text + read_all(saved_log))) {
            build.ok = true;
            build.library = std::move(bytes);
            build.rewritten = std::move(text);
            build.log = read_all(saved_log);
            build.warnings = parse_messages(build.log, source, true);
            return build;
        }
    }

    SandboxJob job;
    job.trusted = limits.trusted;
    job.files = {{file, source_text(source)}, {"entry.cpp", entry}};
    job.read_only = {kernels};
    if (const fs::path real = fs::canonical(cxx); real.string().rfind("/usr/", 0) != 0)
        job.read_only.push_back(real.parent_path().parent_path().string());
    if (cuda) {
        // The front end first, in the same sandbox, then the compiler on what it wrote.
        job.read_only.push_back(front);
        job.argv = {"/bin/sh", "-c",
                    "mkdir -p gen && " + quoted(front) + " " + quoted(file) + " --kernels " +
                        quoted(kernels) + " --out " + quoted(rewritten) +
                        " && \"$@\" -o lib.so entry.cpp && cat lib.so >&3 && exec cat " +
                        quoted(rewritten) + " >&4",
                    "sh", cxx};
        job.returns = {kMaxLibraryBytes, kMaxRewrittenBytes};
    } else {
        job.argv = {"/bin/sh", "-c", "\"$@\" -o lib.so entry.cpp && exec cat lib.so >&3", "sh",
                    cxx};
        job.returns = {kMaxLibraryBytes};
    }
    job.argv.insert(job.argv.end(), options.begin(), options.end());
    job.limits.wall_seconds = job.limits.cpu_seconds = std::max(limits.seconds, kMinCompileSeconds);
    job.limits.memory_bytes = limits.memory_bytes;
    const SandboxResult r = run_sandboxed(job);
    build.log = r.output;
    if (!r.ok() || r.returned[0].empty()) {
        build.errors = parse_errors(r.output, source);
        // No error located in a file: the compiler stopped (a limit, a crash); its last words
        // are quoted, as its own.
        if (build.errors.empty())
            build.errors.push_back(
                {source.path, 0, 0,
                 "the compiler stopped: " + r.describe(job.limits.wall_seconds) +
                     (r.output.empty() ? std::string() : "; it said " + quoted_output(r.output)),
                 "", false, ""});
        return build;
    }
    build.ok = true;
    build.library = r.returned[0];
    if (cuda) build.rewritten = r.returned[1];
    build.warnings = parse_messages(r.output, source, true);
    if (!cache.empty()) {
        try {
            write_file(library.string(), build.library);
            if (cuda) write_file(saved_rewrite.string(), build.rewritten);
            if (!build.log.empty()) write_file(saved_log.string(), build.log);  // its warnings
            write_file(check.string(), sha256_hex(build.library + build.rewritten + build.log));
        } catch (const std::exception&) {
            // A cache that cannot be written costs a compile next time, nothing else.
        }
    }
    return build;
}

}  // namespace scanscope
