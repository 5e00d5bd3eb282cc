// The summed-area table in one pass (summed-area-lookback), emulated: strips of columns, each row
// carried across strips by a look-back; timed, tiles of one band of a strip, each column carried
// down the rows of tiles by a second look-back (in tables 16384 wide and more, handed down from
// tile to tile). Expected values worked by hand, or added up rectangle by rectangle
// (check_summed_area_output), never by ScanScope's code.
#include <gtest/gtest.h>

#include <map>

#include "analysis/questions.h"
#include "capture/capture.h"
#include "core/tile_descriptor.h"
#include "model/trace_queries.h"
#include "scan/anti_diagonal_order.h"
#include "scan/lookback_policies.h"
#include "scenes/views.h"
#include "support/reference.h"
#include "support/repeated_runs.h"
#include "support/trace_checks.h"
#include "variants/run.h"

namespace scanscope::test {
namespace {

RunRequest table(int n, int width, OpKind op = OpKind::Add) {
    return table_request("summed-area-lookback", n, width, op);
}

// A table of ones 96 wide and 3 high, in strips of 32: entry (x, y) is (x + 1)(y + 1). Along each
// row the strips publish 32 each: strip 0 its prefix 32 at once, strip 1 its aggregate 32 and
// then its prefix 64, strip 2 the aggregate 32 and the prefix 96.
TEST(SummedAreaLookback, EachRowIsCarriedAcrossTheStrips) {
    RunRequest r = table(96 * 3, 96);
    r.block_threads = 32;  // a warp: a band is one row
    const Trace t = capture_trace(r, std::vector<std::uint32_t>(96 * 3, 1u), DeviceChoice::Cpu);
    std::vector<std::int32_t> want;
    for (int y = 0; y < 3; ++y)
        for (int x = 0; x < 96; ++x)
            want.push_back((x + 1) * (y + 1));
    EXPECT_EQ(as_ints(t.output), want);
    const Launch& l = t.launches.at(0);
    EXPECT_EQ(l.grid, 3) << "three strips of 32 columns";
    std::map<int, std::vector<std::pair<TileStatus, std::uint32_t>>> published;
    for (const TileEvent& e : l.events)
        if (e.kind == std::uint16_t(TileEventKind::Publish))
            published[int(e.tile)].push_back({TileStatus(e.status), std::uint32_t(e.value)});
    using P = std::vector<std::pair<TileStatus, std::uint32_t>>;
    for (int y = 0; y < 3; ++y) {  // row y of strip s: descriptor s * 3 + y
        EXPECT_EQ(published[y], (P{{TileStatus::Prefix, 32u}})) << "row " << y;
        EXPECT_EQ(published[3 + y], (P{{TileStatus::Aggregate, 32u}, {TileStatus::Prefix, 64u}}));
        EXPECT_EQ(published[6 + y], (P{{TileStatus::Aggregate, 32u}, {TileStatus::Prefix, 96u}}));
    }
    EXPECT_EQ(l.tiles, 9) << "a descriptor a row of each strip";
    EXPECT_EQ(check_row_lookback(t, 96, 32), "");
    EXPECT_EQ(default_view(t), ViewKind::LookBack);
}

// The tiles' order: every tile once, and the tile left of each and the one above it a ticket
// before it (a look-back waits only on tiles taken earlier), anti-diagonal after anti-diagonal.
TEST(SummedAreaLookback, TilesAreTakenByAntiDiagonals) {
    EXPECT_EQ(kernels::anti_diagonal_order(3, 2), (std::vector<int>{0, 1, 3, 2, 4, 5}))
        << "diagonals {(0,0)}, {(0,1), (1,0)}, {(0,2), (1,1)}, {(1,2)}, each from the top";
    for (auto [across, down] : {std::pair{1, 1}, {1, 5}, {5, 1}, {4, 7}, {7, 4}, {128, 128}}) {
        const std::vector<int> order = kernels::anti_diagonal_order(across, down);
        ASSERT_EQ(order.size(), std::size_t(across * down));
        std::vector<int> ticket(order.size(), -1);
        for (std::size_t t = 0; t < order.size(); ++t) {
            ASSERT_EQ(ticket.at(std::size_t(order[t])), -1) << "tile " << order[t] << " twice";
            ticket[std::size_t(order[t])] = int(t);
        }
        for (int i = 0; i < down; ++i)
            for (int j = 0; j < across; ++j) {
                const int me = ticket[std::size_t(i * across + j)];
                if (j > 0) {
                    EXPECT_LT(ticket[std::size_t(i * across + j - 1)], me);
                }
                if (i > 0) {
                    EXPECT_LT(ticket[std::size_t((i - 1) * across + j)], me);
                }
            }
    }
}

// What the kernel takes: each ticket's tile found from the ticket, as the list has it, on grids
// whose diagonals grow, stay and shrink (wider and taller than square, one row or column of tiles),
// the timed tables' grids among them (the 64 x 256 wide tiles at 2^28 are 64 across and 256 down;
// the 128 x 128 tiles at 2^24 and 2^20 32 x 32 and 8 x 8).
TEST(SummedAreaLookback, EachTicketFindsItsTileWithoutTheList) {
    std::vector<std::pair<int, int>> grids = {
        {64, 256}, {32, 512}, {512, 32}, {1000, 1000}, {3, 5000}};
    for (int across = 1; across <= 24; ++across)
        for (int down = 1; down <= 24; ++down)
            grids.emplace_back(across, down);
    for (auto [across, down] : grids) {
        const std::vector<int> order = kernels::anti_diagonal_order(across, down);
        for (std::size_t t = 0; t < order.size(); ++t)
            ASSERT_EQ(kernels::anti_diagonal_tile(int(t), across, down), order[t])
                << "ticket " << t << " of " << across << " x " << down;
    }
}

// Timed, a table of ones 160 wide and 384 high is two strips (128 columns) and three rows of
// tiles (128 rows: 8 warps of 16): six tiles. Down column x a tile adds 128 rows of x + 1 (each
// row's entries with its left part), so the first row of tiles publishes its prefix 128 (x + 1),
// and the others their aggregate 128 (x + 1) and then their prefix 256 (x + 1) and 384 (x + 1).
TEST(SummedAreaLookback, TimedTilesCarryEachColumnDownTheRowsOfTiles) {
    const int width = 160, height = 384;
    RunRequest r = table(width * height, width);
    r.shape = KernelShape::Timed;
    const Trace t = capture_trace(r, std::vector<std::uint32_t>(std::size_t(width * height), 1u),
                                  DeviceChoice::Cpu);
    std::vector<std::int32_t> want;
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            want.push_back((x + 1) * (y + 1));
    EXPECT_EQ(as_ints(t.output), want);
    const Launch& l = t.launches.at(0);
    EXPECT_EQ(l.grid, 6) << "two strips, three rows of tiles";
    const int rows = 2 * height;  // a descriptor a row of each strip
    ASSERT_EQ(column_descriptors_from(t), rows);
    EXPECT_EQ(l.tile_count(), rows + 3 * width) << "and one a column of each row of tiles";
    std::map<int, std::vector<std::pair<TileStatus, std::uint32_t>>> published;
    for (const TileEvent& e : l.events)
        if (e.kind == std::uint16_t(TileEventKind::Publish) && int(e.tile) >= rows)
            published[int(e.tile)].push_back({TileStatus(e.status), std::uint32_t(e.value)});
    using P = std::vector<std::pair<TileStatus, std::uint32_t>>;
    for (int x = 0; x < width; ++x) {
        const std::uint32_t down = 128u * std::uint32_t(x + 1);
        EXPECT_EQ(published[rows + x], (P{{TileStatus::Prefix, down}})) << "column " << x;
        EXPECT_EQ(published[rows + width + x],
                  (P{{TileStatus::Aggregate, down}, {TileStatus::Prefix, 2 * down}}));
        EXPECT_EQ(published[rows + 2 * width + x],
                  (P{{TileStatus::Aggregate, down}, {TileStatus::Prefix, 3 * down}}));
    }
    EXPECT_EQ(descriptor_name(t, rows + 2 * width + 5), "tile row 2 column 5");
    EXPECT_EQ(descriptor_short_name(t, rows + 2 * width + 5), "tr2 c5");
    EXPECT_EQ(descriptor_name(t, height + 7), "strip 1 row 7");
    EXPECT_EQ(predecessor_step(t, rows + 2 * width + 5), width) << "the tile above";
    EXPECT_EQ(predecessor_step(t, height + 7), height) << "the strip to the left";
    EXPECT_EQ(lookback_column_word(t, rows + 5), "tile row");
    EXPECT_EQ(check_row_lookback(t, width, 128, 128), "");
    // Predict mode asks about a column's look-back as about a row's: what it adds is what the
    // tiles above hold, 256 (x + 1) for tile row 2.
    const int d = rows + 2 * width + 5;
    const int e = lookback_start_event(t, d);
    ASSERT_GE(e, 0);
    const auto value = make_question(t, QuestionKind::LookBackValue, {true, e, 0}, {});
    ASSERT_TRUE(value);
    EXPECT_EQ(value->choices.at(std::size_t(value->right)), "1536");
}

// Predict mode's look-back questions, along a row: what a row's look-back adds, with the strip's
// own total, is the prefix it publishes; it stops at a strip of its own row that it read with a
// prefix. 128 x 6 in four strips, a row a band: the strips' look-backs interleave.
TEST(SummedAreaLookback, LookBackQuestionsFollowTheRow) {
    RunRequest r = table(128 * 6, 128);
    r.block_threads = 32;
    const Trace t = capture_trace(r, random_input(128 * 6, r.type, 3), DeviceChoice::Cpu);
    const Launch& l = t.launches.at(0);
    ASSERT_EQ(descriptor_rows(t), 6);
    int asked = 0;
    for (int d = 6; d < l.tile_count(); ++d) {  // strips 1 to 3
        const int e = lookback_start_event(t, d);
        ASSERT_GE(e, 0) << descriptor_name(t, d);
        const auto value = make_question(t, QuestionKind::LookBackValue, {true, e, 0}, {});
        const auto stop = make_question(t, QuestionKind::LookBackStop, {true, e, 0}, {});
        ASSERT_TRUE(value) << descriptor_name(t, d);
        // Strip 1 can stop only at strip 0: a question with one choice is not asked.
        ASSERT_EQ(bool(stop), d >= 12) << descriptor_name(t, d);
        std::uint32_t aggregate = 0, prefix = 0;
        for (const TileEvent& ev : l.events)
            if (int(ev.tile) == d && ev.kind == std::uint16_t(TileEventKind::Publish))
                (ev.status == std::uint16_t(TileStatus::Aggregate) ? aggregate : prefix) = ev.value;
        const std::string added = value->choices.at(std::size_t(value->right));
        EXPECT_EQ(std::uint32_t(std::stoll(added)) + aggregate, prefix) << descriptor_name(t, d);
        ++asked;
        if (!stop) continue;
        const std::string stopped_at = stop->choices.at(std::size_t(stop->right));
        EXPECT_EQ(stopped_at.substr(0, 6), "strip ") << stopped_at;
        EXPECT_EQ(stopped_at.substr(stopped_at.find(" row ")), " row " + std::to_string(d % 6))
            << "a look-back stays on its row: " << stopped_at;
        for (const std::string& choice : stop->choices)
            EXPECT_EQ(choice.substr(choice.find(" row ")), " row " + std::to_string(d % 6))
                << "every choice is a strip of the row: " << choice;
        EXPECT_NE(stop->prompt.find("Strip " + std::to_string(d / 6) + " row "), std::string::npos)
            << stop->prompt;
    }
    EXPECT_EQ(asked, 18);
}

// Every shape around the strips and bands: one column, one row, widths not a multiple of 32 or of
// 4 (scalar loads), heights not a multiple of the band; both kernel shapes; add and max; ints
// and floats.
TEST(SummedAreaLookback, EveryShapeAgainstItsRectangles) {
    for (KernelShape shape : {KernelShape::Teaching, KernelShape::Timed})
        for (auto [width, height] : {std::pair{1, 1},
                                     {1, 70},
                                     {70, 1},
                                     {31, 5},
                                     {33, 9},
                                     {64, 64},
                                     {130, 37},
                                     {129, 40},
                                     {300, 70},
                                     {1000, 3}})
            for (ElementType type : {ElementType::Int32, ElementType::Float32})
                for (OpKind op : {OpKind::Add, OpKind::Max}) {
                    const int n = width * height;
                    RunRequest r = table(n, width, op);
                    r.type = type;
                    r.shape = shape;
                    r.block_threads = shape == KernelShape::Teaching ? 64 : 0;
                    const auto input = random_input(n, type, std::uint64_t(n + width));
                    EXPECT_EQ(
                        check_summed_area_output(input, width, run_emulated(r, input), type, op),
                        "")
                        << width << " x " << height
                        << (shape == KernelShape::Timed ? ", timed" : ", teaching");
                }
}

// A timed table of many strips and bands: the look-backs read ahead several strips at once.
TEST(SummedAreaLookback, ManyTimedStripsAreRight) {
    const int width = 1024 + 4, height = 70;  // 9 strips of 128, 3 bands of 32
    RunRequest r = table(width * height, width);
    r.shape = KernelShape::Timed;
    const auto input = random_input(width * height, r.type, 9);
    EXPECT_EQ(check_summed_area_output(input, width, run_emulated(r, input), r.type, r.op), "");
}

// Tables 16384 wide and more take wide tiles, 64 x 256 (two warps side by side), and a tile gets
// what is above its columns from the tile above, which hands its last row down through two words
// a column. Three rows of tiles (both slots, and the first again), the last one short, and a
// width that is no whole number of tiles or of vectors; one short row of tiles (nothing to hand
// down); three launches on the same buffers, each readying the other set of words for the next.
TEST(SummedAreaLookback, WideTilesHandEachColumnDown) {
    const int tile_high = 256 / 32 / kernels::SummedAreaLookbackPolicy::kWideWarpCols * 16;
    for (auto [width, height] : {std::pair{16384, 2 * tile_high + tile_high / 2},
                                 {16390, 2 * tile_high + 13},
                                 {20000, 5}}) {
        RunRequest r = table(width * height, width);
        r.shape = KernelShape::Timed;
        ASSERT_TRUE(kernels::SummedAreaLookbackPolicy::wide(width, 256));
        EXPECT_EQ(check_repeated_runs(r, 3, std::uint64_t(width),
                                      [&](const auto& input, const auto& output) {
                                          return check_summed_area_output(input, width, output,
                                                                          r.type, r.op);
                                      }),
                  "")
            << width << " x " << height;
    }
}

// The ring's words are named by slot and column, as the look-back view and predict mode show them.
TEST(SummedAreaLookback, TheRingsWordsAreNamedBySlotAndColumn) {
    DescriptorLayout layout;
    layout.rows = 96;
    layout.columns_from = 32 * 96;  // 32 strips of 96 rows
    layout.width = 16384;
    layout.ring = true;
    const int word = layout.columns_from + 16384 + 5;
    EXPECT_EQ(descriptor_name(layout, word), "slot 1 column 5");
    EXPECT_EQ(descriptor_short_name(layout, word), "sl1 c5");
    EXPECT_EQ(lookback_column_word(layout, word), "slot");
    EXPECT_EQ(descriptor_name(layout, 96 + 7), "strip 1 row 7");
}

}  // namespace
}  // namespace scanscope::test
