#include "analysis/questions.h"

#include <algorithm>
#include <stdexcept>

#include "analysis/question_parts.h"
#include "model/trace_queries.h"

namespace scanscope {
namespace {

using namespace question_parts;

// Each kind's maker (one file a kind, question_*.cpp), in QuestionKind's order.
using Maker = std::optional<Question> (*)(const Trace&, const QuestionPlace&, const BankConfig&,
                                          const QuestionScript&);

Maker maker(QuestionKind kind) {
    static const Maker makers[kQuestionKinds] = {
        [](const Trace& t, const QuestionPlace& p, const BankConfig&, const QuestionScript&) {
            return written_cells(t, p);
        },
        [](const Trace& t, const QuestionPlace& p, const BankConfig&, const QuestionScript& s) {
            return cell_value(t, p, s.cell);
        },
        [](const Trace& t, const QuestionPlace& p, const BankConfig& c, const QuestionScript&) {
            return conflict_question(t, p, c, false);
        },
        [](const Trace& t, const QuestionPlace& p, const BankConfig& c, const QuestionScript&) {
            return conflict_question(t, p, c, true);
        },
        [](const Trace& t, const QuestionPlace& p, const BankConfig&, const QuestionScript&) {
            return race_pair(t, p);
        },
        [](const Trace& t, const QuestionPlace& p, const BankConfig&, const QuestionScript&) {
            return lookback_question(t, p, false);
        },
        [](const Trace& t, const QuestionPlace& p, const BankConfig&, const QuestionScript&) {
            return lookback_question(t, p, true);
        },
        [](const Trace& t, const QuestionPlace& p, const BankConfig&, const QuestionScript&) {
            return active_threads(t, p);
        },
        [](const Trace& t, const QuestionPlace& p, const BankConfig&, const QuestionScript&) {
            return kept_count(t, p);
        },
        [](const Trace& t, const QuestionPlace& p, const BankConfig&, const QuestionScript& s) {
            return destination(t, p, s.cell);
        },
        [](const Trace& t, const QuestionPlace& p, const BankConfig&, const QuestionScript&) {
            return box_sum(t, p);
        },
        [](const Trace& t, const QuestionPlace& p, const BankConfig&, const QuestionScript&) {
            return pass_bit(t, p);
        },
    };
    static_assert(int(QuestionKind::PassBit) == kQuestionKinds - 1,
                  "a maker for every question kind, in QuestionKind's order");
    return makers[int(kind)];
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
    std::optional<Question> q = maker(kind)(trace, place, config, script);
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
    if (variant && variant->algorithm == Algorithm::Compact)
        order.push_back(QuestionKind::KeptCount);  // before the root is cleared
    if (variant && variant->algorithm == Algorithm::SummedArea)
        order.push_back(QuestionKind::BoxSum);  // before the store
    if (variant && variant->algorithm == Algorithm::Split)
        order.push_back(QuestionKind::PassBit);  // as a radix sort's pass starts
    if (variant &&
        (variant->algorithm == Algorithm::Compact || variant->algorithm == Algorithm::Split))
        order.push_back(QuestionKind::Destination);  // before the scatter
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
