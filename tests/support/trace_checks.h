// Consistency checks on captured traces, for the emulation's tests and the GPU's.
#pragma once

#include <string>

#include "model/trace.h"

namespace scanscope::test {

// (That snapshots follow the recorded writes is the product's own check now:
// analysis/consistency.h, first_inconsistency.)

// The launch's global buffer called `name` (throws where it has none).
const GlobalBuffer& global_named(const Launch& launch, const char* name);

// The single-pass scan's descriptors: every tile publishes its aggregate (tile 0: only its
// prefix), then its inclusive prefix, with the right values; reads look only backwards and see
// only values that were published. For int32 addition, or a compaction's counts of kept elements.
// A tile is `per_tile` consecutive elements (0: one a thread of the block, the teaching shapes); a
// trace whose tiles of that size do not cover its input exactly is refused, not checked. A
// segmented scan's tile reads the `segmented_reach` elements before it for a head (32: the teaching
// tiles' one a lane of warp 0) and, finding one, publishes only its prefix and reads nothing.
std::string check_lookback(const Trace& trace, int per_tile = 0, int segmented_reach = 32);

// The single-pass summed-area table's descriptors, one for row y of strip s (at s * height + y),
// strips `strip_width` columns wide: strip 0 publishes only its prefix, the others their aggregate
// (the row's sum within the strip) and then their prefix (the row's sum up to the strip's end);
// reads look only left along the same row and see only published values. int32 addition. Tiles
// of `tile_height` rows (0: strips from top to bottom) add a descriptor for column x of row of
// tiles i (after the rows', at i * width + x): row of tiles 0 publishes only its prefix, the others
// their aggregate (the tile's sum down column x of the rows' sums up to x) and then their prefix
// (the table's entry at x in the tile's last row); reads look only up the same column.
std::string check_row_lookback(const Trace& trace, int width, int strip_width, int tile_height = 0);

// A radix sort by Onesweep (radix-sort-onesweep), `tile_keys` keys a tile: in each pass's launch,
// descriptor t * 256 + d counts digit d's keys in tile t (aggregate) and in tiles 0 .. t
// (prefix); tile 0 publishes only its prefix, the others their aggregate and then their prefix;
// reads look back along their own digit only and see only published values. The keys a pass
// reads are the input stably sorted by the digits before (std::stable_sort here).
std::string check_digit_lookback(const Trace& trace, int tile_keys);

}  // namespace scanscope::test
