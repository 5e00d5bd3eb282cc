// Shared-memory bank conflicts, computed from a trace's warp-level accesses the way the hardware
// serves them. For each warp instruction: each active lane's bank, the distinct words each bank
// must deliver (lanes reading one word share it: a broadcast), and the number of wavefronts the
// instruction needs, the most distinct words any one bank holds. Conflicts = wavefronts - 1.
//
// 32 banks serve a whole warp at once (Fermi onwards). 16 banks model the G80 of Harris's paper:
// each half-warp is served on its own, so the two halves never conflict with each other.
// A bank width of 8 bytes models Kepler's 8-byte mode: two 4-byte words in one 8-byte bank word
// come together.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "model/trace.h"

namespace scanscope {

struct BankConfig {
    int banks = 32;       // 16 or 32
    int width_bytes = 4;  // 4 or 8
};

struct AccessBanks {
    int active_lanes = 0;
    std::array<int, 32> bank_of_lane{};   // -1 for inactive lanes
    std::array<int, 32> words_in_bank{};  // distinct words requested from each bank
    int broadcast_words = 0;              // words read by more than one lane
    int wavefronts =
        0;  // the most distinct words any one bank holds (summed over half-warps with 16 banks)
    int degree = 0;  // the conflict degree shown: the most distinct words in one bank, 1 = none
    int conflicts() const { return wavefronts > 0 ? wavefronts - groups : 0; }
    int groups = 0;  // half-warps (16 banks) or warps (32) that requested anything
};

AccessBanks analyze_access(const WarpAccess& access, const BankConfig& config);

struct ConflictTotals {
    std::uint64_t load_instructions = 0, store_instructions = 0;
    std::uint64_t load_wavefronts = 0, store_wavefronts = 0;
    std::uint64_t load_conflicts = 0, store_conflicts = 0;
    std::array<std::uint64_t, 33> degree_histogram{};  // instructions by conflict degree (1..32)
    int max_degree = 0;
    void add(const WarpAccess& access, const AccessBanks& banks);
    void add(const ConflictTotals& other);
};

struct LaunchBanks {
    std::string name;
    std::vector<ConflictTotals> steps;  // parallel to Launch::steps
    std::map<std::string, ConflictTotals> phases;
    ConflictTotals totals;
};

struct TraceBanks {
    BankConfig config;
    std::vector<LaunchBanks> launches;
    ConflictTotals totals;
};

TraceBanks analyze_banks(const Trace& trace, const BankConfig& config);

// The accesses of a step that are shared-memory accesses (shuffles left out), in order.
std::vector<const WarpAccess*> memory_accesses(const Step& step);

// The index (into memory_accesses) of the access with the highest conflict degree; -1 if none.
int worst_access(const Step& step, const BankConfig& config);

}  // namespace scanscope
