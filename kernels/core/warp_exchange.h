// A warp's elements passed through shared memory between two arrangements (CUB's BlockExchange,
// WARP_TRANSPOSE):
//   rows:    lane l holds Vec consecutive elements of each of Rows rows of 32 * Vec, the warp's
//            rows one after another: each row is one coalesced 16-byte access a lane;
//   blocked: lane l holds Rows * Vec consecutive elements, from l * Rows * Vec: a lane scans
//            its own run alone, and the warp scans once.
// Both are items[r][v]: in rows, element (r * 32 + lane) * Vec + v of the warp's part; blocked,
// element lane * Rows * Vec + r * Vec + v. One word of padding after every 32 keeps both ways free
// of bank conflicts where Rows * Vec is a power of two up to 32 (Nsight Compute agrees for 32:
// bench/ncu/cases.txt); at 64 two lanes meet in a bank. With one row the two are the same: nothing
// is exchanged, and no shared memory is taken (the teaching shape's trace has no stage).
#pragma once

#include <cstdint>

#include "core/hd.h"
#include "core/shared_memory.h"

namespace scanscope::kernels {

template <int Rows, int Vec>
struct WarpExchange {
    static constexpr int kItems = Rows * Vec;
    static constexpr bool kExchanges = Rows > 1;
    static constexpr int kWarpWords = 32 * kItems + kItems;  // padding included

    struct NoStage {};

    // The block's stage, one part a warp: the next shared array, where anything is exchanged.
    template <class T, class Block>
    SS_HD static auto make_stage(Block& b) {
        if constexpr (kExchanges)
            return shared_memory<T>(b, b.warps() * kWarpWords);
        else
            return NoStage{};
    }
    template <class T>
    static constexpr int stage_bytes(int threads) {
        return kExchanges ? threads / 32 * kWarpWords * int(sizeof(T)) : 0;
    }

    static_assert(32 % Vec == 0 && (kItems & (kItems - 1)) == 0,
                  "Vec divides 32 and Rows * Vec is a power of two");

    SS_HD_INLINE static int padded(int i) { return i + i / 32; }
    // Where the lane's element (r, v) sits, rows and blocked: the lane's first element's place
    // plus a constant, so that the compiler keeps one address a lane, not one an element.
    SS_HD_INLINE static int in_rows(int lane, int r, int v) {
        return padded(lane * Vec) + r * 33 * Vec + v;
    }
    SS_HD_INLINE static int blocked(int lane, int r, int v) {
        return padded(lane * kItems) + padded(r * Vec + v);
    }

    // items in rows -> blocked, through the warp's part of the stage. The block meets between
    // the writes and the reads (a barrier, the step's end at `line`): a __syncwarp would do on
    // the GPU, but a trace's steps end at the block's barriers, and between two of them a lane
    // that reads another's write is a hazard. The caller orders the stage's next writes after
    // these reads (a barrier). Every thread of the block calls it.
    template <class T, class Block, class Stage>
    SS_HD static void rows_to_blocked(Block& b, const Stage& stage, T (&items)[Rows][Vec],
                                      std::uint16_t line) {
        through_stage</*to_blocked=*/true>(b, stage, items, line);
    }

    // items blocked -> in rows, the other way.
    template <class T, class Block, class Stage>
    SS_HD static void blocked_to_rows(Block& b, const Stage& stage, T (&items)[Rows][Vec],
                                      std::uint16_t line) {
        through_stage</*to_blocked=*/false>(b, stage, items, line);
    }

  private:
    template <bool ToBlocked, class T, class Block, class Stage>
    SS_HD static void through_stage(Block& b, const Stage& stage, T (&items)[Rows][Vec],
                                    std::uint16_t line) {
        if constexpr (kExchanges) {
            const int at = b.warp() * kWarpWords;
            const auto from = [&](int r, int v) {
                return at + (ToBlocked ? in_rows(b.lane(), r, v) : blocked(b.lane(), r, v));
            };
            const auto to = [&](int r, int v) {
                return at + (ToBlocked ? blocked(b.lane(), r, v) : in_rows(b.lane(), r, v));
            };
            for (int r = 0; r < Rows; ++r)
                for (int v = 0; v < Vec; ++v)
                    stage[from(r, v)] = items[r][v];
            b.sync(line);
            for (int r = 0; r < Rows; ++r)
                for (int v = 0; v < Vec; ++v)
                    items[r][v] = stage[to(r, v)];
        } else {
            (void)b, (void)stage, (void)items, (void)line;
        }
    }
};

}  // namespace scanscope::kernels
