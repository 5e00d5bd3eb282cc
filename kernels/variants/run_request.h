// What to run: a variant, its data type and operator, its size and options.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/keep_rule.h"
#include "core/ops.h"
#include "core/tile_policy.h"

namespace scanscope {

enum class ElementType : std::uint8_t { Int32, Float32 };

// Captures are for teaching sizes: everything every thread did is kept. Lessons and captures
// refuse more before building any input.
constexpr int kMaxCaptureN = 65536;

struct VariantInfo;

struct RunRequest {
    std::string variant;  // id, e.g. "blelloch-padded": what files and people name
    // The variant's card, looked up once where the request is made (bind_variant, registry.h)
    // and carried from there: the layers below read it instead of searching by name again.
    const VariantInfo* card = nullptr;
    ElementType type = ElementType::Int32;
    OpKind op = OpKind::Add;
    bool inclusive = false;
    int n = 0;
    int banks = 32;                   // blelloch-padded pads for this many banks (16 or 32)
    int block_threads = 0;            // multi-block variants; 0: the variant's default for n
    std::uint64_t schedule_seed = 1;  // the emulation's block order (decoupled-lookback)
    KernelShape shape = KernelShape::Teaching;  // what is captured, or the larger timed tiles
    // A segmented scan's segments: the indices where one starts, increasing, each below n.
    // Element 0 starts one whether listed or not; none listed: one segment.
    std::vector<int> heads;
    // A summed-area table's width (n / width rows); 0: as square as n allows (table_width).
    int width = 0;
    // A radix sort's passes: it orders the keys by their bits 0 .. key_bits - 1, a pass each.
    // 0: all 32 (resolve_key_bits() lowers it to what the keys use, where they are known).
    int key_bits = 0;
    // What a compaction keeps (core/keep_rule.h): not 0, even, or above a threshold.
    KeepRule keep;
};

// 1 where a segment starts (element 0 always), else 0: the head flags a segmented scan reads.
std::vector<int> head_flags(const RunRequest& request);

// A summed-area table's width: the request's, or else the smallest divisor of n at least its
// square root (16 for 256, 40 for 1000: 25 rows; n itself for a prime n: one row).
int table_width(const RunRequest& request);

// The bits a split or radix sort orders the keys by, a pass each: 1 for split; the request's
// key_bits, or all 32, for radix-sort.
int sort_bits(const RunRequest& request);

// A radix sort with no key_bits asked for gets the bits its keys use: up to the highest bit in
// which two keys differ (radix_bits order), at least 1. Other requests are left as they are.
void resolve_key_bits(RunRequest& request, const std::vector<std::uint32_t>& keys);

// A keep rule as people write it and traces keep it: "non-zero", "even", "above 5" (throws
// std::invalid_argument for anything else); and back.
KeepRule parse_keep_rule(const std::string& text);
std::string keep_rule_text(const KeepRule& rule);
// The rule in a sentence about the kept elements: "not 0", "even", "above 5".
std::string keep_rule_words(const KeepRule& rule);

const char* type_name(ElementType type);  // "int32", "float32"
const char* op_name(OpKind op);           // "add", "max"

}  // namespace scanscope
