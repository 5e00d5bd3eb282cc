#include "player/session.h"

#include <algorithm>

#include "analysis/consistency.h"
#include "capture/replay_check.h"
#include "scenes/lookback_scene.h"

namespace scanscope {

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

std::string Session::problem_of(const Trace& trace, Origin origin) {
    std::string problem = first_inconsistency(trace);
    if (problem.empty() && origin == Origin::File) problem = first_replay_difference(trace);
    return problem;
}

void Session::load(Trace trace, Origin origin) {
    trace_ = std::move(trace);
    frames_ = step_frames(*trace_);
    steps.reset(int(frames_.size()));
    lookback_launch_ = scanscope::lookback_launch(*trace_);
    events.reset(lookback_launch_ < 0
                     ? 0
                     : int(trace_->launches[std::size_t(lookback_launch_)].events.size()));
    block = 0;
    access = -1;
    view = default_view(*trace_);
    config_.banks = trace_->request.banks;
    config_.width_bytes = trace_->bank_width_bytes;
    inconsistency_ = problem_of(*trace_, origin);
    analyse();
}

void Session::show_lookback_of(int launch) {
    if (!trace_ || launch == lookback_launch_ ||
        scanscope::lookback_launch(*trace_, launch) != launch)
        return;
    lookback_launch_ = launch;
    events.reset(int(trace_->launches[std::size_t(launch)].events.size()));
    analyse_events();
}

void Session::set_compare(Trace trace, Origin origin) {
    compare_inconsistency_ = problem_of(trace, origin);
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
    analyse_events();
}

void Session::analyse_events() {
    running_events_.clear();
    event_places_.clear();
    const int l = lookback_launch_;
    if (l < 0) return;
    const Launch& launch = trace_->launches[std::size_t(l)];
    const LaunchBanks& lb = banks_.launches[std::size_t(l)];
    const std::vector<TileWork> work = tiles_worked(*trace_, l);
    // Each block's tiles in the order it looked back for them, and how far it has come: a block
    // publishes an aggregate during the look-back of the tile it is on (its own, or the one before
    // it, when it publishes the next tile's aggregate ahead).
    std::vector<std::vector<int>> tiles_of_block(std::size_t(launch.grid));
    for (std::size_t t = 0; t < work.size(); ++t)
        if (work[t].block >= 0) tiles_of_block[std::size_t(work[t].block)].push_back(int(t));
    for (auto& tiles : tiles_of_block)
        std::sort(tiles.begin(), tiles.end(), [&](int a, int b) {
            return work[std::size_t(a)].step < work[std::size_t(b)].step;
        });
    std::vector<std::size_t> on(std::size_t(launch.grid), 0);  // index into tiles_of_block
    std::vector<int> counted(std::size_t(launch.grid), 0);
    ConflictTotals sum;
    for (const TileEvent& e : launch.events) {
        const TileWork w = e.tile < work.size() ? work[e.tile] : TileWork{};
        EventPlace place{w.block, w.step};
        if (w.block >= 0) {
            const std::size_t b = std::size_t(w.block);
            const bool publish = e.kind == std::uint16_t(TileEventKind::Publish);
            const bool prefix = TileStatus(e.status) == TileStatus::Prefix;
            if (publish && !prefix && on[b] < tiles_of_block[b].size())
                place.step = work[std::size_t(tiles_of_block[b][on[b]])].step;
            // Publishing an aggregate ends the steps before the look-back; a prefix, the look-back.
            const int done = place.step + (publish && prefix ? 1 : 0);
            for (int s = counted[b]; s < done; ++s)
                sum.add(lb.steps[std::size_t(launch.first_step(w.block) + s)]);
            counted[b] = std::max(counted[b], done);
            if (publish && prefix) ++on[b];
        }
        event_places_.push_back(place);
        running_events_.push_back(sum);
    }
}

Cursor Session::cursor() const {
    Cursor c;
    if (!trace_ || frames_.empty()) return c;
    if (view == ViewKind::LookBack && !event_places_.empty()) {
        const int e = std::clamp(events.position(), 0, int(event_places_.size()) - 1);
        const EventPlace place = event_places_[std::size_t(e)];
        if (place.block >= 0) {
            c.launch = lookback_launch_;
            c.block = place.block;
            c.step = std::max(place.step, 0);
            c.focus_warp = focus_warp;
            return c;
        }
    }
    const StepFrame& f =
        frames_[std::size_t(std::clamp(steps.position(), 0, int(frames_.size()) - 1))];
    c.launch = f.launch;
    c.step = f.step;
    c.block = std::clamp(block, 0, trace_->launches[std::size_t(f.launch)].grid - 1);
    // A block with fewer steps than the launch's longest shows its last.
    c.step = std::min(c.step,
                      std::max(0, trace_->launches[std::size_t(f.launch)].steps_of(c.block) - 1));
    c.glide = steps.glide();
    c.focus_warp = focus_warp;
    return c;
}

const Step* Session::current_step() const {
    if (!trace_ || frames_.empty()) return nullptr;
    const Cursor c = cursor();
    return find_step(trace_->launches[std::size_t(c.launch)], c.block, c.step);
}

const ConflictTotals& Session::conflicts_so_far() const {
    static const ConflictTotals none;
    if (view == ViewKind::LookBack && !running_events_.empty())
        return running_events_[std::size_t(
            std::clamp(events.position(), 0, int(running_events_.size()) - 1))];
    if (running_.empty()) return none;
    return running_[std::size_t(std::clamp(steps.position(), 0, int(running_.size()) - 1))];
}

void Session::seek_step(int launch, int step) {
    for (std::size_t f = 0; f < frames_.size(); ++f)
        if (frames_[f].launch == launch && frames_[f].step == step) return steps.seek(int(f));
}

}  // namespace scanscope
