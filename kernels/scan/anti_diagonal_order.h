// The order in which tickets take the tiles of a grid `across` tiles wide and `down` high: anti-
// diagonal after anti-diagonal, each from the top. The tile left of a tile and the one above it
// come a diagonal earlier, so a look-back along the rows and one up the columns both wait only on
// smaller tickets, and find tiles that were taken a diagonal ago (summed-area-lookback's tiles;
// row after row, a tile's left neighbour was taken just before it, and is still loading).
#pragma once

#include <vector>

namespace scanscope::kernels {

// order[ticket] = tile_row * across + column.
inline std::vector<int> anti_diagonal_order(int across, int down) {
    std::vector<int> order;
    order.reserve(static_cast<std::size_t>(across) * static_cast<std::size_t>(down));
    for (int diagonal = 0; diagonal < across + down - 1; ++diagonal) {
        const int top = diagonal - (across - 1) > 0 ? diagonal - (across - 1) : 0;
        const int bottom = diagonal < down - 1 ? diagonal : down - 1;
        for (int row = top; row <= bottom; ++row)
            order.push_back(row * across + (diagonal - row));
    }
    return order;
}

}  // namespace scanscope::kernels
