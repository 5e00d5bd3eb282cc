// Every view, shot by `scanscope --screenshot` under a virtual display and checked by its pixels:
// the colours the trace calls for are there (or, where it calls for none, absent).
#include <gtest/gtest.h>

#include <array>
#include <filesystem>

#include <cmath>
#include <cstdio>
#include <cstring>

#include "analysis/questions.h"
#include "capture/capture.h"
#include "gui/layout.h"
#include "model/lessons.h"
#include "model/trace_json.h"
#include "model/trace_queries.h"
#include "platform/data_dir.h"
#include "scenes/banks_scene.h"
#include "scenes/step_summary.h"
#include "style/theme.h"
#include "support/png_image.h"
#include "support/process.h"
#include "support/temp_file.h"
#include "support/virtual_display.h"
#include "views/series_palette.h"

namespace scanscope::test {
namespace {

const Theme kDark = builtin_theme("dark");

// How the banks diagram paints the words of a bank that must serve `degree` distinct words.
Color bank_word(int degree) {
    return mix(kDark.cell, degree_color(kDark, degree), 0.55f);
}

// The canvas panel of a 1600 x 1000 screenshot, below its tab bar.
Rect canvas_area() {
    const PanelLayout layout = compute_layout(1600, 1000, 25, 1.0f);
    return {layout.canvas.x + 4, layout.canvas.y + 40, layout.canvas.w - 8, layout.canvas.h - 44};
}

// Pixels within `tolerance` (per channel, 0..255) of `color`, inside `area` (default: all).
std::size_t pixels_near(const Image& image, const Color& color, int tolerance = 10,
                        Rect area = {}) {
    const int r = int(std::lround(color.r * 255));
    const int g = int(std::lround(color.g * 255));
    const int b = int(std::lround(color.b * 255));
    if (area.w <= 0) area = {0, 0, float(image.width), float(image.height)};
    std::size_t count = 0;
    for (int y = int(area.y); y < int(area.bottom()) && y < image.height; ++y)
        for (int x = int(area.x); x < int(area.right()) && x < image.width; ++x) {
            const std::uint8_t* p = image.at(x, y);
            count += std::abs(p[0] - r) <= tolerance && std::abs(p[1] - g) <= tolerance &&
                     std::abs(p[2] - b) <= tolerance;
        }
    return count;
}

class Views : public testing::Test {
  protected:
    void SetUp() override {
        const DisplayAccess& display = virtual_display();
        if (!display.available) GTEST_SKIP() << display.reason;
        display_ = "DISPLAY=" + display.display;
    }

    Image shoot(std::vector<std::string> args, const std::string& name) {
        const std::string path = temp_file(name + ".png");
        std::remove(path.c_str());
        args.insert(args.begin(), {"--screenshot", path, "--size", "1600x1000", "--device", "cpu"});
        const ProcessResult r = run_process(scanscope_binary(), args, {display_});
        EXPECT_EQ(r.exit_code, 0) << name << ": " << r.output;
        Image image = load_png(path);
        EXPECT_FALSE(image.empty()) << name;
        return image;
    }

    std::string display_;
};

TEST_F(Views, EveryViewDraws) {
    struct Case {
        const char* name;
        std::vector<std::string> args;
        Color expected;  // a colour this view must show
    } cases[] = {
        {"array",
         {"--variant", "blelloch", "--n", "64", "--view", "array", "--step", "4"},
         role_fill(kDark, CellRole::Read)},
        {"tree",
         {"--lesson", "01-harris-blelloch", "--view", "tree", "--step", "5"},
         role_fill(kDark, CellRole::Highlight)},
        {"pingpong",
         {"--lesson", "02-kirk-hwu-ping-pong", "--view", "pingpong", "--step", "2"},
         role_fill(kDark, CellRole::Written)},
        {"race",
         {"--lesson", "04-the-race", "--view", "pingpong", "--step", "3"},
         role_fill(kDark, CellRole::Hazard)},
        {"reduction",
         {"--lesson", "06-reduction", "--view", "reduction", "--step", "2"},
         mix(kDark.cell, kDark.conflict[0], 0.7f)},
        {"multiblock",
         {"--lesson", "08-multi-block", "--view", "multiblock", "--step", "3"},
         role_fill(kDark, CellRole::ReadWritten)},
        {"lookback",
         {"--lesson", "07-look-back", "--view", "lookback", "--step", "200"},
         mix(kDark.cell, kDark.conflict[0], 0.65f)},
        {"compare",
         {"--lesson", "05-bank-conflicts", "--view", "compare", "--step", "6"},
         bank_word(16)},
    };
    for (const Case& c : cases) {
        const Image image = shoot(c.args, std::string("view_") + c.name);
        if (image.empty()) continue;
        EXPECT_GT(distinct_colors(image), 40u) << c.name;
        EXPECT_GT(pixels_near(image, c.expected), 150u)
            << c.name << ": the colour the trace calls for is missing";
    }
}

TEST_F(Views, ConflictColoursForUnpaddedBlellochOnlyNotPadded) {
    // Up-sweep level with offset 16 at n = 512: 16-way conflicts unpadded, none padded.
    const Image plain =
        shoot({"--variant", "blelloch", "--n", "512", "--view", "tree", "--step", "6"},
              "conflicts_plain");
    const Image padded =
        shoot({"--variant", "blelloch-padded", "--n", "512", "--view", "tree", "--step", "6"},
              "conflicts_padded");
    ASSERT_FALSE(plain.empty());
    ASSERT_FALSE(padded.empty());
    EXPECT_GT(pixels_near(plain, bank_word(16)), 300u)
        << "16-way conflicts wear the red end of the palette";
    EXPECT_LT(pixels_near(padded, bank_word(16)), 20u) << "padding leaves no conflict to colour";
    EXPECT_GT(pixels_near(padded, bank_word(1)), 300u) << "conflict-free banks are green";
}

// The colour-blind palette: the same 16-way conflicts wear viridis, not red, and hazards
// vermillion; a second trace file can be compared without capturing again.
TEST_F(Views, ColourBlindPaletteAndComparingTraceFiles) {
    Theme colorblind = kDark;
    apply_palette(colorblind, "colorblind");
    auto word = [](const Theme& t, int degree) {
        return mix(t.cell, degree_color(t, degree), 0.55f);
    };
    const Image image = shoot({"--variant", "blelloch", "--n", "512", "--view", "tree", "--step",
                               "6", "--palette", "colorblind"},
                              "colorblind");
    EXPECT_GT(pixels_near(image, word(colorblind, 16)), 300u) << "16-way on viridis";
    EXPECT_LT(pixels_near(image, word(kDark, 16)), 20u) << "no red";
    const Image race = shoot({"--lesson", "04-the-race", "--step", "3", "--palette", "colorblind"},
                             "colorblind_race");
    EXPECT_GT(pixels_near(race, role_fill(colorblind, CellRole::Hazard)), 150u);

    // Two files, as captured on a lab GPU: no capture in the window, so the partner is the file.
    const std::string plain = temp_file("plain.json"), padded = temp_file("padded.json");
    for (const auto& [variant, path] : {std::pair{"blelloch", plain}, {"blelloch-padded", padded}})
        ASSERT_EQ(run_process(scanscope_binary(), {"capture", "--variant", variant, "--n", "512",
                                                   "--device", "cpu", "--out", path})
                      .exit_code,
                  0);
    const Image alone =
        shoot({"--trace", plain, "--view", "compare", "--step", "6"}, "compare_nothing");
    const Image compared =
        shoot({"--trace", plain, "--view", "compare", "--step", "6", "--compare-trace", padded},
              "compare_trace");
    EXPECT_LT(pixels_near(alone, mix(kDark.cell, degree_color(kDark, 1), 0.55f), 10, canvas_area()),
              20u);
    EXPECT_GT(
        pixels_near(compared, mix(kDark.cell, degree_color(kDark, 1), 0.55f), 10, canvas_area()),
        300u)
        << "the padded trace's conflict-free banks";
    const ProcessResult missing =
        run_process(scanscope_binary(),
                    {"--screenshot", temp_file("x.png"), "--lesson", "01-harris-blelloch",
                     "--compare-trace", "/nonexistent.json"},
                    {display_});
    EXPECT_EQ(missing.exit_code, 1) << missing.output;
}

TEST_F(Views, LitCellsFollowTheTrace) {
    // Blelloch, n = 8, array view: the up-sweep level d = 4 reads four words and writes four;
    // level d = 1 reads one and writes one. The layout does not move between steps.
    const Image four =
        shoot({"--lesson", "01-harris-blelloch", "--view", "array", "--step", "2"}, "lit_four");
    const Image one =
        shoot({"--lesson", "01-harris-blelloch", "--view", "array", "--step", "4"}, "lit_one");
    ASSERT_FALSE(four.empty());
    ASSERT_FALSE(one.empty());
    const Rect area = canvas_area();
    const Color written = role_fill(kDark, CellRole::ReadWritten),
                read = role_fill(kDark, CellRole::Read);
    const std::size_t written_one = pixels_near(one, written, 10, area);
    const std::size_t read_one = pixels_near(one, read, 10, area);
    ASSERT_GT(written_one, 100u);
    ASSERT_GT(read_one, 100u);
    EXPECT_NEAR(double(pixels_near(four, written, 10, area)) / double(written_one), 4.0, 0.6);
    EXPECT_NEAR(double(pixels_near(four, read, 10, area)) / double(read_one), 4.0, 0.6);
}

// A radix sort looks back once a pass: --lookback N shows pass N's, and its caption says so.
TEST_F(Views, TheLookBackOfEachPass) {
    const std::vector<std::string> sort = {"--variant",  "radix-sort-onesweep",
                                           "--n",        "1536",
                                           "--key-bits", "16",
                                           "--view",     "lookback",
                                           "--step",     "40"};
    std::vector<std::string> first = sort, second = sort;
    first.insert(first.end(), {"--lookback", "1"});
    second.insert(second.end(), {"--lookback", "2"});
    const Image one = shoot(first, "lookback-pass-1");
    const Image two = shoot(second, "lookback-pass-2");
    ASSERT_FALSE(one.empty());
    ASSERT_FALSE(two.empty());
    EXPECT_NE(one.rgba, two.rgba) << "the two passes' look-backs differ at event 40";
}

TEST_F(Views, BadViewOrTraceIsAClearError) {
    ProcessResult r = run_process(
        scanscope_binary(),
        {"--screenshot", "/tmp/x.png", "--variant", "blelloch", "--n", "8", "--view", "lookback"},
        {display_});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_NE(r.output.find("nothing to show"), std::string::npos) << r.output;
    r = run_process(scanscope_binary(),
                    {"--screenshot", "/tmp/x.png", "--trace", "/nonexistent/t.json"}, {display_});
    EXPECT_EQ(r.exit_code, 1) << "a file that cannot be read is a failure, not a usage error";
    EXPECT_NE(r.output.find("cannot open"), std::string::npos) << r.output;
}

// What a teacher and a damaged file found (issue 11): each is a message and an exit code, never
// a crash: 2 for what the command line got wrong, 1 for a file that cannot be shown or written.
TEST_F(Views, MistakesAreMessagesNotCrashes) {
    const std::string shot = temp_file("never.png");
    struct Case {
        std::vector<std::string> args;
        int exit_code;
        std::string expected;
    } cases[] = {
        {{"--variant", "blelloch", "--n", "16", "--compare", "nope"}, 2, "the variants are"},
        {{"--lesson", "05-bank-conflicts", "--compare", "blelloch-padd"}, 2, "unknown variant"},
        {{"--lesson", "05-bank-conflict"}, 2, "the lessons are 01-harris-blelloch"},
        {{"--lesson", "08-multi-block", "--step", "999"}, 2, "has 27 steps"},
        {{"--lesson", "08-multi-block", "--block", "99"}, 2, "8 block(s), 0..7"},
        {{"--lesson", "07-look-back", "--step", "99999"}, 2, "events"},
        {{"--lesson", "07-look-back", "--view", "lookback", "--lookback", "2"},
         2,
         "1 launch(es) that look back"},
    };
    for (const Case& c : cases) {
        std::vector<std::string> args = {"--screenshot", shot, "--device", "cpu"};
        args.insert(args.end(), c.args.begin(), c.args.end());
        const ProcessResult r = run_process(scanscope_binary(), args, {display_});
        EXPECT_EQ(r.exit_code, c.exit_code) << c.args[1] << ": " << r.output;
        EXPECT_NE(r.output.find(c.expected), std::string::npos) << r.output;
    }
    // Every trace the reader refuses is refused by the window too, with exit 1.
    for (const auto& entry :
         std::filesystem::directory_iterator(std::string(SCANSCOPE_TEST_DATA) + "/bad-traces")) {
        const ProcessResult r =
            run_process(scanscope_binary(),
                        {"--screenshot", shot, "--trace", entry.path().string()}, {display_});
        EXPECT_EQ(r.exit_code, 1) << entry.path() << ": " << r.output;
        EXPECT_NE(r.output.find(": trace"), std::string::npos) << r.output;
    }
    // A full disk is a failure, not "wrote".
    const ProcessResult full =
        run_process(scanscope_binary(),
                    {"--screenshot", "/dev/full", "--lesson", "01-harris-blelloch"}, {display_});
    EXPECT_EQ(full.exit_code, 1) << full.output;
    EXPECT_EQ(full.output.find("wrote"), std::string::npos) << full.output;
}

// A trace edited after capture opens with a warning in the hazard colour above the views.
TEST_F(Views, AnEditedTraceOpensWithAWarning) {
    const std::string original = temp_file("original.json"), edited = temp_file("edited.json");
    ASSERT_EQ(
        run_process(scanscope_binary(), {"capture", "--variant", "blelloch", "--input",
                                         "3,1,7,0,4,1,6,3", "--device", "cpu", "--out", original})
            .exit_code,
        0);
    Trace t = load_trace(original);
    t.launches[0].steps[3].shared[7] += 100;
    save_trace(t, edited);
    const PanelLayout layout = compute_layout(1600, 1000, 24, 1);
    const Rect top = {layout.canvas.x, layout.canvas.y, layout.canvas.w, 60};
    const std::size_t clean =
        pixels_near(shoot({"--trace", original, "--view", "tree"}, "clean"), kDark.hazard, 40, top);
    const std::size_t warned =
        pixels_near(shoot({"--trace", edited, "--view", "tree"}, "warned"), kDark.hazard, 40, top);
    EXPECT_EQ(clean, 0u);
    EXPECT_GT(warned, 200u);
}

// Every projector size and scale, both themes, with and without presenter mode: the window
// draws, the panels do not overlap (Layout.*), and the Banks panel shows the worst access's
// banks in their conflict colour (the 16-way banks of the unpadded up-sweep at offset 16).
// The window runs at the scale fitting_ui_scale allows (1.25 for 2 at 1024x768).
TEST_F(Views, LegibleAtEveryProjectorSize) {
    int shots = 0;
    for (auto [w, h] : {std::pair{1024, 768}, {1280, 720}, {1600, 1000}, {1920, 1080}})
        for (float scale : {1.f, 1.5f, 2.f})
            for (bool presenter : {false, true}) {
                const bool light = (shots++ % 2) == 1;
                const Theme theme = builtin_theme(light ? "light" : "dark");
                const std::string size = std::to_string(w) + "x" + std::to_string(h);
                const std::string path = temp_file("legible.png");
                std::vector<std::string> args = {"--screenshot", path,
                                                 "--size",       size,
                                                 "--ui-scale",   std::to_string(scale),
                                                 "--theme",      light ? "light" : "dark",
                                                 "--device",     "cpu",
                                                 "--lesson",     "05-bank-conflicts",
                                                 "--step",       "6"};
                if (presenter) args.push_back("--presenter");
                const ProcessResult r = run_process(scanscope_binary(), args, {display_});
                const std::string what = size + " at " + std::to_string(scale) +
                                         (presenter ? " presenting" : "") + (light ? " light" : "");
                ASSERT_EQ(r.exit_code, 0) << what << ": " << r.output;
                const Image image = load_png(path);
                ASSERT_EQ(image.width, w) << what;
                const float used = fitting_ui_scale(float(w), float(h), scale);
                const PanelLayout layout =
                    compute_layout(float(w), float(h), 24 * used, used,
                                   presenter ? LayoutMode::Presenter : LayoutMode::Normal);
                const Color sixteen = mix(theme.cell, degree_color(theme, 16), 0.85f);
                EXPECT_GT(pixels_near(image, sixteen, 12, layout.banks), 4u)
                    << what << ": the 16-way banks in the Banks panel";
            }
}

// Every view at every projector size, the UI scale and presenter mode cycling through 1, 1.5
// and 2 and off/on: the window draws, the view's canvas holds cells (the scene's own colour for
// an unchanged cell), and the Banks panel holds its drawing. Panels never overlap (Layout.*).
TEST_F(Views, EveryViewAtEveryProjectorSize) {
    const std::vector<std::pair<const char*, std::vector<std::string>>> views = {
        {"array", {"--lesson", "01-harris-blelloch", "--view", "array", "--step", "4"}},
        {"tree", {"--lesson", "01-harris-blelloch", "--view", "tree", "--step", "6"}},
        {"pingpong", {"--lesson", "02-kirk-hwu-ping-pong", "--view", "pingpong", "--step", "3"}},
        {"reduction", {"--lesson", "06-reduction", "--view", "reduction", "--step", "3"}},
        {"multiblock", {"--lesson", "08-multi-block", "--view", "multiblock", "--step", "3"}},
        {"lookback", {"--lesson", "07-look-back", "--view", "lookback", "--step", "60"}},
        {"compare", {"--lesson", "05-bank-conflicts", "--view", "compare", "--step", "6"}},
    };
    int shot = 0;
    for (auto [w, h] : {std::pair{1024, 768}, {1280, 720}, {1600, 1000}, {1920, 1080}})
        for (const auto& [view, view_args] : views) {
            const float scale = std::array<float, 3>{1.f, 1.5f, 2.f}[std::size_t(shot % 3)];
            const bool presenter = (shot / 3) % 2 == 1;
            const bool light = shot % 2 == 1;
            ++shot;
            const Theme theme = builtin_theme(light ? "light" : "dark");
            std::vector<std::string> args = view_args;
            args.insert(args.end(), {"--screenshot", temp_file("every.png"), "--size",
                                     std::to_string(w) + "x" + std::to_string(h), "--ui-scale",
                                     std::to_string(scale), "--theme", light ? "light" : "dark",
                                     "--device", "cpu"});
            if (presenter) args.push_back("--presenter");
            const std::string what = std::string(view) + " at " + std::to_string(w) + "x" +
                                     std::to_string(h) + ", scale " + std::to_string(scale) +
                                     (presenter ? ", presenting" : "");
            const ProcessResult r = run_process(scanscope_binary(), args, {display_});
            ASSERT_EQ(r.exit_code, 0) << what << ": " << r.output;
            const Image image = load_png(temp_file("every.png"));
            ASSERT_EQ(image.width, w) << what;
            const float used = fitting_ui_scale(float(w), float(h), scale);
            const PanelLayout layout =
                compute_layout(float(w), float(h), 24 * used, used,
                               presenter ? LayoutMode::Presenter : LayoutMode::Normal);
            Rect canvas = layout.canvas;
            canvas.y += 50 * used, canvas.h -= 50 * used;  // below the view tabs
            EXPECT_GT(pixels_near(image, theme.cell_border, 24, canvas) +
                          pixels_near(image, theme.cell, 8, canvas),
                      200u)
                << what << ": cells in the canvas";
            EXPECT_GT(pixels_near(image, theme.cell_border, 24, layout.banks), 20u)
                << what << ": the Banks drawing";
        }
}

// File > Export opens over the window (the same exporter as `scanscope export`).
TEST_F(Views, ExportDialogOpens) {
    const Image plain = shoot({"--lesson", "01-harris-blelloch"}, "no_dialog");
    const Image dialog = shoot({"--lesson", "01-harris-blelloch", "--open-export"}, "dialog");
    ASSERT_EQ(plain.width, dialog.width);
    std::size_t changed = 0;
    for (int y = 0; y < plain.height; ++y)
        for (int x = 0; x < plain.width; ++x)
            changed += std::memcmp(plain.at(x, y), dialog.at(x, y), 3) != 0;
    EXPECT_GT(changed, 20000u) << "the dialog covers part of the window";
}

// Canvas text grows with the UI scale: the step caption, the canvas's first line of
// text-coloured pixels, is about twice as tall at 2 as at 1.
TEST_F(Views, CanvasTextFollowsTheUiScale) {
    auto caption_height = [&](float scale) {
        // Step 3: a tree short enough to fit whole at both scales, its caption on top.
        const Image image = shoot({"--lesson", "01-harris-blelloch", "--view", "tree", "--step",
                                   "3", "--ui-scale", std::to_string(scale)},
                                  "scale" + std::to_string(int(scale)));
        const PanelLayout layout = compute_layout(1600, 1000, 24 * scale, scale);
        Rect canvas = layout.canvas;
        canvas.y += 45 * scale, canvas.h -= 45 * scale;  // below the view tabs
        int first = -1, last = -1;
        for (int y = int(canvas.y); y < int(canvas.bottom()); ++y) {
            const bool text = pixels_near(image, kDark.text, 40, {canvas.x, float(y), canvas.w, 1});
            if (text && first < 0) first = y;
            if (text) last = y;
            if (!text && first >= 0) break;
        }
        return last - first + 1;
    };
    const int one = caption_height(1), two = caption_height(2);
    EXPECT_GE(double(two), 1.7 * double(one))
        << "caption rows at scale 1: " << one << ", at 2: " << two;
}

// Without a GPU, --timings runs the CPU baselines and the emulation and opens the plot: one line
// per series (4 variants emulated, 2 CPU baselines for scans and 2 for reductions), each in its
// own colour.
TEST_F(Views, TimingsWithoutAGpuPlotEverySeries) {
    const Image image = shoot({"--timings", "2^10..2^11", "--frames", "4"}, "timings");
    int seen = 0;
    for (std::size_t i = 0; i < kSeriesColours; ++i) {
        const Color c{kSeriesPalette[i][0] / 255.0f, kSeriesPalette[i][1] / 255.0f,
                      kSeriesPalette[i][2] / 255.0f, 1.0f};
        seen += pixels_near(image, c, 6) >= 40;
    }
    EXPECT_GE(seen, 8) << "series colours drawn";
}

}  // namespace
}  // namespace scanscope::test

namespace scanscope::test {
namespace {

// Where predict mode asks each kind of question, as window arguments: the step shown, from which
// the next step forward asks. The look-back's events come from the lesson's own (emulated) trace.
std::vector<std::pair<QuestionKind, std::vector<std::string>>> question_shots() {
    std::vector<std::string> errors;
    const std::vector<Lesson> lessons = load_lessons(data_path("assets/lessons"), errors);
    const Lesson* lookback = find_lesson(lessons, "07-look-back");
    EXPECT_TRUE(lookback);
    const Trace t = capture_trace(lookback->request, lesson_input(*lookback), DeviceChoice::Cpu);
    auto lesson = [](const char* key, int step) {
        return std::vector<std::string>{"--lesson", key, "--step", std::to_string(step)};
    };
    auto event = [&](int tile) {
        return std::vector<std::string>{"--lesson", "07-look-back",
                                        "--view",   "lookback",
                                        "--step",   std::to_string(lookback_start_event(t, tile))};
    };
    return {{QuestionKind::WrittenCells, lesson("01-harris-blelloch", 2)},
            {QuestionKind::CellValue, lesson("01-harris-blelloch", 3)},
            {QuestionKind::ConflictDegree, lesson("05-bank-conflicts", 1)},
            {QuestionKind::WorstBank, lesson("05-bank-conflicts", 5)},
            {QuestionKind::RacePair, lesson("04-the-race", 1)},
            {QuestionKind::ActiveThreads, lesson("06-reduction", 1)},
            {QuestionKind::LookBackValue, event(2)},
            {QuestionKind::LookBackStop, event(3)},
            {QuestionKind::KeptCount, lesson("11-stream-compaction", 5)},
            {QuestionKind::Destination, lesson("13-radix-split", 8)},
            {QuestionKind::BoxSum, lesson("14-summed-area", 5)},
            {QuestionKind::PassBit, lesson("15-radix-sort", 10)}};
}

// Every kind of question, in the normal layout and in presenter mode (a class): the question
// covers the Banks panel's place (never the picture), headed in the accent colour, and the
// canvas shows the step before the one asked about.
TEST_F(Views, PredictAsksEveryKindOfQuestion) {
    for (bool presenter : {false, true}) {
        const PanelLayout layout = compute_layout(
            1600, 1000, 24, 1.0f, presenter ? LayoutMode::Presenter : LayoutMode::Normal);
        for (auto [kind, args] : question_shots()) {
            // Presenter mode: the Banks drawing's place beside the canvas in both shots (without
            // predict mode, it is there only in the lessons about banks).
            if (presenter) args.insert(args.end(), {"--presenter", "--banks-beside", "shown"});
            args.insert(args.end(), {"--scores", temp_file("scores.json")});
            const std::string name = std::string(question_kind_key(kind)) + (presenter ? "-p" : "");
            const Image plain = shoot(args, name + "-plain");
            args.push_back("--predict");
            const Image asked = shoot(args, name);
            std::size_t changed = 0, canvas_changed = 0;
            for (int y = 0; y < asked.height; ++y)
                for (int x = 0; x < asked.width; ++x) {
                    const bool differs = std::memcmp(plain.at(x, y), asked.at(x, y), 3) != 0;
                    changed += differs && layout.banks.contains({float(x), float(y)});
                    canvas_changed += differs && layout.canvas.contains({float(x), float(y)});
                }
            EXPECT_GT(changed, std::size_t(0.05 * layout.banks.w * layout.banks.h)) << name;
            EXPECT_EQ(canvas_changed, 0u) << name << ": the picture stays as it was";
            EXPECT_GT(pixels_near(asked, kDark.accent, 30, layout.banks), 20u) << name;
        }
    }
}

// The reveal: a wrong answer says "Not quite." in the hazard colour; a right one says "Right." in
// the no-conflict colour. The question: Harris's root after the up-sweep (the lesson's own).
TEST_F(Views, PredictRevealsRightAndWrong) {
    std::vector<std::string> errors;
    const std::vector<Lesson> lessons = load_lessons(data_path("assets/lessons"), errors);
    const Lesson* harris = find_lesson(lessons, "01-harris-blelloch");
    ASSERT_TRUE(harris);
    const Trace t = capture_trace(harris->request, lesson_input(*harris), DeviceChoice::Cpu);
    int right_choice = -1;
    for (const Question& q : scripted_questions(t, harris->questions, BankConfig{}))
        if (q.place.frame == 3) right_choice = q.right;
    ASSERT_GE(right_choice, 0);
    const std::string right_key(1, choice_key(right_choice)),
        wrong_key(1, choice_key(right_choice == 0 ? 1 : 0));

    const PanelLayout layout = compute_layout(1600, 1000, 24, 1.0f);
    std::vector<std::string> args = {
        "--lesson", "01-harris-blelloch",     "--step",  "3", "--predict",
        "--scores", temp_file("scores.json"), "--answer"};
    args.push_back(wrong_key);
    const Image wrong = shoot(args, "wrong");
    args.back() = right_key;
    const Image right = shoot(args, "right");
    EXPECT_GT(pixels_near(wrong, kDark.hazard, 30, layout.banks), 30u);
    EXPECT_LT(pixels_near(right, kDark.hazard, 30, layout.banks), 5u);
    EXPECT_GT(pixels_near(right, kDark.conflict[0], 30, layout.banks), 30u);
    // A choice the question does not have is a usage error.
    const ProcessResult r = run_process(
        scanscope_binary(),
        {"--screenshot", temp_file("h.png"), "--device", "cpu", "--lesson", "01-harris-blelloch",
         "--step", "3", "--predict", "--answer", "H", "--scores", temp_file("s.json")},
        {display_});
    EXPECT_EQ(r.exit_code, 2) << r.output;
}

}  // namespace
}  // namespace scanscope::test
