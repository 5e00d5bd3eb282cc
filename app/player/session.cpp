#include "player/session.h"

#include <algorithm>

#include "scenes/lookback_scene.h"

namespace scanscope {

std::vector<StepFrame> step_frames(const Trace& trace) {
    std::vector<StepFrame> frames;
    for (std::size_t l = 0; l < trace.launches.size(); ++l) {
        const Launch& launch = trace.launches[l];
        int most = 0;
        for (int b = 0; b < launch.grid; ++b)
            most = std::max(most, launch.steps_of(b));
        for (int s = 0; s < most; ++s)
            frames.push_back({int(l), s});
    }
    return frames;
}

std::string narrate(const Trace& trace, const Step& step) {
    const StepLabel* label = trace.label(step.line);
    if (!label) return {};
    std::string text = label->narration;
    for (std::size_t v = 0; v < label->vars.size() && v < step.vars.size(); ++v) {
        const std::string key = "{" + label->vars[v] + "}";
        for (std::size_t at = text.find(key); at != std::string::npos; at = text.find(key, at))
            text.replace(at, key.size(), std::to_string(step.vars[v]));
    }
    return text;
}

void Session::load(Trace trace) {
    trace_ = std::move(trace);
    frames_ = step_frames(*trace_);
    steps.reset(int(frames_.size()));
    const int l = lookback_launch(*trace_);
    events.reset(l < 0 ? 0 : int(trace_->launches[std::size_t(l)].events.size()));
    block = 0;
    access = -1;
    view = default_view(*trace_);
    config_.banks = trace_->request.banks;
    config_.width_bytes = trace_->bank_width_bytes;
    analyse();
}

void Session::set_compare(Trace trace) {
    compare_ = std::move(trace);
}

void Session::set_bank_config(const BankConfig& config) {
    config_ = config;
    if (trace_) analyse();
}

void Session::analyse() {
    banks_ = analyze_banks(*trace_, config_);
    running_.assign(frames_.size(), ConflictTotals{});
    ConflictTotals sum;
    for (std::size_t f = 0; f < frames_.size(); ++f) {
        const Launch& launch = trace_->launches[std::size_t(frames_[f].launch)];
        const LaunchBanks& lb = banks_.launches[std::size_t(frames_[f].launch)];
        for (std::size_t s = 0; s < launch.steps.size(); ++s)
            if (launch.steps[s].index == frames_[f].step) sum.add(lb.steps[s]);
        running_[f] = sum;
    }
}

Cursor Session::cursor() const {
    Cursor c;
    if (!trace_ || frames_.empty()) return c;
    const StepFrame& f =
        frames_[std::size_t(std::clamp(steps.position(), 0, int(frames_.size()) - 1))];
    c.launch = f.launch;
    c.step = f.step;
    c.block = std::clamp(block, 0, trace_->launches[std::size_t(f.launch)].grid - 1);
    // A block with fewer steps than the launch's longest shows its last.
    c.step = std::min(c.step,
                      std::max(0, trace_->launches[std::size_t(f.launch)].steps_of(c.block) - 1));
    c.glide = steps.glide();
    return c;
}

const Step* Session::current_step() const {
    if (!trace_ || frames_.empty()) return nullptr;
    const Cursor c = cursor();
    return find_step(trace_->launches[std::size_t(c.launch)], c.block, c.step);
}

const ConflictTotals& Session::conflicts_so_far() const {
    static const ConflictTotals none;
    if (running_.empty()) return none;
    return running_[std::size_t(std::clamp(steps.position(), 0, int(running_.size()) - 1))];
}

void Session::seek_step(int launch, int step) {
    for (std::size_t f = 0; f < frames_.size(); ++f)
        if (frames_[f].launch == launch && frames_[f].step == step) return steps.seek(int(f));
}

}  // namespace scanscope
