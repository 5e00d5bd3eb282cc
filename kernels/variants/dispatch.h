// From a request to its driver, for any launcher; and the typed run on 32-bit patterns that the
// emulation and the GPU entry points share.
#pragma once

#include <cstdint>
#include <vector>

#include "core/bits.h"
#include "core/ops.h"
#include "reduce/reduce_policies.h"
#include "scan/lookback_policies.h"
#include "variants/drivers.h"
#include "variants/registry.h"

namespace scanscope::kernels {

template <class L, class T, class Op>
void run_variant(L& launcher, const RunRequest& r, const T* in, T* out) {
    const VariantInfo& v = card_of(r);
    const int threads = r.block_threads ? r.block_threads : default_block_threads(v, r.n, r.shape);
    const int log_banks = log2_of(r.banks);
    switch (v.id) {
        case VariantId::HillisSteele:
            return run_hillis_steele<L, T, Op>(launcher, r, in, out);
        case VariantId::HillisSteeleInPlace:
            return run_hillis_steele_inplace<L, T, Op>(launcher, r, in, out);
        case VariantId::Blelloch:
            return run_blelloch<L, T, Op>(launcher, r, in, out, 0);
        case VariantId::BlellochPadded:
            return run_blelloch<L, T, Op>(launcher, r, in, out, log_banks);
        case VariantId::WarpShuffle:
            return run_warp_shuffle<L, T, Op>(launcher, r, in, out);
        case VariantId::ScanThenPropagate:
            return scan_then_propagate<L, T, Op>(launcher, in, out, r.n, r.inclusive, threads,
                                                 log_banks, 0);
        case VariantId::ReduceThenScan:
            return reduce_then_scan<L, T, Op>(launcher, in, out, r.n, r.inclusive, threads,
                                              log_banks, 0);
        case VariantId::DecoupledLookback:
            return DecoupledLookbackPolicy::with_tile(r.n, r.shape, [&](auto tile) {
                using Tile = decltype(tile);
                decoupled_lookback<L, T, Op, Tile::rows, Tile::vec>(launcher, in, out, r.n,
                                                                    r.inclusive, threads, r.shape);
            });
        case VariantId::PipelinedLookback:
            return PipelinedLookbackPolicy::with_tile(r.n, r.shape, [&](auto tile) {
                using Tile = decltype(tile);
                constexpr int stages = Tile::threads ? PipelinedLookbackPolicy::kStages
                                                     : PipelinedLookbackPolicy::kTeachingStages;
                pipelined_lookback<L, T, Op, Tile::rows, Tile::vec, stages>(
                    launcher, in, out, r.n, r.inclusive, threads, r.shape);
            });
        case VariantId::StagedLookback:
            return StagedLookbackPolicy::with_tile(r.n, r.shape, [&](auto tile) {
                using Tile = decltype(tile);
                staged_lookback<L, T, Op, Tile::rows, Tile::vec>(launcher, in, out, r.n,
                                                                 r.inclusive, threads, r.shape);
            });
        case VariantId::ReduceInterleavedDivergent:
            return reduce_passes<ReduceInterleavedDivergent<T, Op>, L>(launcher, in, out, r.n,
                                                                       threads);
        case VariantId::ReduceInterleavedStrided:
            return reduce_passes<ReduceInterleavedStrided<T, Op>, L>(launcher, in, out, r.n,
                                                                     threads);
        case VariantId::ReduceSequential:
            return reduce_passes<ReduceSequential<T, Op>, L>(launcher, in, out, r.n, threads);
        case VariantId::ReduceFirstAdd:
            return reduce_passes<ReduceFirstAdd<T, Op>, L>(launcher, in, out, r.n, threads);
        case VariantId::ReduceUnrolledWarp:
            return reduce_passes<ReduceUnrolledWarp<T, Op>, L>(launcher, in, out, r.n, threads);
        case VariantId::ReduceWarpShuffle:
            return ReduceWarpShufflePolicy::with_tile(r.n, r.shape, [&](auto tile) {
                using Tile = decltype(tile);
                reduce_passes<ReduceWarpShuffle<T, Op, Tile::rows, Tile::vec>, L>(launcher, in, out,
                                                                                  r.n, threads);
            });
        case VariantId::Compact:
            return run_compact<L, T>(launcher, r, in, out);
        case VariantId::CompactLookback:
            return CompactLookbackPolicy::with_tile(r.n, r.shape, [&](auto tile) {
                using Tile = decltype(tile);
                compact_lookback<L, T, Tile::rows, Tile::vec, LoadsL2Only<Tile>::value>(
                    launcher, in, out, r.n, threads, r.shape, r.keep);
            });
        case VariantId::Split:
        case VariantId::RadixSort:
            return run_split<L, T>(launcher, r, in, out);
        case VariantId::RadixSortOnesweep:
            return OnesweepPolicy::with_tile(r.n, r.shape, [&](auto tile) {
                OnesweepPolicy::with_histogram_tile(r.shape, [&](auto histogram) {
                    using Tile = decltype(tile);
                    using Histogram = decltype(histogram);
                    radix_sort_onesweep<L, T, Tile::rows, Histogram::rows, Histogram::vec,
                                        OnesweepPolicy::kMinBlocksPerSm>(launcher, r, in, out,
                                                                         threads);
                });
            });
        case VariantId::SummedArea:
            return run_summed_area<L, T, Op>(launcher, r, in, out);
        case VariantId::SummedAreaLookback:
            return SummedAreaLookbackPolicy::with_tile(r.n, r.shape, [&](auto tile) {
                using Tile = decltype(tile);
                using Policy = SummedAreaLookbackPolicy;
                if constexpr (Policy::kTiles<Tile>) {
                    if (Policy::wide(table_width(r), threads))
                        return summed_area_lookback<L, T, Op, Tile::rows, Tile::vec, true, 4,
                                                    Policy::kWideWarpCols>(launcher, r, in, out,
                                                                           threads);
                }
                summed_area_lookback<L, T, Op, Tile::rows, Tile::vec, Policy::kTiles<Tile>>(
                    launcher, r, in, out, threads);
            });
        case VariantId::Segmented:
            return run_segmented<L, T, Op>(launcher, r, in, out);
        case VariantId::SegmentedLookback:
            return SegmentedLookbackPolicy::with_tile(r.n, r.shape, [&](auto tile) {
                using Tile = decltype(tile);
                segmented_lookback<L, T, Op, Tile::rows, Tile::vec>(launcher, r, in, out, threads);
            });
        case VariantId::Student:
            throw std::logic_error("a student kernel runs from its own library (app/student)");
    }
}

// Uploads the input (32-bit patterns of T), runs, downloads the output.
template <class L, class T, class Op>
std::vector<std::uint32_t> run_typed(L& launcher, const RunRequest& r,
                                     const std::vector<std::uint32_t>& input) {
    const int out_count = output_count(card_of(r), r.n);
    std::vector<T> host(input.size());
    for (std::size_t i = 0; i < input.size(); ++i)
        host[i] = from_bits<T>(input[i]);
    T* in = launcher.template alloc<T>(host.size());
    T* out = launcher.template alloc<T>(std::size_t(out_count));
    launcher.upload(in, host.data(), host.size());
    run_variant<L, T, Op>(launcher, r, in, out);
    std::vector<T> result(static_cast<std::size_t>(out_count));
    launcher.download(result.data(), out, result.size());
    std::vector<std::uint32_t> bits(result.size());
    for (std::size_t i = 0; i < result.size(); ++i)
        bits[i] = to_bits(result[i]);
    return bits;
}

}  // namespace scanscope::kernels
