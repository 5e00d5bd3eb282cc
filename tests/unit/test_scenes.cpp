// The views' scenes read the trace faithfully: lit cells, arrows, colours, statuses.
#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <set>

#include "capture/capture.h"
#include "model/input_values.h"
#include "player/session.h"
#include "scenes/array_scene.h"
#include "scenes/arrow_route.h"
#include "scenes/banks_scene.h"
#include "scenes/compare_scene.h"
#include "scenes/focus_strip.h"
#include "scenes/history_scene.h"
#include "scenes/lookback_scene.h"
#include "scenes/multiblock_scene.h"
#include "scenes/pingpong_scene.h"
#include "scenes/views.h"
#include "support/reference.h"

namespace scanscope {
namespace {

using test::int_bits;

Trace capture(const std::string& variant, const std::vector<std::int32_t>& input,
              bool inclusive = false, int block_threads = 0) {
    RunRequest r;
    r.variant = variant;
    r.n = int(input.size());
    r.inclusive = inclusive;
    r.block_threads = block_threads;
    return capture_trace(r, int_bits(input), DeviceChoice::Cpu);
}

const Theme kTheme = builtin_theme("dark");
const std::vector<std::int32_t> kHarris = {3, 1, 7, 0, 4, 1, 6, 3};

const SceneCell* cell_with_tag(const Scene& s, int word) {
    for (const SceneCell& c : s.cells)
        if (c.ref == CellRef::word(word)) return &c;
    return nullptr;
}

TEST(Scenes, ArrayViewLightsWhatTheStepTouched) {
    const Trace t = capture("blelloch", kHarris);
    // Step 3: the up-sweep's last level, d = 1: thread 0 reads temp[3] and temp[7], writes temp[7].
    const Scene s = build_array_scene(t, {0, 3, 0, 1.0f}, kTheme);
    ASSERT_TRUE(s.empty_message.empty());
    EXPECT_EQ(cell_with_tag(s, 3)->role, CellRole::Read);
    EXPECT_EQ(cell_with_tag(s, 7)->role, CellRole::ReadWritten);
    for (int w : {0, 1, 2, 4, 5, 6})
        EXPECT_EQ(cell_with_tag(s, w)->role, CellRole::Plain) << w;
    EXPECT_EQ(cell_with_tag(s, 7)->text, "25");
    // An arrow is drawn in pieces (an arc over the row); its last piece has the head.
    ASSERT_EQ(
        std::count_if(s.arrows.begin(), s.arrows.end(), [](const SceneArrow& a) { return a.head; }),
        1)
        << "temp[3] flows into temp[7]";
    EXPECT_NE(s.labels[0].text.find("up-sweep d=1 offset=4"), std::string::npos)
        << s.labels[0].text;
}

// summed-area-lookback's "add down the warps": each column's thread adds every warp's left part
// (lefts[w], one word the 32 column threads all read) into the column sums below warp w. Each
// left part is drawn as one arrow to a bar along each row of the picture that it feeds, not 32
// arrows a warp.
TEST(Scenes, ArrayViewDrawsABroadcastReadAsOneArrowToABarARow) {
    const RunRequest r = test::table_request("summed-area-lookback", 256, 64);
    const Trace t =
        capture_trace(r, int_bits(std::vector<std::int32_t>(256, 1)), DeviceChoice::Cpu);
    const Launch& launch = t.launches.at(0);
    int step = -1;
    for (int i = 0; i < launch.steps_of(0); ++i)
        if (t.label(launch.steps[std::size_t(i)].line)->phase == "add down the warps") step = i;
    ASSERT_GE(step, 0);
    const SharedArrayInfo *lefts = nullptr, *sums = nullptr;
    for (const SharedArrayInfo& a : launch.arrays) {
        if (a.name == "left parts") lefts = &a;
        if (a.name == "column sums") sums = &a;
    }
    ASSERT_TRUE(lefts && sums);
    ASSERT_EQ(lefts->count, 4u) << "4 warps of 32 rows";
    ASSERT_EQ(sums->count, 4u * 33u) << "a row of 32 sums a warp, and a word of padding";

    const Scene s = build_array_scene(t, {0, step, 0, 1.0f}, kTheme);
    const WordPlacement place = place_words(launch, 32, 0.0f);
    // An arrow may be drawn in pieces (around the values in its way); its last piece has the head.
    // A bar is a piece without a head, drawn wider than the arrows.
    int bars = 0, expected_bars = 0, arrows = 0;
    for (const SceneArrow& a : s.arrows) {
        bars += !a.head && a.width_px > 2.0f;
        arrows += a.head;
    }
    for (std::uint32_t w = 0; w < lefts->count; ++w) {
        // Left part w feeds warps w + 1 .. 3's sums: the rows of the picture they lie in.
        std::set<float> rows;
        for (std::uint32_t below = w + 1; below < 4; ++below)
            for (std::uint32_t column = 0; column < 32; ++column)
                rows.insert(place.rects.at(sums->offset / 4 + below * 33 + column).y);
        expected_bars += int(rows.size());
        // Its arrows leave from the edge of its cell that faces the rows they go to.
        const Rect& at = place.rects.at(lefts->offset / 4 + w);
        int leaving = 0;
        for (const SceneArrow& a : s.arrows)
            leaving +=
                std::abs(a.from.x - at.center().x) < 1e-4f &&
                (std::abs(a.from.y - at.y) < 1e-4f || std::abs(a.from.y - at.bottom()) < 1e-4f);
        EXPECT_EQ(leaving, int(rows.size())) << "left part " << w;
    }
    EXPECT_EQ(bars, expected_bars);
    EXPECT_GT(bars, 0);
    // Each column's thread writes warp v's sum after reading warps 0 .. v - 1's: 0 + 1 + 2 + 3
    // arrows a column, then a bar and an arrow to it for each row a left part feeds.
    EXPECT_EQ(arrows, 32 * 6 + expected_bars);
}

// A cell of a scene made by hand: a unit square at (x, y), a word of shared memory where `word`
// is one.
Rect add_cell(Scene& scene, float x, float y, const std::string& text, bool focus, int word = -1) {
    SceneCell c;
    c.rect = {x, y, 1.0f, 1.0f};
    c.text = text;
    c.focus = focus;
    if (word >= 0) c.ref = CellRef::word(word);
    scene.cells.push_back(c);
    return c.rect;
}

// Presenter mode's magnified focus cells keep the view's arrows between them: one drawn in
// pieces around a row in its way is one arrow there, and arrows run edge to edge (an arc over
// the row within a row), never over a value.
TEST(Scenes, MagnifiedFocusKeepsEachArrowWholeAndClearOfTheValues) {
    Scene view;
    const auto cell = [&](float x, float y, const std::string& text, bool focus) {
        add_cell(view, x, y, text, focus);
    };
    cell(0, 0, "3", true);       // read
    cell(0, 1.12f, "9", false);  // a row in the way
    cell(0, 2.24f, "12", true);  // written, from the 3 (around the 9) and the 5
    cell(4.48f, 2.24f, "5", true);
    view.arrows = arrow_clear_of_values(view.cells, {0.5f, 1.0f}, {0.5f, 2.24f}, view.cells[0].rect,
                                        view.cells[2].rect, 0.12f, kTheme.arrow, 1.6f);
    ASSERT_GT(view.arrows.size(), 1u) << "the arrow goes around the 9, in pieces";
    view.arrows.push_back({{4.98f, 2.24f}, {0.5f, 2.24f}, kTheme.arrow, 1.6f, true});
    view.fit_bounds();

    const Scene out = magnify_focus(view, kTheme);
    std::map<std::string, Rect> large;  // the magnified copies
    for (const SceneCell& c : out.cells)
        if (c.rect.w > 0.9f) large[c.text] = c.rect;
    ASSERT_EQ(large.size(), 3u);
    const std::vector<SceneArrow> arrows = join_pieces(out.arrows);
    const auto arrow_between = [&](const Rect& a, const Rect& b) {
        int n = 0;
        for (const SceneArrow& arrow : arrows)
            n += arrow.head && std::abs(arrow.from.x - a.center().x) < 1e-4f &&
                 std::abs(arrow.to.x - b.center().x) < 1e-4f &&
                 std::abs(arrow.from.y - a.y) < 1e-4f + (a.y < b.y ? a.h : 0) &&
                 std::abs(arrow.to.y - b.y) < 1e-4f + (b.y < a.y ? b.h : 0);
        return n;
    };
    EXPECT_EQ(arrow_between(large["3"], large["12"]), 1);
    EXPECT_EQ(arrow_between(large["5"], large["12"]), 1);
    // The 5 and the 12 share a row: their arrow stands above it, where no other arrow runs.
    float highest = large["12"].y;
    for (const SceneArrow& piece : out.arrows)
        if (piece.from.x > large["12"].x && piece.from.x < large["5"].right())
            highest = std::min(highest, piece.from.y);
    EXPECT_LT(highest, large["12"].y - 0.2f) << "an arc over the row, not a line along its edge";
    for (const SceneArrow& arrow : out.arrows)
        for (const SceneCell& c : out.cells)
            EXPECT_FALSE(!c.text.empty() && segment_meets(value_area(c.rect), arrow.from, arrow.to))
                << "an arrow over '" << c.text << "'";
}

// Two banks' queues of three words, drawn as the Banks drawing draws them (each header over its
// words, the words in address order across both). `own_words`: each word's value line is its
// address, as the Banks drawing's are.
Scene two_bank_queues(bool own_words) {
    Scene view;
    const auto cell = [&](float x, float y, const std::string& text, int word) {
        return add_cell(view, x, y, text, true, word);
    };
    const Rect bank7 = cell(7 * 1.12f, 0, "7\n×3", -1), bank23 = cell(23 * 1.12f, 0, "23\n×3", -1);
    for (int k = 0; k < 3; ++k)
        for (int bank : {7, 23}) {
            const Rect word = cell(float(k * 2 + (bank == 23)) * 1.12f, 3.0f,
                                   std::to_string(bank + 32 * k), bank + 32 * k);
            view.cells.back().shows_its_word = own_words;
            const Rect& header = bank == 7 ? bank7 : bank23;
            view.arrows.push_back({{header.center().x, header.bottom()},
                                   {word.center().x, word.y},
                                   kTheme.arrow,
                                   1.5f,
                                   true});
        }
    view.fit_bounds();
    return view;
}

// Magnified, each bank leads a group of its own along the row, its words after it in address
// order, a long queue wrapped under its first word (side by side with the next where both fit),
// with no arrows left to cross.
TEST(Scenes, MagnifiedQueuesStandInARowForEachBank) {
    const Scene view = two_bank_queues(false);
    const auto rows_of = [](const Scene& out) {
        std::map<float, std::vector<std::pair<float, std::string>>> rows;
        for (const SceneCell& c : out.cells)
            if (c.rect.w > 0.9f) rows[c.rect.y].push_back({c.rect.x, c.text});
        std::vector<std::vector<std::string>> texts;
        for (auto& [y, cells] : rows) {
            std::sort(cells.begin(), cells.end());
            texts.emplace_back();
            for (const auto& [x, text] : cells)
                texts.back().push_back(text);
        }
        return texts;
    };
    // Short queues share a row, group after group, a gap between them.
    const Scene out = magnify_focus(view, kTheme, 16);
    EXPECT_EQ(rows_of(out), (std::vector<std::vector<std::string>>{
                                {"7\n×3", "7", "39", "71", "23\n×3", "23", "55", "87"}}));
    for (const SceneArrow& a : out.arrows)
        EXPECT_GT(a.from.y, 2.0f) << "an arrow in the strip; only the context keeps them";
    float end_of_first = 0, second = 0;
    for (const SceneCell& c : out.cells) {
        if (c.rect.w < 0.9f) continue;
        if (c.text == "71") end_of_first = c.rect.right();
        if (c.text == "23\n×3") second = c.rect.x;
    }
    EXPECT_GT(second - end_of_first, 0.3f) << "a gap between the groups";
    // Wrapped at two words a row: the rest of a queue under its first word.
    const Scene narrow = magnify_focus(view, kTheme, 2);
    EXPECT_EQ(rows_of(narrow), (std::vector<std::vector<std::string>>{
                                   {"7\n×3", "7", "39"}, {"71"}, {"23\n×3", "23", "55"}, {"87"}}));
    float first_word_x = -1, wrapped_x = -2;
    for (const SceneCell& c : narrow.cells) {
        if (c.rect.w < 0.9f) continue;
        if (c.text == "7") first_word_x = c.rect.x;
        if (c.text == "71") wrapped_x = c.rect.x;
    }
    EXPECT_FLOAT_EQ(wrapped_x, first_word_x);
    // Lines of two words in rows of sixteen: both queues, wrapped, stand side by side.
    EXPECT_EQ(rows_of(magnify_focus(view, kTheme, 16, 2)),
              (std::vector<std::vector<std::string>>{{"7\n×3", "7", "39", "23\n×3", "23", "55"},
                                                     {"71", "87"}}));

    // One word a source is no fan-out: the cells stay in their rows, with their arrows.
    Scene pairs = view;
    pairs.cells.erase(pairs.cells.begin() + 4, pairs.cells.end());  // 7 and 23 only
    pairs.arrows.resize(2);
    EXPECT_FALSE(magnify_focus(pairs, kTheme, 16).arrows.empty());
}

// A word whose value line is its address (the Banks drawing's) has no "[39]" over it to say so
// again, and a queue's wrapped rest stands close under its first row, nearer than the next bank's
// group: the words are read as one queue, and the strip takes less of a short canvas.
TEST(Scenes, MagnifiedBankWordsAreNotNamedTwiceAndTheirQueueHoldsTogether) {
    const auto names = [](const Scene& out) {
        int n = 0;
        for (const SceneLabel& l : out.labels)
            n += !l.text.empty() && l.text.front() == '[';
        return n;
    };
    EXPECT_EQ(names(magnify_focus(two_bank_queues(false), kTheme, 2)), 6);
    const Scene narrow = magnify_focus(two_bank_queues(true), kTheme, 2);
    EXPECT_EQ(names(narrow), 0);
    std::map<std::string, Rect> at;
    for (const SceneCell& c : narrow.cells)
        if (c.rect.w > 0.9f) at[c.text] = c.rect;
    ASSERT_EQ(at.size(), 8u);
    const float within = at["71"].y - at["39"].bottom();
    const float between = at["23\n×3"].y - at["71"].bottom();
    EXPECT_GT(within, 0.1f);
    EXPECT_LT(within, between) << "the wrapped rest nearer its queue than the next bank";
    // The header is taller than a word, and stands clear of every cell all the same.
    for (const auto& [a, ra] : at)
        for (const auto& [b, rb] : at)
            EXPECT_TRUE(a == b || ra.right() <= rb.x || rb.right() <= ra.x || ra.bottom() <= rb.y ||
                        rb.bottom() <= ra.y)
                << "'" << a << "' over '" << b << "'";
}

// Where a name (the strip's "[32]" above or below a cell) is drawn: its box, from DejaVu Sans's
// advances (digits 0.636 em, brackets 0.39 em, letters about 0.6 em) and its size.
Rect name_box(const SceneLabel& name) {
    float width = 0;
    for (char ch : name.text)
        width += std::isdigit(static_cast<unsigned char>(ch)) ? 0.636f
                 : (ch == '[' || ch == ']')                   ? 0.39f
                                                              : 0.6f;
    width *= name.size;
    return {name.at.x - width / 2, name.at.y - name.size / 2, width, name.size};
}

// Presenter mode names each magnified cell on the side no arrow touches: in every step of the
// views that magnify their focus at n = 1024 (arrows within a row, between rows, and around
// rows), no arrow crosses a name, and each name sits just above or just below its own cell.
TEST(Scenes, MagnifiedFocusNamesAreClearOfTheArrows) {
    std::vector<std::int32_t> input(1024);
    for (std::size_t i = 0; i < input.size(); ++i)
        input[i] = std::int32_t(i * 7 % 10);
    struct Case {
        const char* variant;
        int n;
        const char* view;
        bool reads_then_writes;  // the focus is a row of reads and a row of writes
    };
    int strips = 0, arcs = 0, names = 0;
    for (const Case& c :
         {Case{"blelloch", 1024, "array", false}, Case{"blelloch", 1024, "tree", true},
          Case{"hillis-steele", 512, "array", true}, Case{"hillis-steele", 512, "pingpong", true},
          Case{"segmented-scan", 1024, "array", false}, Case{"split", 1024, "scatter", false}}) {
        const Trace trace = capture(c.variant, {input.begin(), input.begin() + c.n});
        const ViewInfo* view = find_view(c.view);
        ASSERT_NE(view, nullptr) << c.view;
        for (int launch = 0; launch < int(trace.launches.size()); ++launch)
            for (int step = 0; step < trace.launches[std::size_t(launch)].steps_of(0); ++step) {
                ViewInput in{trace, Cursor{launch, step, 0, 1.0f, 0}, nullptr, 0, BankConfig{}};
                in.columns = 32;
                const Scene out = magnify_focus(view->build(in, kTheme), kTheme);
                std::vector<const SceneCell*> large;
                for (const SceneCell& cell : out.cells)
                    if (cell.rect.w > 0.9f) large.push_back(&cell);
                if (large.empty()) continue;
                ++strips;
                // Reads over writes: an arrow from a row's bottom edge to the next row's top
                // edge is straight, one piece down the gap between them (the names are out of
                // its way, not it out of theirs).
                std::set<float> tops;
                for (const SceneCell* cell : large)
                    tops.insert(cell->rect.y);
                const auto next_row_top = [&](float bottom) {
                    const auto next = tops.upper_bound(bottom);
                    return next == tops.end() ? -1.0f : *next;
                };
                std::size_t first = 0;
                for (std::size_t i = 0; i < out.arrows.size(); ++i) {
                    if (!out.arrows[i].head) continue;
                    const Vec2 from = out.arrows[first].from, to = out.arrows[i].to;
                    bool from_a_bottom = false, from_a_top = false;
                    for (const SceneCell* cell : large) {
                        const bool centred = std::abs(from.x - cell->rect.center().x) < 1e-4f;
                        from_a_bottom |= centred && std::abs(from.y - cell->rect.bottom()) < 1e-4f;
                        from_a_top |= centred && std::abs(from.y - cell->rect.y) < 1e-4f;
                    }
                    const bool to_next_row =
                        from_a_bottom && std::abs(to.y - next_row_top(from.y)) < 1e-4f;
                    EXPECT_TRUE(!c.reads_then_writes || !to_next_row || i == first)
                        << c.variant << " " << c.view << " step " << step
                        << ": an arrow to the next row in pieces";
                    // and each piece of reads stands above its writes, whichever the view drew
                    // first: the arrows point down.
                    EXPECT_TRUE(!c.reads_then_writes || !from_a_top || to.y > from.y)
                        << c.variant << " " << c.view << " step " << step << ": an arrow up";
                    first = i + 1;
                }
                for (const SceneArrow& piece : out.arrows)
                    arcs += std::abs(piece.from.y - piece.to.y) > 1e-4f &&
                            std::abs(piece.from.x - piece.to.x) > 1e-4f &&
                            piece.from.y < large[0]->rect.y;
                for (const SceneLabel& label : out.labels) {
                    if (label.text.empty() || label.text.front() != '[' || label.size < 0.29f)
                        continue;
                    ++names;
                    const Rect box = name_box(label);
                    const std::string where = std::string(c.variant) + " " + c.view + " launch " +
                                              std::to_string(launch) + " step " +
                                              std::to_string(step) + " " + label.text;
                    for (const SceneArrow& piece : out.arrows)
                        ASSERT_FALSE(segment_meets(box, piece.from, piece.to))
                            << where << ": an arrow crosses the name, from " << piece.from.x << ","
                            << piece.from.y << " to " << piece.to.x << "," << piece.to.y << " box "
                            << box.x << "," << box.y << " " << box.w << "x" << box.h;
                    // Its cell: the one it names, in its column, with the name a quarter of a
                    // cell above or below it (or above the arcs over its row).
                    bool beside_its_cell = false;
                    for (const SceneCell* cell : large) {
                        const float above = cell->rect.y - label.at.y,
                                    below = label.at.y - cell->rect.bottom();
                        beside_its_cell |=
                            label.text.find("[" + std::to_string(cell->ref.index) + "]") !=
                                std::string::npos &&
                            std::abs(cell->rect.center().x - label.at.x) < 1e-4f &&
                            (std::abs(above - 0.25f) < 1e-4f || std::abs(above - 0.8f) < 1e-4f ||
                             std::abs(below - 0.25f) < 1e-4f);
                    }
                    EXPECT_TRUE(beside_its_cell) << where;
                }
            }
    }
    EXPECT_GT(strips, 20);
    EXPECT_GT(arcs, 0) << "some strip has arrows within a row";
    EXPECT_GT(names, 500);
}

TEST(Scenes, ArrayViewGlidesTheNewValueAndShowsTheOld) {
    const Trace t = capture("blelloch", kHarris);
    const Scene mid = build_array_scene(t, {0, 3, 0, 0.3f}, kTheme);
    ASSERT_EQ(mid.glides.size(), 1u);
    EXPECT_EQ(mid.glides[0].text, "25");
    EXPECT_EQ(cell_with_tag(mid, 7)->text, "14") << "the old value until the glide lands";
    EXPECT_TRUE(build_array_scene(t, {0, 3, 0, 1.0f}, kTheme).glides.empty());
}

TEST(Scenes, ClearedRootIsHighlighted) {
    const Trace t = capture("blelloch", kHarris);
    const Scene s = build_array_scene(t, {0, 4, 0, 1.0f}, kTheme);
    EXPECT_EQ(cell_with_tag(s, 7)->role, CellRole::Highlight);
    EXPECT_EQ(cell_with_tag(s, 7)->text, "0");
}

TEST(Scenes, TreeViewHasHarrisRowsAndArrows) {
    const Trace t = capture("blelloch-padded", kHarris);
    const Scene s = build_history_scene(t, {0, 8, 0, 1.0f}, kTheme);
    // 9 rows of the 8 logical elements (padding words skipped).
    int data_cells = 0;
    for (const SceneCell& c : s.cells)
        data_cells += c.ref.kind == CellRef::Kind::Word;
    EXPECT_EQ(data_cells, 9 * 8);
    // Arrows: up-sweep 4 + 2 + 1, down-sweep 2 + 4 + 8 (each swap carries two values).
    EXPECT_EQ(s.arrows.size(), 7u + 14u);
}

TEST(Scenes, ReductionViewShowsIdleThreadsAndDivergentWarps) {
    std::vector<std::int32_t> input(64, 1);
    const Trace t = capture("reduce-interleaved-divergent", input, false, 64);
    // Step 1 (stride 1): even threads work, odd idle: both warps diverge.
    const Scene s = build_history_scene(t, {0, 1, 0, 1.0f}, kTheme, {0, true});
    int active = 0, outlines = 0;
    for (const SceneCell& c : s.cells) {
        if (c.ref.kind == CellRef::Kind::Thread && c.role == CellRole::Highlight) ++active;
        if (c.ref.kind == CellRef::Kind::Warp) ++outlines;
    }
    EXPECT_EQ(active, 64 + 32) << "all 64 loaded in step 0; 32 add in step 1";
    EXPECT_EQ(outlines, 2) << "both warps of step 1 diverge";
}

TEST(Scenes, PingPongNamesTheBuffersAndShowsHazards) {
    const Trace t = capture("hillis-steele", kHarris, true);
    const Scene s = build_pingpong_scene(t, {0, 1, 0, 1.0f}, kTheme);
    bool in = false, out = false;
    for (const SceneLabel& l : s.labels)
        in |= l.text == "T0 (in)", out |= l.text == "T1 (out)";
    EXPECT_TRUE(in && out);
    EXPECT_EQ(s.arrows.size(), 7u + 8u) << "7 sums from two sources, plus 8 straight copies/adds";

    std::vector<std::int32_t> ones(64, 1);
    const Trace race = capture("hillis-steele-inplace", ones, true);
    const Scene r = build_pingpong_scene(race, {0, 1, 0, 1.0f}, kTheme);
    int hazard_cells = 0;
    for (const SceneCell& c : r.cells)
        hazard_cells += c.role == CellRole::Hazard;
    EXPECT_GT(hazard_cells, 0);
    bool described = false;
    for (const std::string& note : r.notes)
        described |= note.find("reads x[") != std::string::npos;
    EXPECT_TRUE(described);
}

TEST(Scenes, BanksViewColoursConflictsLikeTheHardwareCounts) {
    const Trace plain = capture("blelloch", std::vector<std::int32_t>(1024, 1));
    const Trace padded = capture("blelloch-padded", std::vector<std::int32_t>(1024, 1));
    const BankConfig config;
    // The up-sweep level with offset 16: 16 threads' reads land 32 words apart.
    const Scene worst = build_banks_scene(plain, {0, 5, 0, 1.0f}, -1, config, kTheme);
    const Scene clean = build_banks_scene(padded, {0, 5, 0, 1.0f}, -1, config, kTheme);
    const Step* step = find_step(plain.launches[0], 0, 5);
    EXPECT_GE(
        analyze_access(*memory_accesses(*step)[std::size_t(worst_access(*step, config))], config)
            .degree,
        16);
    EXPECT_NE(worst.notes[0].find("-way conflict"), std::string::npos) << worst.notes[0];
    EXPECT_NE(clean.notes[0].find("no conflict"), std::string::npos) << clean.notes[0];
    // The header of a bank with 16 words wears the red end of the palette.
    bool red = false;
    for (const SceneCell& c : worst.cells)
        if (c.ref.kind == CellRef::Kind::Bank && c.fill.r > c.fill.g) red = true;
    EXPECT_TRUE(red);
}

// Wrapped for a projector, a bank's queue deeper than four words is a line of its own under
// the banks (a column of 16 ran off the screen, its conflict out of view), in rows of the band's
// width; a shallow queue stays a column under its bank. Blelloch at n = 1024: step 6's 32-way
// conflict (each lane of warp 0 in bank 15), and the 2-way conflict of step 2 (offset 1).
TEST(Scenes, WrappedBanksShowADeepQueueWholeInALine) {
    const Trace plain = capture("blelloch", std::vector<std::int32_t>(1024, 1));
    const BankConfig config;
    for (const int per_row : {16, 8}) {
        const Scene s = build_banks_scene(plain, {0, 5, 0, 1.0f}, -1, config, kTheme, per_row);
        int queued = -1;
        float headers_bottom = 0;  // of the queued bank's band
        for (const SceneCell& c : s.cells)
            if (c.ref.kind == CellRef::Kind::Bank && c.text.find("×32") != std::string::npos)
                queued = c.ref.index, headers_bottom = c.rect.bottom();
        ASSERT_GE(queued, 0) << "a bank serves 32 words";
        std::map<float, int> lines;  // y -> words of the queue there
        for (const SceneCell& c : s.cells)
            if (c.ref.kind == CellRef::Kind::Word && c.ref.index % 32 == queued) {
                EXPECT_GT(c.rect.y, headers_bottom) << "under its band of banks";
                ++lines[c.rect.y];
            }
        ASSERT_EQ(lines.size(), std::size_t(32 / per_row)) << per_row << " a row";
        for (const auto& [y, words] : lines)
            EXPECT_EQ(words, per_row) << "a full line at " << y;
        // The queued words are what the step is about, as the header that counts them: held to
        // presenter mode's size, in cells as tall as the header's, so they read at its scale.
        for (const SceneCell& c : s.cells)
            if (c.ref.kind == CellRef::Kind::Word) {
                EXPECT_TRUE(c.focus) << "word " << c.ref.index;
                EXPECT_FLOAT_EQ(c.rect.h, 1.5f) << "word " << c.ref.index;
            }
        // The bands' names stand above them, from the drawing's left edge: a band fills a
        // projector's width, and a name left of it was cut at the canvas's edge ("nks 0+").
        int names = 0;
        for (const SceneLabel& l : s.labels)
            if (l.text.rfind("banks ", 0) == 0) {
                ++names;
                EXPECT_GE(l.at.x, 0.0f) << l.text;
                EXPECT_EQ(l.align, Align::Left) << l.text;
            }
        EXPECT_EQ(names, 32 / per_row);
        EXPECT_LT(s.bounds.h, 4.0f * float(32 / per_row) + 1.12f * float(32 / per_row) + 1.0f)
            << "the bands' headers, the queue and the key; not a column of 32";
    }
    // A queue of two stays a column under its bank's header.
    const Scene shallow = build_banks_scene(plain, {0, 1, 0, 1.0f}, -1, config, kTheme, 16);
    std::map<int, Rect> header;
    for (const SceneCell& c : shallow.cells)
        if (c.ref.kind == CellRef::Kind::Bank) header[c.ref.index % 16] = c.rect;
    int under = 0;
    for (const SceneCell& c : shallow.cells)
        if (c.ref.kind == CellRef::Kind::Word) {
            const Rect& h = header.at(c.ref.index % 32 % 16);
            EXPECT_FLOAT_EQ(c.rect.x, h.x) << "word " << c.ref.index << " under its bank";
            EXPECT_TRUE(c.focus) << "a word that queues, if only behind one other";
            ++under;
        }
    EXPECT_GT(under, 0);
    EXPECT_NE(shallow.notes[0].find("2-way"), std::string::npos) << shallow.notes[0];
}

// Each lane's line goes through its bank: to the top of the bank's header, then down to the
// word, and to a word that queues under another (a conflict's) down the gap beside the column,
// over no value: at the 16-way conflict above (step 6's worst access, 16 words a bank, one under
// another) and the same access of its padded twin.
TEST(Scenes, BanksViewLinesRunThroughTheirBankAndOverNoWord) {
    const Trace plain = capture("blelloch", std::vector<std::int32_t>(1024, 1));
    const Trace padded = capture("blelloch-padded", std::vector<std::int32_t>(1024, 1));
    for (const Trace* t : {&plain, &padded}) {
        const Scene s = build_banks_scene(*t, {0, 5, 0, 1.0f}, -1, BankConfig{}, kTheme);
        std::map<int, Rect> bank;
        for (const SceneCell& c : s.cells)
            if (c.ref.kind == CellRef::Kind::Bank) bank[c.ref.index] = c.rect;
        int into_headers = 0;
        for (const SceneArrow& a : s.arrows) {
            for (const SceneCell& c : s.cells)
                EXPECT_FALSE(!c.text.empty() && segment_meets(value_area(c.rect), a.from, a.to))
                    << t->request.variant << ": a line (" << a.from.x << ", " << a.from.y
                    << ") -> (" << a.to.x << ", " << a.to.y << ") over '" << c.text << "'";
            for (const auto& [b, r] : bank)
                into_headers +=
                    std::abs(a.to.x - r.center().x) < 1e-4f && std::abs(a.to.y - r.y) < 1e-4f;
        }
        const Step* step = find_step(t->launches[0], 0, 5);
        const auto access = memory_accesses(*step)[std::size_t(worst_access(*step, BankConfig{}))];
        EXPECT_EQ(into_headers, int(access->lanes.size()))
            << t->request.variant << ": a line a lane, into its bank's header";
    }
}

TEST(Scenes, LookbackReplayEndsWithEveryTileKnowingItsPrefix) {
    RunRequest r;
    r.variant = "decoupled-lookback";
    r.n = 1000;
    r.block_threads = 32;
    const Trace t = capture_trace(r, random_values(r.n, ElementType::Int32, 1), DeviceChoice::Cpu);
    const int events = int(t.launches[0].events.size());
    const Scene last = build_lookback_scene(t, events - 1, kTheme);
    int prefix = 0, tiles = 0;
    for (const SceneCell& c : last.cells)
        if (c.ref.kind == CellRef::Kind::Tile) ++tiles, prefix += c.role == CellRole::Highlight;
    EXPECT_EQ(tiles, t.launches[0].grid);
    EXPECT_EQ(prefix, tiles);
    const Scene first = build_lookback_scene(t, 0, kTheme);
    int published = 0;
    for (const SceneCell& c : first.cells)
        if (c.ref.kind == CellRef::Kind::Tile) published += c.role != CellRole::Undefined;
    EXPECT_EQ(published, 1) << "after one event, one tile has published";
    EXPECT_NE(event_caption(t, 0).find("publishes"), std::string::npos);
}

TEST(Scenes, MultiBlockShowsEveryBlockAndTheirSums) {
    std::vector<std::int32_t> input(1000, 1);
    const Trace t = capture("scan-then-propagate", input, false, 64);
    const Scene s = build_multiblock_scene(t, {0, 0, 0, 1.0f}, kTheme);
    int blocks = 0, sums = 0;
    for (const SceneLabel& l : s.labels)
        blocks += l.text.rfind("block ", 0) == 0 && l.text.size() > 6 && std::isdigit(l.text[6]);
    for (const SceneCell& c : s.cells)
        sums += c.ref.kind == CellRef::Kind::Global;
    EXPECT_EQ(blocks, t.launches[0].grid);
    EXPECT_EQ(sums, t.launches[0].grid) << "one block sum per block";
}

TEST(Scenes, CompareShowsBothSidesAndTheirTotals) {
    const Trace a = capture("blelloch", std::vector<std::int32_t>(256, 1));
    const Trace b = capture("blelloch-padded", std::vector<std::int32_t>(256, 1));
    const Scene s = build_compare_scene(a, b, {0, 5, 0, 1.0f}, BankConfig{}, kTheme);
    int totals = 0;
    for (const std::string& note : s.notes)
        totals += note.find(": so far ") != std::string::npos;
    EXPECT_EQ(totals, 2);
}

// Presenter mode's lines under the comparison, one a side, short enough for a projector's line:
// lesson 05's step 6 (offset 16), where Harris's unpadded tree queues 16 words in one bank and
// the padded one has had no conflict at all.
TEST(Scenes, CompareHeadlinesSayWhatEachSideComesTo) {
    const Trace a = capture("blelloch", std::vector<std::int32_t>(512, 1));
    const Trace b = capture("blelloch-padded", std::vector<std::int32_t>(512, 1));
    const Scene s = build_compare_scene(a, b, {0, 5, 0, 1.0f}, BankConfig{}, kTheme, 16);
    ASSERT_EQ(s.headlines.size(), 2u);
    EXPECT_EQ(s.headlines[0].rfind("blelloch: 16-way conflict now; ", 0), 0u) << s.headlines[0];
    EXPECT_EQ(s.headlines[1], "blelloch-padded: no conflict now; 0 conflicts so far");
    for (const std::string& line : s.headlines)
        EXPECT_LE(line.size(), 56u) << line;
}

// The Banks drawing's row names stay at a readable size however small the picture (the window
// makes room for them); side by side, only the left picture's are kept, or the right one's
// would land on the left picture.
TEST(Scenes, BankRowsAreNamedOnceSideBySide) {
    const Trace a = capture("blelloch", std::vector<std::int32_t>(256, 1));
    const Trace b = capture("blelloch-padded", std::vector<std::int32_t>(256, 1));
    const auto kept = [](const Scene& s) {
        std::vector<std::string> names;
        for (const SceneLabel& l : s.labels)
            if (l.keep) names.push_back(l.text);
        return names;
    };
    const Cursor at{0, 5, 0, 1.0f};
    EXPECT_EQ(kept(build_banks_scene(a, at, 0, BankConfig{}, kTheme)),
              (std::vector<std::string>{"lanes", "banks"}));
    const Scene both = build_compare_scene(a, b, at, BankConfig{}, kTheme);
    EXPECT_EQ(kept(both), (std::vector<std::string>{"lanes", "banks"}));
    for (const SceneLabel& l : both.labels) {
        if (l.keep) {
            EXPECT_LT(l.at.x, 0.0f) << l.text << " is not left of the left picture";
        }
    }
}

TEST(Timeline, StepsPlaysAndStops) {
    Timeline t;
    t.reset(3);
    EXPECT_EQ(t.position(), 0);
    t.forward();
    EXPECT_EQ(t.position(), 1);
    EXPECT_LT(t.glide(), 1.0f);
    t.update(10);
    EXPECT_EQ(t.glide(), 1.0f);
    t.back();
    EXPECT_EQ(t.glide(), 1.0f) << "no glide backwards";
    t.end();
    EXPECT_EQ(t.position(), 2);
    t.forward();
    EXPECT_EQ(t.position(), 2);
    t.toggle_play();  // from the end: starts again at 0
    EXPECT_EQ(t.position(), 0);
    EXPECT_TRUE(t.playing());
    EXPECT_TRUE(t.update(1.0));
    EXPECT_TRUE(t.update(1.0));
    EXPECT_FALSE(t.update(1.0));
    EXPECT_FALSE(t.playing()) << "stops at the end";
    t.faster();
    t.faster();
    EXPECT_EQ(t.speed(), 4.0f);
    for (int i = 0; i < 10; ++i)
        t.slower();
    EXPECT_EQ(t.speed(), 0.25f);
}

TEST(Session, FramesCoverEveryLaunchAndNarrationFillsValues) {
    Session s;
    s.load(capture("scan-then-propagate", std::vector<std::int32_t>(1000, 1), false, 64));
    int launches = 0;
    for (const StepFrame& f : s.frames())
        launches = std::max(launches, f.launch + 1);
    EXPECT_EQ(launches, int(s.trace().launches.size()));
    s.steps.seek(2);
    const Step* step = s.current_step();
    ASSERT_NE(step, nullptr);
    const std::string text = narrate(s.trace(), *step);
    EXPECT_EQ(text.find('{'), std::string::npos) << text;
    EXPECT_FALSE(text.empty());
    EXPECT_GE(s.conflicts_so_far().store_instructions, 1u);
}

}  // namespace
}  // namespace scanscope
