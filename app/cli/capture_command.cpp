// scanscope capture: run a variant with recording on, and write the trace.
#include <iostream>
#include <memory>

#include "analysis/result_check.h"
#include "capture/capture.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/run_options.h"
#include "cli/student_options.h"
#include "model/input_values.h"
#include "model/trace_json.h"
#include "model/values.h"
#include "platform/file_write.h"

namespace scanscope {

void register_capture_command(CLI::App& app, CommandSet& set) {
    CLI::App* capture =
        app.add_subcommand("capture", "Run a variant, record every step, write the trace (JSON)");
    auto options = std::make_shared<RunOptions>();
    auto out = std::make_shared<std::string>();
    auto kernel = std::make_shared<KernelFlags>();
    add_run_options(capture, *options);
    add_kernel_options(capture, *kernel);
    capture->add_option("--out", *out, "Trace file to write")->required();
    set.add(capture, [options, out, kernel] {
        if (!options->input_file.empty() && same_file(options->input_file, *out)) {
            std::cerr << "scanscope capture: --out '" << *out
                      << "' is the input file; writing the trace would destroy the input\n";
            return kExitUsage;
        }
        return run_guarded("capture", [&] {
            if (!kernel->kernel.empty()) {
                const ResolvedRun run = resolve_student_run(*options, *kernel);
                const StudentVerdict v =
                    judge_student(kernel->kernel, run.request, run.input, kernel->like,
                                  kernel->limits(), run.device == DeviceChoice::Gpu);
                print_verdict(v, kernel->like, std::cout);
                if (!v.trace) return kExitFailure;
                save_trace(*v.trace, *out);
                std::cout << "trace -> " << *out << "\n";
                // As `run`: a wrong output fails (the trace is written all the same, to look at).
                return v.correct ? kExitOk : kExitFailure;
            }
            if (options->variant.empty())
                throw CLI::ValidationError("--variant", "give --variant or --kernel");
            const ResolvedRun run = resolve_run(*options, RunPurpose::Capture);
            const Trace trace = capture_trace(run.request, run.input, run.device);
            save_trace(trace, *out);
            std::size_t accesses = 0;
            for (const Launch& l : trace.launches)
                for (const Step& s : l.steps)
                    accesses += s.accesses.size();
            std::cout << "captured " << run.request.variant << " (n = " << run.request.n << ") on "
                      << trace.source.device << ": " << trace.launches.size() << " launch(es), "
                      << trace.frame_count() << " steps";
            // The window's steps go through every block at once; say what they add up to.
            if (trace.step_count() != trace.frame_count())
                std::cout << " (" << trace.step_count() << " block-steps over all blocks)";
            std::cout << ", " << accesses << " warp accesses -> " << *out << "\n";
            const ElementKind kind = kind_of(run.request.type);
            std::cout << "output:";
            for (std::size_t i = 0; i < trace.output.size() && i < 16; ++i)
                std::cout << " " << format_value(trace.output[i], kind);
            std::cout << (trace.output.size() > 16 ? " ..." : "") << "\n";
            // As `run`: a wrong output fails (the trace is written all the same: the in-place
            // race is there to be looked at).
            if (std::string problem = check_result(run.request, run.input, trace.output);
                !problem.empty()) {
                std::cerr << "scanscope capture: the trace is written, but the output is wrong: "
                          << problem << "\n";
                return kExitFailure;
            }
            return kExitOk;
        });
    });
}

}  // namespace scanscope
