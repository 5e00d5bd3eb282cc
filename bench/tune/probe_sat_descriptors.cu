// A one-off probe (issue 41, 2026-11-27, the thirteenth session): what summed-area-lookback's
// descriptors cost at 2^28, where its tiles publish 2^21 row and 2^21 column descriptors (32 MB a
// launch) and ready as many in the next launch's set. The variant's timed kernel, unchanged, run
// two ways by turns, three rounds, beside the copy of the table:
//   turns: as the variant runs (two sets by turns, each launch readying the other);
//   fresh: each launch a set of its own, zeroed before the timing (no readying, no reuse).
// Every result checked against the sequential table. Not built by CMake; for example:
//   nvcc -O3 -DNDEBUG -DSCANSCOPE_HAVE_CUDA=1 --generate-code=arch=compute_90,code=[sm_90]
//        --expt-relaxed-constexpr -std=c++17 -Ikernels -Ibench/tune
//        bench/tune/probe_sat_descriptors.cu build-gpu/kernels/libscanscope_kernels.a -o probe
//   ./probe --sizes 24,28 --reps 20
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

#include "probe_timer.cuh"
#include "variants/drivers.h"

namespace scanscope {
using namespace kernels;
namespace {

using Table = SummedAreaLookback<int, AddOp<int>, 16, 4, true>;
constexpr int kThreads = 256;

struct Problem {
    int n;
    RunRequest request;
    std::vector<int> host, expected;
};

Problem make_problem(int log_n) {
    const int n = 1 << log_n, width = 1 << (log_n / 2), height = n / width;
    Problem p{n, {}, std::vector<int>(std::size_t(n)), std::vector<int>(std::size_t(n))};
    p.request.variant = "summed-area-lookback";
    p.request.n = n;
    p.request.width = width;
    p.request.shape = KernelShape::Timed;
    std::mt19937 bits{std::uint32_t(n)};
    std::vector<std::uint32_t> above(std::size_t(width), 0);
    for (int y = 0; y < height; ++y) {
        std::uint32_t row = 0;
        for (int x = 0; x < width; ++x) {
            const std::size_t k = std::size_t(y) * std::size_t(width) + std::size_t(x);
            p.host[k] = 1 + int(bits() % 7);
            row += std::uint32_t(p.host[k]);
            above[std::size_t(x)] += row;
            p.expected[k] = int(above[std::size_t(x)]);
        }
    }
    return p;
}

void check(const Problem& p, GpuLauncher& l, int* out, const char* name) {
    std::vector<int> got(p.expected.size());
    l.download(got.data(), out, got.size());
    if (got == p.expected) return;
    std::size_t k = 0;
    while (got[k] == p.expected[k])
        ++k;
    std::printf("%s: WRONG at %zu: %d vs %d\n", name, k, got[k], p.expected[k]);
    std::exit(1);
}

// Each launch its own set of descriptors and tile counter, all zeroed before the timing starts.
double fresh_sets(const Problem& p, int* in, int* out, int reps) {
    const int width = p.request.width, height = p.n / width;
    Table table{in, out, width, height, {}, nullptr};
    const int strips = table.strips(), tile_rows = table.tile_rows(kThreads);
    const std::size_t words = std::size_t(table.row_descriptors()) + std::size_t(tile_rows) * width;
    const std::size_t set_words = (words + 1 + 15) / 16 * 16;  // the counter last, whole lines
    const int sets = reps + 16;
    int launches = 0;
    const double ms = time_driver(
        reps,
        [&](GpuLauncher& l) {
            // The first call allocates (the launcher keeps it across rewinds) and zeroes them.
            auto* all = l.alloc<DescriptorWord>(set_words * std::size_t(sets));
            int* order = l.alloc<int>(std::size_t(strips) * std::size_t(tile_rows));
            if (launches == 0) {
                SS_CUDA_CHECK(cudaMemsetAsync(all, 0, set_words * sets * sizeof(DescriptorWord),
                                              l.stream()));
                const std::vector<int> tickets = anti_diagonal_order(strips, tile_rows);
                l.upload(order, tickets.data(), tickets.size());
            }
            if (launches >= sets) {
                std::printf("fresh sets: more launches than sets\n");
                std::exit(1);
            }
            DescriptorWord* set = all + set_words * std::size_t(launches++);
            Table t = table;
            t.order = order;
            t.descriptors = TileDescriptors{set, 1, nullptr, nullptr};
            t.tile_counter = tile_counter_of(set, set_words);
            l.launch({"fresh", strips * tile_rows, kThreads, Table::shared_bytes(kThreads)}, t);
        },
        [&](GpuLauncher& l) { check(p, l, out, "fresh sets"); });
    return ms;
}

// The variant's driver, its two sets of descriptors in an L2 access-policy window: `ratio` of the
// window's lines persist in the L2 (set aside as much as the GPU allows), the rest stream.
double turns_persisting(const Problem& p, int* in, int* out, int reps, float ratio) {
    const int width = p.request.width, height = p.n / width;
    int device = 0;
    SS_CUDA_CHECK(cudaGetDevice(&device));
    cudaDeviceProp prop;
    SS_CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
    SS_CUDA_CHECK(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize,
                                     std::size_t(prop.persistingL2CacheMaxSize)));
    bool window_set = false;
    const double ms = time_driver(
        reps,
        [&](GpuLauncher& l) {
            Table table{in, out, width, height, {}, nullptr};
            const int strips = table.strips(), tile_rows = table.tile_rows(kThreads);
            int* order = l.alloc<int>(std::size_t(strips) * std::size_t(tile_rows));
            if (l.repeat() == 0) {
                const std::vector<int> tickets = anti_diagonal_order(strips, tile_rows);
                l.upload(order, tickets.data(), tickets.size());
            }
            table.order = order;
            const int words = table.row_descriptors() + tile_rows * width;
            table.descriptors =
                DescriptorTurns<GpuLauncher>(l, std::size_t(words), 1, 1)
                    .for_pass(0, table.tile_counter);
            if (!window_set) {
                DescriptorWord* first = table.descriptors.words < table.descriptors.next_words
                                            ? table.descriptors.words
                                            : table.descriptors.next_words;
                const std::size_t span =
                    std::size_t(reinterpret_cast<char*>(table.tile_counter) -
                                reinterpret_cast<char*>(first)) +
                    64;
                cudaStreamAttrValue attr = {};
                attr.accessPolicyWindow.base_ptr = first;
                attr.accessPolicyWindow.num_bytes =
                    std::min(span * 2, std::size_t(prop.accessPolicyMaxWindowSize));
                attr.accessPolicyWindow.hitRatio = ratio;
                attr.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
                attr.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
                SS_CUDA_CHECK(
                    cudaStreamSetAttribute(l.stream(), cudaStreamAttributeAccessPolicyWindow, &attr));
                window_set = true;
                std::printf("  window %zu MB of %d max, persisting set-aside %d MB, ratio %.2f\n",
                            std::size_t(attr.accessPolicyWindow.num_bytes) >> 20,
                            prop.accessPolicyMaxWindowSize >> 20,
                            prop.persistingL2CacheMaxSize >> 20, ratio);
            }
            LaunchShape shape{"persisting", strips * tile_rows, kThreads,
                              Table::shared_bytes(kThreads)};
            l.launch(shape, table);
        },
        [&](GpuLauncher& l) { check(p, l, out, "turns persisting"); });
    // (The window went with the launcher's stream.)
    SS_CUDA_CHECK(cudaCtxResetPersistingL2Cache());
    SS_CUDA_CHECK(cudaDeviceSetLimit(cudaLimitPersistingL2CacheSize, 0));
    return ms;
}

void sweep(int log_n, int reps) {
    const Problem p = make_problem(log_n);
    GpuLauncher data;
    int* in = data.alloc<int>(p.host.size());
    int* out = data.alloc<int>(p.host.size());
    int* to = data.alloc<int>(p.host.size());
    data.upload(in, p.host.data(), p.host.size());
    data.synchronize();
    const std::size_t bytes = std::size_t(p.n) * 4;
    const double copy_ms = time_driver(reps, [&](GpuLauncher& l) {
        SS_CUDA_CHECK(cudaMemcpyAsync(to, in, bytes, cudaMemcpyDeviceToDevice, l.stream()));
    });
    std::printf("\n== n = 2^%d, %d wide: copy %.4f ms\n", log_n, p.request.width, copy_ms);
    for (int round = 0; round < 3; ++round) {
        const double turns = time_driver(
            reps,
            [&](GpuLauncher& l) {
                summed_area_lookback<GpuLauncher, int, AddOp<int>, 16, 4, true>(l, p.request, in,
                                                                                out, kThreads);
            },
            [&](GpuLauncher& l) { check(p, l, out, "turns"); });
        const double fresh = fresh_sets(p, in, out, reps);
        std::printf("round %d  turns (the variant) %.4f ms  x copy %.3f   fresh sets %.4f ms  x "
                    "copy %.3f\n",
                    round, turns, turns / copy_ms, fresh, fresh / copy_ms);
        for (float ratio : {0.25f, 0.5f, 1.0f}) {
            const double kept = turns_persisting(p, in, out, reps, ratio);
            std::printf("round %d  turns, descriptors persisting (ratio %.2f) %.4f ms  x copy %.3f\n",
                        round, ratio, kept, kept / copy_ms);
        }
    }
}

}  // namespace
}  // namespace scanscope

int main(int argc, char** argv) {
    return scanscope::run_sweeps(argc, argv, "probe_sat_descriptors", scanscope::sweep);
}
