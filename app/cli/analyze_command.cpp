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
#include "model/input_values.h"
#include "model/trace_json.h"

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
    j["launches"] = nlohmann::ordered_json::array();
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
            sj["step"] = trace.step_number(int(l), step.index);  // as the window and --step
            sj["index"] = step.index;                            // within the block
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
            std::string what = "step " + std::to_string(trace.step_number(int(l), step.index)) +
                               (launch.grid > 1 ? " b" + std::to_string(step.block) : "") + " " +
                               (label ? label->phase : "?");
            for (std::size_t v = 0; v < step.vars.size(); ++v)
                what += (label && v < label->vars.size() ? " " + label->vars[v] + "=" : " ") +
                        std::to_string(step.vars[v]);
            print_row(what.c_str(), lb.steps[s]);
        }
        for (const auto& [phase, totals] : lb.phases)
            print_row(("phase " + phase).c_str(), totals);
        print_row("launch total", lb.totals);
    }
    std::printf("\n");
    print_row("kernel total", banks.totals);
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
    add_run_options(analyze, *options);
    analyze->get_option("--variant")->required(false);
    analyze->add_option("--trace", *trace_file, "Analyze this trace file instead of capturing")
        ->excludes("--variant");
    analyze
        ->add_option("--model-banks", *model_banks,
                     "Banks of the hardware to model (default: --banks; e.g. padding for 16 on 32)")
        ->check(CLI::IsMember({16, 32}));
    analyze->add_option("--bank-width", *width, "Bank width in bytes")
        ->check(CLI::IsMember({4, 8}));
    analyze->add_flag("--json", *json, "Machine-readable output (see README, 'scanscope analyze')");
    set.add(analyze, [=] {
        Trace trace;
        try {
            if (!trace_file->empty()) {
                trace = load_trace(*trace_file);
            } else {
                if (options->variant.empty()) {
                    std::cerr << "scanscope analyze: give --variant (and --n or --input), or "
                                 "--trace FILE\n";
                    return kExitUsage;
                }
                const ResolvedRun run = resolve_run(*options, RunPurpose::Capture);
                trace = capture_trace(run.request, run.input, run.device);
            }
        } catch (const CLI::ValidationError& e) {
            std::cerr << "scanscope analyze: " << e.what() << "\n";
            return kExitUsage;
        } catch (const BadRequest& e) {
            std::cerr << "scanscope analyze: " << e.what() << "\n";
            return kExitUsage;
        } catch (const std::exception& e) {
            std::cerr << "scanscope analyze: " << e.what() << "\n";
            return kExitFailure;
        }
        BankConfig config;
        config.banks = *model_banks ? *model_banks
                                    : (trace_file->empty() ? options->banks : trace.request.banks);
        config.width_bytes = *width;
        const TraceBanks banks = analyze_banks(trace, config);
        if (*json)
            std::cout << report_json(trace, banks).dump(2) << "\n";
        else
            print_report(trace, banks);
        return kExitOk;
    });
}

}  // namespace scanscope
