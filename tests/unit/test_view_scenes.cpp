// Every view draws every step of every variant's trace, after the trip through a file, and ends
// on the output the kernel wrote: what a teacher clicking through the tabs would see.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "analysis/banks.h"
#include "analysis/consistency.h"
#include "capture/capture.h"
#include "model/input_values.h"
#include "model/trace_json.h"
#include "model/values.h"
#include "player/view_scene.h"
#include "scenes/arrow_route.h"
#include "scenes/lookback_scene.h"
#include "scenes/multiblock_scene.h"
#include "scenes/pingpong_scene.h"
#include "support/reference.h"

namespace scanscope::test {
namespace {

const Theme kTheme = builtin_theme("dark");

Trace captured(const std::string& variant, int n, bool inclusive, int block_threads = 0) {
    RunRequest r;
    r.variant = variant;
    r.n = n;
    r.inclusive = inclusive;
    r.block_threads = block_threads;
    const Trace t = capture_trace(r, random_values(n, ElementType::Int32, 5), DeviceChoice::Cpu);
    return trace_from_json(nlohmann::json::parse(trace_to_json(t).dump()));
}

// The output cells a scene draws, by index.
std::map<int, std::string> output_cells(const Scene& s) {
    std::map<int, std::string> cells;
    for (const SceneCell& c : s.cells)
        if (c.ref.kind == CellRef::Kind::Output) cells[c.ref.index] = c.text;
    return cells;
}

TEST(ViewScenes, EveryViewDrawsEveryStepAndEndsOnTheOutput) {
    for (const VariantInfo& v : all_variants()) {
        for (bool inclusive : {false, true}) {
            if (inclusive && v.algorithm == Algorithm::Reduce) continue;
            const int n = v.max_n ? std::min(v.max_n, 100) : 300;
            const Trace trace =
                captured(v.key, n, inclusive, v.multi_block ? std::max(64, v.min_threads) : 0);
            Session s;
            s.load(trace);
            s.set_compare(trace);
            for (const ViewInfo& view : all_views()) {
                if (!view_applies(view.kind, trace)) continue;
                s.view = view.kind;
                const std::string what = v.key + (inclusive ? " inclusive" : "") + ", " + view.key;
                for (int f = 0; f < s.timeline().size(); ++f) {
                    s.timeline().seek(f);
                    for (int b : {0, trace.max_grid() - 1}) {
                        s.block = b;
                        const Scene scene = build_view_scene(s, kTheme);
                        EXPECT_TRUE(scene.empty_message.empty())
                            << what << " frame " << f << " block " << b << ": "
                            << scene.empty_message;
                    }
                }
                if (view.kind == ViewKind::Compare) continue;
                // The last frame shows the kernel's output, value for value.
                s.block = 0;
                s.timeline().end();
                const auto out = output_cells(build_view_scene(s, kTheme));
                EXPECT_EQ(out.size(), trace.output.size()) << what;
                for (const auto& [i, text] : out)
                    EXPECT_EQ(text, format_value(trace.output[std::size_t(i)], ElementKind::Int))
                        << what << " output " << i;
            }
        }
    }
}

// Every variant's Shared memory view at every step: `visit(variant, step, scene)`, false to stop.
// Captured at up to `n` elements (`any_n` where a variant takes any n), `threads` a block for the
// multi-block variants.
template <class Visit>
void each_array_view_step(int n, int any_n, int threads, Visit visit) {
    for (const VariantInfo& v : all_variants()) {
        const Trace trace = captured(v.key, v.max_n ? std::min(v.max_n, n) : any_n, false,
                                     v.multi_block ? std::max(threads, v.min_threads) : 0);
        Session s;
        s.load(trace);
        s.view = ViewKind::Array;
        for (int f = 0; f < s.timeline().size(); ++f) {
            s.timeline().seek(f);
            if (!visit(v, f, build_view_scene(s, kTheme))) return;
        }
    }
}

// The Shared memory view's arrows keep clear of the values (a cell's middle, where its number is
// drawn), for every variant at every step: between rows they meet the cells at their facing
// edges, and an arrow that would pass over the rows between goes around along the gaps. Each
// arrow's last piece still ends on the edge of a cell, or on a broadcast's bar.
TEST(ViewScenes, TheSharedMemoryViewsArrowsKeepClearOfTheValues) {
    int arrows = 0, around = 0;
    each_array_view_step(100, 300, 64, [&](const VariantInfo& v, int f, const Scene& scene) {
        for (const SceneArrow& a : scene.arrows) {
            // A piece of an arrow that goes around, along a gap (an arc's pieces are slanted).
            around += !a.head && a.width_px < 2.0f && (a.from.x == a.to.x || a.from.y == a.to.y);
            for (const SceneCell& c : scene.cells)
                if (!c.text.empty() && segment_meets(value_area(c.rect), a.from, a.to)) {
                    ADD_FAILURE() << v.key << " step " << f + 1 << ": an arrow (" << a.from.x
                                  << ", " << a.from.y << ") -> (" << a.to.x << ", " << a.to.y
                                  << ") crosses the value '" << c.text << "'";
                    return false;
                }
            if (!a.head) continue;
            ++arrows;
            bool on_an_edge = false;
            for (const SceneCell& c : scene.cells)
                on_an_edge |= a.to.x >= c.rect.x && a.to.x <= c.rect.right() &&
                              (std::abs(a.to.y - c.rect.y) < 0.07f ||
                               std::abs(a.to.y - c.rect.bottom()) < 1e-3f);
            EXPECT_TRUE(on_an_edge) << v.key << " step " << f + 1 << ": an arrow ends at ("
                                    << a.to.x << ", " << a.to.y << "), on no cell's edge";
        }
        return true;
    });
    EXPECT_GT(arrows, 1000);
    EXPECT_GT(around, 10) << "some arrows had rows in their way";
}

// Every view's arrows keep clear of the values, at the widths a projector wraps them to: a
// wrapped array can put what a step read lines away from what it wrote (x[32] under x[0] at 11
// a row), and a straight arrow between them crossed the lines between over their numbers (the
// Tree, Reduction and Scatter views did, 3488 times in the first two alone; and a block's arrow
// to its second global buffer crossed the first's). Every variant (64 elements), every view
// but Compare (which draws others' scenes), every step.
TEST(ViewScenes, EveryViewsArrowsKeepClearOfTheValuesWhereverItsRowsWrap) {
    int arrows = 0, around = 0, failures = 0;
    for (const VariantInfo& v : all_variants()) {
        const Trace trace = captured(v.key, v.max_n ? std::min(v.max_n, 64) : 64, false,
                                     v.multi_block ? std::max(64, v.min_threads) : 0);
        for (const ViewInfo& view : all_views()) {
            if (!view.applies(trace) || view.kind == ViewKind::Compare) continue;
            Session s;
            s.load(trace);
            s.view = view.kind;
            for (const int columns : {8, 11, 16, 32})
                for (int f = 0; f < s.timeline().size(); ++f) {
                    s.timeline().seek(f);
                    const Scene scene = build_view_scene(s, kTheme, {columns, false});
                    for (const SceneArrow& a : scene.arrows) {
                        arrows += a.head;
                        around += !a.head && (a.from.x == a.to.x || a.from.y == a.to.y);
                        for (const SceneCell& cell : scene.cells)
                            if (!cell.text.empty() &&
                                segment_meets(value_area(cell.rect), a.from, a.to) &&
                                ++failures <= 10)
                                ADD_FAILURE()
                                    << v.key << " " << view.key << " at " << columns
                                    << " a row, frame " << f << ": an arrow (" << a.from.x << ", "
                                    << a.from.y << ") -> (" << a.to.x << ", " << a.to.y
                                    << ") crosses the value '" << cell.text << "'";
                    }
                }
        }
    }
    EXPECT_EQ(failures, 0);
    EXPECT_GT(arrows, 5000);
    EXPECT_GT(around, 100) << "some arrows had rows in their way";
}

// Within a row, the Shared memory view's arrows are arcs above it, each its own: none lies along
// the row's top edge (where they lay on one another and on the cells' borders), and no two meet
// at their highest point (a swap's two arrows are two), for every variant at every step.
TEST(ViewScenes, TheSharedMemoryViewsArrowsWithinARowAreArcsOfTheirOwn) {
    int arcs = 0, swaps = 0;
    each_array_view_step(32, 64, 32, [&](const VariantInfo& v, int f, const Scene& scene) {
        std::vector<Vec2> peaks;
        Vec2 start{}, peak{}, end{};
        bool joined = false;
        for (const SceneArrow& a : scene.arrows) {
            // An arrow's pieces follow on from one another; a bar's piece stands alone.
            if (!joined || std::abs(a.from.x - end.x) + std::abs(a.from.y - end.y) > 1e-5f)
                start = a.from, peak = a.from;
            joined = !a.head;
            end = a.to;
            if (a.to.y < peak.y) peak = a.to;
            if (a.head && std::abs(a.to.y - start.y) < 1e-4f && a.to.x != start.x) {
                ++arcs;
                EXPECT_LT(peak.y, start.y - 0.05f)
                    << v.key << " step " << f + 1 << ": an arrow from (" << start.x << ", "
                    << start.y << ") along its row's edge";
                for (const Vec2& other : peaks)
                    if (std::abs(other.x - peak.x) < 1e-3f && std::abs(other.y - peak.y) < 1e-3f)
                        ADD_FAILURE() << v.key << " step " << f + 1
                                      << ": two arrows within a row meet at their top";
                swaps += std::count_if(peaks.begin(), peaks.end(), [&](const Vec2& other) {
                    return std::abs(other.x - peak.x) < 1e-3f;
                });
                peaks.push_back(peak);
            }
        }
        return true;
    });
    EXPECT_GT(arcs, 100);
    EXPECT_GT(swaps, 4) << "Blelloch's down-sweep swaps: two arrows over one pair";
}

// The look-back view's read arrows run in the gaps of its grid of tiles: no piece of one touches a
// tile (not even its border, where an arrow drawn top to top ran along the tiles between) but at
// its two ends, for every variant with a look-back, at every event, in the grid and magnified; and
// each arrow ends on the top edge of the tile that is read.
TEST(ViewScenes, TheLookBackViewsArrowsRunInTheGaps) {
    int reads = 0, wrapped = 0;
    for (const VariantInfo& v : all_variants()) {
        // Enough tiles (32 threads a block) that a look-back wraps to the grid's line before.
        const int n = v.max_n ? std::min(v.max_n, 1500) : 1500;
        const Trace trace =
            captured(v.key, n, false, v.multi_block ? std::max(32, v.min_threads) : 0);
        for (const int l : lookback_launches(trace)) {
            const auto& events = trace.launches[std::size_t(l)].events;
            for (int e = 0; e < int(events.size()); ++e) {
                for (bool magnify : {false, true}) {
                    const Scene scene = build_lookback_scene(trace, e, kTheme, 16, magnify, l);
                    std::vector<SceneArrow> arrow;
                    for (const SceneArrow& piece : scene.arrows) {
                        arrow.push_back(piece);
                        if (!piece.head) continue;
                        // The arrow's pieces, each shortened a little at its two ends, where it
                        // may meet the tiles it joins.
                        for (const SceneArrow& a : arrow) {
                            const Vec2 d{a.to.x - a.from.x, a.to.y - a.from.y};
                            const float length = std::hypot(d.x, d.y), cut = 0.02f / length;
                            const Vec2 from{a.from.x + d.x * cut, a.from.y + d.y * cut},
                                to{a.to.x - d.x * cut, a.to.y - d.y * cut};
                            for (const SceneCell& c : scene.cells)
                                if (segment_meets(c.rect, from, to)) {
                                    ADD_FAILURE()
                                        << v.key << " launch " << l << " event " << e + 1
                                        << (magnify ? " magnified" : "") << ": an arrow piece ("
                                        << a.from.x << ", " << a.from.y << ") -> (" << a.to.x
                                        << ", " << a.to.y << ") meets the cell '" << c.text << "'";
                                    return;
                                }
                        }
                        if (!magnify) {
                            ++reads;
                            wrapped += arrow.size() > 3;
                            bool on_a_top_edge = false;
                            for (const SceneCell& c : scene.cells)
                                on_a_top_edge |= c.ref.kind == CellRef::Kind::Tile &&
                                                 std::abs(piece.to.y - c.rect.y) < 1e-4f &&
                                                 std::abs(piece.to.x - c.rect.center().x) < 1e-4f;
                            EXPECT_TRUE(on_a_top_edge) << v.key << " event " << e + 1;
                        }
                        arrow.clear();
                    }
                    EXPECT_TRUE(arrow.empty()) << v.key << ": an arrow without a head";
                }
            }
        }
    }
    EXPECT_GT(reads, 100);
    EXPECT_GT(wrapped, 5) << "some look-backs wrapped to the line before";
}

// The look-back view's key (what a tile's colour means) stays with the tiles: in a line under
// them where they are as wide, in a column beside them where they are few (a line as wide as
// three keys, under four tiles drawn large in presenter mode, ran off the window's edge).
TEST(ViewScenes, TheLookBackViewsKeyStaysWithTheTiles) {
    for (const int n : {120, 1500}) {
        const Trace trace = captured("decoupled-lookback", n, false, 32);
        const Scene scene = build_lookback_scene(trace, 0, kTheme);
        // Each box as {left, top, right, bottom}.
        struct Box {
            float x0 = 1e9f, y0 = 1e9f, x1 = -1e9f, y1 = -1e9f;
            void add(const Rect& r) {
                x0 = std::min(x0, r.x), y0 = std::min(y0, r.y);
                x1 = std::max(x1, r.right()), y1 = std::max(y1, r.bottom());
            }
        } tiles, keys;
        int key_count = 0;
        for (const SceneCell& c : scene.cells) {
            if (c.ref.kind == CellRef::Kind::Tile) tiles.add(c.rect);
            if (c.role == CellRole::Header) keys.add(c.rect), ++key_count;
        }
        ASSERT_EQ(key_count, 3) << n;
        const bool few = tiles.x1 - tiles.x0 < 24;
        if (few) {
            EXPECT_GT(keys.x0, tiles.x1) << n << ": the keys beside the tiles";
            EXPECT_LE(keys.y1, tiles.y0 + 3.0f) << n << ": from the tiles' top down";
            EXPECT_LT(scene.bounds.w, tiles.x1 - tiles.x0 + 11.0f)
                << n << ": no wider than the keys need";
            EXPECT_LT(scene.bounds.bottom(), tiles.y1 + 1.5f) << n;
        } else {
            EXPECT_GT(keys.y0, tiles.y1) << n << ": the keys in a line under the tiles";
            EXPECT_LE(keys.x1, tiles.x1) << n;
        }
        EXPECT_EQ(few, n == 120) << n << ": " << tiles.x1 - tiles.x0 << " wide";
    }
}

// The same for traces captured on an H100 (tests/data/gpu-traces): what a laptop replays.
TEST(ViewScenes, GpuTracesReplayInEveryView) {
    for (const char* name : {"bl-gpu.json", "lb-gpu.json", "mb-gpu.json"}) {
        const Trace trace = load_trace(std::string(SCANSCOPE_TEST_DATA) + "/gpu-traces/" + name);
        EXPECT_EQ(trace.source.kind, "gpu");
        Session s;
        s.load(trace);
        for (const ViewInfo& view : all_views()) {
            if (!view_applies(view.kind, trace) || view.kind == ViewKind::Compare) continue;
            s.view = view.kind;
            for (int f = 0; f < s.timeline().size(); f += std::max(1, s.timeline().size() / 50)) {
                s.timeline().seek(f);
                EXPECT_TRUE(build_view_scene(s, kTheme).empty_message.empty())
                    << name << " " << view.key << " frame " << f;
            }
            s.timeline().end();
            EXPECT_EQ(output_cells(build_view_scene(s, kTheme)).size(), trace.output.size())
                << name << " " << view.key;
        }
        // Event times count from the earliest event, whatever order the SMs' clocks logged.
        if (lookback_launch(trace) >= 0)
            for (int e = 0; e < s.events.size(); ++e) {
                const std::string caption = event_caption(trace, e);
                const std::size_t at = caption.find(" · ") + 3;
                EXPECT_LT(std::stod(caption.substr(at)), 1e6) << caption;
            }
    }
}

// Harris's example, inclusive: the tree's last step shows 3 4 11 11 15 16 22 25, which shared
// memory never holds (it keeps the exclusive scan), and the listing shows the inclusive store.
TEST(ViewScenes, InclusiveBlellochShowsTheInclusiveOutputAndListing) {
    RunRequest r;
    r.variant = "blelloch";
    r.n = 8;
    r.inclusive = true;
    const Trace t = capture_trace(r, int_bits({3, 1, 7, 0, 4, 1, 6, 3}), DeviceChoice::Cpu);
    Session s;
    s.load(t);
    s.view = ViewKind::Tree;
    s.timeline().end();
    const auto out = output_cells(build_view_scene(s, kTheme));
    std::vector<std::string> values;
    for (const auto& [i, text] : out)
        values.push_back(text);
    EXPECT_EQ(values, (std::vector<std::string>{"3", "4", "11", "11", "15", "16", "22", "25"}));
    bool inclusive_line = false, exclusive_line = false;
    for (const ListingLine& line : t.listing) {
        inclusive_line |= line.text == "output[ai] := temp[ai] + input[ai]";
        exclusive_line |= line.text == "output[ai] := temp[ai]";
    }
    EXPECT_TRUE(inclusive_line);
    EXPECT_FALSE(exclusive_line);
}

// A trace file may name a variant no registry knows (its checks say so): the views still draw it,
// and its output row shows what the trace holds, with no sequential loop to compare it with.
TEST(ViewScenes, ATraceOfAnUnknownVariantShowsItsOutputUncompared) {
    nlohmann::json document = trace_to_json(captured("hillis-steele", 8, true));
    document["variant"] = "hilis-lsteele";
    const Trace t = trace_from_json(document);
    EXPECT_EQ(first_inconsistency(t), "unknown variant 'hilis-lsteele'");
    Session s;
    s.load(t);
    s.view = ViewKind::Array;
    s.timeline().end();
    const Scene scene = build_view_scene(s, kTheme);
    const auto out = output_cells(scene);
    ASSERT_EQ(out.size(), t.output.size());
    for (const auto& [i, text] : out)
        EXPECT_EQ(text, std::to_string(std::int32_t(t.output[std::size_t(i)]))) << i;
    EXPECT_TRUE(std::any_of(scene.labels.begin(), scene.labels.end(), [](const SceneLabel& l) {
        return l.text.find("not compared: no variant is called 'hilis-lsteele'") !=
               std::string::npos;
    }));
}

// Under the output, its verdict has a line of its own, and says what the variant leaves: a split
// orders by bit 0, a radix sort by every bit it passed over (Harris 39.3.3's keys take three).
TEST(ViewScenes, TheOutputsVerdictSaysWhatTheVariantLeaves) {
    const auto verdict = [](const std::string& variant, const std::vector<int>& keys) {
        RunRequest r;
        r.variant = variant;
        r.n = int(keys.size());
        const Trace t = capture_trace(r, int_bits(keys), DeviceChoice::Cpu);
        Session s;
        s.load(t);
        s.view = ViewKind::Array;
        s.timeline().end();
        const Scene scene = build_view_scene(s, kTheme);
        std::vector<std::string> lines;
        for (const SceneLabel& l : scene.labels)
            if (l.text.find("loop's") != std::string::npos ||
                l.text.find("as the kernel wrote it") != std::string::npos)
                lines.push_back(l.text);
        return lines;
    };
    const std::vector<int> keys{4, 7, 2, 6, 3, 5, 1, 0};
    EXPECT_EQ(verdict("split", keys),
              (std::vector<std::string>{
                  "output in global memory, as the kernel wrote it",
                  "keys with bit 0 clear, then those with it set, the same as a sequential "
                  "loop's"}));
    EXPECT_EQ(verdict("radix-sort", keys),
              (std::vector<std::string>{
                  "output in global memory, as the kernel wrote it",
                  "the keys in order of their low 3 bits, the same as a sequential loop's"}));
    EXPECT_EQ(verdict("blelloch", keys),
              (std::vector<std::string>{"output in global memory, as the kernel wrote it",
                                        "exclusive scan, the same as a sequential loop's"}));
}

// The single-pass scan's blocks take tiles in ticket order: each block's row is labelled with
// its tile, and the descriptor beside it is that tile's.
TEST(ViewScenes, LookBackBlocksShowTheirOwnTilesDescriptor) {
    const Trace t = captured("decoupled-lookback", 2048, true, 32);
    const Launch& launch = t.launches[0];
    bool reordered = false;
    for (int b = 0; b < launch.grid; ++b) {
        const int tile = launch.tile_of_block(b);
        ASSERT_GE(tile, 0) << "block " << b;
        reordered |= tile != b;
    }
    EXPECT_TRUE(reordered) << "the seeded schedule starts blocks out of order";
    Cursor c;
    c.step = launch.longest_block() - 1;
    const Scene scene = build_multiblock_scene(t, c, kTheme);
    for (const SceneCell& cell : scene.cells) {
        if (cell.ref.kind != CellRef::Kind::Global) continue;
        const std::uint64_t word = launch.globals[0].values[std::size_t(cell.ref.index)];
        EXPECT_EQ(cell.text.substr(2), format_value(std::uint32_t(word), ElementKind::Int));
    }
    for (int b = 0; b < launch.grid; ++b) {
        const std::string label =
            "block " + std::to_string(b) + " · tile " + std::to_string(launch.tile_of_block(b));
        bool found = false;
        for (const SceneLabel& l : scene.labels)
            found |= l.text == label;
        EXPECT_TRUE(found) << label;
    }
}

// In the look-back view the Banks totals follow the events: they grow as tiles publish.
TEST(ViewScenes, BanksFollowTheLookBackEvents) {
    Session s;
    s.load(captured("decoupled-lookback", 2048, true, 32));
    s.view = ViewKind::LookBack;
    s.events.seek(0);
    const ConflictTotals first = s.conflicts_so_far();
    s.events.seek(s.events.size() / 2);
    const ConflictTotals middle = s.conflicts_so_far();
    s.events.end();
    const ConflictTotals last = s.conflicts_so_far();
    EXPECT_LT(first.load_instructions, middle.load_instructions);
    EXPECT_LT(middle.load_instructions, last.load_instructions);
    EXPECT_LE(last.load_instructions, s.banks().totals.load_instructions);
    // The cursor follows the event's block to its look-back step.
    const Step* step = s.current_step();
    ASSERT_NE(step, nullptr);
    EXPECT_EQ(s.trace().label(step->line)->phase, "look back");
}

// The race's examples start with the hazards between warps: those are the ones that go wrong.
TEST(ViewScenes, RaceExamplesShowHazardsBetweenWarpsFirst) {
    RunRequest r;
    r.variant = "hillis-steele-inplace";
    r.n = 64;
    r.inclusive = true;
    const Trace t =
        capture_trace(r, std::vector<std::uint32_t>(64, int_bits({1})[0]), DeviceChoice::Cpu);
    for (int step = 1; step <= 5; ++step) {
        Cursor c;
        c.step = step;
        const Scene scene = build_pingpong_scene(t, c, kTheme);
        ASSERT_GE(scene.notes.size(), 2u) << "step " << step;
        EXPECT_NE(scene.notes[1].find("(warp 1) reads"), std::string::npos) << scene.notes[1];
        EXPECT_NE(scene.notes[1].find("(warp 0) writes"), std::string::npos) << scene.notes[1];
    }
}

// Thousands of blocks (one thread each): every cell names its own block. The old int code
// (block * 10^6 + word) overflowed from block 2148 and mixed blocks up in the hover text.
TEST(ViewScenes, CellsOfManyBlocksNameTheirBlock) {
    const Trace t = captured("scan-then-propagate", 8192, false, 1);
    const Launch& launch = t.launches[0];
    ASSERT_GT(launch.grid, 2148);
    const Scene scene = build_multiblock_scene(t, Cursor{}, kTheme);
    std::vector<int> words_of(std::size_t(launch.grid), 0);
    for (const SceneCell& c : scene.cells)
        if (c.ref.kind == CellRef::Kind::Word) {
            ASSERT_GE(c.ref.block, 0);
            ASSERT_LT(c.ref.block, launch.grid);
            ++words_of[std::size_t(c.ref.block)];
        }
    for (int b = 0; b < launch.grid; ++b)
        EXPECT_EQ(words_of[std::size_t(b)], words_of[0]) << "block " << b;
}

}  // namespace
}  // namespace scanscope::test
