// A student's record in predict mode: per lesson (or variant) and question kind, how many were
// asked and how many answered right. Kept in the user's data directory ($XDG_DATA_HOME, else
// ~/.local/share: scanscope/scores.json), written whole and atomically after each answer.
#pragma once

#include <array>
#include <map>
#include <string>

#include "model/question_kind.h"

namespace scanscope {

struct Score {
    int asked = 0;
    int right = 0;
};

class ScoreBook {
  public:
    void record(const std::string& lesson, QuestionKind kind, bool right);
    Score score(const std::string& lesson, QuestionKind kind) const;
    Score lesson_total(const std::string& lesson) const;
    const std::map<std::string, std::array<Score, kQuestionKinds>>& lessons() const {
        return lessons_;
    }
    void reset() { lessons_.clear(); }

    std::string to_json() const;
    // Throws std::runtime_error for a file that is not a score book.
    static ScoreBook from_json(const std::string& text);

  private:
    std::map<std::string, std::array<Score, kQuestionKinds>> lessons_;
};

// $XDG_DATA_HOME/scanscope/scores.json, or ~/.local/share/...; empty when neither is set.
std::string default_scores_path();
// A missing file is an empty book; a damaged one throws (the caller says so and starts afresh).
ScoreBook load_scores(const std::string& path);
// Creates the directory; atomic (platform/file_write.h). Throws std::runtime_error.
void save_scores(const ScoreBook& book, const std::string& path);

}  // namespace scanscope
