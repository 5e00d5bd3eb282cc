#include "player/predict.h"

namespace scanscope {

void Predictor::start(const Session& session, std::vector<Question> scripted) {
    scripted_ = std::move(scripted);
    cache_.clear();
    pending_.reset();
    outcome_.reset();
    tally_ = {};
    revealed_steps_ = session.loaded() ? session.steps.position() : 0;
    revealed_events_ = session.loaded() ? session.events.position() : 0;
}

void Predictor::set_enabled(const Session& session, bool on) {
    if (on && !enabled_) {
        // What is on the screen now counts as seen; questions start with the next step.
        revealed_steps_ = session.loaded() ? session.steps.position() : 0;
        revealed_events_ = session.loaded() ? session.events.position() : 0;
    }
    if (!on) pending_.reset(), outcome_.reset();
    enabled_ = on;
}

std::optional<Question> Predictor::question_at(const Session& session, bool event, int frame) {
    // The questions on look-back events are asked of the first launch with a look-back.
    if (event && session.lookback_launch() != lookback_launch(session.trace())) return std::nullopt;
    const auto key = std::make_tuple(event, frame, session.block);
    if (const auto found = cache_.find(key); found != cache_.end()) return found->second;
    std::optional<Question> q;
    try {
        q = scanscope::question_at(session.trace(), scripted_, {event, frame, session.block},
                                   session.bank_config());
    } catch (const std::exception&) {
        q.reset();  // nothing sensible to ask here: show the step
    }
    cache_[key] = q;
    return q;
}

void Predictor::hold(Session& session) {
    if (!enabled_ || !session.loaded()) return;
    const bool event = session.view == ViewKind::LookBack;
    Timeline& t = session.timeline();
    int& revealed = event ? revealed_events_ : revealed_steps_;
    if (pending_) {
        if (pending_->place.event != event) {
            pending_.reset();  // the view changed timelines: ask again when it comes back
        } else if (t.position() < pending_->place.frame - 1) {
            pending_.reset();  // moved back: no longer waiting for this one
            revealed = std::min(revealed, t.position());
        } else {
            if (t.position() != pending_->place.frame - 1) t.seek(pending_->place.frame - 1);
            t.pause();
            return;
        }
    }
    if (t.position() <= revealed) return;
    for (int f = revealed + 1; f <= t.position(); ++f) {
        if (std::optional<Question> q = question_at(session, event, f)) {
            t.seek(f - 1);
            t.pause();
            revealed = f - 1;
            pending_ = std::move(q);
            outcome_.reset();
            return;
        }
    }
    revealed = t.position();
}

void Predictor::reveal(Session& session, PredictOutcome outcome) {
    const Question& q = outcome.question;
    Timeline& t = session.timeline();
    int& revealed = q.place.event ? revealed_events_ : revealed_steps_;
    revealed = std::max(revealed, q.place.frame);
    t.seek(q.place.frame - 1);
    t.forward();  // glide into the step, as a step forward does
    if (!outcome.skipped) {
        Score& s = tally_[std::size_t(q.kind)];
        ++s.asked;
        s.right += outcome.right ? 1 : 0;
    }
    outcome_ = std::move(outcome);
    pending_.reset();
}

bool Predictor::answer(Session& session, int choice) {
    if (!pending_ || choice < 0 || choice >= int(pending_->choices.size())) return false;
    const bool right = is_right(*pending_, choice);
    reveal(session, {*pending_, choice, right, false});
    return right;
}

bool Predictor::answer_cells(Session& session, const std::vector<std::uint32_t>& picked) {
    if (!pending_ || pending_->kind != QuestionKind::WrittenCells) return false;
    const bool right = is_right_cells(*pending_, picked);
    reveal(session, {*pending_, -1, right, false});
    return right;
}

void Predictor::skip(Session& session) {
    if (pending_) reveal(session, {*pending_, -1, false, true});
}

Score Predictor::total() const {
    Score total;
    for (const Score& s : tally_) {
        total.asked += s.asked;
        total.right += s.right;
    }
    return total;
}

}  // namespace scanscope
