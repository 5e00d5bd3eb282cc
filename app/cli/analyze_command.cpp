// scanscope analyze: shared-memory bank conflicts of a variant (or of a trace file), per step,
// per phase and in all, as text or JSON.
#include <cstdio>
#include <iostream>
#include <memory>

#include <nlohmann/json.hpp>

#include "analysis/banks.h"
#include "analysis/hazards.h"
#include "capture/capture.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "cli/run_options.h"
#include "cli/student_options.h"
#include "model/input_values.h"
#include "model/trace_json.h"
#include "model/trace_queries.h"
#include "player/session.h"

namespace scanscope {
namespace {

nlohmann::ordered_json totals_json(const ConflictTotals& t) {
    nlohmann::ordered_json j;
    j["load_instructions"] = t.load_instructions;
    j["store_instructions"] = t.store_instructions;
    j["load_wavefronts"] = t.load_wavefronts;
    j["store_wavefronts"] = t.store_wavefronts;
    j["load_conflicts"] = t.load_conflicts;
    j["store_conflicts"] = t.store_conflicts;
    j["max_degree"] = t.max_degree;
    nlohmann::ordered_json histogram = nlohmann::ordered_json::object();
    for (std::size_t d = 1; d < t.degree_histogram.size(); ++d)
        if (t.degree_histogram[d]) histogram[std::to_string(d)] = t.degree_histogram[d];
    j["degree_histogram"] = histogram;
    return j;
}

// Hazards as compute-sanitizer's racecheck reports them: two threads touching one shared word
// between barriers, at least one writing. Counted per step; the first few listed.
constexpr std::size_t kHazardExamples = 8;

struct StepHazards {
    int launch, block, step, index;
    std::size_t count = 0, between_warps = 0;
};

// Examples between warps come first: those are the ones that can go wrong on any GPU.
std::vector<StepHazards> hazards_by_step(const Trace& trace, std::vector<Hazard>& examples) {
    std::vector<StepHazards> steps;
    std::vector<Hazard> within;
    const std::vector<int> before = trace.frames_before_launches();
    for (std::size_t l = 0; l < trace.launches.size(); ++l) {
        const Launch& launch = trace.launches[l];
        for (std::size_t s = 0; s < launch.steps.size(); ++s) {
            const std::vector<Hazard> found = step_hazards(trace, int(l), int(s));
            if (found.empty()) continue;
            const Step& step = launch.steps[s];
            StepHazards h{int(l), step.block, before[l] + step.index + 1, step.index};
            h.count = found.size();
            for (const Hazard& one : found) {
                h.between_warps += one.across_warps();
                auto& list = one.across_warps() ? examples : within;
                if (list.size() < kHazardExamples) list.push_back(one);
            }
            steps.push_back(h);
        }
    }
    for (std::size_t i = 0; examples.size() < kHazardExamples && i < within.size(); ++i)
        examples.push_back(within[i]);
    return steps;
}

std::string hazard_text(const Trace& trace, const Hazard& h) {
    return "step " + std::to_string(trace.step_number(h.launch, h.step)) + " block " +
           std::to_string(h.block) + ": " + hazard_sentence(trace, h);
}

nlohmann::ordered_json hazards_json(const Trace& trace) {
    std::vector<Hazard> examples;
    const std::vector<StepHazards> steps = hazards_by_step(trace, examples);
    nlohmann::ordered_json j;
    std::size_t count = 0, between = 0;
    j["steps"] = nlohmann::ordered_json::array();
    for (const StepHazards& s : steps) {
        count += s.count, between += s.between_warps;
        j["steps"].push_back({{"launch", s.launch},
                              {"block", s.block},
                              {"step", s.step},
                              {"count", s.count},
                              {"between_warps", s.between_warps}});
    }
    j["count"] = count;
    j["between_warps"] = between;
    j["first"] = nlohmann::ordered_json::array();
    for (const Hazard& h : examples)
        j["first"].push_back(
            {{"launch", h.launch},
             {"block", h.block},
             {"step", trace.step_number(h.launch, h.step)},
             {"kind", h.write_write ? "write-write" : "read-write"},
             {"address", h.address},
             {"cell", word_name(trace.launches.at(std::size_t(h.launch)), h.address / 4)},
             {"writer", h.writer},
             {"writer_warp", h.writer / 32},
             {"writer_line", h.writer_line},
             {"other", h.other},
             {"other_warp", h.other / 32},
             {"other_line", h.other_line}});
    return j;
}

void print_hazards(const Trace& trace) {
    std::vector<Hazard> examples;
    const std::vector<StepHazards> steps = hazards_by_step(trace, examples);
    std::size_t count = 0, between = 0;
    for (const StepHazards& s : steps)
        count += s.count, between += s.between_warps;
    std::printf("\nshared-memory hazards: %zu (%zu between warps)%s\n", count, between,
                count ? "" : ": none, as racecheck would find");
    for (const StepHazards& s : steps)
        std::printf("  step %d%s: %zu hazards, %zu between warps\n", s.step,
                    trace.launches[std::size_t(s.launch)].grid > 1
                        ? (" block " + std::to_string(s.block)).c_str()
                        : "",
                    s.count, s.between_warps);
    if (!examples.empty()) std::printf("  the first %zu:\n", examples.size());
    for (const Hazard& h : examples)
        std::printf("    %s\n", hazard_text(trace, h).c_str());
}

nlohmann::ordered_json report_json(const Trace& trace, const TraceBanks& banks) {
    nlohmann::ordered_json j;
    j["variant"] = trace.request.variant;
    j["n"] = trace.request.n;
    j["banks"] = banks.config.banks;
    j["bank_width_bytes"] = banks.config.width_bytes;
    j["captured_on"] = trace.source.device;
    // Named, not a temporary: items() must not outlive what it walks.
    const nlohmann::ordered_json kernel = totals_json(banks.totals);
    for (const auto& [key, value] : kernel.items())
        j[key] = value;
    j["hazards"] = hazards_json(trace);
    j["launches"] = nlohmann::ordered_json::array();
    const std::vector<int> before = trace.frames_before_launches();
    for (std::size_t l = 0; l < banks.launches.size(); ++l) {
        const LaunchBanks& lb = banks.launches[l];
        const Launch& launch = trace.launches[l];
        nlohmann::ordered_json lj;
        lj["name"] = lb.name;
        lj["grid"] = launch.grid;
        lj["block"] = launch.block;
        lj["totals"] = totals_json(lb.totals);
        lj["phases"] = nlohmann::ordered_json::object();
        for (const auto& [phase, totals] : lb.phases)
            lj["phases"][phase] = totals_json(totals);
        lj["steps"] = nlohmann::ordered_json::array();
        for (std::size_t s = 0; s < lb.steps.size(); ++s) {
            const Step& step = launch.steps[s];
            nlohmann::ordered_json sj = totals_json(lb.steps[s]);
            const StepLabel* label = trace.label(step.line);
            sj["block"] = step.block;
            sj["step"] = before[l] + step.index + 1;  // as the window and --step
            sj["index"] = step.index;                 // within the block
            sj["phase"] = label ? label->phase : "";
            sj["vars"] = step.vars;
            lj["steps"].push_back(std::move(sj));
        }
        j["launches"].push_back(std::move(lj));
    }
    return j;
}

void print_row(const char* what, const ConflictTotals& t) {
    std::printf("  %-36s %7llu %7llu %7llu   %7llu %7llu %7llu   %3d\n", what,
                (unsigned long long)t.load_instructions, (unsigned long long)t.load_wavefronts,
                (unsigned long long)t.load_conflicts, (unsigned long long)t.store_instructions,
                (unsigned long long)t.store_wavefronts, (unsigned long long)t.store_conflicts,
                t.max_degree);
}

void print_report(const Trace& trace, const TraceBanks& banks) {
    std::printf("%s, n = %d, %d banks of %d bytes, captured on %s\n", trace.request.variant.c_str(),
                trace.request.n, banks.config.banks, banks.config.width_bytes,
                trace.source.device.c_str());
    if (!trace.stopped().empty())
        std::printf("the kernel stopped with an error in its last step (%zu): %s\n",
                    trace.frame_count(), trace.stopped().c_str());
    const std::vector<int> before = trace.frames_before_launches();
    for (std::size_t l = 0; l < banks.launches.size(); ++l) {
        const LaunchBanks& lb = banks.launches[l];
        const Launch& launch = trace.launches[l];
        std::printf("\nlaunch %zu: %s (%d blocks of %d threads)\n", l, lb.name.c_str(), launch.grid,
                    launch.block);
        std::printf("  %-36s %7s %7s %7s   %7s %7s %7s   %3s\n", "step", "ld inst", "ld wave",
                    "ld conf", "st inst", "st wave", "st conf", "max");
        for (std::size_t s = 0; s < lb.steps.size(); ++s) {
            const Step& step = launch.steps[s];
            const StepLabel* label = trace.label(step.line);
            std::string what = "step " + std::to_string(before[l] + step.index + 1) +
                               (launch.grid > 1 ? " b" + std::to_string(step.block) : "") + " " +
                               (label ? phase_text(label, step.vars) : "?");
            print_row(what.c_str(), lb.steps[s]);
        }
        for (const auto& [phase, totals] : lb.phases)
            print_row(("phase " + phase).c_str(), totals);
        print_row("launch total", lb.totals);
    }
    std::printf("\n");
    print_row("kernel total", banks.totals);
    print_hazards(trace);
}

}  // namespace

void register_analyze_command(CLI::App& app, CommandSet& set) {
    CLI::App* analyze =
        app.add_subcommand("analyze", "Shared-memory bank conflicts per step and in all");
    auto options = std::make_shared<RunOptions>();
    auto trace_file = std::make_shared<std::string>();
    auto model_banks = std::make_shared<int>(0);
    auto width = std::make_shared<int>(4);
    auto json = std::make_shared<bool>(false);
    auto allow_inconsistent = std::make_shared<bool>(false);
    auto kernel = std::make_shared<KernelFlags>();
    add_run_options(analyze, *options);
    add_kernel_options(analyze, *kernel);
    analyze->add_option("--trace", *trace_file, "Analyze this trace file instead of capturing")
        ->excludes("--variant")
        ->excludes("--kernel");
    analyze
        ->add_option("--model-banks", *model_banks,
                     "Banks of the hardware to model (default: --banks; e.g. padding for 16 on 32)")
        ->check(CLI::IsMember({16, 32}));
    analyze->add_option("--bank-width", *width, "Bank width in bytes")
        ->check(CLI::IsMember({4, 8}));
    analyze->add_flag("--json", *json, "Machine-readable output (see README, 'scanscope analyze')");
    analyze->add_flag("--allow-inconsistent", *allow_inconsistent,
                      "Analyze a trace file even if it contradicts itself (say where, then go on)");
    set.add(analyze, [=] {
        return run_guarded("analyze", [&] {
            Trace trace;
            if (!trace_file->empty()) {
                trace = load_trace(*trace_file);
                const std::string problem = Session::problem_of(trace, Session::Origin::File);
                if (!problem.empty()) {
                    std::cerr << "scanscope analyze: '" << *trace_file << "' contradicts itself at "
                              << problem
                              << (*allow_inconsistent ? " (analyzed anyway)"
                                                      : "; --allow-inconsistent analyzes it anyway")
                              << "\n";
                    if (!*allow_inconsistent) return kExitFailure;
                }
            } else if (!kernel->kernel.empty()) {
                const ResolvedRun run = resolve_student_run(*options, *kernel);
                StudentCapture c =
                    capture_student(kernel->kernel, run.request, run.input, kernel->limits(),
                                    run.device == DeviceChoice::Gpu);
                if (!c.trace) {
                    std::cerr << "scanscope analyze: " << kernel->kernel << " " << c.failure
                              << "\n";
                    return kExitFailure;
                }
                trace = std::move(*c.trace);
            } else {
                if (options->variant.empty()) {
                    std::cerr << "scanscope analyze: give --variant (and --n or --input), "
                                 "--kernel FILE or --trace FILE\n";
                    return kExitUsage;
                }
                const ResolvedRun run = resolve_run(*options, RunPurpose::Capture);
                trace = capture_trace(run.request, run.input, run.device);
            }
            BankConfig config;
            config.banks = *model_banks
                               ? *model_banks
                               : (trace_file->empty() ? options->banks : trace.request.banks);
            config.width_bytes = *width;
            const TraceBanks banks = analyze_banks(trace, config);
            if (*json)
                std::cout << report_json(trace, banks).dump(2) << "\n";
            else
                print_report(trace, banks);
            return kExitOk;
        });
    });
}

}  // namespace scanscope
