// The emulation's warp shuffles as the hardware's (issue 40): a value a lane offers stays readable
// by the others after that lane's thread has finished, in divergent code and with lanes that
// take part in fewer collectives; a lane that never offered one gives 0.
#include <gtest/gtest.h>

#include <vector>

#include "emu/emu_launcher.h"

namespace scanscope::test {
namespace {

// Runs `kernel` on one block of `threads` emulated threads; `out` has a slot per thread.
template <class Kernel>
std::vector<int> run_block(int threads, const Kernel& kernel) {
    emu::EmuLauncher launcher;
    int* out = launcher.alloc<int>(std::size_t(threads));
    LaunchShape shape;
    shape.name = "shuffles";
    shape.block = threads;
    launcher.launch(shape, [&](emu::CpuBlock& b) { kernel(b, out); });
    std::vector<int> result(static_cast<std::size_t>(threads));
    launcher.download(result.data(), out, result.size());
    return result;
}

// A warp-shuffle scan whose last act is the shuffle: lane 0 ends right after offering its value,
// before lane 1 reads it.
TEST(EmulatedShuffles, AValueOutlivesTheLaneThatOfferedIt) {
    const std::vector<int> got = run_block(32, [](emu::CpuBlock& b, int* out) {
        const int mine = b.lane() + 1;
        const int left = b.shfl_up(mine, 1);
        out[b.thread()] = b.lane() >= 1 ? left : -1;
    });
    for (int lane = 1; lane < 32; ++lane)
        EXPECT_EQ(got[std::size_t(lane)], lane) << "lane " << lane;
}

// An inclusive scan in registers, stored, then one more shuffle as the last operation: every
// lane's result is its neighbour's scan.
TEST(EmulatedShuffles, AScanThatEndsInAShuffleIsRight) {
    const std::vector<int> got = run_block(32, [](emu::CpuBlock& b, int* out) {
        int x = 1;
        for (int d = 1; d < 32; d *= 2) {
            const int y = b.shfl_up(x, d);
            if (b.lane() >= d) x += y;
        }
        const int before = b.shfl_up(x, 1);
        out[b.thread()] = b.lane() == 0 ? 0 : before;  // exclusive
    });
    for (int lane = 0; lane < 32; ++lane)
        EXPECT_EQ(got[std::size_t(lane)], lane) << "lane " << lane;
}

// Lanes that finish early (divergent code) do not take part in a later shuffle: reading from
// them gives 0, and their earlier values are not mistaken for new ones.
TEST(EmulatedShuffles, ALaneThatLeftGivesZeroToLaterShuffles) {
    const std::vector<int> got = run_block(32, [](emu::CpuBlock& b, int* out) {
        const int first = b.shfl_down(100 + b.lane(), 1);  // every lane, once
        if (b.lane() < 16) {
            out[b.thread()] = first;  // the lower half leaves
            return;
        }
        const int second = b.shfl(7, 0);  // from lane 0, which left
        out[b.thread()] = second;
    });
    for (int lane = 0; lane < 16; ++lane)
        EXPECT_EQ(got[std::size_t(lane)], 101 + lane);
    for (int lane = 16; lane < 32; ++lane)
        EXPECT_EQ(got[std::size_t(lane)], 0) << "lane " << lane;
}

}  // namespace
}  // namespace scanscope::test
