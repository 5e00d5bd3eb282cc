// The last pass of scan-then-propagate (Harris's "uniform add"): every element of block b is
// combined with the total of the blocks before b.
#pragma once

#include "core/hd.h"

namespace scanscope::kernels {

struct AddBlockPrefixesLine {
    enum : std::uint16_t { Add = 50 };
};

template <class T, class Op>
struct AddBlockPrefixes {
    const T* prefixes;  // exclusive scan of the block totals
    T* data;
    int n;
    int per_block;

    template <class Block>
    SS_HD void operator()(Block& b) const {
        b.at(AddBlockPrefixesLine::Add);
        const T prefix = prefixes[b.block()];
        for (int i = b.thread(); i < per_block; i += b.threads()) {
            const int g = b.block() * per_block + i;
            if (g < n) data[g] = Op::combine(prefix, data[g]);
        }
    }
};

}  // namespace scanscope::kernels
