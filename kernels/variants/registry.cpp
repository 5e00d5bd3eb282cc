#include "variants/registry.h"

#include <algorithm>
#include <deque>
#include <mutex>
#include <stdexcept>

#include "core/int_math.h"

namespace scanscope {
namespace {

// --- Listings: Harris's pseudo-code style; ids match the kernels' Line enums ---------------------

constexpr ListingForm kExclusive = ListingForm::Exclusive;
constexpr ListingForm kInclusive = ListingForm::Inclusive;

const std::vector<ListingLine> kHillisSteeleListing = {
    {1, "x[out][k] := input[k]", kInclusive},
    {1, "x[out][k] := k > 0 ? input[k-1] : identity", kExclusive},
    {0, "for offset := 1, 2, 4, ... < n do"},
    {0, "    swap(in, out)"},
    {2, "    forall k in parallel do"},
    {2, "      if k >= offset then"},
    {2, "        x[out][k] := x[in][k - offset]"},
    {2, "                     + x[in][k]"},
    {2, "      else x[out][k] := x[in][k]"},
    {0, "    barrier"},
    {3, "output[k] := x[out][k]"},
};

const std::vector<ListingLine> kHillisSteeleInPlaceListing = {
    {1, "x[k] := input[k]", kInclusive},
    {1, "x[k] := k > 0 ? input[k-1] : identity", kExclusive},
    {0, "for offset := 1, 2, 4, ... < n do"},
    {2, "    forall k in parallel do"},
    {2, "      if k >= offset then"},
    {2, "        x[k] := x[k - offset] + x[k]"},
    {2, "        // races with thread k - offset"},
    {0, "    barrier"},
    {3, "output[k] := x[k]"},
};

const std::vector<ListingLine> kBlellochLines = {
    {10, "temp[ai] := input[ai]"},
    {10, "temp[bi] := input[bi]"},
    {0, "offset := 1"},
    {0, "for d := n/2 down to 1 (halving) do"},
    {11, "  forall thid < d in parallel do"},
    {11, "    ai := offset*(2*thid+1) - 1"},
    {11, "    bi := offset*(2*thid+2) - 1"},
    {11, "    temp[bi] := temp[ai] + temp[bi]"},
    {0, "  offset := offset * 2"},
    {12, "temp[n-1] := 0        // clear the root"},
    {0, "for d := 1 up to n/2 (doubling) do"},
    {13, "  offset := offset / 2"},
    {13, "  forall thid < d in parallel do"},
    {13, "    ai := offset*(2*thid+1) - 1"},
    {13, "    bi := offset*(2*thid+2) - 1"},
    {13, "    t := temp[ai]"},
    {13, "    temp[ai] := temp[bi]"},
    {13, "    temp[bi] := temp[bi] + t"},
    {14, "output[ai] := temp[ai]", kExclusive},
    {14, "output[bi] := temp[bi]", kExclusive},
    {14, "output[ai] := temp[ai] + input[ai]", kInclusive},
    {14, "output[bi] := temp[bi] + input[bi]", kInclusive},
};

const std::vector<ListingLine> kBlellochPaddedLines = {
    {10, "ai := thid;  bi := thid + n/2"},
    {10, "temp[ai + CFO(ai)] := input[ai]"},
    {10, "temp[bi + CFO(bi)] := input[bi]"},
    {0, "  CFO(i) = i/BANKS + i/BANKS^2"},
    {0, "offset := 1"},
    {0, "for d := n/2 down to 1 (halving) do"},
    {11, "  forall thid < d in parallel do"},
    {11, "    ai := offset*(2*thid+1) - 1"},
    {11, "    bi := offset*(2*thid+2) - 1"},
    {11, "    ai += CFO(ai);  bi += CFO(bi)"},
    {11, "    temp[bi] := temp[ai] + temp[bi]"},
    {0, "  offset := offset * 2"},
    {12, "temp[n-1 + CFO(n-1)] := 0"},
    {0, "for d := 1 up to n/2 (doubling) do"},
    {13, "  offset := offset / 2"},
    {13, "  forall thid < d in parallel do"},
    {13, "    ai, bi as above, padded"},
    {13, "    t := temp[ai]"},
    {13, "    temp[ai] := temp[bi]"},
    {13, "    temp[bi] := temp[bi] + t"},
    {14, "output[ai] := temp[ai + CFO(ai)]", kExclusive},
    {14, "output[bi] := temp[bi + CFO(bi)]", kExclusive},
    {14, "output[ai] := temp[ai + CFO(ai)] + input[ai]", kInclusive},
    {14, "output[bi] := temp[bi + CFO(bi)] + input[bi]", kInclusive},
};

const std::vector<ListingLine> kWarpShuffleListing = {
    {20, "x := input[k]"},
    {20, "for d := 1, 2, 4, 8, 16 do   // registers"},
    {20, "  up := shfl_up(x, d)"},
    {20, "  if lane >= d then x := up + x"},
    {20, "if lane = 31 then totals[warp] := x"},
    {0, "barrier"},
    {21, "warp 0: scan totals[] with shuffles"},
    {0, "barrier"},
    {22, "output[k] := totals[warp-1] + x", kInclusive},
    {22, "output[k] := totals[warp-1] + (x without input[k])", kExclusive},
};

std::vector<ListingLine> scan_then_propagate_listing() {
    std::vector<ListingLine> l = {
        {0, "// 1. scan each block of 2*threads elements (Blelloch, padded), keeping its total"},
    };
    l.insert(l.end(), kBlellochPaddedLines.begin(), kBlellochPaddedLines.end());
    l.push_back({12, "sums[block] := temp[n-1]   (before clearing the root)"});
    l.push_back({0, "// 2. scan the block sums: the same, recursively"});
    l.push_back({50, "// 3. forall elements i of block b: output[i] := increments[b] + output[i]"});
    return l;
}

std::vector<ListingLine> reduce_then_scan_listing() {
    std::vector<ListingLine> l = {
        {0, "// 1. reduce each tile to its total"},
        {40, "s[t] := input[i] + input[i + threads]"},
        {41, "for stride := threads/2 down to 1:"},
        {41, "  if t < stride: s[t] += s[t + stride]"},
        {44, "totals[tile] := s[0]"},
        {0, "// 2. scan the totals, recursively"},
        {0, "// 3. scan each tile again (Blelloch,"},
        {0, "//    padded) from prefixes[tile]"},
    };
    l.insert(l.end(), kBlellochPaddedLines.begin(), kBlellochPaddedLines.end());
    return l;
}

const std::vector<ListingLine> kDecoupledLookbackListing = {
    {30, "tile := atomicAdd(tile_counter, 1)"},
    {31, "each lane: ROWS rows of VEC consecutive"},
    {31, "  elements (teaching: 1 x 1)"},
    {31, "each warp scans row by row (shuffles)"},
    {32, "warp 0 scans the warp totals"},
    {33, "tile 0: publish(PREFIX, aggregate)"},
    {33, "else:  publish(AGGREGATE, aggregate)"},
    {33, "  look at tile-1, tile-2, ..."},
    {33, "    (32 at a time, one per lane)"},
    {33, "  INVALID: read it again"},
    {33, "  AGGREGATE: add it, look further"},
    {33, "  PREFIX: add it, stop"},
    {33, "  publish(PREFIX, exclusive + aggregate)"},
    {34, "output := exclusive + own inclusive scan", kInclusive},
    {34, "output := exclusive + own exclusive scan", kExclusive},
};

const std::vector<ListingLine> kReduceDivergentListing = {
    {40, "s[t] := input[i]"},
    {0, "for stride := 1, 2, 4, ... < threads do"},
    {41, "  if t % (2*stride) = 0 then"},
    {41, "    s[t] := s[t] + s[t + stride]"},
    {0, "  barrier"},
    {44, "if t = 0 then partial[block] := s[0]"},
    {0, "(then reduce the partials the same way)"},
};

const std::vector<ListingLine> kReduceStridedListing = {
    {40, "s[t] := input[i]"},
    {0, "for stride := 1, 2, 4, ... < threads do"},
    {41, "  index := 2 * stride * t"},
    {41, "  if index < threads then"},
    {41, "    s[index] += s[index + stride]"},
    {0, "  barrier"},
    {44, "if t = 0 then partial[block] := s[0]"},
};

const std::vector<ListingLine> kReduceSequentialListing = {
    {40, "s[t] := input[i]"},
    {0, "for stride := threads/2 down to 1 do"},
    {41, "  if t < stride then"},
    {41, "    s[t] := s[t] + s[t + stride]"},
    {0, "  barrier"},
    {44, "if t = 0 then partial[block] := s[0]"},
};

const std::vector<ListingLine> kReduceFirstAddListing = {
    {40, "i := block * (2*threads) + t"},         {40, "s[t] := input[i] + input[i + threads]"},
    {0, "for stride := threads/2 down to 1 do"},  {41, "  if t < stride then"},
    {41, "    s[t] := s[t] + s[t + stride]"},     {0, "  barrier"},
    {44, "if t = 0 then partial[block] := s[0]"},
};

const std::vector<ListingLine> kReduceUnrolledListing = {
    {40, "s[t] := input[i] + input[i + threads]"},
    {0, "for stride := threads/2 down to 64 do"},
    {41, "  if t < stride then"},
    {41, "    s[t] := s[t] + s[t + stride]"},
    {0, "  barrier"},
    {42, "if t < 32 then     // one warp left"},
    {42, "  for stride := 32, 16, ..., 1 do"},
    {42, "    v := v + s[t + stride];  syncwarp"},
    {42, "    s[t] := v;  syncwarp"},
    {42, "  if t = 0 then partial[block] := v"},
};

const std::vector<ListingLine> kReduceShuffleListing = {
    {40, "v := input[i] + input[i + threads]"},
    {40, "for offset := 16, 8, 4, 2, 1 do"},
    {40, "  v := v + shfl_down(v, offset)"},
    {40, "if lane = 0 then totals[warp] := v"},
    {0, "barrier"},
    {43, "warp 0: v := totals[lane]"},
    {43, "  reduced with shuffles the same way"},
    {43, "if t = 0 then partial[block] := v"},
};

// --- Step labels ----------------------------------------------------------------------------

const std::vector<StepLabel> kHillisSteeleLabels = {
    {1,
     "load",
     {},
     "Each thread loads one element into buffer 0 (an exclusive scan shifts them right by one)."},
    {2,
     "add",
     {"offset", "in", "out"},
     "Each thread k >= {offset} adds the element {offset} places to its left: read buffer {in}, "
     "write buffer {out}."},
    {3, "store", {}, "Each thread writes its element of the last buffer written."},
};

const std::vector<StepLabel> kHillisSteeleInPlaceLabels = {
    {1, "load", {}, "Each thread loads one element (an exclusive scan shifts them right by one)."},
    {2,
     "add in place",
     {"offset"},
     "Each thread k >= {offset} adds x[k - {offset}] into x[k], in place: a neighbour may have "
     "changed it already."},
    {3, "store", {}, "Each thread writes its element."},
};

const std::vector<StepLabel> kBlellochLabels = {
    {10, "load", {}, "Each thread loads two elements into shared memory."},
    {11,
     "up-sweep",
     {"d", "offset"},
     "The threads below d = {d} each add a left subtree's sum into its right sibling, {offset} "
     "elements on."},
    {12, "clear root", {}, "The last element holds the total; it is replaced by the identity."},
    {13,
     "down-sweep",
     {"d", "offset"},
     "The threads below d = {d} each give the left child their prefix and the right child "
     "prefix + left subtree, {offset} elements apart."},
    {14, "store", {}, "Each thread writes its two results."},
};

const std::vector<StepLabel> kWarpShuffleLabels = {
    {20,
     "warp scan",
     {},
     "Each warp scans its 32 values in registers with five shuffles; its last lane writes the "
     "warp's total."},
    {21, "scan totals", {}, "Warp 0 scans the warp totals with shuffles."},
    {22, "add totals", {}, "Each thread adds the totals of the warps before its own."},
};

const std::vector<StepLabel> kAddPrefixLabels = {
    {50,
     "add block sums",
     {},
     "Every element is combined with the total of the blocks before its block."},
};

const std::vector<StepLabel> kDecoupledLookbackLabels = {
    {30, "take a tile", {}, "Thread 0 takes the next tile number from a global counter."},
    {31,
     "scan the tile",
     {},
     "Each thread combines its items; the warps scan the threads' totals."},
    {32, "scan totals", {}, "Warp 0 scans the warp totals: the tile's aggregate is now known."},
    {33,
     "look back",
     {},
     "Warp 0 publishes the aggregate, reads its predecessors' descriptors until it meets a prefix, "
     "and publishes its own."},
    {34, "store", {}, "Each thread adds the tiles' prefix and writes its items."},
};

const std::vector<StepLabel> kReduceLabels = {
    {40, "load", {}, "Each thread loads its element(s) into shared memory."},
    {41, "reduce", {"stride"}, "Threads combine pairs of elements {stride} apart."},
    {42,
     "last warp",
     {"stride"},
     "One warp left: lanes combine elements {stride} apart, with only __syncwarp between stages."},
    {43, "warp totals", {}, "Warp 0 reduces the warp totals with shuffles."},
    {44, "store", {}, "Thread 0 writes the block's partial result."},
};

std::vector<StepLabel> join(std::initializer_list<std::vector<StepLabel>> parts) {
    std::vector<StepLabel> all;
    for (const auto& p : parts)
        all.insert(all.end(), p.begin(), p.end());
    return all;
}

std::vector<VariantInfo> make_variants() {
    const std::string harris = "Harris, \"Parallel Prefix Sum (Scan) with CUDA\" (2007)";
    std::vector<VariantInfo> v;

    VariantInfo hs{
        VariantId::HillisSteele,
        "hillis-steele",
        "Hillis-Steele, double-buffered",
        Algorithm::Scan,
        harris + ", Algorithm 2 and Listing 1; Kirk and Hwu, ECE408 lecture 5 (ping-pong T0/T1)",
        "Hillis and Steele's scan takes log2 n steps: in the step with distance d, every element "
        "adds "
        "the one d places to its left, so afterwards each holds the sum of everything up to it. It "
        "is "
        "step-efficient but not work-efficient: about n log2 n additions, against n for a plain "
        "loop. "
        "The threads cannot work in place, because one would read a neighbour that another has "
        "already overwritten in the same step; so the kernel keeps two buffers and swaps their "
        "roles "
        "each step. Harris's Listing 1 writes temp[pout*n+thid] += temp[pin*n+thid-offset], which "
        "adds to the output buffer's stale contents, and ends with a typo (thid1); the intended "
        "line, "
        "used here, reads both operands from the input buffer.",
        kHillisSteeleListing,
        kHillisSteeleLabels,
        {"x (two buffers)"}};
    hs.max_n = 1024;
    v.push_back(hs);

    VariantInfo inplace{
        VariantId::HillisSteeleInPlace,
        "hillis-steele-inplace",
        "Hillis-Steele, in place (a race)",
        Algorithm::Scan,
        harris + ", Algorithm 1 and the paragraph after it",
        "The same scan without the second buffer: a deliberate race. Within a warp the lanes "
        "read before they write, so the warp's own part comes out right; across warps nothing "
        "orders thread k's read of x[k - d] against thread k - d's write of it in the same step. "
        "The emulation runs the warps of a step one after another and reports every such pair "
        "of accesses as a hazard, as compute-sanitizer's racecheck does; a run on a GPU shows "
        "what that GPU happened to do.",
        kHillisSteeleInPlaceListing,
        kHillisSteeleInPlaceLabels,
        {"x"}};
    inplace.max_n = 1024;
    inplace.deterministic = false;
    inplace.expects_hazards = true;
    v.push_back(inplace);

    VariantInfo blelloch{
        VariantId::Blelloch,
        "blelloch",
        "Blelloch, work-efficient",
        Algorithm::Scan,
        harris + ", Algorithms 3 and 4, Listing 2, Figures 2 and 3",
        "Blelloch's scan does O(n) work. An up-sweep builds partial sums up a balanced binary "
        "tree in place (afterwards the last element holds the total), the root is replaced by "
        "the identity, and a down-sweep walks back down, each node giving its left child its own "
        "prefix and its right child that prefix plus the left subtree. The result is an "
        "exclusive scan (adding each input back gives the inclusive one): 2(n - 1) additions and "
        "n - 1 swaps, two elements per thread. But watch the banks: as the distance between the "
        "two elements a thread touches doubles, so does the number of a warp's lanes that land "
        "in one bank, up to 32-way conflicts in the middle levels.",
        kBlellochLines,
        kBlellochLabels,
        {"temp"}};
    blelloch.max_n = 2048;
    v.push_back(blelloch);

    VariantInfo padded{
        VariantId::BlellochPadded,
        "blelloch-padded",
        "Blelloch, padded against bank conflicts",
        Algorithm::Scan,
        harris + ", \"Avoiding Bank Conflicts\", Listing 3, Figure 4",
        "The same scan with Harris's padding: index i is stored at i + i/NUM_BANKS + "
        "i/NUM_BANKS^2, so that addresses a power of two apart land in different banks. The loads "
        "change too: each thread takes one element from each half of the array instead of two "
        "neighbours. Harris wrote it for the G80's 16 banks; GPUs since Fermi have 32. Pick either "
        "and compare. The paper's ZERO_BANK_CONFLICTS macro, ((n) >> NUM_BANKS + (n) >> (2 * "
        "LOG_NUM_BANKS)), parses as n >> (NUM_BANKS + n) >> (2 * LOG_NUM_BANKS), because + binds "
        "tighter than >>, and it shifts by NUM_BANKS where LOG_NUM_BANKS was meant; ScanScope uses "
        "what was meant, (n >> LOG_NUM_BANKS) + (n >> (2 * LOG_NUM_BANKS)). Listing 3's block A "
        "also "
        "computes bankOffsetB from ai instead of bi.",
        kBlellochPaddedLines,
        kBlellochLabels,
        {"temp (padded)"}};
    padded.max_n = 2048;
    v.push_back(padded);

    VariantInfo shuffle{
        VariantId::WarpShuffle,
        "warp-shuffle",
        "Warp shuffles (Kogge-Stone)",
        Algorithm::Scan,
        "NVIDIA CUDA Programming Guide, warp shuffle functions; Kogge and Stone (1973)",
        "The lanes of a warp can read each other's registers (__shfl_up_sync), so a warp scans "
        "its 32 values in five steps with no shared memory and no barrier (Kogge-Stone). The "
        "block needs shared memory only for one total per warp: each warp's last lane writes "
        "the warp's total, warp 0 scans the totals, and every thread adds the totals of the "
        "warps before its own.",
        kWarpShuffleListing,
        kWarpShuffleLabels,
        {"warp totals"}};
    shuffle.max_n = 1024;
    shuffle.whole_warps = true;
    v.push_back(shuffle);

    VariantInfo stp{
        VariantId::ScanThenPropagate,
        "scan-then-propagate",
        "Scan, then propagate block sums",
        Algorithm::Scan,
        harris + ", \"Arrays of Arbitrary Size\", Figure 5",
        "One block scans a couple of thousand elements at most. For any n, Harris splits the array "
        "into blocks, scans each block (Blelloch, padded) and writes its total to an array of "
        "block sums, scans the block sums (the same way, recursively when there are many), and "
        "adds to each block the total of the blocks before it. Elements past the end are padded "
        "with the identity, so n need not be a power of two. Device memory sees the data four "
        "times: read and written by the block scans, read and written again by the uniform add, "
        "16 bytes per int32 element where a copy moves 8. Measured on an H100 at 2^28 elements: "
        "2.98 ms, 4.2 times a copy of the same data (0.72 ms) and 3.4 times CUB; its small "
        "Blelloch tiles make it slower still than its bytes say (bench/results).",
        scan_then_propagate_listing(),
        join({kBlellochLabels, kAddPrefixLabels}),
        {"temp (padded)"}};
    stp.multi_block = true;
    v.push_back(stp);

    VariantInfo rts{
        VariantId::ReduceThenScan,
        "reduce-then-scan",
        "Reduce, then scan (three phases)",
        Algorithm::Scan,
        "Merrill and Garland (2016), section 3; " + harris,
        "Three phases over tiles: reduce each tile to its total, scan the totals, then scan each "
        "tile again starting from the total of the tiles before it. The input is read twice and "
        "the output written once: three moves of the data (12 bytes per int32 element), against "
        "scan-then-propagate's four (16) and a copy's two (8). Measured on an H100 at 2^28 "
        "elements: 2.87 ms, 4.0 times the copy (0.72 ms), a little faster than "
        "scan-then-propagate (2.98 ms) and 3.3 times CUB.",
        reduce_then_scan_listing(),
        join({kReduceLabels, kBlellochLabels}),
        {"s / temp"}};
    rts.multi_block = true;
    v.push_back(rts);

    VariantInfo dlb{
        VariantId::DecoupledLookback,
        "decoupled-lookback",
        "Single pass, decoupled look-back",
        Algorithm::Scan,
        "Merrill, US patent 9928033; Merrill and Garland (2016)",
        "Merrill's single-pass scan reads each input once and writes each output once: two moves "
        "of the data, the least possible. Each tile publishes a descriptor as soon as it can: its "
        "own total (aggregate available), then, once it knows everything before it, its inclusive "
        "prefix (prefix available). To find its prefix, a tile looks back over its predecessors' "
        "descriptors, nearest first, adding aggregates until it meets a prefix; it waits only "
        "where a descriptor is still invalid. Tiles take their numbers in the order their blocks "
        "start, so a tile only ever waits on tiles already running. Here warp 0 looks back, 32 "
        "predecessors at a time. On the GPU the order of these events is the hardware's, timed by "
        "%globaltimer; the emulation interleaves tiles in a seeded order. The captured scan "
        "gives each thread one element; the timed scan is the same source with 80 elements per "
        "thread (20 rows of 16-byte loads) and 512 threads. Measured on an H100 at 2^28 "
        "elements: 0.81 ms, 1.13 times a copy of the same 2 GiB (0.72 ms), faster than CUB's "
        "InclusiveSum (0.88 ms) and 3.7 times faster than scan-then-propagate.",
        kDecoupledLookbackListing,
        join({kDecoupledLookbackLabels}),
        {"warp totals", "tile", "prefix"}};
    dlb.multi_block = true;
    dlb.deterministic = false;
    dlb.whole_warps = true;
    dlb.min_threads = 32;
    v.push_back(dlb);

    const std::string seneca = "Seneca, \"CUDA Memory Model\" (reduction with shared memory)";
    const std::string harris_reduce = "Harris, \"Optimizing Parallel Reduction in CUDA\" (2007)";
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
        kReduceLabels,
        {"s"}};
    div.multi_block = true;
    v.push_back(div);

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
        kReduceLabels,
        {"s"}};
    strided.multi_block = true;
    v.push_back(strided);

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
        kReduceLabels,
        {"s"}};
    seq.multi_block = true;
    v.push_back(seq);

    VariantInfo first{
        VariantId::ReduceFirstAdd,
        "reduce-first-add",
        "Reduce: first add during load",
        Algorithm::Reduce,
        harris_reduce + ", reduction 4",
        "Each thread adds two elements, a block apart, as it loads them: no thread idles in the "
        "first stage, and the launch needs half as many blocks.",
        kReduceFirstAddListing,
        kReduceLabels,
        {"s"}};
    first.multi_block = true;
    v.push_back(first);

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
        kReduceLabels,
        {"s"}};
    unrolled.multi_block = true;
    unrolled.min_threads = 64;
    v.push_back(unrolled);

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
        kReduceLabels,
        {"warp totals"}};
    wshuffle.multi_block = true;
    wshuffle.whole_warps = true;
    wshuffle.min_threads = 32;
    v.push_back(wshuffle);

    for (VariantInfo& info : v)
        info.inclusive_and_exclusive = info.algorithm == Algorithm::Scan;
    return v;
}

int elements_per_thread(VariantId id) {
    switch (id) {
        case VariantId::ReduceFirstAdd:
        case VariantId::ReduceUnrolledWarp:
        case VariantId::ReduceWarpShuffle:
        case VariantId::ScanThenPropagate:
        case VariantId::ReduceThenScan:
            return 2;
        default:
            return 1;
    }
}

}  // namespace

const std::vector<VariantInfo>& all_variants() {
    static const std::vector<VariantInfo> variants = [] {
        std::vector<VariantInfo> v = make_variants();
        for (VariantInfo& card : v) {
            card.tree_view =
                card.id == VariantId::Blelloch || card.id == VariantId::BlellochPadded ||
                card.id == VariantId::ScanThenPropagate || card.id == VariantId::ReduceThenScan;
            card.pingpong_view =
                card.id == VariantId::HillisSteele || card.id == VariantId::HillisSteeleInPlace;
        }
        return v;
    }();
    return variants;
}

namespace {

// Cards of student kernels: a deque, so that registering one never moves another.
std::deque<VariantInfo>& student_cards() {
    static std::deque<VariantInfo> cards;
    return cards;
}

std::mutex& student_cards_mutex() {
    static std::mutex m;
    return m;
}

}  // namespace

const VariantInfo* find_variant(const std::string& key) {
    for (const VariantInfo& v : all_variants())
        if (v.key == key) return &v;
    if (!is_student_key(key)) return nullptr;
    std::lock_guard<std::mutex> lock(student_cards_mutex());
    for (const VariantInfo& v : student_cards())
        if (v.key == key) return &v;
    return nullptr;
}

bool is_student_key(const std::string& key) {
    return key.rfind(kStudentPrefix, 0) == 0 && key.size() > std::string(kStudentPrefix).size();
}

const VariantInfo& register_student_variant(VariantInfo card) {
    if (!is_student_key(card.key))
        throw std::invalid_argument("a student kernel's key starts with student/");
    card.id = VariantId::Student;
    std::lock_guard<std::mutex> lock(student_cards_mutex());
    for (VariantInfo& v : student_cards())
        if (v.key == card.key) return v = std::move(card);
    student_cards().push_back(std::move(card));
    return student_cards().back();
}

const VariantInfo& variant_info(VariantId id) {
    for (const VariantInfo& v : all_variants())
        if (v.id == id) return v;
    throw std::logic_error("variant id missing from the registry");
}

int output_count(const VariantInfo& variant, int n) {
    return variant.algorithm == Algorithm::Reduce ? 1 : n;
}

int default_block_threads(const VariantInfo& variant, int n, KernelShape shape) {
    if (!variant.multi_block) return 0;
    if (shape == KernelShape::Timed) {
        switch (variant.id) {
            case VariantId::DecoupledLookback:
                return n >= kernels::kLookbackLargeFrom ? kernels::kLookbackThreads
                                                        : kernels::kLookbackSmallThreads;
            case VariantId::ReduceWarpShuffle:
                return kernels::kReduceThreads;
            case VariantId::ScanThenPropagate:
            case VariantId::ReduceThenScan:
                return kernels::kBlellochBlocksThreads;
            default:
                return kernels::kReduceBlockThreads;
        }
    }
    // Teaching sizes: a few blocks for a few thousand elements.
    const int cap = variant.algorithm == Algorithm::Reduce ? 256 : 128;
    const int per_thread = elements_per_thread(variant.id);
    int threads = std::min(cap, next_pow2(ceil_div(std::max(n, 1), per_thread)));
    threads = std::max(threads, variant.min_threads);
    if (variant.whole_warps) threads = round_up(threads, 32);
    return threads;
}

int items_per_thread(const VariantInfo& variant, int n, KernelShape shape) {
    if (shape == KernelShape::Timed) {
        if (variant.id == VariantId::DecoupledLookback)
            return (n >= kernels::kLookbackLargeFrom ? kernels::kLookbackRows
                                                     : kernels::kLookbackSmallRows) *
                   kernels::kLookbackVec;
        if (variant.id == VariantId::ReduceWarpShuffle)
            return kernels::kReduceRows * kernels::kReduceVec;
    }
    return elements_per_thread(variant.id);
}

std::string describe_shape(const RunRequest& r) {
    const VariantInfo* v = find_variant(r.variant);
    if (!v || !v->multi_block) return "one block";
    const int threads = r.block_threads ? r.block_threads : default_block_threads(*v, r.n, r.shape);
    const int items = items_per_thread(*v, r.n, r.shape);
    std::string text = std::to_string(threads) + " threads/block, " + std::to_string(items) +
                       (items == 1 ? " element" : " elements") + " per thread";
    if (r.shape == KernelShape::Timed && items > 2)
        text +=
            " (" + std::to_string(items / 4) + " rows of 4, one 16-byte access each on the GPU)";
    return text;
}

std::vector<ListingLine> listing_for(const std::vector<ListingLine>& listing, bool inclusive) {
    std::vector<ListingLine> lines;
    const ListingForm unwanted = inclusive ? ListingForm::Exclusive : ListingForm::Inclusive;
    for (const ListingLine& line : listing)
        if (line.form != unwanted) lines.push_back(line);
    return lines;
}

std::string check_request(const RunRequest& r) {
    const VariantInfo* v = find_variant(r.variant);
    if (!v) return "unknown variant '" + r.variant + "'; 'scanscope list' shows them";
    if (r.n < 1) return "n must be at least 1 (got " + std::to_string(r.n) + ")";
    constexpr int kMaxN = 1 << 30;
    if (r.n > kMaxN) return "n = " + std::to_string(r.n) + " is more than ScanScope takes (2^30)";
    if (v->max_n && r.n > v->max_n)
        return v->key + " scans one block of at most " + std::to_string(v->max_n) +
               " elements; n = " + std::to_string(r.n) +
               " is too many (scan-then-propagate, reduce-then-scan and decoupled-lookback take "
               "any n)";
    if (r.banks != 16 && r.banks != 32)
        return "banks must be 16 or 32 (got " + std::to_string(r.banks) + ")";
    if (r.block_threads) {
        if (!v->multi_block)
            return "a block size applies to the multi-block variants only; " + v->key +
                   " sizes its one block from n";
        const int t = r.block_threads;
        if (t < v->min_threads || t > 1024 || !is_pow2(t))
            return v->key + " needs a power-of-two block size from " +
                   std::to_string(std::max(v->min_threads, 1)) + " to 1024 (got " +
                   std::to_string(t) + ")";
        if (v->whole_warps && t % 32 != 0)
            return v->key + " uses warp shuffles: its blocks must be whole warps (multiples of 32)";
        const int items = items_per_thread(*v, r.n, r.shape);
        if (items * t > kernels::kMaxTileElements)
            return v->key + "'s timed tiles take " + std::to_string(items) +
                   " elements per thread, so at most " +
                   std::to_string(kernels::kMaxTileElements / items) + " threads per block (got " +
                   std::to_string(t) + ")";
    }
    return {};
}

const char* type_name(ElementType type) {
    return type == ElementType::Int32 ? "int32" : "float32";
}

const char* op_name(OpKind op) {
    return op == OpKind::Add ? "add" : "max";
}

}  // namespace scanscope
