#include "emu/emu_launcher.h"

#include <algorithm>
#include <random>
#include <stdexcept>
#include <string>

#include "core/uniform_int.h"

namespace scanscope::emu {

void* EmuLauncher::alloc_bytes(std::size_t bytes) {
    if (cursor_ > 0 && cursor_ < allocations_.size()) {
        Allocation& again = allocations_[cursor_++];
        if (again.bytes != bytes)
            throw std::logic_error("rewound launcher: the run asked for other buffers");
        return again.data.get();
    }
    cursor_ = 0;
    Allocation a{std::make_unique<unsigned char[]>(std::max<std::size_t>(bytes, 1)), bytes};
    std::memset(a.data.get(), 0, std::max<std::size_t>(bytes, 1));
    allocations_.push_back(std::move(a));
    return allocations_.back().data.get();
}

namespace {

// The blocks that ran, up to and with the one that stopped, and why it stopped.
RawLaunch stopped_launch(const HostCaptureStorage& storage, int stopped_block,
                         const std::string& why) {
    RawLaunch raw = storage.to_raw();
    const std::size_t blocks = std::size_t(stopped_block) + 1;
    raw.shape.grid = int(blocks);
    raw.thread_records.resize(blocks * std::size_t(raw.shape.block));
    raw.marks.resize(blocks);
    raw.snapshots.resize(blocks);
    raw.stopped = why.empty() ? "stopped" : why;
    return raw;
}

}  // namespace

void EmuLauncher::run(const LaunchShape& shape, const KernelFn& body,
                      const std::vector<GlobalView>& globals) {
    check_launch_shape(shape);
    ++launches_;
    if (!capture_) return run_grid(shape, body, nullptr);

    // A capture that overflows its buffers runs again with larger ones, from the same memory.
    std::vector<std::vector<unsigned char>> checkpoint;
    for (const Allocation& a : allocations_)
        checkpoint.emplace_back(a.data.get(), a.data.get() + a.bytes);

    CaptureCapacity capacity;
    for (;;) {
        const std::size_t bytes = capture_bytes(shape, capacity);
        if (bytes > kMaxCaptureBytes)
            throw std::runtime_error("capturing '" + shape.name + "' would take " +
                                     std::to_string(bytes >> 20) +
                                     " MiB; captures are for teaching sizes (try a smaller n)");
        HostCaptureStorage storage(shape, capacity);
        CaptureBuffers buffers = storage.buffers();
        std::vector<RawBarrierSplit> splits;
        int stopped_block = -1;
        try {
            run_grid(shape, body, &buffers, &splits, &stopped_block);
        } catch (const std::exception& e) {
            // The steps up to the error are kept, to be stepped through (a larger capture first,
            // where this one overflowed: the kernel stops in the same place again).
            if (storage.overflow() == 0 && stopped_block >= 0) {
                capture_->launches.push_back(stopped_launch(storage, stopped_block, e.what()));
                capture_->launches.back().barrier_splits = std::move(splits);
            }
            if (storage.overflow() == 0 || stopped_block < 0) throw;
            capacity = storage.grown();
            for (std::size_t i = 0; i < checkpoint.size(); ++i)
                std::memcpy(allocations_[i].data.get(), checkpoint[i].data(), checkpoint[i].size());
            continue;
        }
        if (storage.overflow() == 0) {
            RawLaunch raw = storage.to_raw();
            raw.barrier_splits = std::move(splits);
            for (const GlobalView& g : globals) {
                RawGlobal global{g.name, g.element_bytes, std::vector<std::uint64_t>(g.count)};
                for (std::size_t i = 0; i < g.count; ++i) {
                    std::uint64_t v = 0;
                    std::memcpy(&v, static_cast<const unsigned char*>(g.data) + i * g.element_bytes,
                                std::size_t(g.element_bytes));
                    global.values[i] = v;
                }
                raw.globals.push_back(std::move(global));
            }
            capture_->launches.push_back(std::move(raw));
            return;
        }
        capacity = storage.grown();
        for (std::size_t i = 0; i < checkpoint.size(); ++i)
            std::memcpy(allocations_[i].data.get(), checkpoint[i].data(), checkpoint[i].size());
    }
}

void EmuLauncher::run_grid(const LaunchShape& shape, const KernelFn& body, CaptureBuffers* capture,
                           std::vector<RawBarrierSplit>* splits, int* stopped_block) {
    GridContext grid;
    grid.shape = &shape;
    grid.kernel = &body;
    grid.capture = capture;
    grid.barrier_splits = splits;
    if (shape.emulated_resident_blocks > 1) return run_interleaved(grid);
    for (int b = 0; b < shape.grid; ++b) {
        EmuBlock block(grid, b);
        try {
            block.run_to_completion();
        } catch (...) {
            block.finish_capture();
            if (stopped_block) *stopped_block = b;
            throw;
        }
    }
}

// Up to `emulated_resident_blocks` blocks are resident at once, as on the SMs of a GPU; each
// scheduling decision picks, at random from a seeded generator, one resident block and one thing
// it can do (a lockstep round of one warp, or a barrier release).
void EmuLauncher::run_interleaved(GridContext& grid) {
    const LaunchShape& shape = *grid.shape;
    std::mt19937_64 random(seed_ * 0x9E3779B97F4A7C15ull + launches_);
    std::vector<std::unique_ptr<EmuBlock>> resident;
    int next = 0;
    struct Action {
        EmuBlock* block;
        int warp;  // -1: release the block barrier
    };
    std::vector<Action> actions;
    for (;;) {
        while (int(resident.size()) < shape.emulated_resident_blocks && next < shape.grid)
            resident.push_back(std::make_unique<EmuBlock>(grid, next++));
        if (resident.empty()) return;

        actions.clear();
        for (auto& block : resident) {
            bool any_running = false;
            for (int w = 0; w < block->warps(); ++w) {
                if (block->warp_has_running_lanes(w)) {
                    actions.push_back({block.get(), w});
                    any_running = true;
                }
            }
            if (!any_running) actions.push_back({block.get(), -1});
        }
        const Action pick = actions[uniform_int<std::size_t>(random, 0, actions.size() - 1)];
        EmuBlock& block = *pick.block;
        if (pick.warp >= 0) {
            block.run_warp_round(pick.warp);
        } else {
            bool released = false;
            for (int w = 0; w < block.warps(); ++w)
                released |= block.try_release_warp(w);
            if (!released) released = block.try_release_block_barrier();
            if (!released && !block.done()) {
                // This block waits on a barrier the others cannot help with: a kernel bug.
                block.throw_deadlock();
            }
        }
        for (auto it = resident.begin(); it != resident.end();) {
            if ((*it)->done()) {
                (*it)->finish_capture();
                it = resident.erase(it);
            } else {
                ++it;
            }
        }
    }
}

}  // namespace scanscope::emu
