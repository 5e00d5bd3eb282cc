#include "analysis/questions.h"

#include <algorithm>
#include <map>
#include <set>
#include <stdexcept>

#include "analysis/hazards.h"
#include "core/bits.h"
#include "core/ops.h"
#include "model/trace_queries.h"
#include "model/values.h"

namespace scanscope {
namespace {

// The step a step-frame question is about, with the launch it belongs to.
struct StepAt {
    int launch = -1;
    const Launch* l = nullptr;
    const Step* step = nullptr;
};

StepAt step_at(const Trace& trace, const QuestionPlace& place) {
    if (place.event) return {};
    const std::vector<StepFrame> frames = step_frames(trace);
    if (place.frame < 0 || place.frame >= int(frames.size())) return {};
    const StepFrame f = frames[std::size_t(place.frame)];
    const Launch& l = trace.launches[std::size_t(f.launch)];
    if (place.block < 0 || place.block >= l.grid) return {};
    return {f.launch, &l, find_step(l, place.block, f.step)};
}

// Choices: candidates sorted by their key, the right one among them, duplicates (by text) and
// all but `count` of the wrong ones dropped.
struct Candidate {
    double key;
    std::string text;
};

void set_choices(Question& q, const Candidate& right, std::vector<Candidate> wrong,
                 std::size_t count = 4) {
    std::vector<Candidate> kept = {right};
    for (const Candidate& c : wrong) {
        if (kept.size() >= count) break;
        if (std::none_of(kept.begin(), kept.end(),
                         [&](const Candidate& k) { return k.text == c.text; }))
            kept.push_back(c);
    }
    std::stable_sort(kept.begin(), kept.end(),
                     [](const Candidate& a, const Candidate& b) { return a.key < b.key; });
    q.choices.clear();
    for (const Candidate& c : kept) {
        if (c.text == right.text) q.right = int(q.choices.size());
        q.choices.push_back(c.text);
    }
}

// "2nd", "3rd", "4th", "21st".
std::string ordinal(std::uint32_t k) {
    const std::uint32_t tens = k % 100, ones = k % 10;
    const char* suffix = tens >= 11 && tens <= 13 ? "th"
                         : ones == 1              ? "st"
                         : ones == 2              ? "nd"
                         : ones == 3              ? "rd"
                                                  : "th";
    return std::to_string(k) + suffix;
}

std::string join_words(const Launch& l, const std::vector<std::uint32_t>& words) {
    if (words.empty()) return "none";
    std::string text;
    auto add = [&](const std::string& part) { text += (text.empty() ? "" : ", ") + part; };
    if (words.size() <= 6) {
        for (std::uint32_t w : words)
            add(word_name(l, w));
        return text;
    }
    // Many words: the first three and the last, with the stride where they are evenly spaced.
    const std::uint32_t stride = words[1] - words[0];
    bool even = true;
    for (std::size_t i = 1; i < words.size(); ++i)
        even = even && words[i] - words[i - 1] == stride;
    for (std::size_t i = 0; i < 3; ++i)
        add(word_name(l, words[i]));
    add("... " + word_name(l, words.back()));
    return text + " (" + std::to_string(words.size()) + " cells" +
           (even && stride > 1 ? ", every " + ordinal(stride) : "") + ")";
}

std::vector<std::uint32_t> words_of(const Step& step, AccessKind kind) {
    std::set<std::uint32_t> words;
    for (const WarpAccess& a : step.accesses)
        if (a.kind == kind)
            for (const LaneAccess& lane : a.lanes)
                words.insert(lane.address / 4);
    return {words.begin(), words.end()};
}

std::string thread_list(const std::set<int>& threads) {
    std::string text;
    int shown = 0;
    for (int t : threads) {
        if (shown == 4) {
            text += ", ... " + std::to_string(*threads.rbegin());
            break;
        }
        text += (shown++ ? ", " : "") + std::to_string(t);
    }
    return text;
}

std::string plural(std::size_t n, const std::string& one, const std::string& many) {
    return std::to_string(n) + " " + (n == 1 ? one : many);
}

// A value's bits as the number they are, to order the choices by.
double numeric(std::uint32_t bits, ElementKind kind) {
    return kind == ElementKind::Float ? double(from_bits<float>(bits))
                                      : double(from_bits<std::int32_t>(bits));
}

// --- written-cells ----------------------------------------------------------------------------

std::optional<Question> written_cells(const Trace& trace, const QuestionPlace& place) {
    const StepAt at = step_at(trace, place);
    if (!at.step) return std::nullopt;
    const std::vector<std::uint32_t> written = words_of(*at.step, AccessKind::Write);
    if (written.empty()) return std::nullopt;
    Question q;
    q.kind = QuestionKind::WrittenCells;
    q.cells = written;
    q.prompt = "Which shared-memory cells does this step write?";
    const std::uint32_t words = at.l->shared_bytes / 4;
    std::vector<std::vector<std::uint32_t>> wrong;
    wrong.push_back(words_of(*at.step, AccessKind::Read));
    if (const Step* before = find_step(*at.l, place.block, at.step->index - 1))
        wrong.push_back(words_of(*before, AccessKind::Write));
    if (const Step* after = find_step(*at.l, place.block, at.step->index + 1))
        wrong.push_back(words_of(*after, AccessKind::Write));
    for (int shift : {-1, 1, 2}) {
        std::vector<std::uint32_t> moved;
        for (std::uint32_t w : written)
            if (std::int64_t(w) + shift >= 0 && std::int64_t(w) + shift < words)
                moved.push_back(std::uint32_t(std::int64_t(w) + shift));
        wrong.push_back(moved);
    }
    std::vector<std::uint32_t> all(words), first = {0};
    for (std::uint32_t w = 0; w < words; ++w)
        all[w] = w;
    wrong.push_back(all);
    wrong.push_back(first);
    std::vector<Candidate> candidates;
    for (const auto& set : wrong)
        if (!set.empty() && set != written)
            candidates.push_back(
                {double(set.front()) + 1e-3 * double(set.size()), join_words(*at.l, set)});
    set_choices(
        q, {double(written.front()) + 1e-3 * double(written.size()), join_words(*at.l, written)},
        candidates);
    // Who wrote them, from the records.
    std::set<int> writers;
    for (const WarpAccess& a : at.step->accesses)
        if (a.kind == AccessKind::Write)
            for (const LaneAccess& lane : a.lanes)
                writers.insert(a.warp * 32 + lane.lane);
    q.explanation = plural(writers.size(), "thread", "threads") + " (" + thread_list(writers) +
                    (writers.size() == 1 ? ") writes " : ") write ") + join_words(*at.l, written) +
                    ".";
    return q;
}

// --- cell-value --------------------------------------------------------------------------------

std::uint32_t combine_bits(const Trace& trace, std::uint32_t left, std::uint32_t right);

std::optional<Question> cell_value(const Trace& trace, const QuestionPlace& place, int cell) {
    const StepAt at = step_at(trace, place);
    if (!at.step) return std::nullopt;
    const std::vector<std::uint32_t> written = words_of(*at.step, AccessKind::Write);
    if (cell >= 0) {
        if (!std::binary_search(written.begin(), written.end(), std::uint32_t(cell)))
            throw std::invalid_argument("\"cell\": step " + std::to_string(place.frame + 1) +
                                        " does not write shared word " + std::to_string(cell));
    } else {
        if (written.empty()) return std::nullopt;
        // The last word the step writes: the root of a tree, the end of a scan.
        for (const WarpAccess& a : at.step->accesses)
            if (a.kind == AccessKind::Write)
                for (const LaneAccess& lane : a.lanes)
                    cell = int(lane.address / 4);
    }
    const std::uint32_t word = std::uint32_t(cell);
    Question q;
    q.kind = QuestionKind::CellValue;
    q.cells = {word};
    const std::string name = word_name(*at.l, word);
    q.prompt = "What value does this step leave in " + name + "?";
    const std::uint32_t now = at.step->shared[word];
    auto text = [&](std::uint32_t bits) { return word_value(trace, *at.l, word, bits); };
    const SharedArrayInfo* array = array_of_word(*at.l, word);
    const ElementKind kind = array ? array->kind : kind_of(trace.request.type);
    auto key = [&](std::uint32_t bits) { return numeric(bits, kind); };
    // The thread that wrote it last, and what it read in this step.
    int writer = -1;
    for (const WarpAccess& a : at.step->accesses)
        if (a.kind == AccessKind::Write)
            for (const LaneAccess& lane : a.lanes)
                if (lane.address / 4 == word) writer = a.warp * 32 + lane.lane;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> reads;  // word, value
    for (const WarpAccess& a : at.step->accesses)
        if (a.kind == AccessKind::Read)
            for (const LaneAccess& lane : a.lanes)
                if (a.warp * 32 + lane.lane == writer &&
                    (reads.empty() || reads.back().first != lane.address / 4))  // said once
                    reads.push_back({lane.address / 4, lane.value});
    std::vector<Candidate> wrong;
    const MemoryState before = state_before(*at.l, place.block, at.step->index);
    if (word < before.words.size() && before.defined[word])
        wrong.push_back({key(before.words[word]), text(before.words[word])});
    for (const auto& [w, v] : reads)
        wrong.push_back({key(v), text(v)});
    if (const Step* after = find_step(*at.l, place.block, at.step->index + 1))
        wrong.push_back({key(after->shared[word]), text(after->shared[word])});
    for (std::uint32_t w : written)
        if (w != word) wrong.push_back({key(at.step->shared[w]), text(at.step->shared[w])});
    if (key(now) == double(std::int32_t(now))) {  // integers: near misses
        for (std::uint32_t delta : {1u, 2u, 3u})
            wrong.push_back({key(now + delta), text(now + delta)});
    }
    set_choices(q, {key(now), text(now)}, wrong);
    std::string sentence = "thread " + std::to_string(writer);
    if (reads.empty()) {
        q.explanation =
            sentence + " writes " + text(now) + " to " + name + " (a value it held in a register).";
        return q;
    }
    std::string read_list;
    for (std::size_t i = 0; i < reads.size(); ++i)
        read_list += (i ? (i + 1 == reads.size() ? " and " : ", ") : "") +
                     word_name(*at.l, reads[i].first) + " = " + text(reads[i].second);
    // Say where the value came from only where the reads make it: otherwise "reads 1 and
    // writes 112" would read as if 112 came from 1.
    std::uint32_t combined = reads.front().second;
    for (std::size_t i = 1; i < reads.size(); ++i)
        combined = combine_bits(trace, combined, reads[i].second);
    const bool from_reads = kind == kind_of(trace.request.type) && key(combined) == key(now);
    if (from_reads && reads.size() == 1)
        q.explanation = sentence + " reads " + read_list + " and writes it to " + name + ".";
    else if (from_reads)
        q.explanation = sentence + " reads " + read_list + " and writes " +
                        (trace.request.op == OpKind::Max ? "the largest, " : "their sum, ") +
                        text(now) + ", to " + name + ".";
    else
        q.explanation = sentence + " reads " + read_list + " in this step, but what it writes to " +
                        name + ", " + text(now) +
                        ", it worked out in registers (with its warp's shuffles), not from " +
                        (reads.size() == 1 ? "that read." : "those reads.");
    return q;
}

// --- conflict-degree and worst-bank ------------------------------------------------------------

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

// --- race-pair ---------------------------------------------------------------------------------

std::optional<Question> race_pair(const Trace& trace, const QuestionPlace& place) {
    const StepAt at = step_at(trace, place);
    if (!at.step) return std::nullopt;
    std::vector<Hazard> hazards = step_hazards(trace, at.launch, at.step->index);
    hazards.erase(std::remove_if(hazards.begin(), hazards.end(),
                                 [&](const Hazard& h) { return h.block != place.block; }),
                  hazards.end());
    if (hazards.empty()) return std::nullopt;
    // Races between warps first: nothing at all orders those.
    std::stable_partition(hazards.begin(), hazards.end(),
                          [](const Hazard& h) { return h.across_warps(); });
    const Hazard& h = hazards.front();
    const std::size_t across = std::size_t(std::count_if(
        hazards.begin(), hazards.end(), [](const Hazard& x) { return x.across_warps(); }));
    std::set<std::pair<int, int>> racing;
    for (const Hazard& x : hazards)
        racing.insert({std::min(x.writer, x.other), std::max(x.writer, x.other)});
    auto pair_text = [](int a, int b) {
        return "threads " + std::to_string(std::min(a, b)) + " and " +
               std::to_string(std::max(a, b));
    };
    Question q;
    q.kind = QuestionKind::RacePair;
    q.prompt =
        "Which two threads touch the same shared word in this step, one of them writing, "
        "with no barrier between them?";
    std::vector<Candidate> wrong;
    const int lo = std::min(h.writer, h.other), hi = std::max(h.writer, h.other);
    for (auto [a, b] : {std::pair{lo, lo + 2 * (hi - lo) + 1},
                        {std::max(0, lo - 3), lo - 1},
                        {hi + 1, hi + 2},
                        {lo + 1, hi + 5},
                        {0, at.l->block - 1}}) {
        if (a < 0 || b <= a || b >= at.l->block || racing.count({a, b})) continue;
        wrong.push_back({double(a) + double(b) * 1e-6, pair_text(a, b)});
    }
    set_choices(q, {double(lo) + double(hi) * 1e-6, pair_text(lo, hi)}, wrong);
    const std::uint32_t word = h.address / 4;
    q.explanation = "thread " + std::to_string(h.writer) + " writes " + word_name(*at.l, word) +
                    " while thread " + std::to_string(h.other) +
                    (h.write_write ? " writes it too" : " reads it") +
                    ", and no barrier orders them" +
                    (h.across_warps() ? " (warps " + std::to_string(h.writer / 32) + " and " +
                                            std::to_string(h.other / 32) + ": nothing does)"
                                      : " (one warp: its lanes move together, so the read "
                                        "still sees the old value)") +
                    "; " + plural(hazards.size(), "such pair", "such pairs") + " in this step" +
                    (across == hazards.size() ? std::string(".")
                     : across == 0            ? std::string(", none between warps.")
                                   : ", " + std::to_string(across) + " of them between warps.");
    return q;
}

// --- look-back ---------------------------------------------------------------------------------

// The trace's operator on two values' bits: the kernels' own AddOp and MaxOp.
template <class T>
std::uint32_t combine_as(OpKind op, std::uint32_t left, std::uint32_t right) {
    const T a = from_bits<T>(left), b = from_bits<T>(right);
    return to_bits(op == OpKind::Max ? MaxOp<T>::combine(a, b) : AddOp<T>::combine(a, b));
}

std::uint32_t combine_bits(const Trace& trace, std::uint32_t left, std::uint32_t right) {
    return trace.request.type == ElementType::Float32
               ? combine_as<float>(trace.request.op, left, right)
               : combine_as<std::int32_t>(trace.request.op, left, right);
}

double value_key(const Trace& trace, std::uint32_t bits) {
    return numeric(bits, kind_of(trace.request.type));
}

struct LookBack {
    int tile = -1;
    // The descriptors that counted, nearest first: aggregates, then the prefix that ended it.
    std::vector<const TileEvent*> reads;
    std::uint32_t added = 0;      // what they add up to: the tile's exclusive prefix
    std::uint32_t aggregate = 0;  // the tile's own aggregate, as it published it
};

// The look-back that event `e` starts (its tile's first read), or nothing. A tile may read many
// descriptors at once (a warp reads 32) and read them again while any is not ready; what counts
// is the last status it saw of each: it stops at the nearest tile it saw with a prefix and adds
// that prefix and the aggregates of the tiles between.
std::optional<LookBack> lookback_at(const Trace& trace, int e) {
    const int l = lookback_launch(trace);
    if (l < 0) return std::nullopt;
    const auto& events = trace.launches[std::size_t(l)].events;
    if (e < 0 || e >= int(events.size())) return std::nullopt;
    const TileEvent& first = events[std::size_t(e)];
    if (first.kind != std::uint16_t(TileEventKind::Read)) return std::nullopt;
    for (int i = 0; i < e; ++i)
        if (events[std::size_t(i)].tile == first.tile &&
            events[std::size_t(i)].kind == std::uint16_t(TileEventKind::Read))
            return std::nullopt;
    LookBack lb;
    lb.tile = int(first.tile);
    std::map<int, const TileEvent*> last;  // target -> the last read of it
    bool published = false;
    for (const TileEvent& ev : events) {
        if (int(ev.tile) != lb.tile) continue;
        if (ev.kind == std::uint16_t(TileEventKind::Read) && int(ev.target) < lb.tile)
            last[int(ev.target)] = &ev;
        if (ev.kind == std::uint16_t(TileEventKind::Publish) &&
            ev.status == std::uint16_t(TileStatus::Aggregate)) {
            lb.aggregate = ev.value;
            published = true;
        }
    }
    int stop = -1;
    for (auto it = last.rbegin(); it != last.rend(); ++it)
        if (it->second->status == std::uint16_t(TileStatus::Prefix)) {
            stop = it->first;
            break;
        }
    if (stop < 0 || !published) return std::nullopt;  // never found a prefix: nothing to ask
    for (int target = lb.tile - 1; target >= stop; --target) {
        const auto found = last.find(target);
        if (found == last.end() || found->second->status == std::uint16_t(TileStatus::Invalid))
            return std::nullopt;  // a gap the records do not explain: ask nothing
        lb.reads.push_back(found->second);
    }
    // Far to near, as the kernel combines them.
    lb.added = lb.reads.back()->value;
    for (std::size_t i = lb.reads.size() - 1; i-- > 0;)
        lb.added = combine_bits(trace, lb.added, lb.reads[i]->value);
    return lb;
}

std::optional<Question> lookback_question(const Trace& trace, const QuestionPlace& place,
                                          bool value) {
    if (!place.event) return std::nullopt;
    const std::optional<LookBack> lb = lookback_at(trace, place.frame);
    if (!lb) return std::nullopt;
    const auto& reads = lb->reads;
    const int stop = int(reads.back()->target);
    const ElementKind kind = kind_of(trace.request.type);
    Question q;
    q.kind = value ? QuestionKind::LookBackValue : QuestionKind::LookBackStop;
    const std::string tile = "tile " + std::to_string(lb->tile);
    std::string walk;  // nearest first
    for (const TileEvent* r : reads)
        walk += (walk.empty() ? "" : ", ") + std::string("tile ") + std::to_string(r->target) +
                (r->status == std::uint16_t(TileStatus::Prefix) ? ": prefix " : ": aggregate ") +
                format_value(r->value, kind);
    // As the events show it: reads of tiles not out yet, read again, before the ones that count.
    const auto& events = trace.launches[std::size_t(lookback_launch(trace))].events;
    int reads_seen = 0, not_ready = 0, last_read = place.frame;
    for (int i = place.frame; i < int(events.size()); ++i) {
        const TileEvent& ev = events[std::size_t(i)];
        if (int(ev.tile) != lb->tile) continue;
        if (ev.kind == std::uint16_t(TileEventKind::Publish)) break;
        ++reads_seen;
        last_read = i;
        not_ready += ev.status == std::uint16_t(TileStatus::Invalid);
    }
    std::string seen = tile + " reads " + walk;
    if (not_ready > 0)
        seen = tile +
               " reads its predecessors' descriptors, several at once, and again while one "
               "it needs is not out yet: events " +
               std::to_string(place.frame + 1) + " to " + std::to_string(last_read + 1) + ", " +
               std::to_string(reads_seen) + " reads, " + std::to_string(not_ready) +
               (not_ready == 1 ? " of them of a tile that had published nothing. "
                               : " of them of tiles that had published nothing. ") +
               "What counts is what it saw last of each: " + walk;
    q.explanation = seen + "; the nearest prefix ends the look-back, and " + tile + " adds " +
                    format_value(lb->added, kind) + " to its values (then publishes " +
                    format_value(combine_bits(trace, lb->added, lb->aggregate), kind) +
                    ", that and its own aggregate " + format_value(lb->aggregate, kind) + ").";
    if (value) {
        q.prompt = tile +
                   " starts its look-back now. What does the look-back add to its values "
                   "(its exclusive prefix)?";
        std::vector<Candidate> wrong;
        auto add = [&](std::uint32_t bits) {
            wrong.push_back({value_key(trace, bits), format_value(bits, kind)});
        };
        add(reads.back()->value);                                   // the prefix alone
        add(reads.front()->value);                                  // the nearest descriptor alone
        add(combine_bits(trace, lb->added, lb->aggregate));         // the tile's inclusive prefix
        add(combine_bits(trace, lb->added, reads.front()->value));  // the nearest counted twice
        set_choices(q, {value_key(trace, lb->added), format_value(lb->added, kind)}, wrong);
    } else {
        q.prompt = tile +
                   " starts its look-back now. At which tile does it stop (the first one "
                   "it finds with an inclusive prefix)?";
        std::vector<Candidate> wrong;
        for (int t = lb->tile - 1; t >= 0 && t >= lb->tile - 6; --t)
            wrong.push_back({double(t), "tile " + std::to_string(t)});
        set_choices(q, {double(stop), "tile " + std::to_string(stop)}, wrong);
    }
    return q;
}

// --- active-threads ----------------------------------------------------------------------------

std::optional<Question> active_threads(const Trace& trace, const QuestionPlace& place) {
    const StepAt at = step_at(trace, place);
    if (!at.step) return std::nullopt;
    std::set<int> threads, warps;
    for (const WarpAccess& a : at.step->accesses)
        for (const LaneAccess& lane : a.lanes) {
            threads.insert(a.warp * 32 + lane.lane);
            warps.insert(a.warp);
        }
    if (threads.empty()) return std::nullopt;
    const int t = int(threads.size()), w = int(warps.size());
    const int block_warps = (at.l->block + 31) / 32;
    auto text = [](int thread_count, int warp_count) {
        return plural(std::size_t(thread_count), "thread", "threads") + " in " +
               plural(std::size_t(warp_count), "warp", "warps");
    };
    Question q;
    q.kind = QuestionKind::ActiveThreads;
    q.prompt = "How many threads do this step's work, and in how many warps?";
    std::vector<Candidate> wrong;
    for (auto [tt, ww] : {std::pair{t, (t + 31) / 32},
                          {t, std::min(t, block_warps)},
                          {2 * t, std::min(2 * t, block_warps)},
                          {2 * t, (2 * t + 31) / 32},
                          {std::max(1, t / 2), std::max(1, w / 2)},
                          {t, w * 2}}) {
        if (tt > at.l->block || ww > block_warps || ww > tt || ww * 32 < tt) continue;
        wrong.push_back({double(tt) + double(ww) * 1e-4, text(tt, ww)});
    }
    set_choices(q, {double(t) + double(w) * 1e-4, text(t, w)}, wrong);
    std::string warp_list;
    for (int x : warps)
        warp_list += (warp_list.empty() ? "" : ", ") + std::to_string(x);
    q.explanation = (t == 1 ? "thread " : "threads ") + thread_list(threads) +
                    (t == 1 ? " does" : " do") + " the work: " + text(t, w) + " (warp" +
                    (w == 1 ? " " : "s ") + warp_list + ")" +
                    (w > (t + 31) / 32 ? "; each of those warps issues the step for a few busy "
                                         "lanes while the others wait."
                                       : ", as few warps as that many threads can fill.");
    return q;
}

// A lesson's answer against a choice: the same text, or the number in "tile 3" / "bank 15".
bool answer_matches(const std::string& answer, const std::string& choice) {
    if (answer == choice) return true;
    const std::size_t space = choice.rfind(' ');
    return space != std::string::npos &&
           choice.compare(space + 1, std::string::npos, answer) == 0 && choice.find(' ') == space;
}

}  // namespace

std::optional<Question> make_question(const Trace& trace, QuestionKind kind,
                                      const QuestionPlace& asked, const BankConfig& config,
                                      const QuestionScript& script) {
    QuestionPlace place = asked;
    const bool lookback = kind == QuestionKind::LookBackStop || kind == QuestionKind::LookBackValue;
    if (lookback && script.tile >= 0) {
        place.event = true;
        place.frame = lookback_start_event(trace, script.tile);
        if (place.frame < 0)
            throw std::invalid_argument("\"tile\": tile " + std::to_string(script.tile) +
                                        " has no look-back in this trace");
    }
    std::optional<Question> q;
    switch (kind) {
        case QuestionKind::WrittenCells:
            q = written_cells(trace, place);
            break;
        case QuestionKind::CellValue:
            q = cell_value(trace, place, script.cell);
            break;
        case QuestionKind::ConflictDegree:
            q = conflict_question(trace, place, config, false);
            break;
        case QuestionKind::WorstBank:
            q = conflict_question(trace, place, config, true);
            break;
        case QuestionKind::RacePair:
            q = race_pair(trace, place);
            break;
        case QuestionKind::LookBackStop:
            q = lookback_question(trace, place, false);
            break;
        case QuestionKind::LookBackValue:
            q = lookback_question(trace, place, true);
            break;
        case QuestionKind::ActiveThreads:
            q = active_threads(trace, place);
            break;
    }
    if (!q || q->choices.size() < 2) return std::nullopt;  // one choice asks nothing
    // Sentences start with a capital ("Tile 3 starts its look-back", "Warp 0's first read...").
    for (std::string* text : {&q->prompt, &q->explanation})
        if (!text->empty() && (*text)[0] >= 'a' && (*text)[0] <= 'z')
            (*text)[0] = char((*text)[0] - 'a' + 'A');
    q->place = place;
    if (!script.prompt.empty()) q->prompt = script.prompt;
    q->lesson_note = script.explain;
    if (!script.answer.empty() && !answer_matches(script.answer, q->choices[std::size_t(q->right)]))
        throw std::invalid_argument("\"answer\": the lesson expects '" + script.answer +
                                    "', the trace says '" + q->choices[std::size_t(q->right)] +
                                    "'");
    return q;
}

std::optional<Question> default_question(const Trace& trace, const QuestionPlace& place,
                                         const BankConfig& config) {
    if (place.event) {
        const std::optional<LookBack> lb = lookback_at(trace, place.frame);
        if (!lb) return std::nullopt;
        return make_question(
            trace, lb->tile % 2 ? QuestionKind::LookBackStop : QuestionKind::LookBackValue, place,
            config);
    }
    std::vector<QuestionKind> order = {QuestionKind::RacePair};
    const VariantInfo* variant = find_card(trace.request);
    if (variant && variant->algorithm == Algorithm::Reduce)
        order.push_back(QuestionKind::ActiveThreads);
    const StepAt at = step_at(trace, place);
    if (at.step) {
        const int worst = worst_access(*at.step, config);
        if (worst >= 0 &&
            analyze_access(*memory_accesses(*at.step)[std::size_t(worst)], config).degree > 1)
            order.push_back(place.frame % 2 ? QuestionKind::WorstBank
                                            : QuestionKind::ConflictDegree);
    }
    order.push_back(place.frame % 2 ? QuestionKind::CellValue : QuestionKind::WrittenCells);
    for (QuestionKind kind : order)
        if (auto q = make_question(trace, kind, place, config)) return q;
    return std::nullopt;
}

std::vector<Question> scripted_questions(const Trace& trace,
                                         const std::vector<LessonQuestion>& script,
                                         const BankConfig& config) {
    std::vector<Question> questions;
    for (const LessonQuestion& lq : script) {
        const std::string where = "line " + std::to_string(lq.line) + ": " +
                                  question_kind_key(lq.kind) + " question" +
                                  (lq.step > 0 ? " before step " + std::to_string(lq.step) : "");
        try {
            const QuestionPlace place{false, lq.step - 1, lq.block};
            std::optional<Question> q = make_question(trace, lq.kind, place, config, lq.script);
            if (!q) throw std::invalid_argument("the trace has nothing of that kind to ask there");
            questions.push_back(std::move(*q));
        } catch (const std::invalid_argument& e) {
            throw std::runtime_error(where + ": " + e.what());
        }
    }
    return questions;
}

std::optional<Question> question_at(const Trace& trace, const std::vector<Question>& scripted,
                                    const QuestionPlace& place, const BankConfig& config,
                                    bool scripted_only) {
    for (const Question& q : scripted)
        if (q.place.event == place.event && q.place.frame == place.frame &&
            (place.event || q.place.block == place.block))
            return q;
    if (scripted_only) return std::nullopt;
    return default_question(trace, place, config);
}

std::vector<Question> all_questions(const Trace& trace, const std::vector<Question>& scripted,
                                    const BankConfig& config, bool scripted_only, int block) {
    std::vector<Question> out;
    const auto walk = [&](bool event, int frames) {
        for (int frame = 1; frame < frames; ++frame)
            if (auto q = question_at(trace, scripted, {event, frame, block}, config, scripted_only))
                out.push_back(std::move(*q));
    };
    walk(false, int(trace.frame_count()));
    if (const int l = lookback_launch(trace); l >= 0)
        walk(true, int(trace.launches[std::size_t(l)].events.size()));
    return out;
}

int lookback_start_event(const Trace& trace, int tile) {
    const int l = lookback_launch(trace);
    if (l < 0) return -1;
    const auto& events = trace.launches[std::size_t(l)].events;
    for (std::size_t i = 0; i < events.size(); ++i)
        if (int(events[i].tile) == tile && events[i].kind == std::uint16_t(TileEventKind::Read))
            return int(i);
    return -1;
}

bool is_right(const Question& q, int choice) {
    return choice == q.right;
}

bool is_right_cells(const Question& q, const std::vector<std::uint32_t>& picked) {
    std::vector<std::uint32_t> sorted = picked;
    std::sort(sorted.begin(), sorted.end());
    sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
    return q.kind == QuestionKind::WrittenCells && sorted == q.cells;
}

char choice_key(int i) {
    return char('A' + i);
}

}  // namespace scanscope
