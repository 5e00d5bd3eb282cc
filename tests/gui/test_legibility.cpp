// Presenter mode read from the back row: the layout the window drew (`--layout-json`, read back
// from ImGui's draw lists) holds every value the step is about, the narration, the question and
// its choices at 4 % of the window's height or more, whole and inside their panels; and the
// normal layout never draws text under 11 px x the UI scale.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "model/lessons.h"
#include "platform/data_dir.h"
#include "support/process.h"
#include "support/temp_file.h"
#include "support/virtual_display.h"

namespace scanscope::test {
namespace {

class Legibility : public testing::Test {
  protected:
    void SetUp() override {
        const DisplayAccess& display = virtual_display();
        if (!display.available) GTEST_SKIP() << display.reason;
        display_ = "DISPLAY=" + display.display;
    }

    // Every step of a lesson, as the window lays it out.
    nlohmann::json layouts(const std::vector<std::string>& extra, const std::string& name) {
        const std::string shot = temp_file(name + ".png"), json = temp_file(name + ".json");
        std::remove(json.c_str());
        std::vector<std::string> args{
            "--screenshot", shot, "--layout-json", json, "--layout-all-steps", "--frames", "1"};
        args.insert(args.end(), extra.begin(), extra.end());
        const ProcessResult r = run_process(scanscope_binary(), args, {display_});
        EXPECT_EQ(r.exit_code, 0) << r.output;
        try {
            return nlohmann::json::parse(file_bytes(json));
        } catch (const std::exception& e) {
            ADD_FAILURE() << "no layout at " << json << ": " << e.what() << "\n" << r.output;
            return {};
        }
    }

    std::string display_;
};

bool must_be_large(const nlohmann::json& text) {
    const std::string role = text["role"];
    return text["focus"].get<bool>() || role == "narration" || role == "question" ||
           role == "choice";
}

// What fails the measure in a presenter-mode layout, a line each (empty: none); `held` counts the
// texts the measure applied to.
std::string presenter_failures(const nlohmann::json& layout, int& held) {
    std::string failures;
    const float need = 0.04f * layout["height"].get<float>();
    for (const auto& frame : layout["frames"]) {
        for (const auto& t : frame["texts"]) {
            if (!must_be_large(t)) continue;
            ++held;
            const float px = t["font_px"];
            const std::vector<float> box = t["box"], visible = t["visible"];
            std::string why;
            if (px < need - 0.01f)
                why = "font " + std::to_string(px) + " px";
            else if (box[2] <= 0)
                why = "not drawn (outside the panel)";
            else if (box != visible)
                why = "cut by its panel's edge";
            if (!why.empty() && failures.size() < 2000)
                failures += "frame " + std::to_string(frame["frame"].get<int>()) + " (" +
                            frame["view"].get<std::string>() + "), " +
                            t["panel"].get<std::string>() + " " + t["role"].get<std::string>() +
                            " '" + t["text"].get<std::string>() + "': " + why + "\n";
        }
        // The status line keeps to the window: its device and notice say less where the room
        // is short, never run off the edge half-said.
        for (const auto& t : frame["texts"]) {
            const std::vector<float> box = t["box"], visible = t["visible"];
            if (t["panel"] == "status" && (box[2] <= 0 || box != visible) && failures.size() < 2000)
                failures += "frame " + std::to_string(frame["frame"].get<int>()) +
                            ", status line '" + t["text"].get<std::string>() +
                            "': cut by the window's edge\n";
        }
        // A drawing's names are whole or left out: half a name reads as another word.
        for (const auto& t : frame["texts"]) {
            const std::string role = t["role"];
            if ((role != "label" && role != "caption") ||
                (t["panel"] != "canvas" && t["panel"] != "banks"))
                continue;
            const std::vector<float> box = t["box"], visible = t["visible"];
            const std::string text = t["text"];
            // And on a projector, whole: a verdict or a key shortened to "..." loses its point.
            const bool shortened = text.size() > 3 && text.compare(text.size() - 3, 3, "...") == 0;
            if (((box[2] > 0 && box != visible) || shortened) && failures.size() < 2000)
                failures += "frame " + std::to_string(frame["frame"].get<int>()) + " (" +
                            frame["view"].get<std::string>() + "), " +
                            t["panel"].get<std::string>() + " " + role + " '" + text +
                            (shortened ? "': shortened to fit\n" : "': cut by its panel's edge\n");
        }
    }
    return failures;
}

// A canvas's values, whole or not drawn: half a number reads as another number ("12" cut to "2").
std::string cut_values(const nlohmann::json& layout) {
    std::string failures;
    for (const auto& frame : layout["frames"])
        for (const auto& t : frame["texts"]) {
            const std::string role = t["role"];
            if ((role != "value" && role != "bank-number" && role != "lane-number") ||
                (t["panel"] != "canvas" && t["panel"] != "banks"))
                continue;
            const std::vector<float> box = t["box"], visible = t["visible"];
            if (box[2] > 0 && box != visible && failures.size() < 2000)
                failures += "frame " + std::to_string(frame["frame"].get<int>()) + " (" +
                            frame["view"].get<std::string>() + "), " +
                            t["panel"].get<std::string>() + " " + role + " '" +
                            t["text"].get<std::string>() + "': cut by its panel's edge\n";
        }
    return failures;
}

// Every shipped lesson at the three sizes.
const std::vector<const char*> kSizes = {"1024x768", "1280x720", "1920x1080"};
// Every lesson the app ships (assets/lessons), so that a lesson added is held without a list to
// keep.
std::vector<std::string> every_lesson() {
    std::vector<std::string> errors, keys;
    for (const Lesson& lesson : load_lessons(data_path("assets/lessons"), errors))
        keys.push_back(lesson.key);
    EXPECT_EQ(errors, std::vector<std::string>{});
    return keys;
}

TEST_F(Legibility, PresenterModeDrawsEveryFocusValueAndTheNarrationAtFourPercent) {
    const std::vector<std::string> lessons = every_lesson();
    ASSERT_GE(lessons.size(), 17u) << "the lessons on disk";
    for (const std::string& lesson : lessons)
        for (const char* size : kSizes) {
            const nlohmann::json layout = layouts({"--lesson", lesson, "--size", size, "--ui-scale",
                                                   "2", "--presenter", "--theme", "light"},
                                                  std::string("legible-") + lesson + "-" + size);
            ASSERT_TRUE(layout.contains("frames"));
            EXPECT_TRUE(layout["presenter"].get<bool>());
            int held = 0, focus_values = 0;
            for (const auto& frame : layout["frames"])
                for (const auto& t : frame["texts"])
                    focus_values += t["focus"].get<bool>() && t["role"] == "value";
            EXPECT_EQ(presenter_failures(layout, held), "") << lesson << " at " << size;
            EXPECT_EQ(cut_values(layout), "") << lesson << " at " << size;
            // The measure applied to something: values the steps are about, and a sentence.
            EXPECT_GT(focus_values, int(layout["frames"].size())) << lesson << " at " << size;
            if (lesson == "05-bank-conflicts") {
                // The lesson about banks holds the conflicted banks' numbers and degrees.
                int degrees = 0;
                for (const auto& frame : layout["frames"])
                    for (const auto& t : frame["texts"])
                        degrees += t["focus"].get<bool>() &&
                                   t["text"].get<std::string>().find("×") != std::string::npos;
                EXPECT_GT(degrees, 5) << size;
                // And under the picture, each side's conflict in words, held to the same size.
                int headlines = 0;
                for (const auto& frame : layout["frames"])
                    for (const auto& t : frame["texts"])
                        headlines +=
                            t["focus"].get<bool>() && t["role"] == "note" &&
                            t["text"].get<std::string>().find(" now; ") != std::string::npos;
                EXPECT_GE(headlines, 2 * int(layout["frames"].size())) << size;
            }
            EXPECT_GT(held, focus_values) << lesson << " at " << size;
        }
}

TEST_F(Legibility, EveryUiScaleThemeAndPaletteMeetsTheMeasure) {
    for (const char* lesson :
         {"01-harris-blelloch", "04-the-race", "05-bank-conflicts", "08-multi-block"})
        for (const char* scale : {"1", "1.5", "2", "3"})
            for (const auto& [theme, palette] :
                 {std::pair{"dark", "colorblind"}, std::pair{"light", "standard"}}) {
                const nlohmann::json layout =
                    layouts({"--lesson", lesson, "--size", "1280x720", "--ui-scale", scale,
                             "--presenter", "--theme", theme, "--palette", palette},
                            std::string("legible-scale-") + lesson + scale + theme);
                int held = 0;
                EXPECT_EQ(presenter_failures(layout, held), "")
                    << lesson << ", UI scale " << scale << ", " << theme << ", " << palette;
                EXPECT_GT(held, 30);
            }
}

// Every lesson at the smallest and a large UI scale, in the dark theme and the colour-blind
// palette, on the smallest projector.
TEST_F(Legibility, EveryLessonAtUiScalesOneAndThree) {
    const std::vector<std::string> lessons = every_lesson();
    ASSERT_GE(lessons.size(), 17u) << "the lessons on disk";
    for (const std::string& lesson : lessons)
        for (const char* scale : {"1", "3"}) {
            const nlohmann::json layout =
                layouts({"--lesson", lesson, "--size", "1024x768", "--ui-scale", scale,
                         "--presenter", "--theme", "dark", "--palette", "colorblind"},
                        std::string("legible-ui-") + lesson + scale);
            int held = 0;
            EXPECT_EQ(presenter_failures(layout, held), "") << lesson << ", UI scale " << scale;
            EXPECT_GT(held, 10) << lesson;
        }
}

// The timeline says which step it shows in a text of its own, whole: drawn inside the slider, a
// grab a sixth of its width wide covered it.
TEST_F(Legibility, TheTimelineSaysWhichStepInATextOfItsOwn) {
    for (const bool presenter : {false, true}) {
        std::vector<std::string> args{"--lesson", "14-summed-area", "--size",
                                      "1280x720", "--ui-scale",     "1.5"};
        if (presenter) args.push_back("--presenter");
        const nlohmann::json layout =
            layouts(args, std::string("legible-position-") + (presenter ? "p" : "n"));
        ASSERT_TRUE(layout.contains("frames"));
        const int steps = int(layout["frames"].size());
        ASSERT_GT(steps, 3);
        for (const auto& frame : layout["frames"]) {
            const int step = frame["frame"];
            int found = 0;
            for (const auto& t : frame["texts"]) {
                if (t["role"] != "position") continue;
                ++found;
                EXPECT_EQ(t["text"],
                          "step " + std::to_string(step) + " of " + std::to_string(steps));
                const std::vector<float> box = t["box"], visible = t["visible"];
                EXPECT_GT(box[2], 0) << "step " << step;
                EXPECT_EQ(box, visible) << "step " << step;
                EXPECT_GE(t["font_px"].get<float>(), 11.0f * 1.5f - 0.01f);
            }
            EXPECT_EQ(found, 1) << "step " << step << (presenter ? ", presenting" : "");
        }
    }
}

// The canvas's hint (how to see the rest of a picture larger than it) is drawn on the tabs' line:
// beside the tabs, never over them, at any width.
TEST_F(Legibility, TheCanvasHintKeepsClearOfTheTabs) {
    const auto overlaps = [](const std::vector<float>& a, const std::vector<float>& b) {
        return a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3];
    };
    int hints = 0;
    for (const char* size : {"1024x768", "1280x720"})
        for (const bool presenter : {false, true}) {
            std::vector<std::string> args{"--lesson", "07-look-back", "--view",
                                          "lookback", "--size",       size};
            if (presenter) args.push_back("--presenter");
            const nlohmann::json layout =
                layouts(args, std::string("legible-hint-") + size + (presenter ? "p" : ""));
            ASSERT_TRUE(layout.contains("frames"));
            for (const auto& frame : layout["frames"]) {
                std::vector<std::vector<float>> tabs;
                for (const auto& t : frame["texts"])
                    if (t["panel"] == "tabs") tabs.push_back(t["box"].get<std::vector<float>>());
                EXPECT_GE(tabs.size(), 3u) << size;
                for (const auto& t : frame["texts"]) {
                    if (t["role"] != "hint" || t["panel"] != "canvas") continue;
                    ++hints;
                    const std::vector<float> hint = t["box"];
                    for (const auto& tab : tabs)
                        EXPECT_FALSE(overlaps(hint, tab))
                            << "'" << t["text"] << "' over a tab at " << size
                            << (presenter ? ", presenting" : "");
                }
            }
        }
    EXPECT_GT(hints, 0) << "no case drew a hint: the test holds nothing";
}

// A row's name left of a picture as wide as the canvas reads smaller, never below the window's
// text, rather than not at all: lesson 12's tree on the smallest projector left every sweep's
// name out (about 180 px at the left empty).
TEST_F(Legibility, RowNamesReadSmallerRatherThanNotAtAll) {
    const nlohmann::json layout = layouts({"--lesson", "12-segmented-scan", "--size", "1024x768",
                                           "--ui-scale", "2", "--presenter", "--theme", "light"},
                                          "legible-row-names");
    ASSERT_TRUE(layout.contains("frames"));
    const float ui = layout["ui_scale"];
    std::vector<std::string> at_step_three;
    for (const auto& frame : layout["frames"])
        for (const auto& t : frame["texts"]) {
            const std::string text = t["text"];
            if (t["panel"] != "canvas" || t["role"] != "label") continue;
            if (text.rfind("up-sweep", 0) != 0 && text.rfind("down-sweep", 0) != 0) continue;
            const std::vector<float> box = t["box"], visible = t["visible"];
            EXPECT_GT(box[2], 0) << text;
            EXPECT_EQ(box, visible) << text;
            EXPECT_GE(t["font_px"].get<float>(), 11.0f * ui - 0.01f) << text;
            if (frame["frame"] == 3) at_step_three.push_back(text);
        }
    EXPECT_EQ(at_step_three,
              (std::vector<std::string>{"up-sweep d=8 offset=1", "up-sweep d=4 offset=2"}));
}

// The hint that there is more to see is drawn only where there is: lesson 17's four tiles and
// their key fit a 1024x768 projector whole, but the scene's own guess at its names' widths (0.6
// em a letter) made them look too wide, and every step drew an overview strip and the hint.
TEST_F(Legibility, TheHintSaysThereIsMoreOnlyWhereThereIs) {
    const nlohmann::json layout =
        layouts({"--lesson", "17-segmented-look-back", "--size", "1024x768", "--ui-scale", "2",
                 "--presenter", "--theme", "light"},
                "legible-no-more");
    ASSERT_TRUE(layout.contains("frames"));
    int hints = 0;
    for (const auto& frame : layout["frames"]) {
        const int step = frame["frame"];
        for (const auto& t : frame["texts"]) {
            if (t["role"] != "hint") continue;
            ++hints;
            // Its last step adds the output row under the tiles: that one is larger.
            EXPECT_EQ(step, int(layout["frames"].size())) << "step " << step << ": " << t["text"];
        }
    }
    EXPECT_EQ(hints, 1) << "the last step, with the output row, does not fit whole";
}

// No name on a canvas is drawn over another: lines a scene stacks (an output row's name over its
// verdict, 0.5 apart) keep a readable size at any scale, so the lower one moves down a line where
// they would meet. Pieces of one line (the same middle: a key's bits) may touch.
TEST_F(Legibility, NoNameIsDrawnOverAnother) {
    const auto overlaps = [](const std::vector<float>& a, const std::vector<float>& b) {
        return a[0] < b[0] + b[2] - 1 && b[0] < a[0] + a[2] - 1 && a[1] < b[1] + b[3] - 1 &&
               b[1] < a[1] + a[3] - 1;
    };
    int names = 0;
    for (const std::string& lesson : every_lesson())
        for (const bool presenter : {false, true}) {
            std::vector<std::string> args{"--lesson", lesson,       "--size",
                                          "1024x768", "--ui-scale", "1.5"};
            if (presenter) args.push_back("--presenter");
            const nlohmann::json layout =
                layouts(args, "legible-stacked-" + lesson + (presenter ? "-p" : ""));
            ASSERT_TRUE(layout.contains("frames")) << lesson;
            for (const auto& frame : layout["frames"]) {
                std::vector<std::vector<float>> boxes;
                std::vector<std::string> texts;
                for (const auto& t : frame["texts"])
                    if (t["panel"] == "canvas" &&
                        (t["role"] == "label" || t["role"] == "caption") &&
                        t["box"][2].get<float>() > 0) {
                        boxes.push_back(t["box"].get<std::vector<float>>());
                        texts.push_back(t["text"]);
                    }
                names += int(boxes.size());
                for (std::size_t i = 0; i < boxes.size(); ++i)
                    for (std::size_t j = i + 1; j < boxes.size(); ++j) {
                        const float middle_i = boxes[i][1] + boxes[i][3] / 2,
                                    middle_j = boxes[j][1] + boxes[j][3] / 2;
                        EXPECT_FALSE(std::abs(middle_i - middle_j) > 0.6f &&
                                     overlaps(boxes[i], boxes[j]))
                            << lesson << (presenter ? " presenting" : "") << ", step "
                            << frame["frame"] << ": '" << texts[i] << "' and '" << texts[j] << "'";
                    }
            }
        }
    EXPECT_GT(names, 500) << "the canvases' names were read";
}

// The check itself fails a layout drawn too small: the normal layout's values at 1280x720.
TEST_F(Legibility, TheMeasureFailsTheNormalLayout) {
    const nlohmann::json layout =
        layouts({"--lesson", "02-kirk-hwu-ping-pong", "--size", "1280x720", "--step", "3"},
                "legible-normal");
    int held = 0;
    nlohmann::json marked = layout;
    for (auto& frame : marked["frames"])
        for (auto& t : frame["texts"])
            if (t["role"] == "value") t["focus"] = true;
    EXPECT_NE(presenter_failures(marked, held), "");
}

TEST_F(Legibility, NormalLayoutNeverDrawsCanvasTextUnderElevenPixelsTimesTheScale) {
    for (const char* scale : {"1", "2"}) {
        const nlohmann::json layout =
            layouts({"--lesson", "06-reduction", "--size", "1600x1000", "--ui-scale", scale},
                    std::string("legible-normal-") + scale);
        const float ui = layout["ui_scale"];
        int values = 0;
        for (const auto& frame : layout["frames"])
            for (const auto& t : frame["texts"]) {
                if (t["panel"] != "canvas" && t["panel"] != "banks") continue;
                if (t["box"][2].get<float>() <= 0) continue;
                values += t["role"] == "value";
                EXPECT_GE(t["font_px"].get<float>(), 11.0f * ui - 0.01f)
                    << t["role"] << " '" << t["text"] << "' at UI scale " << ui;
            }
        // Values stay on the canvas at a larger scale: larger, not left out.
        EXPECT_GT(values, 8 * int(layout["frames"].size())) << "UI scale " << ui;
    }
}

// Outside presenter mode too, on the smallest window, where the pictures are widest and tallest
// against their canvas.
TEST_F(Legibility, NormalLayoutDrawsCanvasValuesWholeOrNotAtAll) {
    for (const char* lesson : {"05-bank-conflicts", "08-multi-block", "12-segmented-scan",
                               "14-summed-area", "15-radix-sort"}) {
        const nlohmann::json layout =
            layouts({"--lesson", lesson, "--size", "1024x768", "--ui-scale", "1.5"},
                    std::string("legible-whole-") + lesson);
        ASSERT_TRUE(layout.contains("frames")) << lesson;
        EXPECT_EQ(cut_values(layout), "") << lesson;
    }
}

// Predict mode gives nothing away (issue 39): lesson 07's Shared memory view at its first step
// shows the tile descriptors the launch will leave only as '?', where without predict mode it
// shows them ('P 112'...).
TEST_F(Legibility, PredictModeHidesWhatTheLaunchLeavesUntilItsLastStep) {
    const auto descriptors = [](const nlohmann::json& layout) {
        int shown = 0, hidden = 0;
        for (const auto& t : layout["frames"][0]["texts"]) {
            if (t["panel"] != "canvas" || t["role"] != "value") continue;
            const std::string text = t["text"];
            shown += text.rfind("P ", 0) == 0 || text.rfind("A ", 0) == 0;
            hidden += text == "?";
        }
        return std::pair{shown, hidden};
    };
    const std::vector<std::string> at_step_one{
        "--lesson", "07-look-back", "--view", "array", "--step", "1", "--size", "1600x1000"};
    std::vector<std::string> predicting = at_step_one;
    predicting.insert(predicting.end(), {"--predict", "--scores", temp_file("fair-scores.json")});
    // One frame only: the layout of the step opened at (--layout-all-steps would walk on).
    const auto one = [&](std::vector<std::string> args, const std::string& name) {
        const std::string shot = temp_file(name + ".png"), json = temp_file(name + ".json");
        std::vector<std::string> all{"--screenshot", shot, "--layout-json", json};
        all.insert(all.end(), args.begin(), args.end());
        const ProcessResult r = run_process(scanscope_binary(), all, {display_});
        EXPECT_EQ(r.exit_code, 0) << r.output;
        return nlohmann::json::parse(file_bytes(json));
    };
    const auto [plain_shown, plain_hidden] = descriptors(one(at_step_one, "fair-plain"));
    EXPECT_GT(plain_shown, 0);
    EXPECT_EQ(plain_hidden, 0);
    const auto [shown, hidden] = descriptors(one(predicting, "fair-predict"));
    EXPECT_EQ(shown, 0);
    EXPECT_GT(hidden, 0);
}

// `--lesson 07-look-back --predict` shows the lesson's first question (a few events on), not an
// event with none.
TEST_F(Legibility, PredictScreenshotsShowTheNextQuestion) {
    const std::string shot = temp_file("next-question.png"), json = temp_file("next-question.json");
    const ProcessResult r = run_process(
        scanscope_binary(),
        {"--screenshot", shot, "--layout-json", json, "--lesson", "07-look-back", "--predict",
         "--size", "1600x1000", "--scores", temp_file("next-question-scores.json")},
        {display_});
    ASSERT_EQ(r.exit_code, 0) << r.output;
    const nlohmann::json layout = nlohmann::json::parse(file_bytes(json));
    int questions = 0, choices = 0;
    for (const auto& t : layout["frames"][0]["texts"]) {
        questions += t["role"] == "question";
        choices += t["role"] == "choice";
    }
    EXPECT_EQ(questions, 1);
    EXPECT_GE(choices, 4);  // two choices at least, each its key and its text
}

// Predict mode on a projector halves the canvas: lesson 05's step 4 (four banks, 8-way each) then
// has more focus than any layout fits at 4 %. What fits is drawn whole from the focus's start:
// the first conflicted bank with all the words it queues (the camera centred the focus, on the
// empty middle between banks, and drew no value whole), and the lines under the picture say
// both sides' conflicts at the legible size.
TEST_F(Legibility, AFocusTooLargeForTheCanvasIsShownFromItsStart) {
    const std::string shot = temp_file("too-large.png"), json = temp_file("too-large.json");
    const ProcessResult r =
        run_process(scanscope_binary(),
                    {"--screenshot", shot, "--layout-json", json, "--lesson", "05-bank-conflicts",
                     "--step", "4", "--presenter", "--ui-scale", "1.5", "--size", "1280x720",
                     "--predict", "--scores", temp_file("too-large-scores.json")},
                    {display_});
    ASSERT_EQ(r.exit_code, 0) << r.output;
    const nlohmann::json layout = nlohmann::json::parse(file_bytes(json));
    const float need = 0.04f * layout["height"].get<float>();
    int headers = 0, words = 0, headlines = 0;
    for (const auto& t : layout["frames"][0]["texts"]) {
        const std::vector<float> box = t["box"], visible = t["visible"];
        const bool whole = box[2] > 0 && box == visible && t["font_px"].get<float>() >= need;
        const std::string text = t["text"];
        if (t["panel"] == "canvas" && t["focus"].get<bool>() && whole) {
            headers += text.find("×8") != std::string::npos;
            words += text.find("\nL") != std::string::npos;
        }
        headlines += t["role"] == "note" && whole && text.find(" now; ") != std::string::npos;
    }
    EXPECT_GE(headers, 1);
    EXPECT_GE(words, 8) << "a bank's 8 queued words, whole";
    EXPECT_EQ(headlines, 2);
}

// `--predict --step 5` does not skip the questions before it silently: the status line says so.
TEST_F(Legibility, PredictFromALaterStepSaysWhatItSkipped) {
    const std::string shot = temp_file("skipped.png"), json = temp_file("skipped.json");
    const ProcessResult r = run_process(
        scanscope_binary(),
        {"--screenshot", shot, "--layout-json", json, "--lesson", "01-harris-blelloch", "--predict",
         "--step", "5", "--size", "1600x1000", "--scores", temp_file("skipped-scores.json")},
        {display_});
    ASSERT_EQ(r.exit_code, 0) << r.output;
    const nlohmann::json layout = nlohmann::json::parse(file_bytes(json));
    std::string status;
    for (const auto& t : layout["frames"][0]["texts"])
        if (t["panel"] == "status") status += t["text"].get<std::string>();
    EXPECT_NE(status.find("Predict mode asks from step 6 on"), std::string::npos) << status;
}

// --n and --seed apply to your kernel in the window (issue 40): 64 values, not Harris's eight.
TEST_F(Legibility, YourKernelRunsOnTheInputAskedFor) {
    const std::string kernel =
        std::string(SCANSCOPE_TEST_DATA) + "/../../assets/templates/student_scan.h";
    const auto first_frame = [&](std::vector<std::string> extra, const std::string& name) {
        std::vector<std::string> args{"--kernel", kernel, "--size", "1600x1000"};
        args.insert(args.end(), extra.begin(), extra.end());
        const nlohmann::json layout = layouts(args, name);
        int values = 0;
        for (const auto& t : layout["frames"][0]["texts"])
            values += t["panel"] == "canvas" && t["role"] == "value";
        return values;
    };
    EXPECT_EQ(first_frame({}, "kernel-default"), 8);
    EXPECT_EQ(first_frame({"--n", "64", "--seed", "3"}, "kernel-64"), 64);
}

// A plain CUDA kernel in the window, at 1600x1000: its verdict above the picture, and the Compare
// view with its values beside its reference's at the same step, the first difference named.
TEST_F(Legibility, YourKernelsVerdictAndValuesBesideTheReference) {
    const std::string kernel =
        std::string(SCANSCOPE_TEST_DATA) + "/cuda-kernels/harris_listing1_typo_fixed.cu";
    const std::string shot = temp_file("compare.png"), json = temp_file("compare.json");
    const ProcessResult r =
        run_process(scanscope_binary(),
                    {"--kernel", kernel, "--input", "3,1,7,0,4,1,6,3", "--like", "hillis-steele",
                     "--view", "compare", "--step", "2", "--size", "1600x1000", "--screenshot",
                     shot, "--layout-json", json},
                    {display_});
    ASSERT_EQ(r.exit_code, 0) << r.output;
    const nlohmann::json layout = nlohmann::json::parse(file_bytes(json));
    bool verdict = false, yours = false, theirs = false, difference = false;
    int values = 0;
    for (const auto& t : layout["frames"][0]["texts"]) {
        const std::string text = t["text"];
        const bool seen = !t["box"].empty() && t["box"][1].get<double>() >= 0 &&
                          t["box"][1].get<double>() + t["box"][3].get<double>() <= 1000;
        verdict |= text.rfind("Your kernel: output wrong", 0) == 0 && seen;
        yours |= text.rfind("yours (", 0) == 0;
        theirs |= text == "hillis-steele, at its step 2";
        difference |= text.find("first difference at this step: temp[9] is 0") == 0;
        values += t["panel"] == "canvas" && t["role"] == "value";
    }
    EXPECT_TRUE(verdict && yours && theirs && difference) << layout.dump(1);
    EXPECT_EQ(values, 32) << "both buffers of both kernels";

    // On a projector: the verdict's first clause, at 4 % of the height.
    const ProcessResult p =
        run_process(scanscope_binary(),
                    {"--kernel", kernel, "--input", "3,1,7,0,4,1,6,3", "--like", "hillis-steele",
                     "--view", "compare", "--step", "2", "--presenter", "--size", "1280x720",
                     "--screenshot", shot, "--layout-json", json},
                    {display_});
    ASSERT_EQ(p.exit_code, 0) << p.output;
    bool large = false;
    const nlohmann::json projector = nlohmann::json::parse(file_bytes(json));
    for (const auto& t : projector["frames"][0]["texts"]) {
        const std::string text = t["text"];
        if (text.rfind("Your kernel: output wrong", 0) == 0)
            large = t["font_px"].get<double>() >= 0.04 * 720 && text.find(';') == std::string::npos;
    }
    EXPECT_TRUE(large) << projector.dump(1);
}

// A kernel that stops with an error: its steps up to the error are on screen, to be stepped
// through, under the verdict that says where it stopped (15 steps: Blelloch's at n = 64, the store
// the last); on a projector the verdict's first clause is at the legible size.
TEST_F(Legibility, AKernelThatStoppedIsSteppedThroughUnderItsVerdict) {
    const std::string kernel =
        std::string(SCANSCOPE_TEST_DATA) + "/student-kernels/out_of_bounds.h";
    const std::string shot = temp_file("stopped.png"), json = temp_file("stopped.json");
    for (const bool presenter : {false, true}) {
        std::vector<std::string> args = {
            "--kernel",      kernel, "--n",          "64",
            "--step",        "15",   "--screenshot", shot,
            "--layout-json", json,   "--size",       presenter ? "1280x720" : "1600x1000"};
        if (presenter) args.push_back("--presenter");
        const ProcessResult r = run_process(scanscope_binary(), args, {display_});
        ASSERT_EQ(r.exit_code, 0) << r.output;
        const nlohmann::json layout = nlohmann::json::parse(file_bytes(json));
        const double height = presenter ? 720 : 1000;
        bool verdict = false, values = false;
        for (const auto& t : layout["frames"][0]["texts"]) {
            const std::string text = t["text"];
            const bool seen = !t["box"].empty() && t["box"][1].get<double>() >= 0 &&
                              t["box"][1].get<double>() + t["box"][3].get<double>() <= height;
            if (text.rfind("Your kernel: stopped with an error", 0) == 0 && seen)
                verdict = !presenter || t["font_px"].get<double>() >= 0.04 * height;
            values |= t["panel"] == "canvas" && t["role"] == "value";
        }
        EXPECT_TRUE(verdict && values) << (presenter ? "presenter " : "") << layout.dump(1);
        EXPECT_TRUE(layout.dump().find("15 / 15") != std::string::npos ||
                    layout.dump().find("step 15") != std::string::npos)
            << "the last step, where it stopped, is shown";
    }
}

}  // namespace
}  // namespace scanscope::test
