// scanscope bench: the plain kernels timed beside a device copy of the same bytes, CUB, and the
// CPU, headless; the device and its driver are named in the output.
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include "bench/bench.h"
#include "cli/cli.h"
#include "cli/commands.h"
#include "platform/file_write.h"
#include "variants/registry.h"

namespace scanscope {
namespace {

// The variants the Timings panel times by default, comma-separated.
std::string default_variants() {
    std::string list;
    for (const std::string& key : default_timed_variants())
        list += (list.empty() ? "" : ",") + key;
    return list;
}

struct BenchFlags {
    std::string variants = default_variants();  // the cards' timed_by_default
    std::string sizes = "2^10..2^28";
    int reps = 20;
    std::string format = "table";
    std::string type = "int";
    std::string op = "add";
    bool exclusive = false;
    int block_threads = 0;
    std::string device = "auto";
    bool no_cpu = false;
    bool include_launch = false;
    bool flush_l2 = false;
    std::string shape = "timed";
    std::string out;
};

}  // namespace

void register_bench_command(CLI::App& app, CommandSet& set) {
    CLI::App* bench =
        app.add_subcommand("bench", "Time the kernels beside a device copy, CUB and the CPU");
    auto f = std::make_shared<BenchFlags>();
    bench->add_option("--variants", f->variants, "Comma-separated variant ids, or 'all'");
    bench->add_option("--sizes", f->sizes, "Sizes: numbers, 2^k, 2^a..2^b, comma-separated");
    bench->add_option("--reps", f->reps, "Timed runs per figure (the median is reported)")
        ->check(CLI::Range(1, 1000));
    bench->add_option("--format", f->format, "Output")
        ->check(CLI::IsMember({"table", "csv", "json"}));
    bench->add_option("--type", f->type, "Element type")->check(CLI::IsMember({"int", "float"}));
    bench->add_option("--op", f->op, "Operator")->check(CLI::IsMember({"add", "max"}));
    bench->add_flag("--exclusive", f->exclusive, "Exclusive scans (default: inclusive)");
    bench
        ->add_option("--block-threads", f->block_threads,
                     "Threads per block for every multi-block variant")
        ->check(CLI::Range(32, 1024));
    bench->add_option("--device", f->device, "auto (the GPU if there is one), gpu, cpu")
        ->check(CLI::IsMember({"auto", "gpu", "cpu"}));
    bench->add_flag("--no-cpu", f->no_cpu, "Leave out the CPU baselines");
    bench->add_flag("--include-launch", f->include_launch,
                    "Time each GPU run as queued on an idle GPU, the host's launch calls "
                    "included (default: each run behind a kernel that holds the stream)");
    bench->add_flag("--flush-l2", f->flush_l2,
                    "Flush the L2 before each GPU run (a memset of a buffer the L2's size), as "
                    "NVBench's cold measurement and CUB's benchmarks do (default: each run "
                    "follows the last over the same buffers)");
    bench
        ->add_option("--shape", f->shape,
                     "timed: the kernels' large tiles; teaching: the small ones that are captured")
        ->check(CLI::IsMember({"timed", "teaching"}));
    bench->add_option("--out", f->out, "Also write the output to this file");
    set.add(bench, [f] {
        BenchOptions o;
        try {
            if (f->variants == "all") {
                for (const VariantInfo& v : all_variants())
                    if (!v.expects_hazards) o.variants.push_back(v.key);
            } else {
                std::stringstream list(f->variants);
                for (std::string key; std::getline(list, key, ',');)
                    if (!key.empty()) o.variants.push_back(key);
            }
            if (o.variants.empty()) throw std::invalid_argument("--variants names no variant");
            for (const std::string& key : o.variants)
                if (!find_variant(key))
                    throw std::invalid_argument("unknown variant '" + key + "'");
            if (f->block_threads && (f->block_threads & (f->block_threads - 1)))
                throw std::invalid_argument(
                    "--block-threads " + std::to_string(f->block_threads) +
                    ": blocks of the multi-block variants are powers of two");
            o.sizes = parse_sizes(f->sizes);
        } catch (const std::invalid_argument& e) {
            std::cerr << "scanscope bench: " << e.what() << "\n";
            return kExitUsage;
        }
        o.reps = f->reps;
        o.type = f->type == "float" ? ElementType::Float32 : ElementType::Int32;
        o.op = f->op == "max" ? OpKind::Max : OpKind::Add;
        o.inclusive = !f->exclusive;
        o.block_threads = f->block_threads;
        o.device = f->device == "gpu"   ? DeviceChoice::Gpu
                   : f->device == "cpu" ? DeviceChoice::Cpu
                                        : DeviceChoice::Auto;
        o.cpu_baselines = !f->no_cpu;
        o.include_launch = f->include_launch;
        o.flush_l2 = f->flush_l2;
        o.shape = f->shape == "teaching" ? KernelShape::Teaching : KernelShape::Timed;
        try {
            const BenchReport report =
                run_bench(o, [](const std::string& line) { std::cerr << line << "\n"; });
            const std::string text = f->format == "csv"    ? format_csv(report)
                                     : f->format == "json" ? format_json(report)
                                                           : format_table(report);
            std::cout << text;
            if (!f->out.empty()) write_file(f->out, text);
            // A variant refused at every size was not timed at all: a usage problem.
            if (!report.refused.empty()) {
                for (const auto& [key, problem] : report.refused)
                    std::cerr << "scanscope bench: " << key << " was not timed: " << problem
                              << "\n";
                return kExitUsage;
            }
            for (const BenchRow& row : report.rows)
                if (!row.check.empty() && row.check != "ok") {
                    std::cerr << "scanscope bench: " << row.what << " at n = " << row.n
                              << " is wrong: " << row.check << "\n";
                    return kExitFailure;
                }
            return kExitOk;
        } catch (const std::exception& e) {
            std::cerr << "scanscope bench: " << e.what() << "\n";
            return kExitFailure;
        }
    });
}

}  // namespace scanscope
