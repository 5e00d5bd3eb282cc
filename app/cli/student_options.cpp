#include "cli/student_options.h"

#include "model/cuda_source.h"
#include "model/student_card.h"
#include "variants/registry.h"

namespace scanscope {

void add_kernel_options(CLI::App* command, KernelFlags& flags) {
    command->get_option("--variant")->required(false);
    command
        ->add_option("--kernel", flags.kernel,
                     "A kernel of your own (a header like assets/templates/student_scan.h)")
        ->excludes("--variant")
        ->check(CLI::ExistingFile);
    command
        ->add_option("--like", flags.like,
                     "With --kernel: compare with this variant step by step (e.g. blelloch)")
        ->needs("--kernel")
        ->check([](const std::string& key) -> std::string {
            return find_variant(key) ? std::string() : "unknown variant '" + key + "'";
        });
    command
        ->add_option("--time-limit", flags.seconds,
                     "With --kernel: seconds its compile (at least 20) and its run may take")
        ->check(CLI::Range(0.5, 600.0));
    command->add_flag("--no-sandbox", flags.no_sandbox, kNoSandboxHelp)->needs("--kernel");
    add_cuda_launch_options(command, flags.blocks, flags.shared_bytes);
}

void add_cuda_launch_options(CLI::App* command, std::string& blocks, std::string& shared_bytes) {
    command->add_option("--blocks", blocks,
                        "A plain CUDA kernel's grid: blocks, a number or an expression in n "
                        "(n/256); with --block-threads and --shared-bytes");
    command->add_option("--shared-bytes", shared_bytes,
                        "A plain CUDA kernel's dynamic shared memory (extern __shared__), in "
                        "bytes: a number or an expression in n (2*n*sizeof(float))");
}

std::string type_for_kernel(const std::string& kernel, const std::string& type) {
    return type == "int" && cuda_kernel_type(kernel) == "float" ? "float" : type;
}

ResolvedRun resolve_student_run(RunOptions options, const KernelFlags& flags) {
    options.variant = flags.like.empty() ? "blelloch" : flags.like;
    options.type = type_for_kernel(flags.kernel, options.type);
    // --block-threads is the kernel's own block, not the --like variant's.
    const int block_threads = options.block_threads;
    options.block_threads = 0;
    ResolvedRun run = resolve_run(options, RunPurpose::Capture);
    run.request.block_threads = block_threads;
    return run;
}

void print_verdict(const StudentVerdict& v, const std::string& like, std::ostream& out) {
    out << v.kernel << ":\n";
    if (!v.compiled) {
        out << "  does not compile\n";
        for (const CompileError& e : v.compile_errors)
            out << "  " << e.text() << "\n";
        return;
    }
    out << "  compiles";
    if (!v.warnings.empty())
        out << ", with " << v.warnings.size()
            << (v.warnings.size() == 1 ? " warning" : " warnings");
    out << "\n";
    for (const CompileError& w : v.warnings)
        out << "  " << w.text() << "\n";
    if (!v.ran) {
        out << "  does not run to the end: " << v.failure << "\n";
        if (v.stopped_steps > 0)
            out << "  its " << v.stopped_steps << (v.stopped_steps == 1 ? " step" : " steps")
                << " up to the error are kept, the last where it stopped (capture --out writes "
                   "them; the window steps through them)\n";
        return;
    }
    const std::size_t steps = v.trace->frame_count();
    out << "  runs: " << steps << (steps == 1 ? " step\n" : " steps\n");
    out << "  output: " << (v.correct ? "correct" : "wrong: " + v.wrong) << "\n";
    if (!like.empty())
        out << "  against " << like << ": "
            << (v.first_difference.empty() ? "the same shared memory at every step"
                                           : v.first_difference)
            << "\n";
    if (!v.barrier_split.empty()) out << "  barrier: " << v.barrier_split << "\n";
    out << "  races: " << v.hazards;
    if (v.hazards)
        out << " (" << v.hazards_between_warps << " between warps); the first, at "
            << v.first_hazard;
    out << "\n  bank conflicts: " << v.conflicts.load_conflicts << " on loads, "
        << v.conflicts.store_conflicts << " on stores (worst " << v.conflicts.max_degree
        << "-way)\n";
}

}  // namespace scanscope
