// scanscope export as a teacher uses it: a GIF with one frame per step asked, a PDF with one page
// per step holding the step's values as text, SVG files that parse, the same bytes every time,
// clear errors for what cannot be exported.
#include <gtest/gtest.h>

#include <gif_lib.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/process.h"
#include "support/temp_file.h"

namespace scanscope::test {
namespace {

ProcessResult scanscope(const std::vector<std::string>& args) {
    return run_process(scanscope_binary(), args);
}

int gif_frames(const std::string& path) {
    int error = 0;
    GifFileType* gif = DGifOpenFileName(path.c_str(), &error);
    if (!gif) return -1;
    const int frames = DGifSlurp(gif) == GIF_OK ? gif->ImageCount : -1;
    DGifCloseFile(gif, &error);
    return frames;
}

TEST(Export, GifHasOneFramePerStepAsked) {
    const std::string gif = temp_file("harris.gif");
    ProcessResult r = scanscope({"export", "--lesson", "01-harris-blelloch", "--view", "tree",
                                 "--steps", "2..5", "--size", "640x360", "--out", gif});
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_EQ(gif_frames(gif), 4);
    r = scanscope({"export", "--lesson", "01-harris-blelloch", "--size", "640x360", "--out", gif});
    ASSERT_EQ(r.exit_code, 0) << r.output;
    EXPECT_EQ(gif_frames(gif), 9) << "all of Harris's nine steps";
}

// An edited trace is not drawn as if it were what ran: export names where it contradicts itself,
// exits 1 and writes nothing, unless --allow-inconsistent.
TEST(Export, AnEditedTraceIsRefusedUnlessAllowed) {
    const std::string trace = temp_file("edited.json"), png = temp_file("edited.png");
    ASSERT_EQ(scanscope({"capture", "--variant", "blelloch", "--n", "8", "--device", "cpu", "--out",
                         trace})
                  .exit_code,
              0);
    std::string text = file_bytes(trace);
    const std::size_t output = text.find("\"output\"");
    ASSERT_NE(output, std::string::npos);
    const std::size_t digit = text.find_first_of("123456789", output);
    text.insert(digit, "1");  // a value of the output, ten times larger and more
    std::ofstream(trace, std::ios::binary) << text;
    ProcessResult r = scanscope({"export", "--trace", trace, "--steps", "1", "--out", png});
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_NE(r.output.find("contradicts itself"), std::string::npos) << r.output;
    EXPECT_FALSE(std::filesystem::exists(png));
    r = scanscope(
        {"export", "--trace", trace, "--steps", "1", "--out", png, "--allow-inconsistent"});
    EXPECT_EQ(r.exit_code, 0) << r.output;
    EXPECT_TRUE(std::filesystem::exists(png));
}

TEST(Export, PdfHoldsTheStepsValuesAsText) {
    if (run_process("/bin/sh", {"-c", "command -v pdftotext"}).exit_code != 0)
        GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
    const std::string pdf = temp_file("harris.pdf"), text = temp_file("harris.txt");
    ASSERT_EQ(scanscope({"export", "--lesson", "01-harris-blelloch", "--view", "tree", "--steps",
                         "8..9", "--out", pdf})
                  .exit_code,
              0);
    ASSERT_EQ(run_process("/usr/bin/pdftotext", {pdf, text}).exit_code, 0);
    const std::string words = file_bytes(text);
    EXPECT_NE(words.find("step 8/9"), std::string::npos) << words;
    EXPECT_NE(words.find("step 9/9"), std::string::npos) << words;
    EXPECT_NE(words.find("25"), std::string::npos) << "the up-sweep's total";
    EXPECT_NE(words.find("22"), std::string::npos) << "the last exclusive prefix";
    EXPECT_NE(words.find("output in global memory"), std::string::npos);
    const ProcessResult info = run_process("/usr/bin/pdfinfo", {pdf});
    EXPECT_NE(info.output.find("Pages:           2"), std::string::npos) << info.output;
}

TEST(Export, SvgFilesParseOnePerStepAndHoldTheValuesAsText) {
    const std::string svg = temp_file("tree.svg");
    ASSERT_EQ(scanscope({"export", "--lesson", "01-harris-blelloch", "--view", "tree", "--steps",
                         "8..9", "--out", svg})
                  .exit_code,
              0);
    // Harris's example: step 8 ends the up-sweep with the total 25 at the root; step 9 writes the
    // exclusive prefixes, 22 the last.
    const std::vector<std::pair<std::string, std::vector<std::string>>> expected = {
        {"8", {"step 8/9", "25"}}, {"9", {"step 9/9", "22", "output in global memory"}}};
    for (const auto& [step, words] : expected) {
        const std::string stem = svg.substr(0, svg.size() - 4);
        const std::string path =
            stem + "/" + stem.substr(stem.rfind('/') + 1) + "-" + step + ".svg";
        const ProcessResult parsed = run_process(
            "/usr/bin/python3",
            {"-c",
             "import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); "
             "print(r.tag); print('|'.join(t.text or '' for t in "
             "r.iter('{http://www.w3.org/2000/svg}text')))",
             path});
        ASSERT_EQ(parsed.exit_code, 0) << parsed.output;
        EXPECT_NE(parsed.output.find("svg"), std::string::npos) << parsed.output;
        for (const std::string& word : words)
            EXPECT_NE(parsed.output.find(word), std::string::npos)
                << "step " << step << " lacks text '" << word << "': " << parsed.output;
    }
}

TEST(Export, TheSameExportGivesTheSameBytes) {
    for (const char* extension : {".png", ".gif", ".svg", ".pdf"}) {
        const std::string a = temp_file(std::string("a") + extension),
                          b = temp_file(std::string("b") + extension);
        for (const std::string& out : {a, b})
            ASSERT_EQ(scanscope({"export", "--lesson", "04-the-race", "--steps", "3", "--size",
                                 "800x450", "--palette", "colorblind", "--out", out})
                          .exit_code,
                      0);
        const std::string first = file_bytes(a);
        EXPECT_GT(first.size(), 1000u) << extension;
        EXPECT_EQ(first, file_bytes(b)) << extension;
    }
}

// A series of PNG files goes into a folder of its own, replaced whole: an export killed on the
// way leaves the last whole series, never new files mixed with old ones.
TEST(Export, ASeriesIsReplacedWholeOrNotAtAll) {
    const std::string dir = temp_file("series");
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string out = dir + "/steps.png";
    auto export_at = [&](const char* size) {
        return std::vector<std::string>{"export", "--variant", "blelloch", "--n",   "512",
                                        "--view", "array",     "--steps",  "1..20", "--size",
                                        size,     "--out",     out};
    };
    const ProcessResult made = scanscope(export_at("640x360"));
    ASSERT_EQ(made.exit_code, 0) << made.output;
    const std::string first = file_bytes(dir + "/steps/steps-1.png");
    int old_seen = 0, new_seen = 0;
    for (const char* delay : {"0.2", "0.4", "0.6", "0.8", "1.0", "1.4", "2.5"}) {
        // --foreground: timeout kills the export alone and waits for it (without it, timeout kills
        // its whole process group, itself too, and returns before the export is gone).
        std::vector<std::string> args = {"--foreground", "-s", "KILL", delay, scanscope_binary()};
        const auto big = export_at("1600x900");
        args.insert(args.end(), big.begin(), big.end());
        run_process("/usr/bin/timeout", args);
        // Every file of the folder from one export: all 640 or all 1600 pixels wide.
        std::set<std::string> sizes;
        int files = 0;
        for (const auto& e : std::filesystem::directory_iterator(dir + "/steps")) {
            const std::string png = file_bytes(e.path().string());
            ASSERT_GT(png.size(), 24u);
            sizes.insert(png.substr(16, 8));  // the IHDR's width and height
            ++files;
        }
        EXPECT_EQ(sizes.size(), 1u) << "a mix of two exports after a kill at " << delay << " s";
        EXPECT_EQ(files, 20);
        (file_bytes(dir + "/steps/steps-1.png") == first ? old_seen : new_seen) += 1;
    }
    EXPECT_GE(old_seen, 1) << "some kill came before the series was in place";
    // What a killed export left (its staging folder) goes with the next export of that name.
    ASSERT_EQ(scanscope(export_at("640x360")).exit_code, 0);
    int entries = 0;
    for (const auto& e : std::filesystem::directory_iterator(dir))
        entries += e.path().filename() == "steps" ? 0 : 1;
    EXPECT_EQ(entries, 0);
    std::filesystem::remove_all(dir);
}

// Every shipped lesson exports in its own view (the compare lessons with their partner).
TEST(Export, EveryLessonExports) {
    for (const char* lesson :
         {"01-harris-blelloch", "02-kirk-hwu-ping-pong", "03-sixteen-element-walkthrough",
          "04-the-race", "05-bank-conflicts", "06-reduction", "07-look-back", "08-multi-block"}) {
        const ProcessResult r = scanscope({"export", "--lesson", lesson, "--steps", "2", "--size",
                                           "640x360", "--out", temp_file("lesson.png")});
        EXPECT_EQ(r.exit_code, 0) << lesson << ": " << r.output;
    }
}

TEST(Export, WhatCannotBeExportedIsAClearError) {
    struct Case {
        std::vector<std::string> args;
        int exit_code;
        std::string expected;
    } cases[] = {
        {{"--lesson", "01-harris-blelloch", "--out", "/tmp/x.bmp"}, 2, ".png, .gif, .svg or .pdf"},
        {{"--lesson", "01-harris-blelloch", "--steps", "3..99", "--out", "/tmp/x.png"},
         2,
         "has 9 steps"},
        {{"--lesson", "nope", "--out", "/tmp/x.png"}, 2, "the lessons are"},
        {{"--lesson", "01-harris-blelloch", "--view", "lookback", "--out", "/tmp/x.png"},
         2,
         "nothing to show"},
        {{"--lesson", "01-harris-blelloch", "--steps", "2", "--out", "/nonexistent/x.png"},
         1,
         "cannot write"},
        {{"--out", "/tmp/x.png"}, 2, "give --lesson, --lesson-file, --trace or --variant"},
    };
    for (const Case& c : cases) {
        std::vector<std::string> args = {"export"};
        args.insert(args.end(), c.args.begin(), c.args.end());
        const ProcessResult r = scanscope(args);
        EXPECT_EQ(r.exit_code, c.exit_code) << r.output;
        EXPECT_NE(r.output.find(c.expected), std::string::npos) << r.output;
    }
}

// The font sizes of the values (monospaced text) in an exported SVG.
std::set<std::string> value_font_sizes(const std::string& path) {
    const ProcessResult parsed = run_process(
        "/usr/bin/python3",
        {"-c",
         "import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); "
         "print(' '.join(t.get('font-size') for t in r.iter('{http://www.w3.org/2000/svg}text') "
         "if 'Mono' in t.get('font-family', '')))",
         path});
    std::set<std::string> sizes;
    std::istringstream words(parsed.output);
    for (std::string w; words >> w;)
        sizes.insert(w);
    return sizes;
}

// One scale for a series (issue 39): Harris's tree grows a row a step, and its cells keep their
// size from the first frame to the last (they went from 110 px to 30 px within one GIF).
TEST(Export, ASeriesKeepsOneScale) {
    const std::string svg = temp_file("scale.svg");
    ASSERT_EQ(scanscope({"export", "--lesson", "01-harris-blelloch", "--view", "tree", "--steps",
                         "1..9", "--out", svg})
                  .exit_code,
              0);
    const std::string stem = svg.substr(0, svg.size() - 4), name = stem.substr(stem.rfind('/') + 1);
    const auto first = value_font_sizes(stem + "/" + name + "-1.svg");
    const auto last = value_font_sizes(stem + "/" + name + "-9.svg");
    ASSERT_FALSE(first.empty());
    EXPECT_EQ(first.size(), 1u) << "one size for the values of a frame";
    EXPECT_EQ(first, last) << "the first frame's values as large as the last's";
}

TEST(Export, CaptionPrintsTheStepsSentence) {
    const std::string svg = temp_file("caption.svg");
    ASSERT_EQ(scanscope({"export", "--lesson", "01-harris-blelloch", "--steps", "2", "--caption",
                         "--out", svg})
                  .exit_code,
              0);
    const std::string text = file_bytes(svg);
    // Lesson 01's own sentence for step 2, from the lesson file.
    EXPECT_NE(text.find("left subtree"), std::string::npos) << text.substr(0, 2000);
    const std::string plain = temp_file("no-caption.svg");
    ASSERT_EQ(
        scanscope({"export", "--lesson", "01-harris-blelloch", "--steps", "2", "--out", plain})
            .exit_code,
        0);
    EXPECT_EQ(file_bytes(plain).find("left subtree"), std::string::npos);
}

// Every line of text an SVG's text layer holds: its font size, family, words and baseline's
// left end.
struct SvgText {
    double size = 0;
    bool mono = false;
    std::string text;
    double x = 0, y = 0;
};
std::vector<SvgText> svg_texts(const std::string& path) {
    const ProcessResult parsed =
        run_process("/usr/bin/python3",
                    {"-c",
                     "import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); "
                     "[print(t.get('font-size'), 'Mono' in t.get('font-family', ''), t.get('x'), "
                     "t.get('y'), t.text or '', sep='\\t') "
                     "for t in r.iter('{http://www.w3.org/2000/svg}text')]",
                     path});
    std::vector<SvgText> texts;
    std::istringstream lines(parsed.output);
    for (std::string line; std::getline(lines, line);) {
        std::vector<std::string> fields;
        std::size_t start = 0;
        for (int i = 0; i < 4; ++i) {
            const std::size_t tab = line.find('\t', start);
            if (tab == std::string::npos) break;
            fields.push_back(line.substr(start, tab - start));
            start = tab + 1;
        }
        if (fields.size() < 4) continue;
        texts.push_back({std::stod(fields[0]), fields[1] == "True", line.substr(start),
                         std::stod(fields[2]), std::stod(fields[3])});
    }
    return texts;
}

// With --caption the page prints "step 2/6 · scan rows ...: <sentence>" over the picture; the
// picture's own caption, the same words, is left out (the summed-area GIF said it twice).
TEST(Export, ACaptionOverThePageIsNotSaidAgainInThePicture) {
    for (const bool caption : {true, false}) {
        const std::string svg = temp_file(caption ? "said-once.svg" : "said-in-picture.svg");
        std::vector<std::string> args = {"export", "--lesson", "14-summed-area", "--steps", "2",
                                         "--size", "720x540",  "--out",          svg};
        if (caption) args.push_back("--caption");
        ASSERT_EQ(scanscope(args).exit_code, 0);
        int said = 0;
        for (const SvgText& t : svg_texts(svg))
            said += t.text.find("step 2/6") != std::string::npos;
        EXPECT_EQ(said, 1) << (caption ? "with" : "without") << " --caption";
    }
}

// The README's GIFs are 720x540: each label of lesson 12's rows ("down-sweep d=2 offset=4") is
// drawn at the window's readable size, 11 px or more, not shrunk with the picture (they were
// 6 px, too small to read), and the picture makes room for them.
TEST(Export, LabelsKeepTheWindowsReadableSize) {
    const std::string svg = temp_file("labels.svg");
    ASSERT_EQ(scanscope({"export", "--lesson", "12-segmented-scan", "--size", "720x540",
                         "--caption", "--out", svg})
                  .exit_code,
              0);
    const std::string stem = svg.substr(0, svg.size() - 4), name = stem.substr(stem.rfind('/') + 1);
    int labels = 0;
    for (int step = 1;
         std::filesystem::exists(stem + "/" + name + "-" + std::to_string(step) + ".svg"); ++step)
        for (const SvgText& t :
             svg_texts(stem + "/" + name + "-" + std::to_string(step) + ".svg")) {
            if (t.mono) continue;
            labels += t.text.find("sweep") != std::string::npos;
            EXPECT_GE(t.size, 11.0 - 0.01) << "step " << step << ": '" << t.text << "'";
        }
    EXPECT_GT(labels, 20) << "the rows' names are drawn";
}

// 2,255 look-back events are not a GIF anyone meant to ask for: refused, with the count and the
// option that allows it; --max-frames allows it, --steps picks fewer.
TEST(Export, TooManyFramesAreRefusedUnlessAllowed) {
    const std::string gif = temp_file("lookback.gif");
    ProcessResult r = scanscope({"export", "--lesson", "07-look-back", "--out", gif});
    EXPECT_EQ(r.exit_code, 2) << r.output;
    EXPECT_NE(r.output.find("2255 frames"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("--max-frames 2255"), std::string::npos) << r.output;
    EXPECT_FALSE(std::filesystem::exists(gif));
    r = scanscope({"export", "--lesson", "07-look-back", "--steps", "1..3", "--size", "320x200",
                   "--out", gif});
    EXPECT_EQ(r.exit_code, 0) << r.output;
    EXPECT_EQ(gif_frames(gif), 3);
    r = scanscope({"export", "--lesson", "01-harris-blelloch", "--max-frames", "4", "--out", gif});
    EXPECT_EQ(r.exit_code, 2) << r.output;
    EXPECT_NE(r.output.find("more than the 4 allowed"), std::string::npos) << r.output;
}

// A worksheet: a page per question of the lesson, each with its prompt and choices, then the
// answer key with every right choice and its reason.
TEST(Export, WorksheetHasAPagePerQuestionAndTheKey) {
    if (run_process("/bin/sh", {"-c", "command -v pdftotext"}).exit_code != 0)
        GTEST_SKIP() << "pdftotext (poppler-utils) is not installed";
    const std::string pdf = temp_file("worksheet.pdf"), text = temp_file("worksheet.txt");
    const ProcessResult r =
        scanscope({"worksheet", "--lesson", "01-harris-blelloch", "--out", pdf});
    ASSERT_EQ(r.exit_code, 0) << r.output;
    const ProcessResult listed =
        scanscope({"questions", "--lesson", "01-harris-blelloch", "--scripted", "--answers"});
    ASSERT_EQ(listed.exit_code, 0);
    ASSERT_EQ(run_process("/usr/bin/pdftotext", {pdf, text}).exit_code, 0);
    const std::string words = file_bytes(text);
    // Every prompt, and every right answer in the key (from `questions`, the same generator).
    int prompts = 0;
    std::istringstream lines(listed.output);
    for (std::string line; std::getline(lines, line);) {
        if (line.rfind("before ", 0) == 0) {
            ++prompts;
            const std::string prompt = line.substr(line.find("] ") + 2, 30);
            EXPECT_NE(words.find(prompt), std::string::npos) << prompt;
        }
        if (line.find("<- right") != std::string::npos) {
            const std::string right = line.substr(7, line.find("   <-") - 7);
            EXPECT_NE(words.find(right), std::string::npos) << right;
        }
    }
    EXPECT_EQ(prompts, 4);
    EXPECT_NE(words.find("answer key"), std::string::npos);
    // The paragraph over a picture says its step; the picture does not say it again.
    const auto count = [&](const std::string& what) {
        int n = 0;
        for (std::size_t at = words.find(what); at != std::string::npos;
             at = words.find(what, at + 1))
            ++n;
        return n;
    };
    EXPECT_EQ(count("shows step 3/9 ·"), 1);
    EXPECT_EQ(count("step 3/9 ·"), 1);
    const ProcessResult info = run_process("/usr/bin/pdfinfo", {pdf});
    EXPECT_NE(info.output.find("Pages:           5"), std::string::npos) << info.output;

    const ProcessResult bad =
        scanscope({"worksheet", "--lesson", "01-harris-blelloch", "--out", temp_file("w.png")});
    EXPECT_EQ(bad.exit_code, 2) << bad.output;
    EXPECT_NE(bad.output.find("must end in .pdf"), std::string::npos) << bad.output;
}

// --ui-scale enlarges the values as the window does (issue 39): no value under 11 px x the UI
// scale; a picture that then outgrows the page shows its focus.
TEST(Export, UiScaleEnlargesTheValues) {
    for (const char* scale : {"1", "2"}) {
        const std::string svg = temp_file(std::string("readable-") + scale + ".svg");
        ASSERT_EQ(scanscope({"export", "--variant", "blelloch", "--n", "1024", "--view", "array",
                             "--steps", "6", "--ui-scale", scale, "--out", svg})
                      .exit_code,
                  0);
        const auto sizes = value_font_sizes(svg);
        ASSERT_FALSE(sizes.empty());
        for (const std::string& size : sizes)
            EXPECT_GE(std::stod(size), 11.0 * std::stod(scale) - 0.01) << "UI scale " << scale;
    }
}

// Lesson 08 at the README's GIF size (720x540): its 8 blocks of 128 are taller and wider than the
// page at a readable size. Each launch is laid out on its own, as the window fits it: the scan
// of the 8 block sums is drawn across the page, not at the size of the 1000 values before it
// (it took a third of the width). The rows narrow until the values fit across (each block's
// name and sum on the page, not cut by its edges), no value is cut by the page's edge (the rows
// under the last whole one are left out), and the step's caption is whole.
TEST(Export, EachLaunchIsFittedAndNoValueIsCut) {
    const std::string svg = temp_file("multi-block.svg");
    ASSERT_EQ(scanscope({"export", "--lesson", "08-multi-block", "--size", "720x540", "--out", svg})
                  .exit_code,
              0);
    const std::string stem = svg.substr(0, svg.size() - 4), name = stem.substr(stem.rfind('/') + 1);
    constexpr double kWidth = 720, kHeight = 540, kMargin = 16;
    constexpr double kMonoAdvance = 0.602;  // DejaVu Sans Mono's advance, in ems
    int frames = 0, sums_frames = 0, names_seen = 0;
    for (int step = 1;
         std::filesystem::exists(stem + "/" + name + "-" + std::to_string(step) + ".svg");
         ++step, ++frames) {
        const std::vector<SvgText> texts =
            svg_texts(stem + "/" + name + "-" + std::to_string(step) + ".svg");
        bool sums = false;
        double left = kWidth, right = 0;
        for (const SvgText& t : texts) {
            const std::string where = "step " + std::to_string(step) + ": '" + t.text + "'";
            if (!t.mono) {
                sums |= t.text.find("launch 2/3") != std::string::npos;
                names_seen += t.text.rfind("block ", 0) == 0;
                EXPECT_GE(t.x, kMargin - 0.5) << where << " cut by the page's left edge";
                continue;
            }
            const double w = kMonoAdvance * t.size * double(t.text.size());
            left = std::min(left, t.x), right = std::max(right, t.x + w);
            EXPECT_GE(t.x, kMargin - 0.5) << where;
            EXPECT_LE(t.x + w, kWidth - kMargin + 0.5) << where;
            EXPECT_GE(t.y - 0.8 * t.size, kMargin - 0.5) << where;
            EXPECT_LE(t.y + 0.2 * t.size, kHeight - kMargin + 0.5) << where;
        }
        if (sums) {
            ++sums_frames;
            EXPECT_GT(right - left, 0.5 * (kWidth - 2 * kMargin))
                << "step " << step << ": the block sums' scan takes half the page or more";
        }
    }
    EXPECT_EQ(frames, 27);
    EXPECT_GT(sums_frames, 0) << "the block sums' launch was exported";
    EXPECT_GT(names_seen, frames) << "blocks' names are on the page";
}

// No line of text is drawn over another: the output row's name and its verdict, 0.5 apart in
// the scene, overprinted each other at 720x540, where the readable size's line is taller than
// that (lesson 12's last step).
TEST(Export, NoLineOfTextOverprintsAnother) {
    constexpr double kSansAdvance =
        0.5;  // under DejaVu Sans's mean advance, in ems: no false alarm
    int pages = 0, lines = 0;
    for (const char* lesson :
         {"11-stream-compaction", "12-segmented-scan", "13-radix-split", "15-radix-sort"}) {
        const std::string svg = temp_file(std::string("overprint-") + lesson + ".svg");
        ASSERT_EQ(
            scanscope({"export", "--lesson", lesson, "--size", "720x540", "--out", svg}).exit_code,
            0)
            << lesson;
        const std::string stem = svg.substr(0, svg.size() - 4),
                          name = stem.substr(stem.rfind('/') + 1);
        for (int step = 1;
             std::filesystem::exists(stem + "/" + name + "-" + std::to_string(step) + ".svg");
             ++step, ++pages) {
            std::vector<SvgText> names;
            for (const SvgText& t :
                 svg_texts(stem + "/" + name + "-" + std::to_string(step) + ".svg"))
                if (!t.mono) names.push_back(t);
            lines += int(names.size());
            for (std::size_t i = 0; i < names.size(); ++i)
                for (std::size_t j = i + 1; j < names.size(); ++j) {
                    const SvgText &a = names[i], &b = names[j];
                    const double aw = kSansAdvance * a.size * double(a.text.size()),
                                 bw = kSansAdvance * b.size * double(b.text.size());
                    const bool across = a.x < b.x + bw && b.x < a.x + aw;
                    EXPECT_FALSE(across && std::abs(a.y - b.y) < std::max(a.size, b.size))
                        << lesson << " step " << step << ": '" << a.text << "' and '" << b.text
                        << "', baselines " << std::abs(a.y - b.y) << " px apart at "
                        << std::max(a.size, b.size) << " px";
                }
        }
    }
    EXPECT_GT(pages, 40);
    EXPECT_GT(lines, 2 * pages) << "the pages' names were read";
}

}  // namespace
}  // namespace scanscope::test
