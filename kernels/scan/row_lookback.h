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
