#include "support/trace_checks.h"

#include <algorithm>
#include <map>
#include <sstream>

#include "model/trace_queries.h"
#include "support/reference.h"

namespace scanscope::test {

// (The name as a C string: a std::string made from a literal would be a temporary, and GCC 13
// warns that a reference returned beside it may dangle.)
const GlobalBuffer& global_named(const Launch& launch, const char* name) {
    if (const GlobalBuffer* g = find_global(launch, name)) return *g;
    throw std::runtime_error(std::string("no global ") + name);
}

std::string check_lookback(const Trace& trace, int per_tile, int segmented_reach) {
    if (trace.launches.size() != 1) return "expected one launch";
    const Launch& launch = trace.launches[0];
    const int tiles = launch.tile_count();
    if (per_tile <= 0) per_tile = launch.block;  // one item per thread
    const auto input = as_ints(trace.input);
    const long long n = static_cast<long long>(input.size());
    if (n > static_cast<long long>(tiles) * per_tile ||
        n <= static_cast<long long>(tiles - 1) * per_tile)
        return std::to_string(tiles) + " tiles of " + std::to_string(per_tile) +
               " elements do not cover " + std::to_string(n) + ": give check_lookback the tile";
    // A compaction's descriptors count the kept (non-zero) elements; a scan's add them.
    const VariantInfo* card = find_card(trace.request);
    const bool counts = card && card->algorithm == Algorithm::Compact;
    // A segmented scan's tile with a head publishes only its carry (the sum since its last head),
    // as its prefix; so does one with a head among the `segmented_reach` elements before it
    // (its warp 0 reads them: one a lane in the teaching tiles), which then reads no descriptor.
    const bool segmented = card && card->algorithm == Algorithm::SegmentedScan;
    const std::vector<int> heads = head_flags(trace.request);
    std::vector<std::int64_t> aggregate(std::size_t(tiles), 0), inclusive(std::size_t(tiles), 0);
    std::vector<bool> has_head(std::size_t(tiles), false), reached(std::size_t(tiles), false);
    std::int64_t carry = 0;
    for (int t = 0; t < tiles; ++t) {
        for (int i = std::max(0, t * per_tile - segmented_reach); segmented && i < t * per_tile;
             ++i)
            reached[std::size_t(t)] = reached[std::size_t(t)] || heads[std::size_t(i)];
        for (int i = t * per_tile; i < std::min(int(input.size()), (t + 1) * per_tile); ++i) {
            const std::int64_t x = counts ? input[std::size_t(i)] != 0 : input[std::size_t(i)];
            aggregate[std::size_t(t)] += x;
            const bool head = segmented && heads[std::size_t(i)] && i > 0;
            has_head[std::size_t(t)] = has_head[std::size_t(t)] || head;
            carry = head ? x : carry + x;
        }
        inclusive[std::size_t(t)] = carry;
    }
    std::map<int, std::vector<TileEvent>> published;
    std::ostringstream why;
    for (std::size_t i = 0; i < launch.events.size(); ++i) {
        const TileEvent& e = launch.events[i];
        const auto value = std::int32_t(e.value);
        if (e.kind == std::uint16_t(TileEventKind::Publish)) {
            if (e.tile != e.target) return "a tile published another tile's descriptor";
            published[int(e.tile)].push_back(e);
            const auto status = TileStatus(e.status);
            const std::int64_t want =
                status == TileStatus::Aggregate ? aggregate.at(e.tile) : inclusive.at(e.tile);
            if (value != std::int32_t(want)) {
                why << "tile " << e.tile << " published " << value << ", expected " << want;
                return why.str();
            }
        } else {
            if (e.target >= e.tile) {
                why << "tile " << e.tile << " read tile " << e.target
                    << ": look-back reads look backwards only";
                return why.str();
            }
            if (reached.at(e.tile)) {
                why << "tile " << e.tile << " read tile " << e.target
                    << "'s descriptor, but a head lies in the elements before it that it reads";
                return why.str();
            }
            const auto status = TileStatus(e.status);
            if (status == TileStatus::Aggregate && value != std::int32_t(aggregate.at(e.target)))
                return "a read saw an aggregate nobody published";
            if (status == TileStatus::Prefix && value != std::int32_t(inclusive.at(e.target)))
                return "a read saw a prefix nobody published";
        }
    }
    // Tile 0 knows its prefix at once; so does every tile of a persistent grid of one block (its
    // own last tile is the one before).
    const bool one_block = launch.tiles && launch.grid == 1;
    for (int t = 0; t < tiles; ++t) {
        const auto& events = published[t];
        const bool ordered =
            t == 0 || one_block || has_head[std::size_t(t)] || reached[std::size_t(t)]
                ? events.size() == 1 && TileStatus(events[0].status) == TileStatus::Prefix
                : events.size() == 2 && TileStatus(events[0].status) == TileStatus::Aggregate &&
                      TileStatus(events[1].status) == TileStatus::Prefix &&
                      events[0].time_ns <= events[1].time_ns;
        if (!ordered) {
            why << "tile " << t << " published " << events.size()
                << " descriptors, not invalid -> aggregate -> prefix (tile 0, or a segmented "
                   "scan's tile with a head in it or in reach before it: prefix only)";
            return why.str();
        }
    }
    return {};
}

std::string check_row_lookback(const Trace& trace, int width, int strip_width, int tile_height) {
    if (trace.launches.size() != 1) return "expected one launch";
    const Launch& launch = trace.launches[0];
    const auto input = as_ints(trace.input);
    const int height = int(input.size()) / width;
    const int strips = (width + strip_width - 1) / strip_width;
    const int rows = strips * height;  // the rows' descriptors; the columns' follow
    const int tile_rows = tile_height > 0 ? (height + tile_height - 1) / tile_height : 1;
    const int columns = tile_rows > 1 ? tile_rows * width : 0;
    if (launch.tile_count() != rows + columns)
        return "expected a descriptor a row of each strip" +
               std::string(columns ? " and a column of each row of tiles" : "");
    // part[s * height + y]: row y's sum within strip s; upto[...]: up to the strip's end. For the
    // columns, part[rows + i * width + x]: tile row i's sum down column x of the rows' sums up to
    // x; upto[...]: the same down to the tile's last row.
    std::vector<std::int64_t> part(std::size_t(rows + columns), 0), upto(part.size(), 0);
    std::vector<std::int64_t> down(std::size_t(width), 0);
    for (int y = 0; y < height; ++y) {
        std::int64_t row = 0;
        for (int s = 0; s < strips; ++s) {
            const auto d = std::size_t(s * height + y);
            for (int x = s * strip_width; x < std::min(width, (s + 1) * strip_width); ++x) {
                part[d] += input[std::size_t(y * width + x)];
                if (columns) {
                    const auto c = std::size_t(rows + y / tile_height * width + x);
                    part[c] += row + part[d];
                    down[std::size_t(x)] += row + part[d];
                    upto[c] = down[std::size_t(x)];
                }
            }
            row += part[d];
            upto[d] = row;
        }
    }
    std::map<std::uint32_t, std::vector<TileStatus>> published;
    for (const TileEvent& e : launch.events) {
        const auto status = TileStatus(e.status);
        const auto value = std::int32_t(e.value);
        const bool column = int(e.tile) >= rows;
        const int step = column ? width : height;  // the tile above, or the strip to the left
        const int from = column ? rows : 0;
        if (e.kind == std::uint16_t(TileEventKind::Publish)) {
            if (e.tile != e.target) return "a tile published another's descriptor";
            published[e.tile].push_back(status);
        } else if (e.target >= e.tile || (int(e.target) >= rows) != column ||
                   (int(e.target) - from) % step != (int(e.tile) - from) % step) {
            return "descriptor " + std::to_string(e.tile) + " read " + std::to_string(e.target) +
                   ": a look-back reads left along its own row (or up its own column) only";
        }
        if (status == TileStatus::Aggregate && value != std::int32_t(part.at(e.target)))
            return "descriptor " + std::to_string(e.target) + " holds aggregate " +
                   std::to_string(value) + ", expected " + std::to_string(part.at(e.target));
        if (status == TileStatus::Prefix && value != std::int32_t(upto.at(e.target)))
            return "descriptor " + std::to_string(e.target) + " holds prefix " +
                   std::to_string(value) + ", expected " + std::to_string(upto.at(e.target));
    }
    for (int d = 0; d < rows + columns; ++d) {
        const bool first = d < rows ? d < height : d - rows < width;
        const std::vector<TileStatus> want =
            first ? std::vector<TileStatus>{TileStatus::Prefix}
                  : std::vector<TileStatus>{TileStatus::Aggregate, TileStatus::Prefix};
        if (published[std::uint32_t(d)] != want)
            return "descriptor " + std::to_string(d) + " published " +
                   std::to_string(published[std::uint32_t(d)].size()) + " times, not as expected";
    }
    return {};
}

namespace {

// A key's bits in the order of its value: the sign bit turned over; a negative float's bits all.
std::uint32_t ordered_bits(std::uint32_t bits, ElementType type) {
    if (type == ElementType::Int32) return bits ^ 0x80000000u;
    return (bits & 0x80000000u) ? ~bits : bits | 0x80000000u;
}

}  // namespace

std::string check_digit_lookback(const Trace& trace, int tile_keys) {
    const int n = int(trace.input.size());
    std::vector<std::uint32_t> keys = trace.input;  // as the pass reads them
    int pass = 0;
    for (const Launch& launch : trace.launches) {
        if (launch.name.rfind("pass ", 0) != 0) continue;
        const int shift = 8 * pass++;
        const int width = std::min(8, sort_bits(trace.request) - shift);
        const auto digit = [&](std::uint32_t key) {
            return int((ordered_bits(key, trace.request.type) >> shift) & ((1u << width) - 1u));
        };
        const int tiles = (n + tile_keys - 1) / tile_keys;
        if (launch.tile_count() != tiles * 256) return launch.name + ": expected 256 a tile";
        std::vector<std::int64_t> part(std::size_t(tiles) * 256, 0), upto(part.size(), 0);
        for (int i = 0; i < n; ++i)
            ++part[std::size_t(i / tile_keys * 256 + digit(keys[std::size_t(i)]))];
        for (int d = 0; d < 256; ++d) {
            std::int64_t before = 0;
            for (int t = 0; t < tiles; ++t)
                upto[std::size_t(t * 256 + d)] = before += part[std::size_t(t * 256 + d)];
        }
        std::map<std::uint32_t, std::vector<TileStatus>> published;
        for (const TileEvent& e : launch.events) {
            const auto status = TileStatus(e.status);
            const std::string what = launch.name + ", descriptor " + std::to_string(e.target);
            if (e.kind == std::uint16_t(TileEventKind::Publish)) {
                if (e.tile != e.target) return what + ": published by another";
                published[e.tile].push_back(status);
            } else if (e.target >= e.tile || e.target % 256 != e.tile % 256) {
                return what + " read by " + std::to_string(e.tile) +
                       ": a look-back reads back along its own digit only";
            }
            const std::int64_t want = status == TileStatus::Aggregate ? part.at(e.target)
                                      : status == TileStatus::Prefix  ? upto.at(e.target)
                                                                      : -1;
            if (want >= 0 && std::int64_t(e.value) != want)
                return what + " holds " + std::to_string(e.value) + ", expected " +
                       std::to_string(want);
        }
        for (std::uint32_t d = 0; d < std::uint32_t(tiles) * 256; ++d) {
            const std::vector<TileStatus> want =
                d < 256 ? std::vector<TileStatus>{TileStatus::Prefix}
                        : std::vector<TileStatus>{TileStatus::Aggregate, TileStatus::Prefix};
            if (published[d] != want)
                return launch.name + ": tile " + std::to_string(d / 256) + ", digit " +
                       std::to_string(d % 256) + " published " +
                       std::to_string(published[d].size()) + " times, not as expected";
        }
        std::stable_sort(keys.begin(), keys.end(),
                         [&](std::uint32_t a, std::uint32_t b) { return digit(a) < digit(b); });
    }
    return pass ? std::string() : "no pass";
}

}  // namespace scanscope::test
