#include "cli/run_options.h"

#include "model/input_values.h"
#include "variants/registry.h"

namespace scanscope {

void add_run_options(CLI::App* c, RunOptions& o, bool variant_required) {
    c->add_option("--variant", o.variant, "Variant id ('scanscope list' shows them)")
        ->required(variant_required);
    c->add_option("--n", o.n, "Number of elements (default: the input's length)")
        ->check(CLI::Range(1, 1 << 30));
    auto* list = c->add_option("--input", o.input_list, "Values, e.g. 3,1,7,0,4,1,6,3");
    auto* file =
        c->add_option("--input-file", o.input_file, "File of values (commas or white space)");
    auto* seed =
        c->add_option("--seed", o.seed, "Random input from this seed (the default, seed 1)")
            ->check([](const std::string& text) -> std::string {
                // CLI11 would read -1 as 2^64 - 1.
                return text.find_first_not_of("0123456789") == std::string::npos
                           ? std::string()
                           : "expected a whole number from 0 to 2^64 - 1, got '" + text + "'";
            });
    list->excludes(file)->excludes(seed);
    file->excludes(seed);
    c->add_option("--type", o.type, "Element type")->check(CLI::IsMember({"int", "float"}));
    c->add_option("--op", o.op, "Operator")->check(CLI::IsMember({"add", "max"}));
    auto* inclusive = c->add_flag("--inclusive", o.inclusive, "Inclusive scan");
    auto* exclusive = c->add_flag("--exclusive", o.exclusive, "Exclusive scan (the default)");
    inclusive->excludes(exclusive);
    c->add_option("--banks", o.banks, "Shared-memory banks blelloch-padded pads for")
        ->check(CLI::IsMember({16, 32}));
    c->add_option("--block-threads", o.block_threads, "Threads per block (multi-block variants)")
        ->check(CLI::Range(1, 1024));
    c->add_option("--device", o.device, "Where to run: the GPU if there is one (auto), gpu, cpu")
        ->check(CLI::IsMember({"auto", "gpu", "cpu"}));
    c->add_option("--shape", o.shape,
                  "teaching: the small tiles that are captured (default); timed: the large "
                  "tiles the benchmark runs")
        ->check(CLI::IsMember({"teaching", "timed"}));
    c->add_option("--heads", o.heads,
                  "segmented-scan: where segments start, e.g. 0,3,6 (default: random heads from "
                  "the seed, about one element in four)");
    c->add_option("--width", o.width,
                  "summed-area: the table's width (n must be a multiple; default: as square as n "
                  "allows)")
        ->check(CLI::Range(1, 1 << 30));
    c->add_option("--keep", o.keep,
                  "compact, compact-lookback: which elements to keep: non-zero (default), even, or "
                  "'above N'");
    c->add_option("--key-bits", o.key_bits,
                  "radix-sort, radix-sort-onesweep: order the keys by their bits 0 .. N-1 (a "
                  "pass a bit, or a pass 8 bits; default: up to the highest bit in which two "
                  "keys differ)")
        ->check(CLI::Range(1, 32));
}

namespace {

void check_size(const RunRequest& r, RunPurpose purpose) {
    if (std::string problem = check_request(r); !problem.empty())
        throw CLI::ValidationError(problem);
    if (purpose == RunPurpose::Capture && r.n > kMaxCaptureN)
        throw CLI::ValidationError(
            "--n", "captures are for teaching sizes, n up to " + std::to_string(kMaxCaptureN) +
                       " (got " + std::to_string(r.n) +
                       "); 'scanscope run' and 'scanscope bench' take any n");
}

}  // namespace

ResolvedRun resolve_run(const RunOptions& o, RunPurpose purpose) {
    ResolvedRun run;
    RunRequest& r = run.request;
    r.variant = o.variant;
    // The user's name is looked up here, once; the card travels with the request from now on.
    const VariantInfo* variant = bind_variant(r) ? r.card : nullptr;
    if (!variant)
        throw CLI::ValidationError(
            "--variant", "unknown variant '" + o.variant + "'; 'scanscope list' shows them");
    r.type = o.type == "float" ? ElementType::Float32 : ElementType::Int32;
    r.op = o.op == "max" ? OpKind::Max : OpKind::Add;
    if (variant->algorithm == Algorithm::Reduce && (o.inclusive || o.exclusive))
        throw CLI::ValidationError("--inclusive/--exclusive",
                                   o.variant + " is a reduction: it has one result");
    const bool moves =
        variant->algorithm == Algorithm::Compact || variant->algorithm == Algorithm::Split;
    if (moves && (o.inclusive || o.exclusive))
        throw CLI::ValidationError("--inclusive/--exclusive",
                                   o.variant + " moves elements: its scan of flags is exclusive");
    if (variant->algorithm == Algorithm::SummedArea && (o.inclusive || o.exclusive))
        throw CLI::ValidationError("--inclusive/--exclusive",
                                   o.variant + " has one form: each entry includes itself");
    if (moves && o.op == "max")
        throw CLI::ValidationError("--op", o.variant + " moves elements: it takes no operator");
    r.inclusive = o.inclusive;
    r.banks = o.banks;
    r.block_threads = o.block_threads;
    r.schedule_seed = o.seed;
    r.shape = o.shape == "timed" ? KernelShape::Timed : KernelShape::Teaching;
    run.device = o.device == "gpu"   ? DeviceChoice::Gpu
                 : o.device == "cpu" ? DeviceChoice::Cpu
                                     : DeviceChoice::Auto;

    if (!o.input_list.empty()) {
        try {
            run.input = parse_values(o.input_list, r.type);
        } catch (const InputError& e) {
            throw CLI::ValidationError("--input", e.what());
        }
    } else if (!o.input_file.empty()) {
        run.input = read_values_file(o.input_file, r.type);
    }
    if (!run.input.empty()) {
        if (o.n && std::size_t(o.n) != run.input.size())
            throw CLI::ValidationError("--n", "--n " + std::to_string(o.n) + " but the input has " +
                                                  std::to_string(run.input.size()) + " values");
        r.n = int(run.input.size());
    } else {
        if (!o.n)
            throw CLI::ValidationError("--n",
                                       "give --n, or the values with --input or --input-file");
        r.n = o.n;
        check_size(r, purpose);
        run.input = random_values(r.n, r.type, o.seed);
    }
    if (r.card && r.card->algorithm == Algorithm::SegmentedScan) {
        try {
            r.heads = o.heads.empty() ? random_heads(r.n, o.seed) : parse_heads(o.heads);
        } catch (const InputError& e) {
            throw CLI::ValidationError("--heads", e.what());
        }
    } else if (!o.heads.empty()) {
        throw CLI::ValidationError("--heads", o.variant + " has no segments (segmented-scan has)");
    }
    if (o.width && r.card && r.card->algorithm != Algorithm::SummedArea) {
        throw CLI::ValidationError("--width",
                                   o.variant + " is one row (summed-area takes a width)");
    }
    r.width = o.width;
    if (o.key_bits && r.card && !takes_key_bits(r.card->id))
        throw CLI::ValidationError("--key-bits",
                                   o.variant + " does not sort by passes (the radix sorts do)");
    r.key_bits = o.key_bits;
    if (!o.keep.empty()) {
        if (r.card && r.card->algorithm != Algorithm::Compact)
            throw CLI::ValidationError("--keep", o.variant +
                                                     " keeps every element (a compaction "
                                                     "takes a rule)");
        try {
            r.keep = parse_keep_rule(o.keep);
        } catch (const std::invalid_argument& e) {
            throw CLI::ValidationError("--keep", e.what());
        }
    }
    check_size(r, purpose);
    return run;
}

}  // namespace scanscope
