// JSON text parsed with the line of every object key kept, so that a message about a hand-written
// file (a lesson) can say where: "line 14: questions[2].kind: unknown kind 'x'".
#pragma once

#include <nlohmann/json.hpp>

#include <map>
#include <string>

namespace scanscope {

struct LinedJson {
    nlohmann::json value;
    std::map<std::string, int> lines;  // JSON pointer of a key ("/questions/2/kind") -> its line

    // The line of `pointer`'s key, or of its nearest parent that has one; 0 if none does.
    int line_of(std::string pointer) const;
};

// Throws nlohmann::json::parse_error (its message names the line and column) for bad JSON.
LinedJson parse_with_lines(const std::string& text);

// "questions[2].kind" for "/questions/2/kind".
std::string field_name(const std::string& pointer);

}  // namespace scanscope
