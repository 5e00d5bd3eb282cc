// Each lesson's text says what its own trace shows: the lists of values it quotes, the worst
// conflict degree, the variant it says to compare with, which warps race. A lesson whose text
// and picture disagree teaches the wrong thing.
#include <gtest/gtest.h>

#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <regex>
#include <sstream>

#include "analysis/banks.h"
#include "analysis/hazards.h"
#include "capture/capture.h"
#include "model/lessons.h"
#include "platform/data_dir.h"
#include "support/reference.h"

namespace scanscope::test {
namespace {

std::vector<Lesson> shipped_lessons() {
    std::vector<std::string> errors;
    std::vector<Lesson> lessons = load_lessons(data_path("assets/lessons"), errors);
    EXPECT_TRUE(errors.empty()) << errors.front();
    return lessons;
}

Trace capture_lesson(const Lesson& l) {
    return capture_trace(l.request, lesson_input(l), DeviceChoice::Cpu);
}

// True when `values` stand in a row somewhere the trace holds values: the input, the output, or
// a step's shared memory.
bool trace_shows(const Trace& t, const std::vector<std::uint32_t>& values) {
    auto contains = [&](const std::vector<std::uint32_t>& words,
                        const std::vector<std::uint8_t>* defined) {
        for (std::size_t i = 0; i + values.size() <= words.size(); ++i) {
            bool all = true;
            for (std::size_t k = 0; k < values.size() && all; ++k)
                all = words[i + k] == values[k] && (!defined || (*defined)[i + k]);
            if (all) return true;
        }
        return false;
    };
    if (contains(t.input, nullptr) || contains(t.output, nullptr)) return true;
    for (const Launch& l : t.launches)
        for (const Step& s : l.steps)
            if (contains(s.shared, &s.defined)) return true;
    return false;
}

TEST(Lessons, TheValuesTheyQuoteAreInTheirTraces) {
    const std::regex list(R"(\[(-?\d+(?: -?\d+)+)\])");
    int quoted = 0;
    for (const Lesson& lesson : shipped_lessons()) {
        const Trace t = capture_lesson(lesson);
        for (std::sregex_iterator m(lesson.text.begin(), lesson.text.end(), list), end; m != end;
             ++m) {
            std::vector<std::int32_t> ints;
            std::istringstream in((*m)[1].str());
            for (std::int32_t v; in >> v;)
                ints.push_back(v);
            EXPECT_TRUE(trace_shows(t, int_bits(ints))) << lesson.key << ": " << (*m)[0];
            ++quoted;
        }
    }
    EXPECT_GE(quoted, 5);
}

TEST(Lessons, TheWorstConflictTheyNameIsTheTracesWorst) {
    const std::regex queued(R"(up to (\d+) words queued)");
    const std::regex other(R"(the (\d+)-element tree's worst level reaches (\d+)-way)");
    int claims = 0;
    for (const Lesson& lesson : shipped_lessons()) {
        std::smatch m;
        if (std::regex_search(lesson.text, m, queued)) {
            const TraceBanks banks =
                analyze_banks(capture_lesson(lesson), {lesson.request.banks, 4});
            EXPECT_EQ(banks.totals.max_degree, std::stoi(m[1])) << lesson.key;
            ++claims;
        }
        if (std::regex_search(lesson.text, m, other)) {
            Lesson bigger = lesson;
            bigger.request.n = std::stoi(m[1]);
            const TraceBanks banks =
                analyze_banks(capture_lesson(bigger), {lesson.request.banks, 4});
            EXPECT_EQ(banks.totals.max_degree, std::stoi(m[2])) << lesson.key;
            ++claims;
        }
    }
    EXPECT_GE(claims, 2);
}

TEST(Lessons, TheVariantTheySayToCompareWithIsTheOneCompared) {
    const std::regex compare(R"([Cc]ompare with ([a-z-]+[a-z]))");
    for (const Lesson& lesson : shipped_lessons()) {
        std::smatch m;
        if (std::regex_search(lesson.text, m, compare)) {
            EXPECT_EQ(lesson.compare, m[1].str()) << lesson.key;
        }
    }
}

// "Warp 0's 32 results come out right; warp 1 reads values warp 0 has already overwritten."
TEST(Lessons, TheRaceIsBetweenWarpsAsTheRaceLessonSays) {
    for (const Lesson& lesson : shipped_lessons()) {
        if (lesson.request.variant != "hillis-steele-inplace") continue;
        ASSERT_NE(lesson.text.find("warp 1 reads values warp 0"), std::string::npos);
        const Trace t = capture_lesson(lesson);
        const std::vector<std::uint32_t> right = int_bits(
            int_reference(as_ints(t.input), t.request.op, Algorithm::Scan, t.request.inclusive));
        for (int k = 0; k < 32; ++k)
            EXPECT_EQ(t.output[std::size_t(k)], right[std::size_t(k)]) << "element " << k;
        bool wrong_after = false;
        for (std::size_t k = 32; k < right.size(); ++k)
            wrong_after |= t.output[k] != right[k];
        EXPECT_TRUE(wrong_after) << "warp 1's results go wrong";
        const HazardReport report = find_hazards(t, std::size_t(-1));
        bool warp0_to_warp1 = false;
        for (const Hazard& h : report.hazards)
            warp0_to_warp1 |= h.writer / 32 == 0 && h.other / 32 == 1;
        EXPECT_TRUE(warp0_to_warp1);
    }
}

}  // namespace
}  // namespace scanscope::test

namespace scanscope::test {
namespace {

std::string lesson_with(const std::string& fields) {
    return R"({"title": "t", "variant": "blelloch", "n": 8)" + fields + "}";
}

void expect_refused(const std::string& text, const std::string& says) {
    try {
        parse_lesson(text, "hostile.json");
        ADD_FAILURE() << "taken: " << text.substr(0, 80);
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find(says), std::string::npos) << e.what();
    }
}

// Texts that could not be drawn, and sizes that could not be captured, are refused when the file
// is read: a 24,000-character text once stopped the window, and n = 2^30 took 4.2 GB and 16 s
// before a capture refused it.
TEST(Lessons, TextsTooLongAndSizesTooLargeAreRefusedOnReading) {
    const std::string long_text(24000, 'x'), long_prompt(100000, 'y');
    expect_refused(lesson_with(R"(, "text": ")" + long_text + "\""), "text: at most 3000");
    expect_refused(lesson_with(R"(, "questions": [{"step": 2, "kind": "cell-value", "prompt": ")" +
                               long_prompt + "\"}]"),
                   "prompt: at most 400");
    expect_refused(lesson_with(R"(, "questions": [{"step": 2, "kind": "cell-value", "explain": ")" +
                               long_prompt + "\"}]"),
                   "explain: at most 1200");
    expect_refused(lesson_with(R"(, "narration": {"2": ")" + long_text + "\"}"),
                   "at most 1000 characters a step");
    const auto start = std::chrono::steady_clock::now();
    expect_refused(R"({"title": "t", "variant": "scan-then-propagate", "n": 1073741824})",
                   "from 1 to 65536 elements");
    EXPECT_LT(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), 1);
}

TEST(Lessons, AFileThatIsNotAFileIsRefusedBeforeReading) {
    const std::string fifo = ::testing::TempDir() + "/lesson-fifo.json";
    std::filesystem::remove(fifo);
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    EXPECT_THROW(load_lesson(fifo), std::runtime_error);
    std::filesystem::remove(fifo);
    EXPECT_THROW(load_lesson("/dev/zero"), std::runtime_error);
}

}  // namespace
}  // namespace scanscope::test
