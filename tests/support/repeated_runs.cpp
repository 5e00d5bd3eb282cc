#include "support/repeated_runs.h"

#include <algorithm>
#include <cstring>

#include "emu/emu_launcher.h"
#include "support/reference.h"
#include "variants/dispatch.h"
#include "variants/drivers.h"

namespace scanscope::test {

std::string check_repeated_runs(const RunRequest& r, int launches, std::uint64_t seed,
                                const OutputCheck& check) {
    emu::EmuLauncher launcher;
    int* in = launcher.alloc<int>(std::size_t(r.n));
    int* out = launcher.alloc<int>(std::size_t(r.n));
    launcher.keep_allocations();
    for (int launch = 0; launch < launches; ++launch) {
        if (launch > 0) launcher.rewind();
        const auto input = random_input(r.n, ElementType::Int32, seed + std::uint64_t(launch));
        launcher.upload(in, reinterpret_cast<const int*>(input.data()), input.size());
        std::fill(out, out + r.n, -1);
        kernels::run_variant<emu::EmuLauncher, int, AddOp<int>>(launcher, r, in, out);
        std::vector<std::uint32_t> output(std::size_t(r.n));
        std::memcpy(output.data(), out, output.size() * 4);
        const std::string problem = check(input, output);
        if (!problem.empty()) return "launch " + std::to_string(launch) + ": " + problem;
    }
    return "";
}

}  // namespace scanscope::test
