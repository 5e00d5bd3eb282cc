// The parts predict mode's question kinds share (questions.cpp asks them; one file a kind:
// question_written_cells.cpp, ...): the step a question is about, choices, wording, values, the
// look-back an event starts. Internal to the questions.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "analysis/questions.h"

namespace scanscope::question_parts {

// The step a step-frame question is about, with the launch it belongs to.
struct StepAt {
    int launch = -1;
    const Launch* l = nullptr;
    const Step* step = nullptr;
};

StepAt step_at(const Trace& trace, const QuestionPlace& place);

// Choices: candidates sorted by their key, the right one among them, duplicates (by text) and
// all but `count` of the wrong ones dropped.
struct Candidate {
    double key;
    std::string text;
};

void set_choices(Question& q, const Candidate& right, std::vector<Candidate> wrong,
                 std::size_t count = 4);

// "2nd", "3rd", "4th", "21st".
std::string ordinal(std::uint32_t k);
std::string join_words(const Launch& l, const std::vector<std::uint32_t>& words);
std::vector<std::uint32_t> words_of(const Step& step, AccessKind kind);
std::string thread_list(const std::set<int>& threads);
std::string plural(std::size_t n, const std::string& one, const std::string& many);
// A value's bits as the number they are, to order the choices by.
double numeric(std::uint32_t bits, ElementKind kind);
// The trace's operator on two values' bits: the kernels' own AddOp and MaxOp.
std::uint32_t combine_bits(const Trace& trace, std::uint32_t left, std::uint32_t right);
// The same on values of `kind` (the look-back's counts in a compaction: global_value_kind).
std::uint32_t combine_bits(const Trace& trace, std::uint32_t left, std::uint32_t right,
                           ElementKind kind);
double value_key(const Trace& trace, std::uint32_t bits);

struct LookBack {
    int tile = -1;
    // The descriptors that counted, nearest first: aggregates, then the prefix that ended it.
    std::vector<const TileEvent*> reads;
    std::uint32_t added = 0;      // what they add up to: the tile's exclusive prefix
    std::uint32_t aggregate = 0;  // the tile's own aggregate, as it published it
};

// The look-back that event `e` starts (its tile's first read), or nothing.
std::optional<LookBack> lookback_at(const Trace& trace, int e);

// The kinds, each in its own file.
std::optional<Question> written_cells(const Trace& trace, const QuestionPlace& place);
std::optional<Question> cell_value(const Trace& trace, const QuestionPlace& place, int cell);
std::optional<Question> conflict_question(const Trace& trace, const QuestionPlace& place,
                                          const BankConfig& config, bool which_bank);
std::optional<Question> race_pair(const Trace& trace, const QuestionPlace& place);
std::optional<Question> lookback_question(const Trace& trace, const QuestionPlace& place,
                                          bool value);
std::optional<Question> active_threads(const Trace& trace, const QuestionPlace& place);
std::optional<Question> kept_count(const Trace& trace, const QuestionPlace& place);
std::optional<Question> destination(const Trace& trace, const QuestionPlace& place, int element);
std::optional<Question> box_sum(const Trace& trace, const QuestionPlace& place);
std::optional<Question> pass_bit(const Trace& trace, const QuestionPlace& place);

// The phase of the step a question is about ("clear root", "scatter"), or "".
std::string phase_of(const Trace& trace, const StepAt& at);

}  // namespace scanscope::question_parts
