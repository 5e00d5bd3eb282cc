// The scan the dealt-tile probes share (specialized_scan.cuh, reduce_ahead_scan.cuh): each lane
// holds Rows rows of 4 consecutive int32, a warp's rows one after another (row r of the warp is
// the 32 lanes' pieces r).
#pragma once

#include <cuda_runtime.h>

namespace scanscope::probe {

// before_lane[r]: the sum of the warp's rows before row r and of the lanes before this one in
// row r. Returns the warp's total (every lane).
template <int Rows>
__device__ __forceinline__ int scan_warp_rows(const int4 (&v)[Rows], int lane,
                                              int (&before_lane)[Rows]) {
    int carry = 0;
    for (int r = 0; r < Rows; ++r) {
        const int lane_sum = v[r].x + v[r].y + v[r].z + v[r].w;
        int inclusive = lane_sum;
        for (int d = 1; d < 32; d *= 2) {
            const int up = __shfl_up_sync(0xffffffffu, inclusive, d);
            if (lane >= d) inclusive += up;
        }
        before_lane[r] = carry + inclusive - lane_sum;
        carry += __shfl_sync(0xffffffffu, inclusive, 31);
    }
    return carry;
}

// The inclusive scan of one piece, everything before it being `before`.
__device__ __forceinline__ int4 scan_piece(int4 v, int before) {
    const int x = before + v.x;
    const int y = x + v.y;
    const int z = y + v.z;
    return make_int4(x, y, z, z + v.w);
}

}  // namespace scanscope::probe
