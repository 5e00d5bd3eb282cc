#include "support/trace_diff.h"

#include <sstream>

namespace scanscope::test {
namespace {

std::string describe(const WarpAccess& a) {
    std::ostringstream s;
    s << "warp " << a.warp << " line " << a.line << "#" << a.occurrence << " kind " << int(a.kind)
      << " lanes";
    for (const LaneAccess& l : a.lanes)
        s << " [" << l.lane << " @" << l.address << " =" << l.value << "]";
    return s.str();
}

}  // namespace

std::string first_difference(const Trace& a, const Trace& b) {
    std::ostringstream why;
    if (a.input != b.input) return "inputs differ";
    if (a.output != b.output) return "outputs differ";
    if (a.launches.size() != b.launches.size()) {
        why << a.launches.size() << " launches against " << b.launches.size();
        return why.str();
    }
    for (std::size_t l = 0; l < a.launches.size(); ++l) {
        const Launch &x = a.launches[l], &y = b.launches[l];
        why << "launch " << l << " (" << x.name << "): ";
        if (x.name != y.name || x.grid != y.grid || x.block != y.block ||
            x.shared_bytes != y.shared_bytes)
            return why.str() + "shapes differ";
        if (!(x.arrays == y.arrays)) return why.str() + "shared arrays differ";
        if (!(x.globals == y.globals)) return why.str() + "global buffers differ";
        if (x.steps.size() != y.steps.size()) {
            why << x.steps.size() << " steps against " << y.steps.size();
            return why.str();
        }
        for (std::size_t s = 0; s < x.steps.size(); ++s) {
            const Step &p = x.steps[s], &q = y.steps[s];
            why << "block " << p.block << " step " << p.index << ": ";
            if (p.line != q.line || p.vars != q.vars || p.boundary != q.boundary)
                return why.str() + "marks differ";
            if (p.shared != q.shared) return why.str() + "shared memory differs";
            if (p.defined != q.defined) return why.str() + "defined words differ";
            if (p.accesses.size() != q.accesses.size()) {
                why << p.accesses.size() << " warp accesses against " << q.accesses.size();
                return why.str();
            }
            for (std::size_t k = 0; k < p.accesses.size(); ++k)
                if (!(p.accesses[k] == q.accesses[k]))
                    return why.str() + "access " + std::to_string(k) + ": " +
                           describe(p.accesses[k]) + " against " + describe(q.accesses[k]);
            if (!(p == q)) return why.str() + "steps differ";
            why.str("");
            why << "launch " << l << " (" << x.name << "): ";
        }
        if (!(x == y)) return why.str() + "look-back events differ";
        why.str("");
    }
    return same_capture(a, b) ? std::string() : "configurations differ";
}

}  // namespace scanscope::test
