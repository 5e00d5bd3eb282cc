// Predict mode's conflict-degree and worst-bank question (questions.h).
#include "analysis/question_parts.h"

#include <algorithm>
#include <map>
#include <set>

#include "model/trace_queries.h"

namespace scanscope::question_parts {

namespace {

struct WorstBank {
    int bank = -1;
    int half = 0;                                      // the half-warp (16 banks), else 0
    std::vector<std::pair<int, std::uint32_t>> lanes;  // lane, bank word: distinct words first
};

// The bank that must deliver the most distinct words in `a`, and lanes that ask it for them.
WorstBank worst_bank(const WarpAccess& a, const BankConfig& config) {
    std::map<std::pair<int, int>, std::map<std::uint32_t, int>>
        words;  // (half, bank) -> word->lane
    for (const LaneAccess& lane : a.lanes) {
        const std::uint32_t bank_word = lane.address / std::uint32_t(config.width_bytes);
        const int bank = int(bank_word % std::uint32_t(config.banks));
        const int half = config.banks == 16 ? lane.lane / 16 : 0;
        words[{half, bank}].emplace(bank_word, lane.lane);
    }
    WorstBank w;
    std::size_t most = 0;
    for (const auto& [where, ws] : words)
        if (ws.size() > most) {
            most = ws.size();
            w.half = where.first;
            w.bank = where.second;
            w.lanes.clear();
            for (const auto& [word, lane] : ws)
                w.lanes.push_back({lane, word});
        }
    return w;
}

std::string access_words(const Launch& l, const WarpAccess& a) {
    return std::string(a.kind == AccessKind::Read ? "read of " : "write to ") +
           (a.array < l.arrays.size() ? l.arrays[a.array].name : std::string("shared memory"));
}

// "warp 0's read of temp", or "warp 0's second of its 3 reads of temp" where the warp makes more
// than one such access in the step: a question names the one it asks about.
std::string access_name(const Launch& l, const std::vector<const WarpAccess*>& accesses,
                        std::size_t index) {
    const WarpAccess& a = *accesses[index];
    int before = 0, alike = 0;
    for (std::size_t i = 0; i < accesses.size(); ++i) {
        const WarpAccess& o = *accesses[i];
        if (o.warp != a.warp || o.kind != a.kind || o.array != a.array) continue;
        ++alike;
        before += i < index ? 1 : 0;
    }
    const std::string warp = "warp " + std::to_string(a.warp) + "'s ";
    if (alike == 1) return warp + access_words(l, a);
    static const char* kOrdinals[] = {"first", "second", "third"};
    const std::string nth = before < 3 ? kOrdinals[before] : std::to_string(before + 1) + "th";
    const std::string array =
        a.array < l.arrays.size() ? l.arrays[a.array].name : std::string("shared memory");
    return warp + nth + " of its " + std::to_string(alike) +
           (a.kind == AccessKind::Read ? " reads of " : " writes to ") + array;
}

// The banks that deliver `words` different words in some access of the step that conflicts
// `degree` ways: each would answer "which bank is the worst" as well as the one asked about.
std::set<int> banks_tied_at(const std::vector<const WarpAccess*>& accesses, int degree,
                            std::size_t words, const BankConfig& config) {
    std::set<int> tied;
    for (const WarpAccess* a : accesses) {
        if (analyze_access(*a, config).degree != degree) continue;
        std::map<std::pair<int, int>, std::set<std::uint32_t>> per_bank;  // (half, bank)
        for (const LaneAccess& lane : a->lanes) {
            const std::uint32_t bw = lane.address / std::uint32_t(config.width_bytes);
            per_bank[{config.banks == 16 ? lane.lane / 16 : 0,
                      int(bw % std::uint32_t(config.banks))}]
                .insert(bw);
        }
        for (const auto& [where, ws] : per_bank)
            if (ws.size() >= words) tied.insert(where.second);
    }
    return tied;
}

}  // namespace

std::optional<Question> conflict_question(const Trace& trace, const QuestionPlace& place,
                                          const BankConfig& config, bool which_bank) {
    const StepAt at = step_at(trace, place);
    if (!at.step) return std::nullopt;
    const auto accesses = memory_accesses(*at.step);
    const int index = worst_access(*at.step, config);
    if (index < 0) return std::nullopt;
    const WarpAccess& a = *accesses[std::size_t(index)];
    const AccessBanks banks = analyze_access(a, config);
    const WorstBank worst = worst_bank(a, config);
    if (which_bank && banks.degree <= 1) return std::nullopt;  // no bank stands out
    Question q;
    q.kind = which_bank ? QuestionKind::WorstBank : QuestionKind::ConflictDegree;
    const std::string what = access_name(*at.l, accesses, std::size_t(index));
    // The sentence from the records: two lanes that ask one bank for different words.
    std::string sentence;
    auto lane_word = [&](const std::pair<int, std::uint32_t>& lw) {
        const std::uint32_t word = lw.second * std::uint32_t(config.width_bytes) / 4;
        return "lane " + std::to_string(lw.first) + " " + word_name(*at.l, word);
    };
    if (banks.degree > 1 && worst.lanes.size() >= 2) {
        sentence = lane_word(worst.lanes[0]) + " and " + lane_word(worst.lanes[1]) +
                   " are both in bank " + std::to_string(worst.bank) + ", which holds " +
                   std::to_string(worst.lanes.size()) +
                   " different words for this access: " + std::to_string(banks.degree) +
                   "-way conflict, " + std::to_string(banks.wavefronts) + " wavefronts.";
    } else {
        sentence =
            "no bank is asked for two different words (lanes reading one word share it): "
            "no conflict, one wavefront" +
            std::string(config.banks == 16 ? " per half-warp." : ".");
    }
    q.explanation = what + ": " + sentence;
    if (which_bank) {
        q.prompt = "In " + what + ", which bank must deliver the most different words?";
        std::vector<Candidate> wrong;
        for (int offset : {1, config.banks / 2, config.banks / 4, 3, 5})
            wrong.push_back({double((worst.bank + offset) % config.banks),
                             "bank " + std::to_string((worst.bank + offset) % config.banks)});
        // A bank tied with the worst would be right too, in this access or in another as bad
        // (a student may have the other in mind): leave those out.
        const std::set<int> tied =
            banks_tied_at(accesses, banks.degree, worst.lanes.size(), config);
        wrong.erase(std::remove_if(wrong.begin(), wrong.end(),
                                   [&](const Candidate& c) { return tied.count(int(c.key)) > 0; }),
                    wrong.end());
        set_choices(q, {double(worst.bank), "bank " + std::to_string(worst.bank)}, wrong);
    } else {
        q.prompt = "How many ways does " + what +
                   " conflict (the most different words one bank "
                   "must deliver)?";
        std::vector<Candidate> wrong;
        for (int d = 1; d <= config.banks; d *= 2)
            wrong.push_back({double(d), std::to_string(d)});
        set_choices(q, {double(banks.degree), std::to_string(banks.degree)}, wrong, 7);
    }
    return q;
}

}  // namespace scanscope::question_parts
