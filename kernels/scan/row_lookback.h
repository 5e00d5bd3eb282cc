// Decoupled look-back (Merrill, US patent 9928033) along the rows of a table of descriptors: many
// look-backs side by side, one a lane. Column c of the table is a block's piece of the work (a
// strip of a summed-area table, a tile of a radix sort's pass), row y one of the many sums it
// carries (a row of the summed-area table, a digit's count); column c's look-back for row y reads
// columns c - 1, c - 2, ... of the same row. The rows of a column are side by side (descriptor
// c * height + y), so that a warp's lanes publish and read 32 neighbouring words together. A
// kernel with a second table (summed-area-lookback's columns) numbers it from `base` on.
#pragma once

#include "core/bits.h"
#include "core/hd.h"
#include "core/tile_descriptor.h"

namespace scanscope::kernels {

SS_HD_INLINE int row_descriptor(int column, int y, int height, int base = 0) {
    return base + column * height + y;
}

// Lane's row: the column publishes the row's `total` in it (column 0: its prefix, nothing being
// left of it).
template <class Block, class T>
SS_HD void publish_row_total(Block& b, TileDescriptors descriptors, int column, int y, int height,
                             T total, int base = 0) {
    const int me = row_descriptor(column, y, height, base);
    descriptors.ready_next_launch(me);  // only where a timing loop repeats the launch
    b.publish(descriptors, me, column == 0 ? TileStatus::Prefix : TileStatus::Aggregate,
              to_bits(total));
}

// Then it adds what the columns to its left published, nearest first, Ahead descriptors read at
// once, until one holds a prefix, and publishes its own prefix. Returns the row's sum left of the
// column. (Column 0's descriptors are prefixes: every look-back stops there at the latest.)
template <class Op, int Ahead, class Block, class T>
SS_HD T look_left_along_row(Block& b, TileDescriptors descriptors, int column, int y, int height,
                            T total, int base = 0) {
    const Op op;
    const int me = row_descriptor(column, y, height, base);
    T left = Op::identity();
    for (int nearest = column - 1; nearest >= 0; nearest -= Ahead) {
        TileDescriptor d[Ahead];
        for (int k = 0; k < Ahead; ++k)
            if (nearest - k >= 0)
                d[k] = b.peek(descriptors, me, row_descriptor(nearest - k, y, height, base));
        for (int k = 0; k < Ahead; ++k) {
            while (d[k].status == TileStatus::Invalid) {  // not there yet: wait, look again
                b.back_off();
                d[k] = b.peek(descriptors, me, row_descriptor(nearest - k, y, height, base));
            }
            left = op(from_bits<T>(d[k].value), left);
            if (d[k].status == TileStatus::Prefix) {
                b.publish(descriptors, me, TileStatus::Prefix, to_bits(op(left, total)));
                return left;
            }
        }
    }
    return left;  // column 0: its prefix is published already
}

}  // namespace scanscope::kernels

namespace scanscope::kernels {

// Probe: the look-back along a row with Group lanes of a warp a row, each reading Ahead
// descriptors at once: a window of Group * Ahead columns a read, as CUB's warp reads 32 tiles'.
// Every lane of the warp calls it (the shuffles are the warp's); `active`: the lane has a row.
template <class Op, int Ahead, int Group, class Block, class T>
SS_HD T look_left_along_row_window(Block& b, TileDescriptors descriptors, int column, int y,
                                   int height, T total, bool active, int base = 0) {
    const Op op;
    constexpr int kWindow = Group * Ahead, kNone = kWindow;
    const int k = b.lane() % Group, group_lane = b.lane() - k;
    const int me = row_descriptor(column, y, height, base);
    T left = Op::identity();
    int nearest = column - 1;
    bool done = !active || column == 0;
    while (b.ballot(!done)) {
        TileDescriptor d[Ahead];
        int first_prefix = kNone;
        if (!done) {
            for (int j = 0; j < Ahead; ++j) {
                const int c = nearest - (k * Ahead + j);
                d[j] = c >= 0 ? b.peek(descriptors, me, row_descriptor(c, y, height, base))
                              : TileDescriptor{TileStatus::Prefix, to_bits(Op::identity())};
            }
            for (int j = 0; j < Ahead; ++j) {
                const int c = nearest - (k * Ahead + j);
                while (d[j].status == TileStatus::Invalid) {
                    b.back_off();
                    d[j] = b.peek(descriptors, me, row_descriptor(c, y, height, base));
                }
                if (first_prefix == kNone && d[j].status == TileStatus::Prefix)
                    first_prefix = k * Ahead + j;
            }
        }
        for (int m = 1; m < Group; m <<= 1) {
            const int other = b.shfl(first_prefix, b.lane() ^ m);
            if (other < first_prefix) first_prefix = other;
        }
        // The lane's part, far to near, up to the window's nearest prefix; then the group's, far
        // to near (a lane's nearer neighbour in the group holds nearer columns).
        T part = Op::identity();
        if (!done)
            for (int j = Ahead - 1; j >= 0; --j)
                if (k * Ahead + j <= first_prefix) part = op(part, from_bits<T>(d[j].value));
        for (int m = 1; m < Group; m <<= 1) {
            const T farther = b.shfl_down(part, m);
            if ((k & (2 * m - 1)) == 0) part = op(farther, part);
        }
        part = b.shfl(part, group_lane);
        if (!done) {
            left = op(part, left);
            if (first_prefix != kNone) {
                done = true;
                if (k == 0) b.publish(descriptors, me, TileStatus::Prefix, to_bits(op(left, total)));
            } else {
                nearest -= kWindow;
            }
        }
    }
    return left;
}

}  // namespace scanscope::kernels
