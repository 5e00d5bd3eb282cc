// The options that say what to run, shared by capture, analyze and bench.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "capture/capture.h"
#include "variants/run_request.h"

namespace scanscope {

struct RunOptions {
    std::string variant;
    int n = 0;
    std::string input_list;
    std::string input_file;
    std::uint64_t seed = 1;
    std::string type = "int";
    std::string op = "add";
    bool inclusive = false;
    bool exclusive = false;
    int banks = 32;
    int block_threads = 0;
    std::string device = "auto";
    std::string shape = "teaching";
    std::string heads;  // a segmented scan's segment starts, "0,3,6"
    int width = 0;      // a summed-area table's width
    int key_bits = 0;   // a radix sort's passes
    std::string keep;   // a compaction's rule: "non-zero", "even", "above 5"
};

// Adds --variant, --n, --input, --input-file, --seed, --type, --op, --inclusive/--exclusive,
// --banks, --block-threads, --device, --shape, --heads, --width, --key-bits, --keep to
// `command`.
void add_run_options(CLI::App* command, RunOptions& options, bool variant_required = true);

enum class RunPurpose { Run, Capture };

// Throws CLI::ValidationError (a usage problem: exit 2) or InputError (an unreadable input file).
// Every limit on n is checked before the input is made: a request too large to capture fails
// at once instead of after building gigabytes of values.
ResolvedRun resolve_run(const RunOptions& options, RunPurpose purpose = RunPurpose::Run);

}  // namespace scanscope
