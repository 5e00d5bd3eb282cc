// Where a tile's time goes in decoupled-lookback (its timed shape, 20 rows x 4 x 512 threads):
// the kernel itself, run with a timeline mode (GpuBlock records %globaltimer when a tile is
// taken, publishes its aggregate, publishes its prefix, and when its block ends). Prints each
// phase's distribution over the tiles, and how many SMs are in each phase at once (1 us bins):
// SMs that wait together leave the memory idle together.
//
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90,code=sm_90 --expt-relaxed-constexpr
//        -I kernels bench/tune/lookback_timeline.cu -o lookback_timeline     (one line)
//   ./lookback_timeline [--sizes 24,28] [--reps 20] [--staged 1] [--dealt-rounds R]
//                       [--staged-threads T] [--staged-rows 8] [--flush-l2 1]
//                       [--compact 24|8 [--compact-threads T]]
//
// bench/tuning.md records what it printed.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "core/int_math.h"
#include "core/ops.h"
#include "device_line.h"
#include "gpu/cuda_check.h"
#include "gpu/event_timer.cuh"
#include "gpu/gpu_launcher.cuh"
#include "scan/compact_lookback.h"
#include "scan/decoupled_lookback.h"
#include "scan/lookback_policies.h"
#include "scan/staged_lookback.h"
#include "spread.h"

namespace scanscope {
namespace {

using Op = AddOp<int>;
using Decoupled = kernels::DecoupledLookbackScan<int, Op, 20, 4>;
// staged-lookback's timed shape (kernels/scan/lookback_policies.h): the next tile's cp.async copy
// in flight while warp 0 looks back, its aggregate out before this tile's stores.
using Staged = kernels::StagedLookbackScan<int, Op, kernels::StagedLookbackPolicy::Wide::rows,
                                           kernels::StagedLookbackPolicy::Wide::vec>;
// Its small shape (8 rows), which the app runs below StagedLookbackPolicy::kLargeFrom (2^20 at
// 256 threads).
using StagedSmall = kernels::StagedLookbackScan<int, Op, kernels::StagedLookbackPolicy::Small::rows,
                                                kernels::StagedLookbackPolicy::Small::vec>;
constexpr int kDecoupledThreads = 512;
// compact-lookback's large tile (CompactLookbackPolicy::Large, its loads cached in the L2 only)
// and its 8 rows at 512 threads, on values half of them 0 at random places (as tune_compact):
// --compact 24 or 8.
using CompactLarge = kernels::CompactLookbackPolicy::Large;
using Compact24 = kernels::CompactLookback<int, CompactLarge::rows, CompactLarge::vec,
                                           LoadsL2Only<CompactLarge>::value>;
using Compact8 = kernels::CompactLookback<int, 8, 4>;
int compact_rows = 0;
int compact_threads = 256;  // --compact-threads

// --dealt-rounds R: staged-lookback's first R rounds of tiles dealt by index (at least 2).
int dealt_rounds = kernels::StagedLookbackPolicy::kDealtRounds;
// --staged-threads T: staged-lookback's block size (256: two blocks an SM, as the app runs 13
// rows from 2^24 to 2^25).
int staged_threads = kernels::StagedLookbackPolicy::Wide::threads;
// --staged-rows 8: staged-lookback's small shape instead of its 13 rows.
int staged_rows = kernels::StagedLookbackPolicy::Wide::rows;
// --flush-l2 1: a memset of a buffer the L2's size before each run's hold (L2Flush, as
// `scanscope bench --flush-l2` and NVBench's cold measurement), the timeline's run included.
bool flush_l2 = false;

struct TimelineMode {
    static constexpr bool recording = false;
    static constexpr unsigned kBackOffNs = 0;
    static constexpr bool kTilesInBlockOrder = false;
    static constexpr bool kTimeline = true;
};

// Scan: Decoupled (one tile a block) or Staged (as many blocks as fit at once, tiles dealt, then
// from the counter).
template <class Scan>
struct Run {
    static constexpr bool kPersistent = requires_all_resident<Scan>();
    static constexpr bool kCompact =
        std::is_same_v<Scan, Compact24> || std::is_same_v<Scan, Compact8>;
    static int threads() {
        if constexpr (kCompact) return compact_threads;
        return kPersistent ? staged_threads : kDecoupledThreads;
    }
    int n;
    int tiles;
    int sms = 0;
    int resident = 0;  // blocks at once (persistent)
    int* in = nullptr;
    int* out = nullptr;
    int* kept = nullptr;             // the compaction's count
    std::vector<int> expected;       // the compaction's output
    DescriptorWord* sets = nullptr;  // two sets of descriptors and counter, used by turns
    std::size_t set_words = 0;       // in one set, the counter last
    int runs = 0;
    TileMoments* moments = nullptr;  // each run writes every moment the analysis reads
    cudaStream_t stream = nullptr;
    std::unique_ptr<L2Flush> flush;  // --flush-l2's

    explicit Run(int n_)
        : n(n_), tiles((n_ + Scan::tile_elements(threads()) - 1) / Scan::tile_elements(threads())) {
        std::vector<int> ones(static_cast<std::size_t>(n), 1);
        if constexpr (kCompact) {
            std::mt19937 bits{std::uint32_t(n)};
            for (int& x : ones)
                x = (bits() & 1) ? 0 : 1 + int(bits() % 7);
            for (int x : ones)
                if (x != 0) expected.push_back(x);
            SS_CUDA_CHECK(cudaMalloc(&kept, 4));
        }
        SS_CUDA_CHECK(cudaStreamCreate(&stream));
        flush = std::make_unique<L2Flush>(flush_l2, stream);
        SS_CUDA_CHECK(cudaMalloc(&in, std::size_t(n) * 4));
        SS_CUDA_CHECK(cudaMalloc(&out, std::size_t(n) * 4));
        set_words = std::size_t(tiles + 1) * kDescriptorsPerLine;  // whole lines, counter last
        SS_CUDA_CHECK(cudaMalloc(&sets, 2 * set_words * 8));
        SS_CUDA_CHECK(cudaMemset(sets, 0, 2 * set_words * 8));
        SS_CUDA_CHECK(cudaMalloc(&moments, moment_count() * sizeof(TileMoments)));
        SS_CUDA_CHECK(cudaMemset(moments, 0, moment_count() * sizeof(TileMoments)));
        SS_CUDA_CHECK(cudaMemcpy(in, ones.data(), std::size_t(n) * 4, cudaMemcpyHostToDevice));
        SS_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
        if constexpr (kCompact || kPersistent) {  // shared memory beyond 48 KiB: asked for
            for (const auto entry :
                 {kernel_entry<PlainMode, Scan>(), kernel_entry<TimelineMode, Scan>()})
                SS_CUDA_CHECK(cudaFuncSetAttribute(entry,
                                                   cudaFuncAttributeMaxDynamicSharedMemorySize,
                                                   int(Scan::shared_bytes(threads()))));
            int per_sm = 0;
            SS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(
                &per_sm, kernel_entry<PlainMode, Scan>(), threads(),
                Scan::shared_bytes(threads())));
            if (per_sm < 1) throw std::runtime_error("the block does not fit an SM");
            resident = per_sm * sms;
            if constexpr (kCompact) std::printf("compact-lookback: %d blocks an SM\n", per_sm);
        }
    }
    // A persistent block takes one number past the last tile before it stops: room for those.
    std::size_t moment_count() const { return std::size_t(tiles) + 4096; }
    ~Run() {
        cudaFree(in);
        cudaFree(out);
        cudaFree(kept);
        cudaFree(sets);
        cudaFree(moments);
        cudaStreamDestroy(stream);
    }

    // One launch, on the set of descriptors whose turn it is (as the app's timed runs: no
    // memset before it), one block an SM (decoupled-lookback's 128 registers, or by design).
    template <class Mode>
    void launch() {
        const int turn = runs++ % 2;
        DescriptorWord* set = sets + std::size_t(turn) * set_words;
        // Spread as the kernel's driver does (staged-lookback: for one round of tiles too).
        const TileDescriptors d =
            descriptors_in(set, sets + std::size_t(1 - turn) * set_words, set_words,
                           timed_descriptor_spacing(tiles, kPersistent || kCompact ? resident : sms,
                                                    SpreadsOneRound<Scan>::value));
        int* counter = tile_counter_of(set, set_words);
        LaunchEnv env;
        env.moments = moments;
        const auto entry = kernel_entry<Mode, Scan>();
        if constexpr (kCompact) {
            env.shared_bytes = Scan::shared_bytes(threads());
            entry<<<tiles, threads(), env.shared_bytes, stream>>>(
                Scan{in, out, n, kept, d, counter, {}}, env);
        } else if constexpr (kPersistent) {
            env.shared_bytes = Scan::shared_bytes(threads());
            const int grid = std::min(tiles, resident);
            entry<<<grid, threads(), env.shared_bytes, stream>>>(
                Scan{in, out, n, true, d, counter, tiles, dealt_tiles(tiles, grid, dealt_rounds)},
                env);
        } else {
            env.shared_bytes = 32 * 4 + 4 + 4;
            entry<<<tiles, threads(), env.shared_bytes, stream>>>(
                Scan{in, out, n, true, d, counter}, env);
        }
        SS_CUDA_CHECK_LAUNCH();
    }
    template <class Mode>
    double middle_launch_ms(int reps) {
        return middle_run_ms(
            stream, reps, [&] { launch<Mode>(); }, true, *flush);
    }

    bool right() const {
        if constexpr (kCompact) {
            std::vector<int> got(expected.size());
            int count = 0;
            SS_CUDA_CHECK(cudaMemcpy(&count, kept, 4, cudaMemcpyDeviceToHost));
            SS_CUDA_CHECK(cudaMemcpy(got.data(), out, got.size() * 4, cudaMemcpyDeviceToHost));
            return count == int(expected.size()) && got == expected;
        }
        std::vector<int> got(static_cast<std::size_t>(n));
        SS_CUDA_CHECK(cudaMemcpy(got.data(), out, got.size() * 4, cudaMemcpyDeviceToHost));
        for (int i = 0; i < n; ++i)
            if (got[std::size_t(i)] != i + 1) return false;
        return true;
    }
};

// What happens in each 1 us of the launch (from its first take): tiles taken, aggregates published
// (a tile's loads have landed), look-backs begun and prefixes published (the block stores the tile
// after the next one's aggregate), blocks ended; and when the blocks end.
// `past_end`: the moments of the numbers past the last tile that blocks took before they ended
// (where their blocks' ends are recorded).
void print_series(const std::vector<TileMoments>& m, const std::vector<TileMoments>& past_end,
                  long long first, long long last) {
    const long long bin = 1000;
    const std::size_t bins = std::size_t((last - first) / bin + 1);
    std::vector<int> taken(bins), aggregates(bins), looks(bins), prefixes(bins), ends(bins);
    std::vector<double> block_ends;
    const auto count = [&](std::vector<int>& in, long long at) {
        if (at >= first && at <= last) ++in[std::size_t((at - first) / bin)];
    };
    for (const TileMoments& x : m) {
        count(taken, x.taken);
        count(aggregates, x.aggregate);
        count(looks, x.look_back);
        count(prefixes, x.prefix);
    }
    for (const auto* all : {&m, &past_end})
        for (const TileMoments& x : *all)
            if (x.block_end > x.taken && x.taken >= first) {
                count(ends, std::min(x.block_end, last));
                block_ends.push_back(double(x.block_end - first));
            }
    print_spread("blocks end, from the first take (ns)", block_ends);
    std::printf("  us    taken  aggregates  look-backs  prefixes  blocks ended\n");
    for (std::size_t b = 0; b < bins; ++b)
        std::printf("  %3zu   %5d  %10d  %10d  %8d  %12d\n", b, taken[b], aggregates[b], looks[b],
                    prefixes[b], ends[b]);
}

// A persistent kernel's blocks end once: its tiles have no stores-issued moment of their own.
void analyse(const std::vector<TileMoments>& m, const std::vector<TileMoments>& past_end, int sms,
             bool persistent) {
    // Tile 0 publishes its prefix at once (no aggregate first).
    const auto aggregate_of = [](const TileMoments& t) {
        return t.aggregate ? t.aggregate : t.prefix;
    };
    std::vector<double> load, look_back, waiting, after_last, store, gap;
    long long latest_before = 0;  // the latest aggregate of the tiles before
    long long first = m[0].taken, last = 0;
    for (std::size_t t = 0; t < m.size(); ++t) {
        const TileMoments& x = m[t];
        first = std::min(first, x.taken);
        last = std::max({last, x.block_end, x.prefix});
    }
    for (const TileMoments& x : past_end)
        if (x.taken >= first) last = std::max(last, x.block_end);
    for (std::size_t t = 0; t < m.size(); ++t) {
        const TileMoments& x = m[t];
        load.push_back(double(aggregate_of(x) - x.taken));
        look_back.push_back(double(x.prefix - aggregate_of(x)));
        if (t > 0) {
            waiting.push_back(double(std::max(0LL, latest_before - aggregate_of(x))));
            after_last.push_back(double(x.prefix - std::max(aggregate_of(x), latest_before)));
        }
        latest_before = std::max(latest_before, aggregate_of(x));
        if (!persistent) store.push_back(double(x.block_end - x.prefix));
    }
    std::vector<std::size_t> order(m.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return m[a].sm != m[b].sm ? m[a].sm < m[b].sm : m[a].taken < m[b].taken;
    });
    for (std::size_t i = 0; i + 1 < order.size() && !persistent; ++i)
        if (m[order[i]].sm == m[order[i + 1]].sm)
            gap.push_back(double(m[order[i + 1]].taken - m[order[i]].block_end));
    std::vector<double> reaching, reading;  // aggregate -> first read; first read -> prefix
    for (std::size_t t = 1; t < m.size(); ++t) {
        reaching.push_back(double(m[t].look_back - aggregate_of(m[t])));
        reading.push_back(double(m[t].prefix - m[t].look_back));
    }
    print_spread("taken -> aggregate published (load, scan; ns)", load);
    print_spread("aggregate -> prefix published (look-back; ns)", look_back);
    print_spread("  aggregate -> first descriptor read (ns)", reaching);
    print_spread("  first descriptor read -> prefix (ns)", reading);
    print_spread("  waiting for a predecessor's aggregate (ns)", waiting);
    print_spread("  after the last predecessor's aggregate (ns)", after_last);
    print_spread("prefix -> block's stores issued (ns)", store);
    print_spread("block end -> next tile taken on that SM (ns)", gap);

    // SMs in each phase, 1 us bins.
    const long long bin = 1000;
    const std::size_t bins = std::size_t((last - first) / bin + 1);
    std::vector<double> loading(bins), looking(bins), storing(bins);
    for (const TileMoments& x : m) {
        const auto add = [&](std::vector<double>& count, long long from, long long to) {
            for (long long b = (from - first) / bin; b <= (to - first) / bin; ++b) {
                const long long lo = std::max(from, first + b * bin);
                const long long hi = std::min(to, first + (b + 1) * bin);
                if (hi > lo) count[std::size_t(b)] += double(hi - lo) / double(bin);
            }
        };
        add(loading, x.taken, aggregate_of(x));
        add(looking, aggregate_of(x), x.prefix);
        if (!persistent) add(storing, x.prefix, x.block_end);
    }
    std::printf("  SMs at once (of %d), 1 us bins over %.1f us:\n", sms,
                double(last - first) / 1e3);
    print_spread("  loading and scanning", loading);
    print_spread("  looking back", looking);
    if (!persistent) print_spread("  storing", storing);
    if (persistent) print_series(m, past_end, first, last);
}

template <class Scan>
void measure(const char* name, int log_n, int reps) {
    Run<Scan> r(1 << log_n);
    const double plain_ms = r.template middle_launch_ms<PlainMode>(reps);
    if (!r.right()) throw std::runtime_error(std::string(name) + ": wrong result");
    const double timeline_ms = r.template middle_launch_ms<TimelineMode>(reps);
    if (!r.right()) throw std::runtime_error(std::string(name) + " (timeline): wrong result");
    std::vector<TileMoments> m(r.moment_count());
    SS_CUDA_CHECK(
        cudaMemcpy(m.data(), r.moments, m.size() * sizeof(TileMoments), cudaMemcpyDeviceToHost));
    const std::vector<TileMoments> past_end(m.begin() + r.tiles, m.end());
    m.resize(std::size_t(r.tiles));
    std::printf(
        "\n== n = 2^%d, %s: %d threads, %d tiles, %.4f ms, with the timeline %.4f ms (the "
        "last run below)\n",
        log_n, name, r.threads(), r.tiles, plain_ms, timeline_ms);
    if (Run<Scan>::kPersistent)
        std::printf(
            "  (taken: when the block asks for the tile's number, a step before it "
            "scans it)\n");
    analyse(m, past_end, r.sms, Run<Scan>::kPersistent);
}

}  // namespace
}  // namespace scanscope

int main(int argc, char** argv) {
    std::vector<int> sizes = {24, 28};
    int reps = 20;
    bool staged = false;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (std::strcmp(argv[i], "--staged") == 0) staged = std::atoi(argv[i + 1]) != 0;
        if (std::strcmp(argv[i], "--reps") == 0) reps = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--staged-threads") == 0)
            scanscope::staged_threads = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--staged-rows") == 0)
            scanscope::staged_rows = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--compact") == 0)
            scanscope::compact_rows = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--compact-threads") == 0)
            scanscope::compact_threads = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--flush-l2") == 0)
            scanscope::flush_l2 = std::atoi(argv[i + 1]) != 0;
        if (std::strcmp(argv[i], "--dealt-rounds") == 0)
            scanscope::dealt_rounds = std::max(2, std::atoi(argv[i + 1]));
        if (std::strcmp(argv[i], "--sizes") == 0) {
            sizes.clear();
            for (char* s = std::strtok(argv[i + 1], ","); s; s = std::strtok(nullptr, ","))
                sizes.push_back(std::atoi(s));
        }
    }
    if (scanscope::staged_rows != scanscope::kernels::StagedLookbackPolicy::Wide::rows &&
        scanscope::staged_rows != scanscope::kernels::StagedLookbackPolicy::Small::rows) {
        std::fprintf(stderr, "lookback_timeline: --staged-rows takes %d or %d\n",
                     scanscope::kernels::StagedLookbackPolicy::Small::rows,
                     scanscope::kernels::StagedLookbackPolicy::Wide::rows);
        return 2;
    }
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    try {
        std::printf("%s%s\n", scanscope::probe::device_line().c_str(),
                    scanscope::flush_l2 ? ", the L2 flushed before each run" : "");
        for (int log_n : sizes) {
            if (scanscope::compact_rows == 24) {
                scanscope::measure<scanscope::Compact24>("compact-lookback (24 rows)", log_n, reps);
                continue;
            }
            if (scanscope::compact_rows == 8) {
                scanscope::measure<scanscope::Compact8>("compact-lookback (8 rows)", log_n, reps);
                continue;
            }
            scanscope::measure<scanscope::Decoupled>("decoupled-lookback", log_n, reps);
            if (staged &&
                scanscope::staged_rows == scanscope::kernels::StagedLookbackPolicy::Small::rows)
                scanscope::measure<scanscope::StagedSmall>("staged-lookback (8 rows)", log_n, reps);
            else if (staged)
                scanscope::measure<scanscope::Staged>("staged-lookback", log_n, reps);
        }
    } catch (const std::exception& e) {
        std::fprintf(stderr, "lookback_timeline: %s\n", e.what());
        return 1;
    }
    return 0;
}
