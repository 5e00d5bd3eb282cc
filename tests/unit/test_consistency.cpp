// A trace that contradicts itself is caught: every real trace is consistent, and a trace edited
// at any one place (a shared word, a read, a write, the input, the output, a look-back read) is
// not, with the place named.
#include <gtest/gtest.h>

#include <random>

#include "analysis/consistency.h"
#include "capture/capture.h"
#include "model/input_values.h"
#include "model/trace_json.h"
#include "player/session.h"
#include "support/cpu_capture.h"
#include "support/process.h"
#include "support/reference.h"
#include "support/temp_file.h"

namespace scanscope::test {
namespace {

Trace captured(const std::string& variant, int n, ElementType type, bool inclusive,
               int block_threads = 0) {
    return captured_on_cpu(variant, n, type, inclusive, block_threads, 9);
}

TEST(Consistency, EveryRealTraceIsConsistent) {
    for (const VariantInfo& v : all_variants())
        for (ElementType type : {ElementType::Int32, ElementType::Float32})
            for (bool inclusive : {false, true}) {
                const int n = v.max_n ? std::min(v.max_n, 200) : 700;
                const Trace t = captured(v.key, n, type, inclusive);
                EXPECT_EQ(first_inconsistency(t), "") << v.key << (inclusive ? " inclusive" : "");
            }
    for (const char* name : {"bl-gpu.json", "lb-gpu.json", "mb-gpu.json"})
        EXPECT_EQ(first_inconsistency(
                      load_trace(std::string(SCANSCOPE_TEST_DATA) + "/gpu-traces/" + name)),
                  "")
            << name;
}

// A kernel that stopped has no output; a trace that says it stopped yet has one, or has launches
// after the one that stopped, contradicts itself. The mark survives a save and a load.
TEST(Consistency, AStoppedTraceHasNoOutputAndNothingAfterIt) {
    Trace t = captured("scan-then-propagate", 300, ElementType::Int32, false, 64);
    ASSERT_GT(t.launches.size(), 1u);
    Trace last_stopped = t;
    last_stopped.launches.back().stopped = "thread 3 of block 1 indexes in[300]";
    EXPECT_NE(first_inconsistency(last_stopped), "");  // it kept its output
    last_stopped.output.clear();
    EXPECT_EQ(first_inconsistency(last_stopped), "");
    const std::string file = temp_file("stopped.json");
    save_trace(last_stopped, file);
    const Trace loaded = load_trace(file);
    EXPECT_EQ(loaded.stopped(), "thread 3 of block 1 indexes in[300]");
    EXPECT_EQ(loaded.version, 3);
    Trace first_stopped = t;
    first_stopped.output.clear();
    first_stopped.launches.front().stopped = "stopped";
    EXPECT_NE(first_inconsistency(first_stopped), "");
}

// One edit of one kind at a random place; false when the trace has no such place.
enum class Edit { SharedWord, Read, LastWrite, Input, Output, LookBackRead };

bool edit(Trace& t, Edit kind, std::mt19937& random) {
    auto pick = [&](std::size_t n) {
        return std::uniform_int_distribution<std::size_t>(0, n - 1)(random);
    };
    switch (kind) {
        case Edit::SharedWord: {
            Launch& l = t.launches[pick(t.launches.size())];
            if (l.steps.empty() || l.shared_bytes == 0) return false;
            Step& s = l.steps[pick(l.steps.size())];
            std::vector<std::size_t> defined;
            for (std::size_t w = 0; w < s.defined.size(); ++w)
                if (s.defined[w]) defined.push_back(w);
            if (defined.empty()) return false;
            s.shared[defined[pick(defined.size())]] += 1;
            return true;
        }
        case Edit::Read:
        case Edit::LastWrite: {
            Launch& l = t.launches[pick(t.launches.size())];
            std::vector<std::pair<Step*, WarpAccess*>> found;
            for (Step& s : l.steps)
                for (WarpAccess& a : s.accesses)
                    if (a.kind == (kind == Edit::Read ? AccessKind::Read : AccessKind::Write))
                        found.push_back({&s, &a});
            if (found.empty()) return false;
            auto [step, access] = found[pick(found.size())];
            LaneAccess& lane = access->lanes[pick(access->lanes.size())];
            if (kind == Edit::LastWrite) {
                // Only the last write of a word in its step shows in the memory after it.
                for (const WarpAccess& a : step->accesses)
                    if (&a != access && a.kind == AccessKind::Write)
                        for (const LaneAccess& other : a.lanes)
                            if (other.address == lane.address && &a > access) return false;
            }
            lane.value += 1;
            return true;
        }
        case Edit::Input:
            // An exclusive scan's output never depends on the last input: an edit there changes
            // nothing the trace can check.
            t.input[pick(t.input.size() - (t.request.inclusive ? 0 : 1))] += 1;
            return true;
        case Edit::Output:
            t.output[pick(t.output.size())] += 1;
            return true;
        case Edit::LookBackRead: {
            for (Launch& l : t.launches) {
                std::vector<TileEvent*> reads;
                for (TileEvent& e : l.events)
                    if (e.kind == std::uint16_t(TileEventKind::Read) &&
                        TileStatus(e.status) != TileStatus::Invalid)
                        reads.push_back(&e);
                if (reads.empty()) continue;
                reads[pick(reads.size())]->value += 1;
                return true;
            }
            return false;
        }
    }
    return false;
}

TEST(Consistency, AnEditAnywhereIsCaught) {
    std::mt19937 random(2026);
    const std::vector<Trace> traces = {
        captured("blelloch", 64, ElementType::Int32, false),
        captured("blelloch-padded", 100, ElementType::Int32, true),
        captured("hillis-steele", 64, ElementType::Int32, true),
        captured("warp-shuffle", 100, ElementType::Int32, true),
        captured("decoupled-lookback", 256, ElementType::Int32, true, 32),
        captured("scan-then-propagate", 300, ElementType::Int32, false, 32),
        captured("reduce-sequential", 200, ElementType::Int32, false, 64),
        captured("reduce-unrolled-warp", 300, ElementType::Int32, false, 64),
    };
    int edits = 0;
    for (const Trace& original : traces)
        for (Edit kind : {Edit::SharedWord, Edit::Read, Edit::LastWrite, Edit::Input, Edit::Output,
                          Edit::LookBackRead})
            for (int tries = 0; tries < 12; ++tries) {
                Trace t = original;
                if (!edit(t, kind, random)) continue;
                ++edits;
                const std::string problem = first_inconsistency(t);
                EXPECT_NE(problem, "") << original.request.variant << " edit " << int(kind);
                if (kind == Edit::SharedWord || kind == Edit::Read) {
                    EXPECT_NE(problem.find("step "), std::string::npos) << problem;
                }
            }
    EXPECT_GE(edits, 300);
}

TEST(Consistency, AnalyzeRefusesAnEditedTraceUnlessAllowed) {
    Trace t = captured("blelloch", 8, ElementType::Int32, false);
    t.launches[0].steps[3].shared[7] += 100;  // the up-sweep's total, edited
    const std::string path = temp_file("edited.json");
    save_trace(t, path);
    ProcessResult r = run_process(scanscope_binary(), {"analyze", "--trace", path});
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_NE(r.output.find("contradicts itself at step 4: shared word 7"), std::string::npos)
        << r.output;
    r = run_process(scanscope_binary(), {"analyze", "--trace", path, "--allow-inconsistent"});
    EXPECT_EQ(r.exit_code, 0) << r.output;
}

// What the headless commands draw or ask about is checked as the window checks it: an edited
// trace file, or an edited one to compare with, is refused (exit 1, naming where) unless asked for.
TEST(Consistency, QuestionsRefuseAnEditedTraceUnlessAllowed) {
    const Trace good = captured("blelloch", 8, ElementType::Int32, false);
    Trace edited = good;
    edited.launches[0].steps[3].shared[7] += 100;
    const std::string good_path = temp_file("good.json"), edited_path = temp_file("edited.json");
    save_trace(good, good_path);
    save_trace(edited, edited_path);
    ProcessResult r = run_process(scanscope_binary(), {"questions", "--trace", edited_path});
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_NE(r.output.find("contradicts itself at step 4: shared word 7"), std::string::npos)
        << r.output;
    EXPECT_EQ(r.output.find("before step"), std::string::npos) << "no questions: " << r.output;
    r = run_process(scanscope_binary(),
                    {"questions", "--trace", edited_path, "--allow-inconsistent"});
    EXPECT_EQ(r.exit_code, 0) << r.output;
    EXPECT_NE(r.output.find("used anyway"), std::string::npos) << r.output;
    EXPECT_NE(r.output.find("before step"), std::string::npos) << r.output;
    r = run_process(scanscope_binary(),
                    {"questions", "--trace", good_path, "--compare-trace", edited_path});
    EXPECT_EQ(r.exit_code, 1) << r.output;
    EXPECT_NE(r.output.find("'" + edited_path + "' contradicts itself"), std::string::npos)
        << r.output;
    r = run_process(scanscope_binary(),
                    {"questions", "--trace", good_path, "--compare-trace", good_path});
    EXPECT_EQ(r.exit_code, 0) << r.output;
}

// The window's trace to compare with, from a file, is checked as its own trace is.
TEST(Consistency, ATraceToCompareWithFromAFileIsChecked) {
    const Trace good = captured("blelloch", 8, ElementType::Int32, false);
    Trace edited = good;
    edited.launches[0].steps[3].shared[7] += 100;
    Session s;
    s.load(good, Session::Origin::File);
    s.set_compare(good, Session::Origin::File);
    EXPECT_EQ(s.compare_inconsistency(), "");
    s.set_compare(edited, Session::Origin::File);
    EXPECT_NE(s.compare_inconsistency().find("step 4: shared word 7"), std::string::npos)
        << s.compare_inconsistency();
    EXPECT_EQ(s.inconsistency(), "") << "the trace itself is still whole";
    s.clear_compare();
    EXPECT_EQ(s.compare_inconsistency(), "");
}

}  // namespace
}  // namespace scanscope::test
