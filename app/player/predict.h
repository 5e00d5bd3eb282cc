// Predict mode: the timeline does not show a step (or look-back event) until its question has
// been answered. Whatever moves the timeline forward (a key, a button, play, the scrubber) is held
// back at the step before the first unanswered question; the answer reveals the step and says
// right or wrong and why. Moving back is free. No ImGui here.
#pragma once

#include <array>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "analysis/questions.h"
#include "player/scores.h"
#include "player/session.h"

namespace scanscope {

struct PredictOutcome {
    Question question;
    int choice = -1;  // -1: answered by picking cells, or skipped
    bool right = false;
    bool skipped = false;
};

class Predictor {
  public:
    // A new trace (and the lesson's own questions for it, asked in place of the generated ones).
    void start(const Session& session, std::vector<Question> scripted);
    void set_enabled(const Session& session, bool on);
    bool enabled() const { return enabled_; }

    // Call once a frame after the timeline may have moved: holds it back before an unanswered
    // question, which then becomes pending.
    void hold(Session& session);
    const Question* pending() const { return pending_ ? &*pending_ : nullptr; }
    // The last answer, shown with the revealed step until the next question.
    const PredictOutcome* outcome() const { return outcome_ ? &*outcome_ : nullptr; }
    void dismiss_outcome() { outcome_.reset(); }

    // Answers the pending question and reveals its step. Returns whether it was right.
    bool answer(Session& session, int choice);
    bool answer_cells(Session& session, const std::vector<std::uint32_t>& picked);
    // Reveals without scoring.
    void skip(Session& session);

    // This sitting's answers (a class's tally): per kind, and in all.
    const std::array<Score, kQuestionKinds>& tally() const { return tally_; }
    Score total() const;

  private:
    std::optional<Question> question_at(const Session& session, bool event, int frame);
    void reveal(Session& session, PredictOutcome outcome);

    bool enabled_ = false;
    std::vector<Question> scripted_;
    std::map<std::tuple<bool, int, int>, std::optional<Question>> cache_;  // event, frame, block
    int revealed_steps_ = 0, revealed_events_ = 0;  // the furthest frame shown on each timeline
    std::optional<Question> pending_;
    std::optional<PredictOutcome> outcome_;
    std::array<Score, kQuestionKinds> tally_{};
};

}  // namespace scanscope
