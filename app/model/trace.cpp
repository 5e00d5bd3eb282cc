#include "model/trace.h"

namespace scanscope {

bool Launch::operator==(const Launch& o) const {
    if (events.size() != o.events.size()) return false;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const TileEvent &a = events[i], &b = o.events[i];
        if (a.tile != b.tile || a.target != b.target || a.kind != b.kind || a.status != b.status ||
            a.value != b.value || a.time_ns != b.time_ns)
            return false;
    }
    return name == o.name && grid == o.grid && block == o.block && shared_bytes == o.shared_bytes &&
           arrays == o.arrays && steps == o.steps && globals == o.globals;
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

bool same_capture(const Trace& a, const Trace& b) {
    const RunRequest &p = a.request, &q = b.request;
    return a.version == b.version && p.variant == q.variant && p.type == q.type && p.op == q.op &&
           p.inclusive == q.inclusive && p.n == q.n && p.banks == q.banks &&
           p.block_threads == q.block_threads && p.shape == q.shape &&
           a.bank_width_bytes == b.bank_width_bytes && a.input == b.input && a.output == b.output &&
           a.launches == b.launches;
}

}  // namespace scanscope
