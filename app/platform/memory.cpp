#include "platform/memory.h"

#include <sys/resource.h>

#include <algorithm>
#include <fstream>
#include <limits>
#include <string>

namespace scanscope {
namespace {

// A "Name:   N kB" line of a /proc file, in bytes; `fallback` where there is none.
unsigned long long proc_kb(const char* file, const std::string& name, unsigned long long fallback) {
    std::ifstream in(file);
    for (std::string key; in >> key;) {
        unsigned long long kb = 0;
        if (key == name && in >> kb) return kb * 1024;
        in.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
    }
    return fallback;
}

}  // namespace

unsigned long long memory_available() {
    constexpr unsigned long long kAll = std::numeric_limits<unsigned long long>::max();
    unsigned long long available = proc_kb("/proc/meminfo", "MemAvailable:", kAll);
    rlimit limit{};
    if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
        const unsigned long long used = proc_kb("/proc/self/status", "VmSize:", 0);
        available = std::min<unsigned long long>(available,
                                                 limit.rlim_cur > used ? limit.rlim_cur - used : 0);
    }
    return available;
}

}  // namespace scanscope
