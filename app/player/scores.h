// A student's record in predict mode: per lesson (or variant) and question kind, how many were
// asked and how many answered right. Kept in the user's data directory ($XDG_DATA_HOME, else
// ~/.local/share: scanscope/scores.json), written whole and atomically after each answer.
#pragma once

#include <array>
#include <map>
#include <string>
#include <vector>

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
    using Lessons = std::map<std::string, std::array<Score, kQuestionKinds>>;
    const Lessons& lessons() const { return lessons_; }
    int entries() const;  // lesson and kind pairs with a question asked
    void reset() { lessons_.clear(); }

    std::string to_json() const;
    // What can be read of `text`: every whole, possible entry; the rest, one reason each, goes to
    // `dropped` (a text that is no score book at all gives an empty book and one reason).
    static ScoreBook from_json(const std::string& text, std::vector<std::string>* dropped);

  private:
    Lessons lessons_;
};

// $XDG_DATA_HOME/scanscope/scores.json, or ~/.local/share/...; empty when neither is set.
std::string default_scores_path();
// A missing file is an empty book. From a damaged one (an impossible entry, a truncated tail, a
// count too large, not a score book) the valid entries are kept, the file as it was is copied
// beside it (PATH.damaged-TIME) and `note` says what was left out; it stays empty otherwise.
ScoreBook load_scores(const std::string& path, std::string* note = nullptr);
// Creates the directory; atomic (platform/file_write.h). Throws std::runtime_error.
void save_scores(const ScoreBook& book, const std::string& path);

}  // namespace scanscope
