// The order in which tickets take the tiles of a grid `across` tiles wide and `down` high: anti-
// diagonal after anti-diagonal, each from the top. The tile left of a tile and the one above it
// come a diagonal earlier, so a look-back along the rows and one up the columns both wait only on
// smaller tickets, and find tiles that were taken a diagonal ago (summed-area-lookback's tiles;
// row after row, a tile's left neighbour was taken just before it, and is still loading).
// anti_diagonal_tile finds a ticket's tile from the ticket alone: a table of the order read after
// the ticket was a second round trip before a tile's first load, and cost 0.04 of the copy's time
// at 2^28 on the H200 (bench/tuning.md). anti_diagonal_order lists the same order, the plain way.
#pragma once

#include <cmath>
#include <vector>

#include "core/hd.h"

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

// The n-th tile of the first diagonals (1, 2, 3, ... tiles a diagonal): its diagonal and its place
// there: a float's square root, corrected to the exact diagonal.
SS_HD_INLINE void triangle_place(int n, int& diagonal, int& place) {
    int d = int((sqrtf(8.0f * float(n) + 1.0f) - 1.0f) * 0.5f);
    while ((d + 1) * (d + 2) / 2 <= n)
        ++d;
    while (d * (d + 1) / 2 > n)
        --d;
    diagonal = d;
    place = n - d * (d + 1) / 2;
}

// anti_diagonal_order(across, down)[ticket] without the list: the diagonals grow by a tile each
// up to the shorter side, keep that length, and shrink again (counted from the last tile back).
SS_HD_INLINE int anti_diagonal_tile(int ticket, int across, int down) {
    const int shorter = across < down ? across : down, longer = across + down - shorter;
    const int head = shorter * (shorter - 1) / 2, middle = (longer - shorter + 1) * shorter;
    int diagonal = 0, place = 0;
    if (ticket < head) {
        triangle_place(ticket, diagonal, place);
    } else if (ticket < head + middle) {
        diagonal = shorter - 1 + (ticket - head) / shorter;
        place = (ticket - head) % shorter;
    } else {
        int from_end = 0, back = 0;
        triangle_place(head + middle + head - 1 - ticket, from_end, back);
        diagonal = across + down - 2 - from_end;
        place = from_end - back;  // that diagonal holds from_end + 1 tiles
    }
    const int top = diagonal - (across - 1) > 0 ? diagonal - (across - 1) : 0;
    const int row = top + place;
    return row * across + (diagonal - row);
}

}  // namespace scanscope::kernels
