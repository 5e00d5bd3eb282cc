// Each seed in a namespace of its own (two are called prescan), included unchanged. The headers
// the Seneca programs include come first, so that their includes inside the namespace are empty;
// their main() is renamed, never run.
#include <cuda_runtime.h>
#include <device_launch_parameters.h>

#include <cstdlib>
#include <iomanip>
#include <iostream>

#include "seed_launchers.h"

namespace harris_listing1_typo_fixed {
#include "harris_listing1_typo_fixed.cu"
}
namespace harris_listing2 {
#include "harris_listing2.cu"
}
namespace harris_listing2_blocks_a_to_e_fixed {
#include "harris_listing2_blocks_a_to_e_fixed.cu"
}
namespace kirk_hwu_double_buffered {
#include "kirk_hwu_double_buffered.cu"
}
#define main seneca_shared_reduction_main
namespace seneca_shared_reduction {
#include "seneca_shared_reduction.cu"
}
#undef main

namespace scanscope::oracle {
namespace {

float* f(void* p) {
    return static_cast<float*>(p);
}

// As Harris's text launches them: output, input, n.
void listing1(const SeedLaunch& l) {
    harris_listing1_typo_fixed::scan<<<l.grid, l.block, l.shared_bytes>>>(f(l.out), f(l.in), l.n);
}
void listing2(const SeedLaunch& l) {
    harris_listing2::prescan<<<l.grid, l.block, l.shared_bytes>>>(f(l.out), f(l.in), l.n);
}
void listing2_padded(const SeedLaunch& l) {
    harris_listing2_blocks_a_to_e_fixed::prescan<<<l.grid, l.block, l.shared_bytes>>>(f(l.out),
                                                                                      f(l.in), l.n);
}
// As the lecture's: X in, Y out; the Seneca program: a in, b the blocks' sums.
void kirk_hwu(const SeedLaunch& l) {
    kirk_hwu_double_buffered::double_buffered_scan<<<l.grid, l.block, l.shared_bytes>>>(
        f(l.in), f(l.out), l.n);
}
void seneca(const SeedLaunch& l) {
    seneca_shared_reduction::reduce<<<l.grid, l.block, l.shared_bytes>>>(f(l.in), f(l.out), l.n);
}

}  // namespace

const std::vector<Seed>& seeds() {
    static const std::vector<Seed> all = {
        {"harris_listing1_typo_fixed", "scan", listing1},
        {"harris_listing2", "prescan", listing2},
        {"harris_listing2_blocks_a_to_e_fixed", "prescan", listing2_padded},
        {"kirk_hwu_double_buffered", "double_buffered_scan", kirk_hwu},
        {"seneca_shared_reduction", "reduce", seneca},
    };
    return all;
}

}  // namespace scanscope::oracle
