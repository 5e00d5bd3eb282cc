// scanscope run: run a variant's timed kernels once, without recording, and check the result
// against a sequential loop. What the sanitizers and Nsight Compute look at.
#include <iostream>
#include <memory>

#include "analysis/result_check.h"
#include "capture/capture.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/run_options.h"
#include "cli/student_options.h"
#include "model/input_values.h"
#include "model/values.h"

namespace scanscope {

void register_run_command(CLI::App& app, CommandSet& set) {
    CLI::App* run =
        app.add_subcommand("run", "Run a variant without recording and check its result");
    auto options = std::make_shared<RunOptions>();
    auto kernel = std::make_shared<KernelFlags>();
    add_run_options(run, *options);
    add_kernel_options(run, *kernel);
    set.add(run, [options, kernel] {
        return run_guarded("run", [&] {
            if (!kernel->kernel.empty()) {
                // A student's kernel runs in the emulation, recorded, in a child process.
                const ResolvedRun r = resolve_student_run(*options, *kernel);
                const StudentVerdict v =
                    judge_student(kernel->kernel, r.request, r.input, kernel->like,
                                  kernel->limits(), r.device == DeviceChoice::Gpu);
                print_verdict(v, kernel->like, std::cout);
                return v.ran && v.correct ? kExitOk : kExitFailure;
            }
            if (options->variant.empty())
                throw CLI::ValidationError("--variant", "give --variant or --kernel");
            const ResolvedRun resolved = resolve_run(*options);
            const auto output = run_plain(resolved.request, resolved.input, resolved.device);
            const ElementKind kind = kind_of(resolved.request.type);
            std::cout << resolved.request.variant << " (n = " << resolved.request.n << ") on "
                      << (resolve_gpu(resolved.device) ? "the GPU" : "the CPU emulation")
                      << "\noutput:";
            for (std::size_t i = 0; i < output.size() && i < 16; ++i)
                std::cout << " " << format_value(output[i], kind);
            std::cout << (output.size() > 16 ? " ..." : "") << "\n";
            if (std::string problem = check_result(resolved.request, resolved.input, output);
                !problem.empty()) {
                std::cerr << "scanscope run: wrong result: " << problem << "\n";
                return kExitFailure;
            }
            std::cout << "check: agrees with a sequential loop on the CPU\n";
            return kExitOk;
        });
    });
}

}  // namespace scanscope
