#include "player/session.h"

#include <algorithm>

#include "analysis/consistency.h"
#include "scan/decoupled_lookback.h"
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
    inconsistency_ = first_inconsistency(*trace_);
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
    analyse_events();
}

namespace {

// The step of block b during which its warp 0 looks back (and publishes); -1 if none.
int lookback_step(const Launch& launch, int b) {
    const int first = launch.first_step(b), count = launch.steps_of(b);
    for (int s = 0; s < count; ++s)
        if (launch.steps[std::size_t(first + s)].line == kernels::DecoupledLookbackLine::LookBack)
            return s;
    return -1;
}

}  // namespace

void Session::analyse_events() {
    running_events_.clear();
    block_of_event_.clear();
    const int l = lookback_launch(*trace_);
    if (l < 0) return;
    const Launch& launch = trace_->launches[std::size_t(l)];
    const LaunchBanks& lb = banks_.launches[std::size_t(l)];
    std::vector<int> block_of_tile(std::size_t(launch.grid), -1), first(std::size_t(launch.grid)),
        look(std::size_t(launch.grid)), counted(std::size_t(launch.grid), 0);
    for (int b = 0; b < launch.grid; ++b) {
        const int tile = launch.tile_of_block(b);
        if (tile >= 0) block_of_tile[std::size_t(tile)] = b;
        first[std::size_t(b)] = launch.first_step(b);
        look[std::size_t(b)] = lookback_step(launch, b);
    }
    ConflictTotals sum;
    for (const TileEvent& e : launch.events) {
        const int b = e.tile < block_of_tile.size() ? block_of_tile[e.tile] : -1;
        block_of_event_.push_back(b);
        if (b >= 0 && look[std::size_t(b)] >= 0 &&
            e.kind == std::uint16_t(TileEventKind::Publish)) {
            // Publishing an aggregate ends the steps before the look-back; a prefix, the look-back.
            const int done =
                look[std::size_t(b)] + (TileStatus(e.status) == TileStatus::Prefix ? 1 : 0);
            for (int s = counted[std::size_t(b)]; s < done; ++s)
                sum.add(lb.steps[std::size_t(first[std::size_t(b)] + s)]);
            counted[std::size_t(b)] = std::max(counted[std::size_t(b)], done);
        }
        running_events_.push_back(sum);
    }
}

Cursor Session::cursor() const {
    Cursor c;
    if (!trace_ || frames_.empty()) return c;
    if (view == ViewKind::LookBack && !block_of_event_.empty()) {
        const int e = std::clamp(events.position(), 0, int(block_of_event_.size()) - 1);
        const int b = block_of_event_[std::size_t(e)];
        const int l = lookback_launch(*trace_);
        if (b >= 0) {
            const int look = lookback_step(trace_->launches[std::size_t(l)], b);
            c.launch = l;
            c.block = b;
            c.step = std::max(look, 0);
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
