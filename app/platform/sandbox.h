// The one door untrusted code goes through: a student's kernel is compiled and run here, never
// beside the caller. The sandbox is bubblewrap (Debian's `bubblewrap`) with a seccomp filter
// (libseccomp): its own user, PID, network, IPC and UTS namespaces, so it reaches no network,
// sees and signals no process but its own, and every process it starts dies with it; a
// read-only view of /usr and of the paths the job names; one writable scratch folder (and /tmp),
// both in memory and size-capped, gone when it ends. What the job hands back comes through pipes
// (fd 3, 4, ...) with a cap each; nothing is read back from a path the job could have replaced.
//
// Limits hold for the whole tree: its tasks, resident memory and CPU time are counted every 20 ms
// (and where the caller is not root, the kernel itself holds the task count, RLIMIT_NPROC in the
// sandbox's user namespace); each process also has an address-space, CPU-time and file-size
// limit. A burst between two counts can overshoot the tree's limits briefly; the per-process
// limits cannot be passed.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace scanscope {

struct SandboxLimits {
    double wall_seconds = 10;                      // the whole job, then every process is killed
    double cpu_seconds = 10;                       // each process (RLIMIT_CPU), and the tree
    unsigned long long memory_bytes = 2ull << 30;  // resident memory of the tree
    // Each process's address space at memory_bytes too; off where a process reserves far more
    // than it uses (the CUDA driver, AddressSanitizer's shadow).
    bool limit_address_space = true;
    int tasks = 64;                                   // processes and threads of the tree
    unsigned long long file_bytes = 256ull << 20;     // one file (RLIMIT_FSIZE)
    unsigned long long scratch_bytes = 256ull << 20;  // the scratch folder, and /tmp, each
    std::size_t output_bytes = 64u << 10;             // stdout and stderr kept
};

// A file placed read-only in the scratch folder (path relative to it).
struct SandboxFile {
    std::string path;
    std::string contents;
    bool executable = false;
};

struct SandboxJob {
    std::vector<std::string> argv;       // scratch files by relative path: it is the cwd
    std::vector<std::string> read_only;  // host paths seen at the same path, read-only
    std::vector<SandboxFile> files;
    std::vector<std::size_t> returns;  // pipes at fd 3, 4, ...: at most this many bytes each
    std::vector<std::string> env;      // "NAME=value"; nothing else of the caller's goes in
    bool gpu = false;                  // the GPU's device files, /sys and the driver's settings
    // --no-sandbox: the same job as a plain child process of the caller's user, with its
    // per-process limits and a scratch folder on disk, for machines without user namespaces.
    bool trusted = false;
    SandboxLimits limits;
};

struct SandboxResult {
    int exit_code = -1;  // when it exited
    int signal = 0;      // when a signal ended it
    bool timed_out = false;
    std::string over_limit;             // the tree limit that ended it, in ScanScope's words
    std::string output;                 // its stdout and stderr: the job's words, never ScanScope's
    std::vector<std::string> returned;  // what came through each return pipe
    bool ok() const { return exit_code == 0 && !timed_out && over_limit.empty(); }
    // "did not finish in 10 s", "crashed: Segmentation fault", "used more than 2048 MiB", ...
    std::string describe(double wall_seconds) const;
};

// Empty where the sandbox can be made on this machine; else why not and how to allow it.
// Tried once per process.
std::string sandbox_unavailable();

// Throws std::runtime_error when the job cannot be started at all.
SandboxResult run_sandboxed(const SandboxJob& job);

// Printable, one line, at most `max` characters: how a job's own words are quoted.
std::string quoted_output(const std::string& text, std::size_t max = 200);

}  // namespace scanscope
