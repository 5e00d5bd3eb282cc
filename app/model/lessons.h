// Lessons: ready-made captures from assets/lessons/*.json (the seeds' worked examples).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "variants/run_request.h"

namespace scanscope {

struct Lesson {
    std::string key;  // file name without .json, e.g. "01-harris-blelloch"
    std::string title;
    std::string text;
    RunRequest request;
    std::vector<std::uint32_t> input;  // empty: random from `seed`
    std::uint64_t seed = 1;
    std::string view;     // a view key, or empty
    std::string compare;  // a variant to compare with, or empty
};

// Throws std::runtime_error naming the file and the problem.
Lesson load_lesson(const std::string& path);
// Every lesson in `directory`, sorted by key; files that fail to load are listed in `errors`.
std::vector<Lesson> load_lessons(const std::string& directory, std::vector<std::string>& errors);
// The lesson named `key`, or null.
const Lesson* find_lesson(const std::vector<Lesson>& lessons, const std::string& key);
// "01-harris-blelloch, 02-kirk-hwu-ping-pong, ...": the names --lesson takes.
std::string lesson_names(const std::vector<Lesson>& lessons);
// The input the lesson runs on.
std::vector<std::uint32_t> lesson_input(const Lesson& lesson);

}  // namespace scanscope
