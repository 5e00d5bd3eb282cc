#include "bench/bench.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <numeric>
#include <random>
#include <set>
#include <sstream>
#include <stdexcept>

#include "analysis/result_check.h"
#include "core/bits.h"
#include "device/device_info.h"
#include "model/input_values.h"
#include "variants/registry.h"
#include "variants/run.h"

namespace scanscope {
namespace {

// Non-zero values small enough that int32 sums of 2^28 of them stay exact (at most 7 * 2^28).
// Values from 1 to 7 (0.5 to 1.5); for a compaction, half of them 0 at random places, so that
// half are kept and no pattern helps; for a sort, keys of all 32 bits at random (so four passes
// of 8 bits), floats without NaN.
std::vector<std::uint32_t> bench_input(std::int64_t n, ElementType type, Algorithm algorithm) {
    std::mt19937_64 random(std::uint64_t(n) * 2654435761u);
    std::uniform_int_distribution<int> ints(1, 7);
    std::uniform_real_distribution<float> floats(0.5f, 1.5f);
    std::vector<std::uint32_t> v(static_cast<std::size_t>(n));
    for (auto& x : v)
        x = type == ElementType::Int32 ? to_bits(std::int32_t(ints(random)))
                                       : to_bits(floats(random));
    if (algorithm == Algorithm::Compact)
        for (auto& x : v)
            if (random() & 1) x = 0;
    if (algorithm == Algorithm::Split)  // sort keys of all 32 bits (floats: no NaN)
        for (auto& x : v) {
            x = std::uint32_t(random());
            if (type == ElementType::Float32 && (x & 0x7f800000u) == 0x7f800000u) x &= 0xff800000u;
        }
    return v;
}

// The bytes a run must move: read n values and write n (a scan), and a byte of head each (a
// segmented scan), or read n (a reduction), or read n and write the kept ones (a compaction).
double bytes_moved(Algorithm algorithm, const std::vector<std::uint32_t>& input) {
    const double n = double(input.size());
    if (algorithm == Algorithm::Reduce) return 4.0 * n;
    if (algorithm == Algorithm::SegmentedScan) return 9.0 * n;
    if (algorithm != Algorithm::Compact) return 8.0 * n;
    const auto kept = std::count_if(input.begin(), input.end(), [](std::uint32_t x) {
        return x != 0;  // the benchmark's values: 0 is the only zero (no -0.0)
    });
    return 4.0 * n + 4.0 * double(kept);
}

template <class F>
Timing time_cpu(F&& f, int reps) {
    std::vector<double> samples;
    for (int i = 0; i < reps; ++i) {
        const auto start = std::chrono::steady_clock::now();
        f();
        samples.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count());
    }
    return summarize(samples);
}

// std::inclusive_scan, std::exclusive_scan or std::reduce on the values as T.
template <class T>
Timing time_std(const std::vector<std::uint32_t>& bits, OpKind op, bool reduce, bool inclusive,
                int reps) {
    std::vector<T> in(bits.size()), out(bits.size());
    for (std::size_t i = 0; i < bits.size(); ++i)
        in[i] = from_bits<T>(bits[i]);
    auto combine = [op](T a, T b) { return op == OpKind::Add ? T(a + b) : std::max(a, b); };
    const T identity = op == OpKind::Add ? T(0) : std::numeric_limits<T>::lowest();
    volatile T sink = 0;
    return time_cpu(
        [&] {
            if (reduce)
                sink = std::reduce(in.begin(), in.end(), identity, combine);
            else if (inclusive)
                std::inclusive_scan(in.begin(), in.end(), out.begin(), combine);
            else
                std::exclusive_scan(in.begin(), in.end(), out.begin(), identity, combine);
        },
        reps);
}

// The plain sequential loop on the values as T: the baseline any parallel version is held to.
template <class T>
Timing time_loop(const std::vector<std::uint32_t>& bits, OpKind op, bool reduce, bool inclusive,
                 int reps) {
    std::vector<T> in(bits.size()), out(bits.size());
    for (std::size_t i = 0; i < bits.size(); ++i)
        in[i] = from_bits<T>(bits[i]);
    volatile T sink = 0;
    return time_cpu(
        [&] {
            T acc = op == OpKind::Add ? T(0) : std::numeric_limits<T>::lowest();
            const std::size_t n = in.size();
            for (std::size_t i = 0; i < n; ++i) {
                const T next = op == OpKind::Add ? T(acc + in[i]) : std::max(acc, in[i]);
                if (!reduce) out[i] = inclusive ? next : acc;
                acc = next;
            }
            sink = reduce ? acc : out[n - 1];
        },
        reps);
}

std::string human_size(std::int64_t n) {
    for (int k = 0; k < 63; ++k)
        if (n == (std::int64_t(1) << k)) return "2^" + std::to_string(k);
    return std::to_string(n);
}

int cpu_reps(std::int64_t n, int reps) {
    return n >= (1 << 26) ? 3 : n >= (1 << 22) ? std::min(reps, 7) : reps;
}

}  // namespace

std::vector<std::int64_t> parse_sizes(const std::string& text) {
    static const std::string kSizesAre =
        "use numbers from 1 to 2^30 (1073741824), 2^k for k up to 30, or ranges 2^a..2^b";
    auto value = [](const std::string& term) -> std::int64_t {
        std::size_t used = 0;
        if (term.rfind("2^", 0) == 0) {
            const int k = std::stoi(term.substr(2), &used);
            if (used != term.size() - 2 || k < 0 || k > 30)
                throw std::invalid_argument("bad size '" + term + "'");
            return std::int64_t(1) << k;
        }
        const long long v = std::stoll(term, &used);
        if (used != term.size() || v < 1 || v > (1ll << 30))
            throw std::invalid_argument("bad size '" + term + "'");
        return v;
    };
    std::vector<std::int64_t> sizes;
    std::stringstream in(text);
    std::string term;
    while (std::getline(in, term, ',')) {
        term.erase(std::remove(term.begin(), term.end(), ' '), term.end());
        if (term.empty()) continue;
        try {
            const std::size_t range = term.find("..");
            if (range == std::string::npos) {
                sizes.push_back(value(term));
                continue;
            }
            const std::int64_t from = value(term.substr(0, range)),
                               to = value(term.substr(range + 2));
            if (from > to) throw std::invalid_argument("bad size range '" + term + "'");
            for (std::int64_t s = from; s <= to; s *= 2)
                sizes.push_back(s);
        } catch (const std::invalid_argument&) {
            throw std::invalid_argument("bad size '" + term + "': " + kSizesAre);
        } catch (const std::out_of_range&) {
            throw std::invalid_argument("bad size '" + term + "': " + kSizesAre);
        }
    }
    if (sizes.empty()) throw std::invalid_argument("no sizes given");
    return sizes;
}

BenchReport run_bench(const BenchOptions& o,
                      const std::function<void(const std::string&)>& progress,
                      const std::atomic<bool>* cancel) {
    BenchReport report;
    const bool gpu = resolve_gpu(o.device);
    const DeviceReport& device = probe_device();
    report.device =
        gpu ? describe(device)
            : "CPU only: " + (device.gpu_available ? std::string("the GPU was not asked for")
                                                   : device.cpu_reason);
    report.date = utc_timestamp();
    report.settings = std::string(type_name(o.type)) + ", " + op_name(o.op) + ", " +
                      (o.inclusive ? "inclusive" : "exclusive") + " scans, median of " +
                      std::to_string(o.reps) + " timed runs after a warm-up" +
                      (!gpu               ? ", "
                       : o.include_launch ? " (GPU: host launch calls included), "
                                          : " (GPU: each behind a hold, host launch calls left "
                                            "out), ") +
                      (gpu && o.flush_l2 ? "the L2 flushed before each run (NVBench's cold "
                                           "measurement), "
                                         : "") +
                      (o.shape == KernelShape::Timed ? "timed shapes (large tiles)"
                                                     : "teaching shapes (as captured)");
    if (o.flush_l2 && !gpu)
        report.notes.push_back("the L2 flush is for GPU runs: the emulation's times are the CPU's");
    auto say = [&](const std::string& line) {
        if (progress) progress(line);
    };
    auto cancelled = [&] { return cancel && cancel->load(); };
    const int reps = std::max(o.reps, 1);
    const TimingPlan plan{reps, o.include_launch, o.flush_l2};
    std::map<std::string, bool> noted;  // one note per variant that cannot take a size
    std::set<std::string> accepted;     // variants whose request some size passed

    for (std::int64_t n : o.sizes) {
        if (cancelled()) break;
        if (gpu) {
            // Input, output, the variants' temporaries, CUB's: about four arrays of n values.
            const double need = 4.0 * double(n) * 4.0 + 64e6;
            const double free = double(gpu_free_bytes());
            if (need > free) {
                report.notes.push_back("n = " + human_size(n) + " skipped: it needs about " +
                                       std::to_string(int(need / 1e9 + 0.5)) +
                                       " GB of device memory, " + std::to_string(int(free / 1e9)) +
                                       " GB are free");
                continue;
            }
        }
        std::map<Algorithm, std::vector<std::uint32_t>> inputs;  // made when first needed
        // By what is copied ("scan", "reduce", "compact": the bytes the kind must move), and by
        // the CUB call.
        std::map<std::string, Timing> copies, cubs;
        std::map<std::string, double> copy_bytes;
        for (const std::string& key : o.variants) {
            if (cancelled()) break;
            const VariantInfo* v = find_variant(key);
            if (!v) throw BadRequest("unknown variant '" + key + "'; 'scanscope list' shows them");
            RunRequest r;
            r.variant = key;
            r.type = o.type;
            r.op = o.op;
            const bool segmented = v->algorithm == Algorithm::SegmentedScan;
            const bool table = v->algorithm == Algorithm::SummedArea;
            const bool sort = v->algorithm == Algorithm::Split;
            r.inclusive = (v->algorithm == Algorithm::Scan || segmented) && o.inclusive;
            // A segmented scan's heads: random, about one element in four (as captures take).
            if (segmented) r.heads = random_heads(int(n), std::uint64_t(n));
            r.n = int(n);
            r.shape = o.shape;
            r.block_threads = v->multi_block ? o.block_threads : 0;
            if (std::string problem = check_request(r); !problem.empty()) {
                if (!noted[key]) report.notes.push_back(key + ": " + problem);
                if (!accepted.count(key)) report.refused[key] = problem;
                noted[key] = true;
                continue;
            }
            accepted.insert(key);
            report.refused.erase(key);
            const bool reduce = v->algorithm == Algorithm::Reduce;
            const bool compact = v->algorithm == Algorithm::Compact;
            if (!inputs.count(v->algorithm))
                inputs[v->algorithm] = bench_input(n, o.type, v->algorithm);
            const std::vector<std::uint32_t>& input = inputs[v->algorithm];
            resolve_key_bits(r, input);  // a radix sort's passes: the bits its keys use
            BenchRow row;
            row.what = key;
            row.n = n;
            row.bytes = bytes_moved(v->algorithm, input);
            row.config = describe_shape(r);
            if (gpu) {
                say("timing " + key + " at n = " + human_size(n));
                std::vector<std::uint32_t> output;
                row.time = time_variant_on_gpu(r, input, plan, &output);
                row.where = "gpu";
                const std::string problem = check_result(r, input, output);
                row.check = problem.empty() ? "ok" : problem;
                const std::string kind = reduce      ? "reduce"
                                         : compact   ? "compact"
                                         : segmented ? "segscan"
                                                     : "scan";
                if (!copies.count(kind)) {
                    // A copy of half the bytes: it reads them and writes them.
                    copies[kind] = time_device_copy(std::size_t(row.bytes / 2), plan);
                    copy_bytes[kind] = row.bytes;
                }
                const std::string cub_kind =
                    reduce        ? "reduce"
                    : compact     ? "select"
                    : segmented   ? (r.inclusive ? "by key inclusive" : "by key exclusive")
                    : table       ? "summed-area"
                    : sort        ? "sort " + std::to_string(sort_bits(r)) + " bits"
                    : r.inclusive ? "inclusive"
                                  : "exclusive";
                if (!cubs.count(cub_kind)) {
                    std::vector<std::uint32_t> cub_out;
                    cubs[cub_kind] = time_cub(r, input, plan, &cub_out);
                    BenchRow cub;
                    cub.what = reduce        ? "CUB DeviceReduce"
                               : compact     ? "CUB DeviceSelect::If"
                               : segmented   ? (r.inclusive ? "CUB DeviceScan::InclusiveScanByKey"
                                                            : "CUB DeviceScan::ExclusiveScanByKey")
                               : table       ? "CUB rows by key, transposed, by key, back"
                               : sort        ? "CUB DeviceRadixSort::SortKeys"
                               : r.inclusive ? "CUB DeviceScan inclusive"
                                             : "CUB DeviceScan exclusive";
                    if (segmented) cub.config = "one-byte keys made from the heads (untimed)";
                    if (sort)
                        cub.config = "keys only, bits 0 to " + std::to_string(sort_bits(r) - 1);
                    if (table)
                        cub.config =
                            "InclusiveSumByKey over the rows (keys from the index), a "
                            "32 x 32 transpose, the same, a transpose back: four launches";
                    cub.where = "gpu";
                    cub.n = n;
                    cub.bytes = row.bytes;
                    cub.time = cubs[cub_kind];
                    cub.vs_copy = cub.time.median_ms / copies[kind].median_ms;
                    cub.vs_cub = 1.0;
                    const std::string cub_problem = check_result(r, input, cub_out);
                    cub.check = cub_problem.empty() ? "ok" : cub_problem;
                    report.rows.push_back(cub);
                    if (compact) {  // CUB's other form: flags made beforehand, read as bytes
                        BenchRow flagged = cub;
                        flagged.what = "CUB DeviceSelect::Flagged";
                        flagged.config = "one-byte flags made beforehand (untimed)";
                        flagged.time = time_cub_select(r, input, true, plan, &cub_out);
                        flagged.vs_copy = flagged.time.median_ms / copies[kind].median_ms;
                        flagged.vs_cub = flagged.time.median_ms / cub.time.median_ms;
                        const std::string flagged_problem = check_result(r, input, cub_out);
                        flagged.check = flagged_problem.empty() ? "ok" : flagged_problem;
                        report.rows.push_back(flagged);
                    }
                }
                row.vs_copy = row.time.median_ms / copies[kind].median_ms;
                row.vs_cub = row.time.median_ms / cubs[cub_kind].median_ms;
                report.rows.push_back(row);
                if (n <= kMaxCaptureN) {
                    // What recording costs: the capturing kernel against the plain kernel of the
                    // same (teaching) shape, both timed as queued on an idle GPU (as a capture
                    // is: its events go round its launches).
                    RunRequest teaching = r;
                    teaching.shape = KernelShape::Teaching;
                    const TimingPlan as_captured{reps, true, false};
                    const Timing plain =
                        r.shape == KernelShape::Teaching && o.include_launch
                            ? row.time
                            : time_variant_on_gpu(teaching, input, as_captured, nullptr);
                    BenchRow capture = row;
                    capture.where = "gpu capture";
                    capture.config = describe_shape(teaching);
                    capture.time = summarize({capture_kernel_ms(teaching, input)});
                    capture.vs_plain = capture.time.median_ms / plain.median_ms;
                    capture.vs_copy = capture.vs_cub = 0;
                    capture.check = "";
                    report.rows.push_back(capture);
                }
            } else if (n <= o.max_emulated_n) {
                say("emulating " + key + " at n = " + human_size(n));
                std::vector<std::uint32_t> output;
                row.time = time_cpu([&] { output = run_emulated(r, input); }, std::min(reps, 3));
                row.where = "emulation";
                const std::string problem = check_result(r, input, output);
                row.check = problem.empty() ? "ok" : problem;
                report.rows.push_back(row);
            } else if (!noted["emulation " + key]) {
                report.notes.push_back(
                    key + ": the emulation is timed up to n = " + human_size(o.max_emulated_n) +
                    " (it runs every GPU thread as a CPU fiber)");
                noted["emulation " + key] = true;
            }
        }
        for (const auto& [kind, t] : copies) {
            BenchRow copy;
            copy.what = "device copy";
            copy.where = "gpu";
            copy.config = kind == "scan"      ? "4 bytes per element each way"
                          : kind == "reduce"  ? "2 bytes per element each way"
                          : kind == "segscan" ? "the segmented scan's 9 bytes per element: half "
                                                "read, half written"
                                              : "the compaction's bytes: half read, half written";
            copy.n = n;
            copy.bytes = copy_bytes[kind];
            copy.time = t;
            copy.vs_copy = 1.0;
            report.rows.push_back(copy);
        }
        if (o.cpu_baselines && !cancelled()) {
            say("CPU baselines at n = " + human_size(n));
            bool scans = false, reductions = false;  // (no CPU baseline for a compaction yet)
            for (const std::string& key : o.variants) {
                const VariantInfo* v = find_variant(key);
                scans = scans || v->algorithm == Algorithm::Scan;
                reductions = reductions || v->algorithm == Algorithm::Reduce;
            }
            for (bool reduce : {false, true}) {
                if ((reduce && !reductions) || (!reduce && !scans)) continue;
                const Algorithm algorithm = reduce ? Algorithm::Reduce : Algorithm::Scan;
                if (!inputs.count(algorithm)) inputs[algorithm] = bench_input(n, o.type, algorithm);
                const std::vector<std::uint32_t>& input = inputs[algorithm];
                const int cr = cpu_reps(n, reps);
                BenchRow loop;
                loop.what = reduce ? "CPU loop, reduce" : "CPU loop, scan";
                loop.where = "cpu";
                loop.config = "one thread";
                loop.n = n;
                loop.bytes = (reduce ? 4.0 : 8.0) * double(n);
                loop.time = o.type == ElementType::Int32
                                ? time_loop<std::int32_t>(input, o.op, reduce, o.inclusive, cr)
                                : time_loop<float>(input, o.op, reduce, o.inclusive, cr);
                report.rows.push_back(loop);
                BenchRow stl = loop;
                stl.what = reduce        ? "CPU std::reduce"
                           : o.inclusive ? "CPU std::inclusive_scan"
                                         : "CPU std::exclusive_scan";
                stl.config = "one thread";
                stl.time = o.type == ElementType::Int32
                               ? time_std<std::int32_t>(input, o.op, reduce, o.inclusive, cr)
                               : time_std<float>(input, o.op, reduce, o.inclusive, cr);
                report.rows.push_back(stl);
            }
        }
    }
    return report;
}

std::string format_table(const BenchReport& r) {
    std::ostringstream out;
    out << "# scanscope bench, " << r.date << "\n# device: " << r.device << "\n# " << r.settings
        << "\n";
    char line[512];
    std::snprintf(line, sizeof line, "%-28s %-11s %-10s %11s %10s %9s %8s %7s %7s  %-5s  %s\n",
                  "what", "where", "n", "median ms", "Gelem/s", "GB/s", "x copy", "x CUB",
                  "x plain", "check", "shape");
    out << line;
    for (const BenchRow& row : r.rows) {
        auto ratio = [](double v) {
            return v > 0 ? std::to_string(v).substr(0, 5) : std::string("-");
        };
        std::snprintf(line, sizeof line,
                      "%-28s %-11s %-10s %11.4f %10.3f %9.1f %8s %7s %7s  %-5s  %s\n",
                      row.what.c_str(), row.where.c_str(), human_size(row.n).c_str(),
                      row.time.median_ms, row.elements_per_s() / 1e9, row.gb_per_s(),
                      ratio(row.vs_copy).c_str(), ratio(row.vs_cub).c_str(),
                      ratio(row.vs_plain).c_str(), row.check.c_str(), row.config.c_str());
        out << line;
    }
    for (const std::string& note : r.notes)
        out << "# note: " << note << "\n";
    return out.str();
}

// A text field as RFC 4180 wants it: quoted where it holds a comma, quote or line break.
std::string csv_field(const std::string& text) {
    if (text.find_first_of(",\"\n") == std::string::npos) return text;
    std::string quoted = "\"";
    for (char c : text)
        quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    return quoted + "\"";
}

std::string format_csv(const BenchReport& r) {
    std::ostringstream out;
    out << "# device: " << r.device << "\n# date: " << r.date << "\n# " << r.settings << "\n";
    out << "what,where,config,n,median_ms,min_ms,max_ms,reps,bytes,gelem_per_s,gb_per_s,vs_copy,vs_"
           "cub,vs_plain,check\n";
    for (const BenchRow& row : r.rows) {
        out << csv_field(row.what) << "," << csv_field(row.where) << "," << csv_field(row.config)
            << "," << row.n << "," << row.time.median_ms << "," << row.time.min_ms << ","
            << row.time.max_ms << "," << row.time.reps << "," << row.bytes << ","
            << row.elements_per_s() / 1e9 << "," << row.gb_per_s() << "," << row.vs_copy << ","
            << row.vs_cub << "," << row.vs_plain << "," << csv_field(row.check) << "\n";
    }
    for (const std::string& note : r.notes)
        out << "# note: " << note << "\n";
    return out.str();
}

std::string format_json(const BenchReport& r) {
    nlohmann::ordered_json j;
    j["device"] = r.device;
    j["date"] = r.date;
    j["settings"] = r.settings;
    j["rows"] = nlohmann::ordered_json::array();
    for (const BenchRow& row : r.rows)
        j["rows"].push_back({{"what", row.what},
                             {"where", row.where},
                             {"config", row.config},
                             {"n", row.n},
                             {"median_ms", row.time.median_ms},
                             {"min_ms", row.time.min_ms},
                             {"max_ms", row.time.max_ms},
                             {"reps", row.time.reps},
                             {"bytes", row.bytes},
                             {"gelem_per_s", row.elements_per_s() / 1e9},
                             {"gb_per_s", row.gb_per_s()},
                             {"vs_copy", row.vs_copy},
                             {"vs_cub", row.vs_cub},
                             {"vs_plain", row.vs_plain},
                             {"check", row.check}});
    j["notes"] = r.notes;
    return j.dump(2) + "\n";
}

}  // namespace scanscope
