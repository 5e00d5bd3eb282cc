#include "model/trace.h"

#include <algorithm>

namespace scanscope {

bool Launch::operator==(const Launch& o) const {
    if (events.size() != o.events.size()) return false;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const TileEvent &a = events[i], &b = o.events[i];
        if (a.tile != b.tile || a.target != b.target || a.kind != b.kind || a.status != b.status ||
            a.value != b.value || a.time_ns != b.time_ns)
            return false;
    }
    return barrier_splits == o.barrier_splits && name == o.name && grid == o.grid &&
           block == o.block && shared_bytes == o.shared_bytes && arrays == o.arrays &&
           steps == o.steps && globals == o.globals && tiles == o.tiles && stopped == o.stopped;
}

int Launch::first_step(int b) const {
    int i = 0;
    while (i < int(steps.size()) && steps[i].block < b)
        ++i;
    return i;
}

int Launch::steps_of(int b) const {
    int count = 0;
    for (const Step& s : steps)
        count += s.block == b;
    return count;
}

int Launch::longest_block() const {
    int most = 0, run = 0;
    for (std::size_t i = 0; i < steps.size(); ++i) {
        run = i > 0 && steps[i].block == steps[i - 1].block ? run + 1 : 1;
        most = std::max(most, run);
    }
    return most;
}

int Launch::tile_of_block(int b) const {
    for (const SharedArrayInfo& a : arrays) {
        if (a.name != "tile" || a.count != 1) continue;
        const int first = first_step(b), count = steps_of(b);
        if (count == 0) return -1;
        const Step& last = steps[std::size_t(first + count - 1)];
        const std::size_t word = a.offset / 4;
        if (word >= last.shared.size() || !last.defined[word]) return -1;
        const int tile = int(last.shared[word]);
        return tile >= 0 && tile < tile_count() ? tile : -1;
    }
    return -1;
}

const StepLabel* Trace::label(std::uint16_t line) const {
    for (const StepLabel& l : labels)
        if (l.id == line) return &l;
    return nullptr;
}

std::size_t Trace::step_count() const {
    std::size_t n = 0;
    for (const Launch& l : launches)
        n += l.steps.size();
    return n;
}

std::size_t Trace::frame_count() const {
    std::size_t n = 0;
    for (const Launch& l : launches)
        n += std::size_t(l.longest_block());
    return n;
}

int Trace::step_number(int launch, int index) const {
    int before = 0;
    for (int l = 0; l < launch && l < int(launches.size()); ++l)
        before += launches[std::size_t(l)].longest_block();
    return before + index + 1;
}

std::vector<int> Trace::frames_before_launches() const {
    std::vector<int> before(launches.size(), 0);
    for (std::size_t l = 1; l < launches.size(); ++l)
        before[l] = before[l - 1] + launches[l - 1].longest_block();
    return before;
}

int Trace::max_grid() const {
    int most = 0;
    for (const Launch& l : launches)
        most = std::max(most, l.grid);
    return most;
}

bool same_capture(const Trace& a, const Trace& b) {
    const RunRequest &p = a.request, &q = b.request;
    return a.version == b.version && p.variant == q.variant && p.type == q.type && p.op == q.op &&
           p.inclusive == q.inclusive && p.n == q.n && p.banks == q.banks &&
           p.block_threads == q.block_threads && p.shape == q.shape &&
           a.bank_width_bytes == b.bank_width_bytes && a.input == b.input && a.output == b.output &&
           a.launches == b.launches;
}

const std::string& Trace::stopped() const {
    static const std::string none;
    return launches.empty() ? none : launches.back().stopped;
}

}  // namespace scanscope
