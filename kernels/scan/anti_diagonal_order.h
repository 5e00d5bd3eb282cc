// The order in which tickets take the tiles of a grid `across` tiles wide and `down` high: anti-
// diagonal after anti-diagonal, each from the top. The tile left of a tile and the one above it
// come a diagonal earlier, so a look-back along the rows and one up the columns both wait only on
// smaller tickets, and find tiles that were taken a diagonal ago (summed-area-lookback's tiles;
// row after row, a tile's left neighbour was taken just before it, and is still loading).
//
// With `group` > 1 the diagonals run over runs of `group` tiles of a row, each run taken left to
// right on consecutive tickets: neighbours in a run load together (one longer stretch of each row
// of the table in the DRAM at once), and the run's first tile still finds its left neighbour a
// diagonal older.
#pragma once

#include <vector>

namespace scanscope::kernels {

// order[ticket] = tile_row * across + column.
inline std::vector<int> anti_diagonal_order(int across, int down, int group = 1) {
    std::vector<int> order;
    order.reserve(static_cast<std::size_t>(across) * static_cast<std::size_t>(down));
    const int runs = (across + group - 1) / group;  // runs of a row of tiles; the last may be short
    for (int diagonal = 0; diagonal < runs + down - 1; ++diagonal) {
        const int top = diagonal - (runs - 1) > 0 ? diagonal - (runs - 1) : 0;
        const int bottom = diagonal < down - 1 ? diagonal : down - 1;
        for (int row = top; row <= bottom; ++row)
            for (int column = (diagonal - row) * group;
                 column < (diagonal - row + 1) * group && column < across; ++column)
                order.push_back(row * across + column);
    }
    return order;
}

}  // namespace scanscope::kernels
