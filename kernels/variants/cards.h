// Each variant's card (listing, step labels, lesson, source, limits) is written beside its kernel
// (kernels/scan/*_card.cpp, kernels/reduce/reduce_cards.cpp), its listing's line ids in the
// kernel's own Line enums; the registry is only the list of them (registry.cpp).
#pragma once

#include <initializer_list>
#include <string>
#include <vector>

#include "variants/registry.h"

namespace scanscope {

inline const char* const kHarris = "Harris, \"Parallel Prefix Sum (Scan) with CUDA\" (2007)";
inline const char* const kSeneca = "Seneca, \"CUDA Memory Model\" (reduction with shared memory)";
inline const char* const kHarrisReduce = "Harris, \"Optimizing Parallel Reduction in CUDA\" (2007)";

constexpr ListingForm kExclusive = ListingForm::Exclusive;
constexpr ListingForm kInclusive = ListingForm::Inclusive;

inline std::vector<StepLabel> join(std::initializer_list<std::vector<StepLabel>> parts) {
    std::vector<StepLabel> all;
    for (const auto& p : parts)
        all.insert(all.end(), p.begin(), p.end());
    return all;
}

// What every single-pass scan's card says: many blocks, whose events' order the hardware decides
// (their traces differ from run to run), warp shuffles (whole warps), timed by default.
inline void mark_single_pass(VariantInfo& card) {
    card.multi_block = true;
    card.deterministic = false;
    card.whole_warps = true;
    card.min_threads = 32;
    card.timed_by_default = true;
}

// Pieces the multi-block scans share with the block scans they are made of.
const std::vector<ListingLine>& blelloch_padded_lines();
const std::vector<StepLabel>& blelloch_labels();
// Blelloch's up-sweep and down-sweep labels, and a clear-root label saying what the total means to
// a kernel that scans flags with them (blelloch_sweeps: compaction, split).
std::vector<StepLabel> blelloch_sweep_labels(const char* clear_root_narration);
const std::vector<StepLabel>& reduce_labels();

VariantInfo hillis_steele_card();
VariantInfo hillis_steele_inplace_card();
VariantInfo blelloch_card();
VariantInfo blelloch_padded_card();
VariantInfo warp_shuffle_card();
VariantInfo scan_then_propagate_card();
VariantInfo reduce_then_scan_card();
VariantInfo decoupled_lookback_card();
VariantInfo pipelined_lookback_card();
VariantInfo staged_lookback_card();
VariantInfo reduce_interleaved_divergent_card();
VariantInfo reduce_interleaved_strided_card();
VariantInfo reduce_sequential_card();
VariantInfo reduce_first_add_card();
VariantInfo reduce_unrolled_warp_card();
VariantInfo reduce_warp_shuffle_card();
VariantInfo compact_card();
VariantInfo compact_lookback_card();
VariantInfo split_card();
VariantInfo radix_sort_card();
VariantInfo radix_sort_onesweep_card();
VariantInfo segmented_card();
VariantInfo segmented_lookback_card();
VariantInfo summed_area_card();
VariantInfo summed_area_lookback_card();

}  // namespace scanscope
