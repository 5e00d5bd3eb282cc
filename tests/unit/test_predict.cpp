// Predict mode without a window: the timeline is held before each unanswered question whatever
// moves it; answers reveal the step and are tallied; scores survive a restart and a damaged score
// file is said, not trusted; a teacher's lesson file with a mistake gets its line and field named.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "capture/capture.h"
#include "model/lessons.h"
#include "player/predict.h"
#include "player/scores.h"
#include "support/temp_file.h"

namespace scanscope::test {
namespace {

Session harris_session() {
    RunRequest r;
    r.variant = "blelloch";
    r.n = 8;
    Session s;
    s.load(capture_trace(r, {3, 1, 7, 0, 4, 1, 6, 3}, DeviceChoice::Cpu));
    s.view = ViewKind::Tree;
    return s;
}

TEST(Predict, TheTimelineWaitsForTheAnswer) {
    Session s = harris_session();
    Predictor p;
    p.start(s, {});
    p.set_enabled(s, true);
    // Jumping ahead (the scrubber, End, play) stops before the first question.
    s.timeline().seek(6);
    p.hold(s);
    ASSERT_TRUE(p.pending());
    EXPECT_EQ(p.pending()->place.frame, 1);
    EXPECT_EQ(s.timeline().position(), 0) << "step 2 is not shown before the answer";
    // Still held on the next frame, whatever asks to move on.
    s.timeline().forward();
    p.hold(s);
    EXPECT_EQ(s.timeline().position(), 0);
    // The right answer reveals the step and counts.
    const int right = p.pending()->right;
    EXPECT_TRUE(p.answer(s, right));
    EXPECT_EQ(s.timeline().position(), 1);
    ASSERT_TRUE(p.outcome());
    EXPECT_TRUE(p.outcome()->right);
    EXPECT_EQ(p.total().asked, 1);
    EXPECT_EQ(p.total().right, 1);
    // The next step asks again; a wrong answer is scored wrong and still reveals.
    s.timeline().forward();
    p.hold(s);
    ASSERT_TRUE(p.pending());
    EXPECT_EQ(p.pending()->place.frame, 2);
    const int wrong = (p.pending()->right + 1) % int(p.pending()->choices.size());
    EXPECT_FALSE(p.answer(s, wrong));
    EXPECT_EQ(s.timeline().position(), 2);
    EXPECT_EQ(p.total().asked, 2);
    EXPECT_EQ(p.total().right, 1);
    // Going back is free; coming forward again over answered steps asks nothing.
    s.timeline().seek(0);
    p.hold(s);
    EXPECT_FALSE(p.pending());
    s.timeline().seek(2);
    p.hold(s);
    EXPECT_FALSE(p.pending());
    EXPECT_EQ(s.timeline().position(), 2);
    // Skipping reveals without scoring.
    s.timeline().forward();
    p.hold(s);
    ASSERT_TRUE(p.pending());
    p.skip(s);
    EXPECT_EQ(s.timeline().position(), 3);
    EXPECT_EQ(p.total().asked, 2);
}

TEST(Predict, OffMeansNoQuestions) {
    Session s = harris_session();
    Predictor p;
    p.start(s, {});
    s.timeline().seek(5);
    p.hold(s);
    EXPECT_FALSE(p.pending());
    EXPECT_EQ(s.timeline().position(), 5);
    // Turned on, what is on the screen counts as seen.
    p.set_enabled(s, true);
    p.hold(s);
    EXPECT_FALSE(p.pending());
    s.timeline().forward();
    p.hold(s);
    ASSERT_TRUE(p.pending());
    EXPECT_EQ(p.pending()->place.frame, 6);
}

// A lesson's question replaces the generated one at its step.
TEST(Predict, TheLessonsQuestionComesFirst) {
    Session s = harris_session();
    LessonQuestion lq;
    lq.kind = QuestionKind::CellValue;
    lq.step = 2;
    lq.script.cell = 7;
    lq.script.prompt = "What does temp[7] hold after the first step?";
    Predictor p;
    p.start(s, scripted_questions(s.trace(), {lq}, s.bank_config()));
    p.set_enabled(s, true);
    s.timeline().forward();
    p.hold(s);
    ASSERT_TRUE(p.pending());
    EXPECT_EQ(p.pending()->prompt, lq.script.prompt);
    EXPECT_EQ(p.pending()->choices[std::size_t(p.pending()->right)], "9");  // 6 + 3
}

TEST(Scores, KeptAcrossSittingsAndReset) {
    const std::string path = temp_file("scores/deeper/scores.json");
    std::filesystem::remove_all(std::filesystem::path(path).parent_path().parent_path());
    ScoreBook book = load_scores(path);  // missing: empty
    EXPECT_TRUE(book.lessons().empty());
    book.record("01-harris-blelloch", QuestionKind::CellValue, true);
    book.record("01-harris-blelloch", QuestionKind::CellValue, false);
    book.record("05-bank-conflicts", QuestionKind::ConflictDegree, true);
    save_scores(book, path);  // makes the folders
    const ScoreBook again = load_scores(path);
    EXPECT_EQ(again.score("01-harris-blelloch", QuestionKind::CellValue).asked, 2);
    EXPECT_EQ(again.score("01-harris-blelloch", QuestionKind::CellValue).right, 1);
    EXPECT_EQ(again.lesson_total("05-bank-conflicts").right, 1);
    EXPECT_EQ(again.score("05-bank-conflicts", QuestionKind::CellValue).asked, 0);
    book.reset();
    save_scores(book, path);
    EXPECT_TRUE(load_scores(path).lessons().empty());
}

// A damaged score file keeps what is valid, leaves out what is not, says which, and keeps the
// old file: one impossible entry once cost 30 lessons of history.
TEST(Scores, ADamagedFileKeepsWhatIsValidAndSaysWhatWasLeftOut) {
    const std::string dir = temp_file("damaged-scores");
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    const std::string path = dir + "/scores.json";
    ScoreBook book;
    for (int lesson = 0; lesson < 30; ++lesson)
        book.record("lesson-" + std::to_string(lesson), QuestionKind::CellValue, lesson % 2 == 0);
    const std::string good = book.to_json();
    auto with_entry = [&](const std::string& entry) {
        std::string text = good;
        text.insert(text.find("\"lessons\": {") + 12, entry + ",");
        return text;
    };
    struct Case {
        std::string text, says;
        int kept;
    };
    const std::vector<Case> cases = {
        {with_entry(R"("bad": {"cell-value": {"asked": 1, "right": 5}})"), "5 right of 1 asked",
         30},
        {with_entry(R"("big": {"cell-value": {"asked": 2147483648, "right": 0}})"),
         "not whole numbers below 2^31", 30},
        {good.substr(0, good.size() * 2 / 3), "the file ends or breaks", 19},
        {"{not json", "not a scanscope-scores file", 0},
        {R"({"format": "something-else", "lessons": {}})", "not a scanscope-scores file", 0},
    };
    for (const Case& c : cases) {
        for (const auto& e : std::filesystem::directory_iterator(dir))
            std::filesystem::remove(e.path());
        std::ofstream(path) << c.text;
        std::string note;
        const ScoreBook loaded = load_scores(path, &note);
        EXPECT_NE(note.find(c.says), std::string::npos) << note;
        if (c.kept == 19) {
            EXPECT_GE(loaded.entries(), 15) << note;
            EXPECT_LT(loaded.entries(), 30) << note;
        } else {
            EXPECT_EQ(loaded.entries(), c.kept) << note;
        }
        // The old file, as it was, beside the new one.
        int copies = 0;
        for (const auto& e : std::filesystem::directory_iterator(dir))
            if (e.path().filename().string().rfind("scores.json.damaged-", 0) == 0) {
                ++copies;
                std::ifstream in(e.path());
                EXPECT_EQ(std::string(std::istreambuf_iterator<char>(in), {}), c.text);
            }
        EXPECT_EQ(copies, 1) << note;
    }
    std::string note;
    std::ofstream(path) << good;
    EXPECT_EQ(load_scores(path, &note).entries(), 30);
    EXPECT_EQ(note, "");
}

TEST(Scores, DefaultPathFollowsXdg) {
    setenv("XDG_DATA_HOME", "/tmp/xdg-test", 1);
    EXPECT_EQ(default_scores_path(), "/tmp/xdg-test/scanscope/scores.json");
    unsetenv("XDG_DATA_HOME");
    setenv("HOME", "/home/student", 1);
    EXPECT_EQ(default_scores_path(), "/home/student/.local/share/scanscope/scores.json");
}

// A teacher's lesson file: every mistake is named with its line and field.
std::string lesson_error(const std::string& text) {
    const std::string path = temp_file("lesson.json");
    std::ofstream(path) << text;
    try {
        load_lesson(path);
    } catch (const std::runtime_error& e) {
        return e.what();
    }
    return "(loaded)";
}

TEST(LessonFiles, MistakesNameTheLineAndField) {
    const std::string head =
        "{\n  \"title\": \"Mine\",\n  \"variant\": \"blelloch\",\n"
        "  \"input\": [3, 1, 7, 0],\n  \"questions\": [\n";
    // Line 7: the second question's kind.
    std::string e = lesson_error(head +
                                 "    {\"step\": 2, \"kind\": \"cell-value\", \"cell\": 3},\n"
                                 "    {\"step\": 3,\n      \"kind\": \"cells\"}\n  ]\n}\n");
    EXPECT_NE(e.find("line 8"), std::string::npos) << e;
    EXPECT_NE(e.find("questions[1].kind"), std::string::npos) << e;
    EXPECT_NE(e.find("unknown kind 'cells'"), std::string::npos) << e;
    // An unknown field (a typo) is named, not ignored.
    e = lesson_error(head +
                     "    {\"step\": 2, \"kind\": \"cell-value\",\n     \"promt\": \"x\"}\n"
                     "  ]\n}\n");
    EXPECT_NE(e.find("line 7"), std::string::npos) << e;
    EXPECT_NE(e.find("questions[0].promt: unknown field"), std::string::npos) << e;
    // A step before anything can be predicted.
    e = lesson_error(head + "    {\"step\": 1, \"kind\": \"written-cells\"}\n  ]\n}\n");
    EXPECT_NE(e.find("line 6"), std::string::npos) << e;
    EXPECT_NE(e.find("questions[0].step"), std::string::npos) << e;
    // A look-back question without its tile.
    e = lesson_error(head + "    {\"kind\": \"look-back-stop\"}\n  ]\n}\n");
    EXPECT_NE(e.find("questions[0]"), std::string::npos) << e;
    EXPECT_NE(e.find("tile"), std::string::npos) << e;
    // Bad JSON: the parser's line and column.
    e = lesson_error("{\n  \"title\": \"Mine\",\n  \"variant\": blelloch\n}\n");
    EXPECT_NE(e.find("line 3"), std::string::npos) << e;
    // A wrong type.
    e = lesson_error("{\n  \"title\": 5,\n  \"variant\": \"blelloch\", \"n\": 8\n}\n");
    EXPECT_NE(e.find("line 2: title: expected a string"), std::string::npos) << e;
    // Narration keys are step numbers.
    e = lesson_error(
        "{\"title\": \"t\", \"variant\": \"blelloch\", \"n\": 8,\n \"narration\": {\"x\": \"s\"}}");
    EXPECT_NE(e.find("narration.x"), std::string::npos) << e;
    // And a good one loads, questions and narration included.
    EXPECT_EQ(lesson_error(head + "    {\"step\": 2, \"kind\": \"cell-value\", \"cell\": 3, "
                                  "\"answer\": 4}\n  ],\n  \"narration\": {\"2\": \"Mine.\"}\n}\n"),
              "(loaded)");
}

}  // namespace
}  // namespace scanscope::test
