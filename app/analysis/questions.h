// Predict mode's questions, made from a trace and checked against it: before a step (or a
// look-back event) is shown, ask what it will do; the right answer is what the trace holds, and
// the explanation is one sentence built from the same records ("thread 3 reads temp[3] = 11 and
// temp[7] = 14 and writes 25 to temp[7]"). Every variant, input and captured GPU trace gets
// questions this way; a lesson may fix the kind, the cell or tile, its own wording, and the answer
// it expects (checked against the trace). No ImGui here.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/banks.h"
#include "model/lessons.h"
#include "model/question_kind.h"
#include "model/trace.h"

namespace scanscope {

// Where a question is asked: before step frame `frame` (0-based, as the step timeline counts) of
// block `block`, or before look-back event `frame` (the look-back view's timeline).
struct QuestionPlace {
    bool event = false;
    int frame = 0;
    int block = 0;
};

struct Question {
    QuestionKind kind = QuestionKind::WrittenCells;
    QuestionPlace place;
    std::string prompt;
    std::vector<std::string> choices;  // shown with keys A, B, C, ...
    int right = 0;                     // index into choices
    // written-cells: the words the step writes (a student may click them instead of choosing);
    // cell-value: the one word asked about.
    std::vector<std::uint32_t> cells;
    std::string explanation;  // what happened, from the trace
    std::string lesson_note;  // the lesson's own explanation, if any
};

// A question of `kind` about `place`; nothing where the step holds nothing of that kind (no
// write, no conflict, no race, not the start of a look-back). Throws std::invalid_argument where
// a script's cell or tile does not exist or its answer is not the trace's.
std::optional<Question> make_question(const Trace& trace, QuestionKind kind,
                                      const QuestionPlace& place, const BankConfig& config,
                                      const QuestionScript& script = {});

// The question predict mode asks where no lesson scripts one: a race where threads race, the
// active threads in a reduction, the conflict where a warp access conflicts, else the cells a
// step writes or a value it writes; at a look-back event, where the look-back stops or what it
// adds. Nothing for a step that writes no shared memory.
std::optional<Question> default_question(const Trace& trace, const QuestionPlace& place,
                                         const BankConfig& config);

// A lesson's scripted questions made against the lesson's trace, in the lesson's order. Throws
// std::runtime_error naming the question's line where the trace has nothing to ask there or the
// lesson's answer is not the trace's.
std::vector<Question> scripted_questions(const Trace& trace,
                                         const std::vector<LessonQuestion>& script,
                                         const BankConfig& config);

// The question asked at `place`: the lesson's first there, else (unless `scripted_only`) the
// generated one; nothing where neither asks. What predict mode and `scanscope questions` ask.
std::optional<Question> question_at(const Trace& trace, const std::vector<Question>& scripted,
                                    const QuestionPlace& place, const BankConfig& config,
                                    bool scripted_only = false);

// Every question asked on the trace, step by step and then look-back event by event, as
// question_at asks them (about block `block`): a worksheet's, `scanscope questions`'.
std::vector<Question> all_questions(const Trace& trace, const std::vector<Question>& scripted,
                                    const BankConfig& config, bool scripted_only = false,
                                    int block = 0);

// The look-back event at which tile `tile` reads its first predecessor; -1 if it never does.
int lookback_start_event(const Trace& trace, int tile);

bool is_right(const Question& q, int choice);
// written-cells answered by clicking: right when exactly the written words are picked.
bool is_right_cells(const Question& q, const std::vector<std::uint32_t>& picked);
// The letter of choice `i`: A, B, C, ...
char choice_key(int i);

}  // namespace scanscope
