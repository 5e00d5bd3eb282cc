// Traces survive the trip through a file exactly; bad files get clear errors.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "capture/capture.h"
#include "model/input_values.h"
#include "model/trace_json.h"
#include "support/reference.h"
#include "support/temp_file.h"
#include "support/trace_diff.h"

namespace scanscope::test {
namespace {

Trace capture(const std::string& variant, int n, ElementType type, OpKind op) {
    RunRequest r;
    r.variant = variant;
    r.n = n;
    r.type = type;
    r.op = op;
    return capture_trace(r, random_values(n, type, 11), DeviceChoice::Cpu);
}

std::string temp_path(const std::string& name) {
    return temp_file(name);
}

void write_file(const std::string& path, const std::string& text) {
    std::ofstream(path) << text;
}

// A trace's file is written a step at a time (a 141 MB trace's whole document held as JSON values
// ran out of memory), and its text is the document's, byte for byte.
TEST(TraceJson, TheFileIsTheDocumentWrittenAStepAtATime) {
    for (auto [variant, type, op] : {std::tuple{"blelloch", ElementType::Int32, OpKind::Add},
                                     {"decoupled-lookback", ElementType::Float32, OpKind::Max},
                                     {"scan-then-propagate", ElementType::Int32, OpKind::Add},
                                     {"staged-lookback", ElementType::Int32, OpKind::Add}}) {
        const Trace t = capture(variant, 700, type, op);
        EXPECT_EQ(trace_text(t), trace_to_json(t).dump()) << variant;
    }
}

TEST(TraceJson, RoundTripsExactly) {
    for (auto [variant, type, op] : {std::tuple{"blelloch-padded", ElementType::Int32, OpKind::Add},
                                     {"hillis-steele", ElementType::Float32, OpKind::Add},
                                     {"decoupled-lookback", ElementType::Float32, OpKind::Max},
                                     {"scan-then-propagate", ElementType::Int32, OpKind::Max},
                                     {"reduce-unrolled-warp", ElementType::Float32, OpKind::Add}}) {
        const Trace t = capture(variant, 700, type, op);
        const std::string path = temp_path(std::string(variant) + ".json");
        save_trace(t, path);
        const Trace back = load_trace(path);
        EXPECT_EQ(first_difference(t, back), "") << variant;
        EXPECT_TRUE(same_capture(t, back)) << variant;
        EXPECT_EQ(back.source.kind, t.source.kind);
        EXPECT_EQ(back.listing.size(), t.listing.size());
    }
}

TEST(TraceJson, MaxOfFloatsKeepsInfinities) {
    const Trace t =
        capture("blelloch", 5, ElementType::Float32, OpKind::Max);  // padding holds -inf
    const std::string text = trace_to_json(t).dump();
    EXPECT_NE(text.find("\"-inf\""), std::string::npos);
    EXPECT_EQ(first_difference(t, trace_from_json(nlohmann::json::parse(text))), "");
}

TEST(TraceJson, MalformedFilesGiveClearErrors) {
    const Trace t = capture("blelloch", 8, ElementType::Int32, OpKind::Add);
    const nlohmann::json good = nlohmann::json::parse(trace_to_json(t).dump());
    struct Case {
        std::string name;
        std::function<void(nlohmann::json&)> spoil;
        std::string expected;
    };
    const std::vector<Case> cases = {
        {"not a trace", [](nlohmann::json& j) { j.erase("format"); }, "not a ScanScope trace"},
        {"newer", [](nlohmann::json& j) { j["version"] = 99; }, "version 99 is newer"},
        {"no launches", [](nlohmann::json& j) { j.erase("launches"); },
         "trace: missing \"launches\""},
        {"bad type", [](nlohmann::json& j) { j["config"]["type"] = "int64"; },
         "trace.config.type: expected one of"},
        {"short input", [](nlohmann::json& j) { j["input"].erase(0); }, "config.n says 8"},
        {"lane 40",
         [](nlohmann::json& j) { j["launches"][0]["steps"][1]["accesses"][0]["lanes"][0][0] = 40; },
         "launches[0].steps[1].accesses[0].lanes[0][0]: expected an integer from 0 to 31"},
        {"words", [](nlohmann::json& j) { j["launches"][0]["steps"][2]["shared"].erase(0); },
         "shared_bytes says"},
        {"value", [](nlohmann::json& j) { j["output"][3] = "eleven"; },
         "trace.output[3]: expected an integer"},
    };
    for (const Case& c : cases) {
        nlohmann::json spoiled = good;
        c.spoil(spoiled);
        try {
            trace_from_json(spoiled);
            ADD_FAILURE() << c.name << ": accepted";
        } catch (const TraceFormatError& e) {
            EXPECT_NE(std::string(e.what()).find(c.expected), std::string::npos)
                << c.name << ": " << e.what();
        }
    }
}

// Traces that are valid JSON but break what the views assume (tests/data/bad-traces, made by
// scripts/make-bad-traces.py from real captures; each once crashed or hung the window) are
// refused, with the JSON path of the problem.
TEST(TraceJson, TracesTheViewsCannotDrawAreRefused) {
    int files = 0;
    for (const auto& entry :
         std::filesystem::directory_iterator(std::string(SCANSCOPE_TEST_DATA) + "/bad-traces")) {
        ++files;
        try {
            load_trace(entry.path().string());
            ADD_FAILURE() << entry.path() << ": accepted";
        } catch (const TraceFormatError& e) {
            EXPECT_NE(std::string(e.what()).find(": trace"), std::string::npos)
                << entry.path() << ": " << e.what();
        }
    }
    EXPECT_GE(files, 16);
}

TEST(TraceJson, UnreadableFilesGiveClearErrors) {
    const std::string truncated = temp_path("truncated.json");
    write_file(truncated, "{\"format\": \"scanscope-trace\", \"version\": 1, \"launches\": [");
    EXPECT_THROW(load_trace(truncated), TraceFormatError);
    try {
        load_trace(truncated);
    } catch (const TraceFormatError& e) {
        EXPECT_NE(std::string(e.what()).find("not valid JSON"), std::string::npos) << e.what();
    }
    try {
        load_trace("/nonexistent/trace.json");
        ADD_FAILURE();
    } catch (const TraceFormatError& e) {
        EXPECT_NE(std::string(e.what()).find("cannot open"), std::string::npos);
    }
    try {
        load_trace("/tmp");
        ADD_FAILURE();
    } catch (const TraceFormatError& e) {
        EXPECT_NE(std::string(e.what()).find("is a folder"), std::string::npos) << e.what();
    }
}

}  // namespace
}  // namespace scanscope::test
