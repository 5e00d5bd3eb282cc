// The cards of the reductions (kernels/reduce/*.h): Harris's steps from divergent to shuffles.
#include <string>

#include "reduce/interleaved.h"
#include "reduce/reduce_policies.h"
#include "variants/cards.h"

namespace scanscope {

using namespace kernels;

namespace {

const std::vector<ListingLine> kReduceDivergentListing = {
    {ReduceLine::Load, "s[t] := input[i]"},
    {0, "for stride := 1, 2, 4, ... < threads do"},
    {ReduceLine::Reduce, "  if t % (2*stride) = 0 then"},
    {ReduceLine::Reduce, "    s[t] := s[t] + s[t + stride]"},
    {0, "  barrier"},
    {ReduceLine::Store, "if t = 0 then partial[block] := s[0]"},
    {0, "(then reduce the partials the same way)"},
};

const std::vector<ListingLine> kReduceStridedListing = {
    {ReduceLine::Load, "s[t] := input[i]"},
    {0, "for stride := 1, 2, 4, ... < threads do"},
    {ReduceLine::Reduce, "  index := 2 * stride * t"},
    {ReduceLine::Reduce, "  if index < threads then"},
    {ReduceLine::Reduce, "    s[index] += s[index + stride]"},
    {0, "  barrier"},
    {ReduceLine::Store, "if t = 0 then partial[block] := s[0]"},
};

const std::vector<ListingLine> kReduceSequentialListing = {
    {ReduceLine::Load, "s[t] := input[i]"},
    {0, "for stride := threads/2 down to 1 do"},
    {ReduceLine::Reduce, "  if t < stride then"},
    {ReduceLine::Reduce, "    s[t] := s[t] + s[t + stride]"},
    {0, "  barrier"},
    {ReduceLine::Store, "if t = 0 then partial[block] := s[0]"},
};

const std::vector<ListingLine> kReduceFirstAddListing = {
    {ReduceLine::Load, "i := block * (2*threads) + t"},
    {ReduceLine::Load, "s[t] := input[i] + input[i + threads]"},
    {0, "for stride := threads/2 down to 1 do"},
    {ReduceLine::Reduce, "  if t < stride then"},
    {ReduceLine::Reduce, "    s[t] := s[t] + s[t + stride]"},
    {0, "  barrier"},
    {ReduceLine::Store, "if t = 0 then partial[block] := s[0]"},
};

const std::vector<ListingLine> kReduceUnrolledListing = {
    {ReduceLine::Load, "s[t] := input[i] + input[i + threads]"},
    {0, "for stride := threads/2 down to 64 do"},
    {ReduceLine::Reduce, "  if t < stride then"},
    {ReduceLine::Reduce, "    s[t] := s[t] + s[t + stride]"},
    {0, "  barrier"},
    {ReduceLine::LastWarp, "if t < 32 then     // one warp left"},
    {ReduceLine::LastWarp, "  for stride := 32, 16, ..., 1 do"},
    {ReduceLine::LastWarp, "    v := v + s[t + stride];  syncwarp"},
    {ReduceLine::LastWarp, "    s[t] := v;  syncwarp"},
    {ReduceLine::LastWarp, "  if t = 0 then partial[block] := v"},
};

const std::vector<ListingLine> kReduceShuffleListing = {
    {ReduceLine::Load, "v := input[i] + input[i + threads]"},
    {ReduceLine::Load, "for offset := 16, 8, 4, 2, 1 do"},
    {ReduceLine::Load, "  v := v + shfl_down(v, offset)"},
    {ReduceLine::Load, "if lane = 0 then totals[warp] := v"},
    {0, "barrier"},
    {ReduceLine::WarpTotals, "warp 0: v := totals[lane]"},
    {ReduceLine::WarpTotals, "  reduced with shuffles the same way"},
    {ReduceLine::WarpTotals, "if t = 0 then partial[block] := v"},
};

}  // namespace

const std::vector<StepLabel>& reduce_labels() {
    static const std::vector<StepLabel> all = {
        {ReduceLine::Load, "load", {}, "Each thread loads its element(s) into shared memory."},
        {ReduceLine::Reduce,
         "reduce",
         {"stride"},
         "Threads combine pairs of elements {stride} apart."},
        {ReduceLine::LastWarp,
         "last warp",
         {"stride"},
         "One warp left: lanes combine elements {stride} apart, with only __syncwarp between "
         "stages."},
        {ReduceLine::WarpTotals,
         "warp totals",
         {},
         "Warp 0 reduces the warp totals with shuffles."},
        {ReduceLine::Store, "store", {}, "Thread 0 writes the block's partial result."},
    };
    return all;
}

VariantInfo reduce_interleaved_divergent_card() {
    const std::string harris = kHarris;
    const std::string seneca = kSeneca;
    const std::string harris_reduce = kHarrisReduce;
    VariantInfo div{
        VariantId::ReduceInterleavedDivergent,
        "reduce-interleaved-divergent",
        "Reduce: interleaved, divergent",
        Algorithm::Reduce,
        seneca + "; " + harris_reduce + ", reduction 1",
        "The Seneca chapter's reduction: each stage pairs elements stride apart and keeps the sum "
        "in "
        "the lower one, doubling the stride: log2 n stages. The test t % (2 * stride) == 0 keeps a "
        "scattered set of threads busy, so every warp stays active while most of its lanes idle "
        "(divergence), and % is slow. Any n: each block leaves a partial result, and the same "
        "kernel "
        "reduces the partial results until one remains.",
        kReduceDivergentListing,
        reduce_labels(),
        {"s"}};
    div.multi_block = true;
    div.tile = tile_of<kernels::ReduceOnePolicy>;
    div.partner = "reduce-interleaved-strided";
    return div;
}

VariantInfo reduce_interleaved_strided_card() {
    const std::string harris_reduce = kHarrisReduce;
    VariantInfo strided{
        VariantId::ReduceInterleavedStrided,
        "reduce-interleaved-strided",
        "Reduce: interleaved, strided index",
        Algorithm::Reduce,
        harris_reduce + ", reduction 2",
        "The same tree with a strided index, index = 2 * stride * t: the active threads are now "
        "the first ones, whole warps go idle, and divergence is gone. But the words a warp "
        "touches are 2 * stride apart, so its lanes pile into the same banks: the conflicts grow "
        "with the stride.",
        kReduceStridedListing,
        reduce_labels(),
        {"s"}};
    strided.multi_block = true;
    strided.tile = tile_of<kernels::ReduceOnePolicy>;
    strided.partner = "reduce-sequential";
    return strided;
}

VariantInfo reduce_sequential_card() {
    const std::string harris_reduce = kHarrisReduce;
    VariantInfo seq{
        VariantId::ReduceSequential,
        "reduce-sequential",
        "Reduce: sequential addressing",
        Algorithm::Reduce,
        harris_reduce + ", reduction 3",
        "Sequential addressing: the stride halves from blockDim/2, and thread t adds element "
        "t + stride into element t. Consecutive lanes touch consecutive words: no bank conflicts, "
        "and "
        "no divergence until fewer than 32 threads remain. But half the threads idle from the very "
        "first stage.",
        kReduceSequentialListing,
        reduce_labels(),
        {"s"}};
    seq.multi_block = true;
    seq.tile = tile_of<kernels::ReduceOnePolicy>;
    seq.partner = "reduce-interleaved-strided";
    return seq;
}

VariantInfo reduce_first_add_card() {
    const std::string harris_reduce = kHarrisReduce;
    VariantInfo first{
        VariantId::ReduceFirstAdd,
        "reduce-first-add",
        "Reduce: first add during load",
        Algorithm::Reduce,
        harris_reduce + ", reduction 4",
        "Each thread adds two elements, a block apart, as it loads them: no thread idles in the "
        "first stage, and the launch needs half as many blocks.",
        kReduceFirstAddListing,
        reduce_labels(),
        {"s"}};
    first.multi_block = true;
    first.tile = tile_of<kernels::ReduceTwoPolicy>;
    return first;
}

VariantInfo reduce_unrolled_warp_card() {
    const std::string harris_reduce = kHarrisReduce;
    VariantInfo unrolled{
        VariantId::ReduceUnrolledWarp,
        "reduce-unrolled-warp",
        "Reduce: last warp unrolled",
        Algorithm::Reduce,
        harris_reduce + ", reduction 5",
        "When 32 threads remain they are one warp, so the last six stages need no block-wide "
        "barrier. Harris's reduction 5 relied on a warp's lanes moving in lockstep, with a "
        "volatile array and no synchronization at all. Since Volta a warp's lanes may be "
        "scheduled independently, and that code is a race (racecheck says so); this version "
        "separates each stage's read from its write with __syncwarp().",
        kReduceUnrolledListing,
        reduce_labels(),
        {"s"}};
    unrolled.multi_block = true;
    unrolled.tile = tile_of<kernels::ReduceTwoPolicy>;
    unrolled.min_threads = 64;
    return unrolled;
}

VariantInfo reduce_warp_shuffle_card() {
    VariantInfo wshuffle{
        VariantId::ReduceWarpShuffle,
        "reduce-warp-shuffle",
        "Reduce: warp shuffles",
        Algorithm::Reduce,
        "NVIDIA CUDA Programming Guide, warp shuffle functions",
        "Each warp reduces its values in registers with __shfl_down_sync, in five steps; only "
        "one value per warp goes through shared memory, and warp 0 reduces those. The fewest "
        "barriers and the fewest shared-memory accesses.",
        kReduceShuffleListing,
        reduce_labels(),
        {"warp totals"}};
    wshuffle.multi_block = true;
    wshuffle.tile = tile_of<kernels::ReduceWarpShufflePolicy>;
    wshuffle.whole_warps = true;
    wshuffle.min_threads = 32;
    wshuffle.timed_by_default = true;
    return wshuffle;
}

}  // namespace scanscope
