// --kernel FILE (a student's kernel) for capture, run and analyze, and what they print about it.
#pragma once

#include <CLI/CLI.hpp>

#include <ostream>
#include <string>

#include "cli/run_options.h"
#include "student/student_verdict.h"

namespace scanscope {

struct KernelFlags {
    std::string kernel;
    std::string like;
    double seconds = 10;
    bool no_sandbox = false;
    std::string blocks, shared_bytes;  // a plain CUDA kernel's launch (expressions in n)
    StudentLimits limits() const {
        StudentLimits l;
        l.seconds = seconds;
        l.trusted = no_sandbox;
        l.launch.blocks = blocks;
        l.launch.shared_bytes = shared_bytes;
        return l;
    }
};

// --no-sandbox's help, the same wherever it is offered.
constexpr const char* kNoSandboxHelp =
    "Run the kernel file as yourself, outside the sandbox: only for a file you trust, on a "
    "machine without user namespaces";

// --kernel, --like, --time-limit, --no-sandbox, --blocks, --shared-bytes; makes --variant optional
// (checked by the command).
void add_kernel_options(CLI::App* command, KernelFlags& flags);
// --blocks and --shared-bytes (grade offers them too).
void add_cuda_launch_options(CLI::App* command, std::string& blocks, std::string& shared_bytes);

// A plain CUDA kernel says what its arrays hold: a float kernel gets float values where the type
// was left at its default (int); an explicit --type that disagrees is reported by the run.
std::string type_for_kernel(const std::string& kernel, const std::string& type);

// The request and input a student kernel runs on: the run options, checked as for the --like
// variant (blelloch when none is given).
ResolvedRun resolve_student_run(RunOptions options, const KernelFlags& flags);

// "my_scan.h: compiles, runs, correct ... first difference from blelloch: ...".
void print_verdict(const StudentVerdict& v, const std::string& like, std::ostream& out);

}  // namespace scanscope
