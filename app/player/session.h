// What the reader has open and where they are in it: the trace (and another to compare with),
// the timelines, the view, the selected block and access. Analyses are computed once per trace,
// not per frame. No ImGui here.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "analysis/banks.h"
#include "model/trace.h"
#include "model/trace_queries.h"
#include "player/timeline.h"
#include "scenes/step_summary.h"
#include "scenes/views.h"

namespace scanscope {

// The step's narration with its values filled in: "{d} threads each add..." -> "2 threads ...".
std::string narrate(const Trace& trace, const Step& step);

class Session {
  public:
    // A trace from a file is checked against itself and against a replay of its variant
    // (capture/replay_check.h); a fresh capture is what ran, and only against itself.
    enum class Origin { Captured, File };
    // Where a trace of that origin contradicts itself (or, from a file, its replay); empty when
    // nowhere. What load and set_compare keep, and what the commands that read a file check.
    static std::string problem_of(const Trace& trace, Origin origin);
    void load(Trace trace, Origin origin = Origin::Captured);
    // A trace to compare with, checked as load checks one of the same origin.
    void set_compare(Trace trace, Origin origin = Origin::Captured);
    void clear_compare() {
        compare_.reset();
        compare_inconsistency_.clear();
    }
    void set_bank_config(const BankConfig& config);

    bool loaded() const { return trace_.has_value(); }
    // Where the trace contradicts itself (analysis/consistency.h); empty when it does not.
    const std::string& inconsistency() const { return inconsistency_; }
    // The same for the trace to compare with.
    const std::string& compare_inconsistency() const { return compare_inconsistency_; }
    const Trace& trace() const { return *trace_; }
    const Trace* compare() const { return compare_ ? &*compare_ : nullptr; }

    ViewKind view = ViewKind::Array;
    int block = 0;       // the block the detailed views show
    int access = -1;     // the banks view's access in the step; -1: the worst
    int focus_warp = 0;  // the warp the views follow (presenter mode draws what it does large)
    Timeline steps;
    Timeline events;
    // The timeline the current view moves: look-back events, or steps.
    Timeline& timeline() { return view == ViewKind::LookBack ? events : steps; }
    const Timeline& timeline() const { return view == ViewKind::LookBack ? events : steps; }

    // Where the detailed panels look. In the look-back view: the block that logged the current
    // event, at its look-back step.
    Cursor cursor() const;
    const Step* current_step() const;
    const std::vector<StepFrame>& frames() const { return frames_; }
    const BankConfig& bank_config() const { return config_; }
    const TraceBanks& banks() const { return banks_; }
    // Conflicts from the first step up to and including the current frame (every block). In the
    // look-back view, up to the current event: a block's steps before its look-back once its
    // tile has published an aggregate, through its look-back once it has published its prefix.
    const ConflictTotals& conflicts_so_far() const;
    // Seeks the step timeline to launch `launch`, step `step`.
    void seek_step(int launch, int step);
    // The launch whose look-back the look-back view replays (-1: none): the first with one, until
    // another is asked for (a radix sort looks back once a pass). Asking moves `events` to its
    // start.
    int lookback_launch() const { return lookback_launch_; }
    void show_lookback_of(int launch);

  private:
    void analyse();
    void analyse_events();
    std::optional<Trace> trace_;
    std::string inconsistency_;
    std::optional<Trace> compare_;
    std::string compare_inconsistency_;
    std::vector<StepFrame> frames_;
    int lookback_launch_ = -1;
    BankConfig config_;
    TraceBanks banks_;
    std::vector<ConflictTotals> running_;         // per frame
    std::vector<ConflictTotals> running_events_;  // per look-back event
    struct EventPlace {
        int block = -1;  // the block that logged the event (-1: unknown)
        int step = -1;   // its step then
    };
    std::vector<EventPlace> event_places_;  // per look-back event
};

}  // namespace scanscope
