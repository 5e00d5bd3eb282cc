// Predict mode's questions: for every kind, on the seeds' worked examples (the values their
// figures print) and on traces captured on an H100, the right answer is what the trace holds,
// checked by a route other than the one that made the question; every other choice is scored
// wrong. The lessons' own questions agree with their traces.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <set>

#include "analysis/hazards.h"
#include "analysis/questions.h"
#include "capture/capture.h"
#include "model/lessons.h"
#include "model/trace_json.h"
#include "model/trace_queries.h"
#include "platform/data_dir.h"

namespace scanscope::test {
namespace {

const BankConfig kBanks32{32, 4};

Trace capture(const std::string& variant, const std::vector<std::uint32_t>& input,
              bool inclusive = false, int block_threads = 0) {
    RunRequest r;
    r.variant = variant;
    r.n = int(input.size());
    r.inclusive = inclusive;
    r.block_threads = block_threads;
    return capture_trace(r, input, DeviceChoice::Cpu);
}

std::vector<std::uint32_t> iota(int n, std::uint32_t mul = 7) {
    std::vector<std::uint32_t> v(std::size_t(n), 0);
    for (int i = 0; i < n; ++i)
        v[std::size_t(i)] = std::uint32_t(i) * mul % 13;
    return v;
}

Trace gpu_trace(const char* name) {
    return load_trace(std::string(SCANSCOPE_TEST_DATA) + "/gpu-traces/" + name);
}

const std::vector<std::uint32_t> kHarris = {3, 1, 7, 0, 4, 1, 6, 3};

QuestionScript cell(int word) {
    QuestionScript s;
    s.cell = word;
    return s;
}

// The right choice is right and every other is wrong.
void expect_scored(const Question& q) {
    ASSERT_GE(q.choices.size(), 2u);
    ASSERT_GE(q.right, 0);
    ASSERT_LT(q.right, int(q.choices.size()));
    for (int i = 0; i < int(q.choices.size()); ++i)
        EXPECT_EQ(is_right(q, i), i == q.right) << q.prompt << " choice " << i;
    EXPECT_EQ(std::set<std::string>(q.choices.begin(), q.choices.end()).size(), q.choices.size())
        << "no choice twice";
    EXPECT_FALSE(q.explanation.empty());
}

std::string right_text(const Question& q) {
    return q.choices[std::size_t(q.right)];
}

// Harris's Figure 2: the up-sweep step at d = 2 writes temp[3] and temp[7]; clicking exactly
// those is right, one too few or one too many is wrong.
TEST(Questions, WrittenCellsAreHarrisFigureTwos) {
    const Trace t = capture("blelloch", kHarris);
    const auto q = make_question(t, QuestionKind::WrittenCells, {false, 2, 0}, kBanks32);
    ASSERT_TRUE(q);
    expect_scored(*q);
    EXPECT_EQ(right_text(*q), "temp[3], temp[7]");
    EXPECT_TRUE(is_right_cells(*q, {7, 3}));
    EXPECT_FALSE(is_right_cells(*q, {3}));
    EXPECT_FALSE(is_right_cells(*q, {3, 5, 7}));
    EXPECT_NE(q->explanation.find("2 threads"), std::string::npos) << q->explanation;
}

// On captured GPU traces: every word whose value the step changed is among the cells the
// question calls written (snapshots against the write records).
TEST(Questions, WrittenCellsCoverWhatChangedOnGpuTraces) {
    for (const char* name : {"bl-gpu.json", "mb-gpu.json"}) {
        const Trace t = gpu_trace(name);
        int asked = 0;
        for (int f = 1; f < int(t.frame_count()); ++f) {
            const auto q = make_question(t, QuestionKind::WrittenCells, {false, f, 0}, kBanks32);
            if (!q) continue;
            ++asked;
            expect_scored(*q);
            const StepFrame sf = step_frames(t)[std::size_t(f)];
            const Launch& l = t.launches[std::size_t(sf.launch)];
            const Step* step = find_step(l, 0, sf.step);
            ASSERT_TRUE(step);
            const MemoryState before = state_before(l, 0, sf.step);
            for (std::uint32_t w = 0; w < step->shared.size(); ++w)
                if (step->shared[w] != before.words[w]) {
                    EXPECT_TRUE(std::count(q->cells.begin(), q->cells.end(), w))
                        << name << " frame " << f << " word " << w;
                }
            EXPECT_TRUE(is_right_cells(*q, q->cells));
        }
        EXPECT_GT(asked, 3) << name;
    }
}

// Harris: the root holds 25 after the up-sweep; the sixth exclusive prefix is 15 (the paper's
// figure prints 14).
TEST(Questions, CellValueIsWhatTheStepLeaves) {
    const Trace t = capture("blelloch", kHarris);
    auto q = make_question(t, QuestionKind::CellValue, {false, 3, 0}, kBanks32, cell(7));
    ASSERT_TRUE(q);
    expect_scored(*q);
    EXPECT_EQ(right_text(*q), "25");
    EXPECT_NE(q->explanation.find("writes their sum, 25, to temp[7]"), std::string::npos)
        << q->explanation;
    q = make_question(t, QuestionKind::CellValue, {false, 7, 0}, kBanks32, cell(5));
    ASSERT_TRUE(q);
    EXPECT_EQ(right_text(*q), "15");
    // A cell the step does not write is refused, not asked.
    EXPECT_THROW(make_question(t, QuestionKind::CellValue, {false, 3, 0}, kBanks32, cell(2)),
                 std::invalid_argument);
    // On a GPU trace: the answer is the step's snapshot of the word.
    const Trace g = gpu_trace("bl-gpu.json");
    for (int f = 1; f < int(g.frame_count()); ++f) {
        const auto gq = make_question(g, QuestionKind::CellValue, {false, f, 0}, kBanks32);
        if (!gq) continue;
        expect_scored(*gq);
        const StepFrame sf = step_frames(g)[std::size_t(f)];
        const Step* step = find_step(g.launches[std::size_t(sf.launch)], 0, sf.step);
        ASSERT_EQ(gq->cells.size(), 1u);
        EXPECT_EQ(right_text(*gq), std::to_string(std::int32_t(step->shared[gq->cells[0]])));
    }
}

// Harris's bank-conflict section: the up-sweep's stride doubles each step, and so does the
// conflict, up to 16-way at offset 16 (512 elements: 16 threads are left there), all in bank 15.
TEST(Questions, ConflictDegreeAndWorstBankFollowTheStride) {
    const Trace t = capture("blelloch", iota(512));
    const std::vector<std::string> degrees = {"2", "4", "8", "16", "16"};
    for (int f = 1; f <= 5; ++f) {
        const auto q = make_question(t, QuestionKind::ConflictDegree, {false, f, 0}, kBanks32);
        ASSERT_TRUE(q) << f;
        expect_scored(*q);
        EXPECT_EQ(right_text(*q), degrees[std::size_t(f - 1)]) << "step " << f + 1;
    }
    const auto bank = make_question(t, QuestionKind::WorstBank, {false, 5, 0}, kBanks32);
    ASSERT_TRUE(bank);
    expect_scored(*bank);
    EXPECT_EQ(right_text(*bank), "bank 15");
    // Padded: no conflict, and no worst bank to ask about.
    const Trace padded = capture("blelloch-padded", iota(512));
    const auto none = make_question(padded, QuestionKind::ConflictDegree, {false, 5, 0}, kBanks32);
    ASSERT_TRUE(none);
    EXPECT_EQ(right_text(*none), "1");
    EXPECT_FALSE(make_question(padded, QuestionKind::WorstBank, {false, 5, 0}, kBanks32));
    // On the H100 trace: the answer is the degree of the step's worst access.
    const Trace g = gpu_trace("bl-gpu.json");
    for (int f = 1; f < int(g.frame_count()); ++f) {
        const auto q = make_question(g, QuestionKind::ConflictDegree, {false, f, 0}, kBanks32);
        if (!q) continue;
        const StepFrame sf = step_frames(g)[std::size_t(f)];
        const Step* step = find_step(g.launches[std::size_t(sf.launch)], 0, sf.step);
        int worst = 0;
        for (const WarpAccess* a : memory_accesses(*step))
            worst = std::max(worst, analyze_access(*a, kBanks32).degree);
        EXPECT_EQ(right_text(*q), std::to_string(worst)) << "frame " << f;
    }
}

// A worst-bank question is fair: it names the access it asks about when the warp makes more than
// one in the step, and no wrong choice is a bank that delivers as many words in an access as bad
// (lesson 05 once offered bank 31 beside bank 15, both 16-way, and scored it wrong).
TEST(Questions, WorstBankOffersNoTiedBank) {
    for (const char* variant : {"blelloch", "blelloch-padded"})
        for (int banks : {16, 32}) {
            RunRequest r;
            r.variant = variant;
            r.n = 512;
            r.banks = banks;
            const Trace t = capture_trace(r, iota(512), DeviceChoice::Cpu);
            const BankConfig config{banks, 4};
            for (int f = 1; f < int(t.frame_count()); ++f) {
                const auto q = make_question(t, QuestionKind::WorstBank, {false, f, 0}, config);
                if (!q) continue;
                const StepFrame sf = step_frames(t)[std::size_t(f)];
                const Step* step = find_step(t.launches[std::size_t(sf.launch)], 0, sf.step);
                // Every bank that is as bad as the answer in any access as bad: right too.
                int worst = 0;
                for (const WarpAccess* a : memory_accesses(*step))
                    worst = std::max(worst, analyze_access(*a, config).degree);
                std::set<std::string> also_right;
                int reads = 0;
                for (const WarpAccess* a : memory_accesses(*step)) {
                    reads += a->warp == 0 && a->kind == AccessKind::Read;
                    if (analyze_access(*a, config).degree != worst) continue;
                    std::map<std::pair<int, int>, std::set<std::uint32_t>> words;
                    for (const LaneAccess& lane : a->lanes)
                        words[{banks == 16 ? lane.lane / 16 : 0, int(lane.address / 4 % banks)}]
                            .insert(lane.address / 4);
                    for (const auto& [where, ws] : words)
                        if (int(ws.size()) == worst)
                            also_right.insert("bank " + std::to_string(where.second));
                }
                for (std::size_t c = 0; c < q->choices.size(); ++c) {
                    if (int(c) == q->right) continue;
                    EXPECT_FALSE(also_right.count(q->choices[c]))
                        << variant << " " << banks << " banks, frame " << f << ": " << q->choices[c]
                        << " is as bad as " << right_text(*q);
                }
                if (reads > 1) {
                    EXPECT_NE(q->prompt.find(" of its "), std::string::npos) << q->prompt;
                }
            }
        }
}

// The in-place Hillis-Steele race (Kirk and Hwu): at offset 1, thread 32 reads x[31] while
// thread 31 writes it, across the warp boundary; the pair offered is one the hazard list holds
// and the wrong pairs are not on it.
TEST(Questions, RacePairIsARealRace) {
    const Trace t = capture("hillis-steele-inplace", iota(64), true);
    const auto q = make_question(t, QuestionKind::RacePair, {false, 1, 0}, kBanks32);
    ASSERT_TRUE(q);
    expect_scored(*q);
    EXPECT_EQ(right_text(*q), "threads 31 and 32");
    const StepFrame sf = step_frames(t)[1];
    std::set<std::string> racing;
    for (const Hazard& h : step_hazards(t, sf.launch, sf.step))
        racing.insert("threads " + std::to_string(std::min(h.writer, h.other)) + " and " +
                      std::to_string(std::max(h.writer, h.other)));
    for (int i = 0; i < int(q->choices.size()); ++i)
        EXPECT_EQ(racing.count(q->choices[std::size_t(i)]) > 0, i == q->right)
            << q->choices[std::size_t(i)];
    // The ping-pong version has no race to ask about.
    const Trace safe = capture("hillis-steele", iota(64), true);
    EXPECT_FALSE(make_question(safe, QuestionKind::RacePair, {false, 1, 0}, kBanks32));
}

// The look-back: what a tile adds, combined with its own aggregate, is the inclusive prefix it
// publishes (its own Publish event, a record the question does not use for its answer), and it
// stops at a tile it read with a prefix. On the emulation and on the H100's trace.
TEST(Questions, LookBackAnswersAgreeWithWhatEachTilePublished) {
    Trace emulated = capture("decoupled-lookback", iota(2048, 5), true, 32);
    for (const Trace* t : {&emulated}) {
        const Launch& l = t->launches[std::size_t(lookback_launch(*t))];
        int asked = 0;
        for (int tile = 1; tile < l.grid; ++tile) {
            const int e = lookback_start_event(*t, tile);
            if (e < 0) continue;
            const auto value =
                make_question(*t, QuestionKind::LookBackValue, {true, e, 0}, kBanks32);
            const auto stop = make_question(*t, QuestionKind::LookBackStop, {true, e, 0}, kBanks32);
            std::uint32_t aggregate = 0, inclusive = 0;
            for (const TileEvent& ev : l.events)
                if (int(ev.tile) == tile && ev.kind == std::uint16_t(TileEventKind::Publish))
                    (ev.status == std::uint16_t(TileStatus::Aggregate) ? aggregate : inclusive) =
                        ev.value;
            if (value) {
                ++asked;
                expect_scored(*value);
                EXPECT_EQ(std::uint32_t(std::stoll(right_text(*value))) + aggregate, inclusive)
                    << "tile " << tile;
            }
            if (stop) {
                expect_scored(*stop);
                const int target = std::stoi(right_text(*stop).substr(5));
                bool read_prefix = false;
                for (const TileEvent& ev : l.events)
                    read_prefix |= int(ev.tile) == tile && int(ev.target) == target &&
                                   ev.kind == std::uint16_t(TileEventKind::Read) &&
                                   ev.status == std::uint16_t(TileStatus::Prefix);
                EXPECT_TRUE(read_prefix) << "tile " << tile << " stops at " << target;
            }
        }
        EXPECT_GT(asked, 30);
    }
}

TEST(Questions, LookBackOnTheH100Trace) {
    const Trace t = gpu_trace("lb-gpu.json");
    const Launch& l = t.launches[std::size_t(lookback_launch(t))];
    int asked = 0;
    for (int tile = 1; tile < l.grid; ++tile) {
        const int e = lookback_start_event(t, tile);
        const auto value = make_question(t, QuestionKind::LookBackValue, {true, e, 0}, kBanks32);
        if (!value) continue;
        ++asked;
        std::uint32_t aggregate = 0, inclusive = 0;
        for (const TileEvent& ev : l.events)
            if (int(ev.tile) == tile && ev.kind == std::uint16_t(TileEventKind::Publish))
                (ev.status == std::uint16_t(TileStatus::Aggregate) ? aggregate : inclusive) =
                    ev.value;
        EXPECT_EQ(std::uint32_t(std::stoll(right_text(*value))) + aggregate, inclusive)
            << "tile " << tile;
    }
    EXPECT_GT(asked, 0);
}

// The Seneca chapter: interleaved addressing keeps every warp busy for a few lanes; sequential
// addressing packs the same threads into as few warps as they fill.
TEST(Questions, ActiveThreadsShowDivergence) {
    const Trace divergent = capture("reduce-interleaved-divergent", iota(64));
    const Trace sequential = capture("reduce-sequential", iota(64));
    auto answer = [](const Trace& t, int frame) {
        const auto q = make_question(t, QuestionKind::ActiveThreads, {false, frame, 0}, kBanks32);
        EXPECT_TRUE(q);
        if (!q) return std::string();
        expect_scored(*q);
        return right_text(*q);
    };
    EXPECT_EQ(answer(divergent, 1), "32 threads in 2 warps");
    EXPECT_EQ(answer(divergent, 3), "8 threads in 2 warps");
    EXPECT_EQ(answer(sequential, 1), "32 threads in 1 warp");
    EXPECT_EQ(answer(sequential, 3), "8 threads in 1 warp");
}

// Predict mode has something to ask at most steps of every variant, and each default question
// is scored right only on its right choice.
TEST(Questions, EveryVariantGetsQuestions) {
    for (const VariantInfo& v : all_variants()) {
        RunRequest r;
        r.variant = v.key;
        r.n = v.max_n > 0 ? std::min(v.max_n, 64) : 256;
        r.block_threads = v.multi_block ? std::max(64, v.min_threads) : 0;
        const Trace t = capture_trace(r, iota(r.n), DeviceChoice::Cpu);
        int asked = 0;
        for (int f = 1; f < int(t.frame_count()); ++f)
            if (const auto q = default_question(t, {false, f, 0}, kBanks32)) {
                ++asked;
                expect_scored(*q);
            }
        EXPECT_GT(asked, 0) << v.key;
    }
}

// The shipped lessons: at least three questions each, all of which the lesson's trace answers
// as the lesson says.
TEST(Questions, EveryLessonsScriptHoldsForItsTrace) {
    std::vector<std::string> errors;
    const std::vector<Lesson> lessons = load_lessons(data_path("assets/lessons"), errors);
    ASSERT_TRUE(errors.empty()) << errors.front();
    ASSERT_EQ(lessons.size(), 17u);
    for (const Lesson& lesson : lessons) {
        EXPECT_GE(lesson.questions.size(), 3u) << lesson.key;
        const Trace t = capture_trace(lesson.request, lesson_input(lesson), DeviceChoice::Cpu);
        std::vector<Question> made;
        EXPECT_NO_THROW(made =
                            scripted_questions(t, lesson.questions, BankConfig{t.request.banks, 4}))
            << lesson.key;
        EXPECT_EQ(made.size(), lesson.questions.size()) << lesson.key;
        for (std::size_t i = 0; i < made.size(); ++i) {
            EXPECT_EQ(made[i].prompt, lesson.questions[i].script.prompt);
            EXPECT_GT(lesson.questions[i].line, 0) << lesson.key;
        }
    }
}

// A lesson whose answer the trace contradicts is caught, and the message names its line.
TEST(Questions, AWrongLessonAnswerIsCaughtWithItsLine) {
    const Trace t = capture("blelloch", kHarris);
    LessonQuestion lq;
    lq.kind = QuestionKind::CellValue;
    lq.step = 4;
    lq.line = 12;
    lq.script.cell = 7;
    lq.script.answer = "14";  // the figure's misprint would be 24; the trace says 25
    try {
        scripted_questions(t, {lq}, kBanks32);
        FAIL() << "accepted a wrong answer";
    } catch (const std::runtime_error& e) {
        const std::string what = e.what();
        EXPECT_NE(what.find("line 12"), std::string::npos) << what;
        EXPECT_NE(what.find("'25'"), std::string::npos) << what;
    }
    lq.script.answer = "25";
    EXPECT_EQ(scripted_questions(t, {lq}, kBanks32).size(), 1u);
}

}  // namespace
}  // namespace scanscope::test

namespace scanscope::test {
namespace {

// Issue 39's slips: generated prompts and explanations start with a capital; the race's count of
// colliding pairs says how many are between warps (lesson 04: 56 pairs, 4 of them).
TEST(QuestionSlips, SentencesStartWithACapitalAndRacesCountTheirPairsBetweenWarps) {
    const Trace t = capture("hillis-steele-inplace", std::vector<std::uint32_t>(64, 1));
    int races = 0;
    for (int frame = 1; frame < int(step_frames(t).size()); ++frame)
        for (QuestionKind kind :
             {QuestionKind::RacePair, QuestionKind::WrittenCells, QuestionKind::CellValue}) {
            QuestionPlace place;
            place.frame = frame;
            const auto q = make_question(t, kind, place, BankConfig{});
            if (!q) continue;
            EXPECT_FALSE(std::islower(static_cast<unsigned char>(q->prompt[0]))) << q->prompt;
            EXPECT_FALSE(std::islower(static_cast<unsigned char>(q->explanation[0])))
                << q->explanation;
            if (kind != QuestionKind::RacePair) continue;
            ++races;
            const std::vector<Hazard> hazards = step_hazards(t, 0, frame);
            const auto across = std::count_if(hazards.begin(), hazards.end(),
                                              [](const Hazard& h) { return h.across_warps(); });
            EXPECT_NE(q->explanation.find(std::to_string(across) + " of them between warps"),
                      std::string::npos)
                << q->explanation;
        }
    EXPECT_GE(races, 3);
}

TEST(QuestionSlips, PhaseTextNamesAVariableThePhaseNamesOnce) {
    StepLabel label{1, "scan the tile", {"tile", "slot"}, ""};
    EXPECT_EQ(phase_text(&label, {0, 1}), "scan the tile 0 slot=1");
    StepLabel sweep{2, "up-sweep", {"d", "offset"}, ""};
    EXPECT_EQ(phase_text(&sweep, {4, 1}), "up-sweep d=4 offset=1");
}

// Explanations agree with the picture (issue 39): a value the reads do not make is said to come
// from registers, never "reads 1 and writes 112"; a look-back that read tiles not out yet says so,
// with the events it took, as the look-back view shows them.
TEST(QuestionSlips, ExplanationsSayWhereAValueCameFrom) {
    const Trace harris = capture("blelloch", kHarris);
    QuestionPlace root;
    root.frame = 3;  // up-sweep d = 1: temp[7] = temp[3] + temp[7]
    const auto sum = make_question(harris, QuestionKind::CellValue, root, BankConfig{});
    ASSERT_TRUE(sum);
    EXPECT_NE(sum->explanation.find("and writes their sum, 25, to temp[7]"), std::string::npos)
        << sum->explanation;

    std::vector<std::uint32_t> ones(64, 1);
    const Trace lookback = capture("decoupled-lookback", ones, false, 32);
    QuestionPlace scan;
    scan.frame = 1;  // scan the tile: the warp total comes from shuffles
    const auto total = make_question(lookback, QuestionKind::CellValue, scan, BankConfig{});
    ASSERT_TRUE(total);
    EXPECT_NE(total->explanation.find("in registers"), std::string::npos) << total->explanation;
    EXPECT_EQ(total->explanation.find("and writes 32"), std::string::npos) << total->explanation;
}

TEST(QuestionSlips, ALookBackThatReadTilesNotOutYetSaysSo) {
    const Lesson lesson = load_lesson(data_path("assets/lessons/07-look-back.json"));
    const Trace t = capture_trace(lesson.request, lesson_input(lesson), DeviceChoice::Cpu);
    const auto& events = t.launches[std::size_t(lookback_launch(t))].events;
    int said = 0;
    for (int tile = 1; tile < 6; ++tile) {
        QuestionScript script;
        script.tile = tile;
        const auto q =
            make_question(t, QuestionKind::LookBackStop, QuestionPlace{}, BankConfig{}, script);
        if (!q) continue;
        int not_ready = 0;
        for (int e = q->place.frame; e < int(events.size()); ++e) {
            const TileEvent& ev = events[std::size_t(e)];
            if (int(ev.tile) != tile) continue;
            if (ev.kind == std::uint16_t(TileEventKind::Publish)) break;
            not_ready += ev.status == std::uint16_t(TileStatus::Invalid);
        }
        if (not_ready == 0) continue;
        ++said;
        EXPECT_NE(q->explanation.find(std::to_string(not_ready) + " of them of"), std::string::npos)
            << q->explanation;
        EXPECT_NE(q->explanation.find("events " + std::to_string(q->place.frame + 1) + " to "),
                  std::string::npos)
            << q->explanation;
    }
    EXPECT_GE(said, 1);
}

}  // namespace
}  // namespace scanscope::test
