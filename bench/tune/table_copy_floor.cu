// What moving a table's bytes tile by tile costs before any summed-area work: copies of a W x W
// int32 table in tiles of R rows x 256 columns, taken from a ticket counter in summed-area-
// lookback's order (anti-diagonals, kernels/scan/anti_diagonal_order.h) or row after row, beside
// cudaMemcpy of the table in the same run. Two ways to move a tile:
//   registers: one tile a block, 256 threads holding 64 x 256 as the app's wide tiles do (two
//     warps across, 16 rows of 16-byte pieces a warp);
//   tensor: persistent blocks of one warp whose lane 0 loads 2D boxes into a ring of S slots in
//     shared memory by the Tensor Memory Accelerator (cp.async.bulk.tensor.2d), S - 1 tiles ahead,
//     and stores each from its slot the same way: the loader a warp-specialized summed-area kernel
//     would have (bench/tuning.md, 2026-12-07), measured alone.
// And the same two with contiguous 64 KB pieces of the table (1D), to tell the 2D tiles' cost
// from the way's. Each output is checked against the input. Standalone:
//
//   nvcc -O3 -std=c++17 -gencode=arch=compute_90,code=sm_90 -I kernels
//        bench/tune/table_copy_floor.cu -o table_copy_floor     (one line)
//   ./table_copy_floor [--log-width 14] [--reps 30] [--rounds 3] [--pad 256]
//   (by turns with the table itself, the same table with its rows `pad` elements further apart
//   than its width, to tell a power-of-two pitch's cost in the DRAM from the tiles' own; 0: none)
#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include "bulk_copy.cuh"
#include "device_line.h"
#include "gpu/cuda_check.h"
#include "gpu/event_timer.cuh"
#include "scan/anti_diagonal_order.h"

namespace {

using namespace scanscope::bulk;

constexpr int kCols = 256;  // a tile's width, as the app's wide tiles
constexpr int kThreads = 256;

enum Order { kAntiDiagonal = 0, kRowAfterRow = 1, kContiguous = 2 };

// The top-left corner (column x, row y) of a ticket's tile in a table `width` wide of tiles `rows`
// high (not for kContiguous, whose tiles are pieces of the buffer).
__device__ __forceinline__ void tile_corner(int ticket, int order, int width, int height, int rows,
                                            int& x, int& y) {
    const int across = width / kCols, down = height / rows;
    const int tile = order == kAntiDiagonal
                         ? scanscope::kernels::anti_diagonal_tile(ticket, across, down)
                         : ticket;
    x = (tile % across) * kCols;
    y = (tile / across) * rows;
}

// Registers: 64 rows x 256 columns a block, warp w at rows (w / 2) * 16, columns (w % 2) * 128.
__global__ void __launch_bounds__(kThreads)
    register_tiles(const int4* in, int4* out, int width, int height, int pitch, int order,
                   int* counter) {
    __shared__ int ticket;
    if (threadIdx.x == 0) ticket = atomicAdd(counter, 1);
    __syncthreads();
    constexpr int kRows = 64;
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    // In 16-byte pieces: a row of the table is pitch / 4 pieces; a contiguous tile is 64 rows
    // of 64.
    std::size_t origin = 0, rows_apart = kCols / 4;
    if (order == kContiguous) {
        origin = std::size_t(ticket) * kRows * kCols / 4;
    } else {
        int x = 0, y = 0;
        tile_corner(ticket, order, width, height, kRows, x, y);
        rows_apart = std::size_t(pitch) / 4;
        origin = (std::size_t(y) * std::size_t(pitch) + std::size_t(x)) / 4;
    }
    const std::size_t first =
        origin + std::size_t(warp / 2) * 16 * rows_apart + std::size_t(warp % 2) * 32 + lane;
    int4 piece[16];
#pragma unroll
    for (int r = 0; r < 16; ++r)
        piece[r] = in[first + std::size_t(r) * rows_apart];
#pragma unroll
    for (int r = 0; r < 16; ++r)
        out[first + std::size_t(r) * rows_apart] = piece[r];
}

// Tensor (or, for kContiguous, 1D bulk) copies: lane 0 of one warp a block takes a ticket for each
// tile it loads, Stages - 1 ahead of the one it stores.
template <int Rows, int Stages>
__global__ void tensor_tiles(const __grid_constant__ CUtensorMap in_map,
                             const __grid_constant__ CUtensorMap out_map, const int* in, int* out,
                             int width, int height, int order, int* counter) {
    extern __shared__ __align__(1024) unsigned char ring[];
    __shared__ std::uint64_t full[Stages];
    if (threadIdx.x != 0) return;
    constexpr unsigned kBytes = Rows * kCols * 4;
    const int tiles = int(std::size_t(width) * height / (std::size_t(Rows) * kCols));
    for (int s = 0; s < Stages; ++s)
        barrier_init(&full[s]);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
    // Each slot's ticket and its tile's corner, found once when the tile is asked for.
    int ticket_of[Stages], x_of[Stages], y_of[Stages];
    const auto ask = [&](int k) {
        const int slot = k % Stages;
        const int ticket = atomicAdd(counter, 1);
        ticket_of[slot] = ticket;
        if (ticket >= tiles) return;
        void* to = ring + std::size_t(slot) * kBytes;
        if (order == kContiguous) {
            bulk_load(to, in + std::size_t(ticket) * (kBytes / 4), kBytes, &full[slot]);
            return;
        }
        tile_corner(ticket, order, width, height, Rows, x_of[slot], y_of[slot]);
        tensor_load_2d(to, &in_map, x_of[slot], y_of[slot], &full[slot], kBytes);
    };
    for (int k = 0; k + 1 < Stages; ++k)
        ask(k);
    for (int k = 0;; ++k) {
        const int slot = k % Stages;
        const int ticket = ticket_of[slot];
        if (ticket >= tiles) break;
        barrier_wait(&full[slot], (k / Stages) & 1);
        const void* from = ring + std::size_t(slot) * kBytes;
        if (order == kContiguous)
            bulk_store(out + std::size_t(ticket) * (kBytes / 4), from, kBytes);
        else
            tensor_store_2d(&out_map, x_of[slot], y_of[slot], from);
        bulk_stores_read<1>();  // the slot stored a tile ago is free again
        ask(k + Stages - 1);
    }
    bulk_stores_read<0>();
}

// --- the probe ----------------------------------------------------------------------------------

using EncodeTiled = CUresult (*)(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*,
                                 const cuuint64_t*, const cuuint64_t*, const cuuint32_t*,
                                 const cuuint32_t*, CUtensorMapInterleave, CUtensorMapSwizzle,
                                 CUtensorMapL2promotion, CUtensorMapFloatOOBfill);

CUtensorMap table_map(EncodeTiled encode, int* table, int width, int height, int pitch, int rows) {
    CUtensorMap map;
    const cuuint64_t dims[2] = {cuuint64_t(width), cuuint64_t(height)};
    const cuuint64_t strides[1] = {cuuint64_t(pitch) * 4};
    const cuuint32_t box[2] = {kCols, cuuint32_t(rows)};
    const cuuint32_t element_strides[2] = {1, 1};
    const CUresult r =
        encode(&map, CU_TENSOR_MAP_DATA_TYPE_INT32, 2, table, dims, strides, box, element_strides,
               CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
               CU_TENSOR_MAP_L2_PROMOTION_L2_256B, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    if (r != CUDA_SUCCESS) {
        std::fprintf(stderr, "cuTensorMapEncodeTiled failed (%d) for boxes of %d x %d\n", int(r),
                     rows, kCols);
        std::exit(1);
    }
    return map;
}

struct Probe {
    int width, height, pitch, reps, sms = 0;
    std::size_t n, stored;  // the table's elements; the buffer's, with each row's padding
    int* in = nullptr;
    int* out = nullptr;
    int* counter = nullptr;
    cudaStream_t stream = nullptr;
    double copy_ms = 0;
    EncodeTiled encode = nullptr;
    std::vector<int> input;  // what `in` holds (its padding 0, as the zeroed output's): checks

    // A table 2^log_width square whose rows lie `pad` elements further apart than its width.
    Probe(int log_width, int pad, int reps_)
        : width(1 << log_width),
          height(1 << log_width),
          pitch(width + pad),
          reps(reps_),
          n(std::size_t(width) * std::size_t(height)),
          stored(std::size_t(pitch) * std::size_t(height)) {
        SS_CUDA_CHECK(cudaStreamCreate(&stream));
        SS_CUDA_CHECK(cudaMalloc(&in, stored * 4));
        SS_CUDA_CHECK(cudaMalloc(&out, stored * 4));
        SS_CUDA_CHECK(cudaMalloc(&counter, 4));
        input.assign(stored, 0);
        for (std::size_t i = 0; i < stored; ++i)
            if (int(i % std::size_t(pitch)) < width) input[i] = int(i * 2654435761u);
        SS_CUDA_CHECK(cudaMemcpy(in, input.data(), stored * 4, cudaMemcpyHostToDevice));
        SS_CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
        cudaDriverEntryPointQueryResult found;
        SS_CUDA_CHECK(cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled",
                                                       reinterpret_cast<void**>(&encode), 12000,
                                                       cudaEnableDefault, &found));
        if (found != cudaDriverEntryPointSuccess || !encode) {
            std::fprintf(stderr, "cuTensorMapEncodeTiled: not found in the driver\n");
            std::exit(1);
        }
    }
    ~Probe() {
        cudaFree(in);
        cudaFree(out);
        cudaFree(counter);
        cudaStreamDestroy(stream);
    }

    // The middle of `reps` held runs after one checked run (out must equal in, unless `check` is
    // false); the counter is zeroed before each, outside its time.
    template <class Launch>
    double time(Launch launch, const std::string& what, bool check = true) {
        const auto zero = [&] { SS_CUDA_CHECK(cudaMemsetAsync(counter, 0, 4, stream)); };
        SS_CUDA_CHECK(cudaMemsetAsync(out, 0, stored * 4, stream));
        zero();
        launch();
        SS_CUDA_CHECK(cudaStreamSynchronize(stream));
        if (check) {
            std::vector<int> copied(stored);
            SS_CUDA_CHECK(cudaMemcpy(copied.data(), out, stored * 4, cudaMemcpyDeviceToHost));
            if (copied != input) {
                std::fprintf(stderr, "%s: output differs from input\n", what.c_str());
                std::exit(1);
            }
        }
        return scanscope::middle_run_ms(stream, reps, launch, true, zero);
    }
    void print(const std::string& what, double ms) const {
        std::printf("%-64s %.4f ms  %5.0f GB/s  x copy %.3f\n", what.c_str(), ms,
                    2.0 * double(n) * 4 / ms / 1e6, ms / copy_ms);
    }
};

const char* order_name(int order) {
    return order == kAntiDiagonal  ? "anti-diagonals"
           : order == kRowAfterRow ? "row after row"
                                   : "contiguous 1D";
}

void registers(Probe& p, int order) {
    const int tiles = int(p.n / (64 * kCols));
    const double ms = p.time(
        [&] {
            register_tiles<<<tiles, kThreads, 0, p.stream>>>(
                reinterpret_cast<const int4*>(p.in), reinterpret_cast<int4*>(p.out), p.width,
                p.height, p.pitch, order, p.counter);
            SS_CUDA_CHECK_LAUNCH();
        },
        "registers");
    p.print(std::string("registers 64 x 256, one a block, ") + order_name(order), ms);
}

template <int Rows, int Stages>
void tensor(Probe& p, int order, int per_sm) {
    const auto kernel = tensor_tiles<Rows, Stages>;
    const int shared = Stages * Rows * kCols * 4;
    SS_CUDA_CHECK(
        cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, shared));
    int fits = 0;
    SS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&fits, kernel, 32, shared));
    if (fits < per_sm) {
        std::printf("tensor %d x 256 x %d stages, %d an SM: only %d fit\n", Rows, Stages, per_sm,
                    fits);
        return;
    }
    const CUtensorMap in_map = table_map(p.encode, p.in, p.width, p.height, p.pitch, Rows);
    const CUtensorMap out_map = table_map(p.encode, p.out, p.width, p.height, p.pitch, Rows);
    const int grid = per_sm * p.sms;
    const double ms = p.time(
        [&] {
            kernel<<<grid, 32, shared, p.stream>>>(in_map, out_map, p.in, p.out, p.width, p.height,
                                                   order, p.counter);
            SS_CUDA_CHECK_LAUNCH();
        },
        "tensor");
    char label[160];
    std::snprintf(label, sizeof label, "%s %d x 256 x %d stages, %d an SM, %s",
                  order == kContiguous ? "bulk 1D" : "tensor", Rows, Stages, per_sm,
                  order_name(order));
    p.print(label, ms);
}

int run_probe(int argc, char** argv) {
    int log_width = 14, reps = 30, rounds = 3, pad = 256;
    for (int i = 1; i + 1 < argc; ++i) {
        if (std::strcmp(argv[i], "--log-width") == 0) log_width = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--reps") == 0) reps = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--rounds") == 0) rounds = std::atoi(argv[i + 1]);
        if (std::strcmp(argv[i], "--pad") == 0) pad = std::atoi(argv[i + 1]);
    }
    if (log_width < 8 || log_width > 15) {
        std::fprintf(stderr, "--log-width %d: not between 8 and 15\n", log_width);
        return 2;
    }
    if (pad < 0 || pad % 4 != 0 || pad > 4096) {
        std::fprintf(stderr, "--pad %d: not a multiple of 4 from 0 to 4096\n", pad);
        return 2;
    }
    std::printf("%s; a table 2^%d x 2^%d int32\n", scanscope::probe::device_line().c_str(),
                log_width, log_width);
    std::vector<std::unique_ptr<Probe>> probes;
    probes.push_back(std::make_unique<Probe>(log_width, 0, reps));
    if (pad != 0) probes.push_back(std::make_unique<Probe>(log_width, pad, reps));
    for (int round = 1; round <= rounds; ++round) {
        for (auto& probe : probes) {
            Probe& p = *probe;
            const bool padded = p.pitch != p.width;
            std::printf("-- round %d, rows %d elements apart (%d of padding)\n", round, p.pitch,
                        p.pitch - p.width);
            // The baseline: the table's bytes in one piece (unchecked where the rows are padded).
            p.copy_ms = p.time(
                [&] {
                    SS_CUDA_CHECK(
                        cudaMemcpyAsync(p.out, p.in, p.n * 4, cudaMemcpyDeviceToDevice, p.stream));
                },
                "copy", !padded);
            p.print("cudaMemcpy device to device, the table's bytes", p.copy_ms);
            std::vector<int> orders{kAntiDiagonal, kRowAfterRow};
            if (!padded) orders.push_back(kContiguous);
            for (int order : orders)
                registers(p, order);
            for (int order : orders) {
                tensor<64, 3>(p, order, 1);
                tensor<32, 6>(p, order, 1);
                tensor<32, 3>(p, order, 2);
                tensor<16, 12>(p, order, 1);
                tensor<16, 6>(p, order, 2);
            }
        }
    }
    return 0;
}

}  // namespace

// A CUDA error (no GPU, no driver, too little memory) ends the probe with its message, not an
// abort.
int main(int argc, char** argv) {
    try {
        return run_probe(argc, argv);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "table_copy_floor: %s\n", e.what());
        return 1;
    }
}
