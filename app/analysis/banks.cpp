#include "analysis/banks.h"

#include <algorithm>
#include <map>
#include <set>

namespace scanscope {

AccessBanks analyze_access(const WarpAccess& access, const BankConfig& config) {
    AccessBanks result;
    result.bank_of_lane.fill(-1);
    if (access.kind == AccessKind::Shuffle) return result;
    // Lanes are served in groups: the whole warp with 32 banks, each half-warp with 16.
    const int group_size = config.banks == 16 ? 16 : 32;
    std::map<int, std::map<int, std::set<std::uint32_t>>> words;  // group -> bank -> words
    std::map<std::uint32_t, int> lanes_per_word;
    for (const LaneAccess& lane : access.lanes) {
        const std::uint32_t word = lane.address / std::uint32_t(config.width_bytes);
        const int bank = int(word % std::uint32_t(config.banks));
        result.bank_of_lane[std::size_t(lane.lane)] = bank;
        words[lane.lane / group_size][bank].insert(word);
        ++lanes_per_word[word];
        ++result.active_lanes;
    }
    for (const auto& [word, lanes] : lanes_per_word)
        result.broadcast_words += lanes > 1;
    for (const auto& [group, banks] : words) {
        int most = 0;
        for (const auto& [bank, set] : banks) {
            most = std::max(most, int(set.size()));
            result.words_in_bank[std::size_t(bank)] =
                std::max(result.words_in_bank[std::size_t(bank)], int(set.size()));
        }
        result.wavefronts += most;
        result.degree = std::max(result.degree, most);
        ++result.groups;
    }
    return result;
}

void ConflictTotals::add(const WarpAccess& access, const AccessBanks& banks) {
    // Atomics are neither loads nor stores to the hardware's counters (Nsight Compute counts
    // them apart): drawn with their banks, left out of these totals.
    if (access.kind == AccessKind::Shuffle || access.atomic || banks.active_lanes == 0) return;
    const bool load = access.kind == AccessKind::Read;
    (load ? load_instructions : store_instructions) += 1;
    (load ? load_wavefronts : store_wavefronts) += std::uint64_t(banks.wavefronts);
    (load ? load_conflicts : store_conflicts) += std::uint64_t(banks.conflicts());
    degree_histogram[std::size_t(std::min(banks.degree, 32))] += 1;
    max_degree = std::max(max_degree, banks.degree);
}

void ConflictTotals::add(const ConflictTotals& o) {
    load_instructions += o.load_instructions;
    store_instructions += o.store_instructions;
    load_wavefronts += o.load_wavefronts;
    store_wavefronts += o.store_wavefronts;
    load_conflicts += o.load_conflicts;
    store_conflicts += o.store_conflicts;
    for (std::size_t i = 0; i < degree_histogram.size(); ++i)
        degree_histogram[i] += o.degree_histogram[i];
    max_degree = std::max(max_degree, o.max_degree);
}

TraceBanks analyze_banks(const Trace& trace, const BankConfig& config) {
    TraceBanks result;
    result.config = config;
    for (const Launch& launch : trace.launches) {
        LaunchBanks lb;
        lb.name = launch.name;
        for (const Step& step : launch.steps) {
            ConflictTotals totals;
            for (const WarpAccess& access : step.accesses)
                totals.add(access, analyze_access(access, config));
            const StepLabel* label = trace.label(step.line);
            lb.phases[label ? label->phase : "line " + std::to_string(step.line)].add(totals);
            lb.totals.add(totals);
            lb.steps.push_back(totals);
        }
        result.totals.add(lb.totals);
        result.launches.push_back(std::move(lb));
    }
    return result;
}

std::vector<const WarpAccess*> memory_accesses(const Step& step) {
    std::vector<const WarpAccess*> list;
    for (const WarpAccess& a : step.accesses)
        if (a.kind != AccessKind::Shuffle) list.push_back(&a);
    return list;
}

int worst_access(const Step& step, const BankConfig& config) {
    const auto list = memory_accesses(step);
    int best = -1, best_degree = 0;
    for (std::size_t i = 0; i < list.size(); ++i) {
        const int degree = analyze_access(*list[i], config).degree;
        if (degree > best_degree) best = int(i), best_degree = degree;
    }
    return best;
}

}  // namespace scanscope
