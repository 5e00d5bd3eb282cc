// What ScanScope knows about each variant: its id and name, where it comes from, its pseudo-code
// (with the line ids its kernels mark their steps with), a lesson, and what inputs it takes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "variants/run_request.h"
#include "variants/variant_id.h"

namespace scanscope {

// Scan and Reduce write n values and one; SegmentedScan n values, each segment (RunRequest::heads)
// scanned on its own; SummedArea a table of n values (RunRequest::width wide), each the sum of the
// rectangle from the corner to it; Compact the kept elements first, then what was there; Split the
// keys in a new order: stably by their bits 0 .. sort_bits - 1 (radix sort; one bit: a split).
enum class Algorithm { Scan, Reduce, Compact, Split, SegmentedScan, SummedArea };

// Which scans a listing line belongs to: a run's trace keeps the lines of the form that ran.
enum class ListingForm : std::uint8_t { Both, Exclusive, Inclusive };

struct ListingLine {
    std::uint16_t id = 0;  // 0: context only; else the id steps mark (several lines may share one)
    std::string text;
    ListingForm form = ListingForm::Both;
};

// The listing as it ran: the lines of its form (inclusive or exclusive) only.
std::vector<ListingLine> listing_for(const std::vector<ListingLine>& listing, bool inclusive);

// What a step marked with `id` is called, which values it shows, and a sentence about it.
// The narration may name the values as {name}.
struct StepLabel {
    std::uint16_t id = 0;
    std::string phase;
    std::vector<std::string> vars;
    std::string narration;
};

struct VariantInfo {
    VariantId id;
    std::string key;   // "blelloch-padded"
    std::string name;  // "Blelloch, padded"
    Algorithm algorithm;
    std::string source;
    std::string lesson;
    std::vector<ListingLine> listing;
    std::vector<StepLabel> labels;
    std::vector<std::string> shared_arrays;  // names, in allocation order
    int max_n = 0;  // single-block variants: the most one block takes; 0: any n
    bool multi_block = false;
    bool deterministic = true;     // same trace on every run (not the single-pass scan)
    bool expects_hazards = false;  // the deliberate race
    bool inclusive_and_exclusive = true;
    int min_threads = 1;       // smallest block
    int max_threads = 1024;    // largest block
    bool whole_warps = false;  // uses shuffles: blocks of whole warps
    // Views beyond the array that fit the algorithm's shape.
    bool tree_view = false;         // a balanced tree, level by level (Blelloch's sweeps)
    bool pingpong_view = false;     // one buffer read, the other written, each step (Hillis-Steele)
    const char* partner = "";       // the variant it is compared with by default ("": none)
    bool pads_for_banks = false;    // its layout depends on the banks it pads for (request.banks)
    bool timed_by_default = false;  // among the Timings panel's default variants
    // Its launch policy's tile for n elements in a shape (core/tile_policy.h): the policy beside
    // its kernel decides, the card only points at it.
    TileShape (*tile)(int n, KernelShape shape) = tile_of<OneElementPolicy>;
};

// The variants ScanScope ships.
const std::vector<VariantInfo>& all_variants();
// A shipped variant, or a student's kernel registered in this process.
const VariantInfo* find_variant(const std::string& key);

// Student kernels are named "student/NAME". Registering one makes it a variant like the others for
// this process (its listing, labels and arrays come from its own source); registering the same
// key again replaces the card in place. Returns the card, which stays where it is.
constexpr const char* kStudentPrefix = "student/";
bool is_student_key(const std::string& key);
const VariantInfo& register_student_variant(VariantInfo card);
const VariantInfo& variant_info(VariantId id);

// Looks the request's variant up once and keeps the card on it; false for an unknown name.
bool bind_variant(RunRequest& request);
// The request's card when its name is known (the bound one while its name still matches), else
// null.
const VariantInfo* find_card(const RunRequest& request);
// The request's card: the one bound to it (while its name still matches), else looked up.
// Throws std::invalid_argument for an unknown name.
const VariantInfo& card_of(const RunRequest& request);

// The variants the Timings panel and `scanscope bench` time unless told otherwise (the cards'
// timed_by_default), in the registry's order.
std::vector<std::string> default_timed_variants();

// Elements the run writes: n for a scan, 1 for a reduction.
int output_count(const VariantInfo& variant, int n);

// The block size a multi-block variant uses for n elements when none is asked for.
int default_block_threads(const VariantInfo& variant, int n,
                          KernelShape shape = KernelShape::Teaching);

// Elements each thread of the variant's main kernel takes in this shape.
int items_per_thread(const VariantInfo& variant, int n, KernelShape shape);

// The launch a request makes, in words: "256 threads/block, 16 elements per thread (4 rows of
// 16-byte loads)", or "one block".
std::string describe_shape(const RunRequest& request);

// A radix sort by passes, which takes key bits (RunRequest::key_bits): radix-sort (a bit a pass)
// and radix-sort-onesweep (8 bits a pass).
bool takes_key_bits(VariantId id);

// "scan", "reduce", "compact" (scanscope list's kind column).
const char* algorithm_kind(Algorithm algorithm);
// "scan", "reduction", "compaction": what the output is of the input.
const char* algorithm_result(Algorithm algorithm);

// Empty when `request` can run; otherwise what is wrong, in a sentence for the user.
std::string check_request(const RunRequest& request);

}  // namespace scanscope
