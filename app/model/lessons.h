// Lessons: ready-made captures from assets/lessons/*.json (the seeds' worked examples).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/question_kind.h"
#include "variants/run_request.h"

namespace scanscope {

// The longest texts a lesson file may hold, in bytes (the shipped lessons use at most a third):
// longer ones would not fit a screen, and each is drawn in one draw list of at most 65536
// vertices (a 24,000-character text once stopped the window).
constexpr std::size_t kMaxTitleChars = 120;
constexpr std::size_t kMaxLessonTextChars = 3000;
constexpr std::size_t kMaxPromptChars = 400;
constexpr std::size_t kMaxExplainChars = 1200;
constexpr std::size_t kMaxNarrationChars = 1000;
// A lesson file larger than this is refused before it is read.
constexpr std::size_t kMaxLessonFileBytes = 4u << 20;

// A question the lesson asks, in its own words, at a step of its choosing (predict mode).
struct LessonQuestion {
    QuestionKind kind = QuestionKind::WrittenCells;
    int step =
        0;  // asked before the window's step `step` (from 2) is shown; 0: at `tile`'s look-back
    int block = 0;  // the block it asks about
    QuestionScript script;
    int line = 0;  // where the lesson file states it
};

struct Lesson {
    std::string key;  // file name without .json, e.g. "01-harris-blelloch"
    std::string title;
    std::string text;
    RunRequest request;
    std::vector<std::uint32_t> input;  // empty: random from `seed`
    std::uint64_t seed = 1;
    std::string view;     // a view key, or empty
    std::string compare;  // a variant to compare with, or empty
    std::vector<LessonQuestion> questions;
    std::map<int, std::string> narration;  // the window's step number -> the lesson's sentence
};

// Throws std::runtime_error naming the file, the line, the field and the problem:
// "lesson 'my.json', line 14: questions[2].kind: unknown kind 'cells' (the kinds: ...)".
Lesson load_lesson(const std::string& path);
// The same from the file's text; `path` names it in messages and gives the lesson its key.
Lesson parse_lesson(const std::string& text, const std::string& path);
// Every lesson in `directory`, sorted by key; files that fail to load are listed in `errors`.
std::vector<Lesson> load_lessons(const std::string& directory, std::vector<std::string>& errors);
// The lesson named `key`, or null.
const Lesson* find_lesson(const std::vector<Lesson>& lessons, const std::string& key);
// "01-harris-blelloch, 02-kirk-hwu-ping-pong, ...": the names --lesson takes.
std::string lesson_names(const std::vector<Lesson>& lessons);
// The input the lesson runs on.
std::vector<std::uint32_t> lesson_input(const Lesson& lesson);

}  // namespace scanscope
