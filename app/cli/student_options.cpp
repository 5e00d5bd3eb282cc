#include "cli/student_options.h"

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
}

ResolvedRun resolve_student_run(RunOptions options, const KernelFlags& flags) {
    options.variant = flags.like.empty() ? "blelloch" : flags.like;
    return resolve_run(options, RunPurpose::Capture);
}

void print_verdict(const StudentVerdict& v, const std::string& like, std::ostream& out) {
    out << v.kernel << ":\n";
    if (!v.compiled) {
        out << "  does not compile\n";
        for (const CompileError& e : v.compile_errors)
            out << "  " << e.text() << "\n";
        return;
    }
    out << "  compiles\n";
    if (!v.ran) {
        out << "  does not run to the end: " << v.failure << "\n";
        return;
    }
    const std::size_t steps = v.trace->frame_count();
    out << "  runs: " << steps << (steps == 1 ? " step\n" : " steps\n");
    out << "  output: " << (v.correct ? "correct" : "wrong: " + v.wrong) << "\n";
    if (!like.empty())
        out << "  against " << like << ": "
            << (v.first_difference.empty() ? "the same shared memory at every step"
                                           : "first difference at " + v.first_difference)
            << "\n";
    out << "  races: " << v.hazards;
    if (v.hazards) out << " (" << v.hazards_between_warps << " between warps)";
    out << "\n  bank conflicts: " << v.conflicts.load_conflicts << " on loads, "
        << v.conflicts.store_conflicts << " on stores (worst " << v.conflicts.max_degree
        << "-way)\n";
}

}  // namespace scanscope
