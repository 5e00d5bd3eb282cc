// The benchmark's plumbing (not its speed: speed is measured by scanscope bench, never in tests).
#include <gtest/gtest.h>

#include <sstream>

#include <nlohmann/json.hpp>

#include "bench/bench.h"

namespace scanscope {
namespace {

TEST(Bench, ParsesSizes) {
    EXPECT_EQ(parse_sizes("1024"), (std::vector<std::int64_t>{1024}));
    EXPECT_EQ(parse_sizes("2^10..2^12, 5000"), (std::vector<std::int64_t>{1024, 2048, 4096, 5000}));
    EXPECT_EQ(parse_sizes("2^28").front(), std::int64_t(1) << 28);
    for (const char* bad : {"", "0", "-5", "2^31", "2^x", "2^12..2^10", "1e6", "2^10..", "lots"})
        EXPECT_THROW(parse_sizes(bad), std::invalid_argument) << bad;
    // Too large, in either form or beyond a long long: the message says how large a size may be.
    for (const char* large : {"2^40", "2000000000", "99999999999999999999", "2^10..2^31"}) {
        try {
            parse_sizes(large);
            ADD_FAILURE() << large << " was taken";
        } catch (const std::invalid_argument& e) {
            EXPECT_NE(std::string(e.what()).find("from 1 to 2^30"), std::string::npos) << e.what();
        }
    }
}

TEST(Bench, OnTheCpuTimesTheEmulationAndTheBaselinesAndChecksThem) {
    BenchOptions o;
    o.variants = {"decoupled-lookback", "reduce-warp-shuffle", "hillis-steele"};
    o.sizes = {1024, 4096};
    o.reps = 2;
    o.device = DeviceChoice::Cpu;
    const BenchReport r = run_bench(o);
    EXPECT_NE(r.device.find("CPU only"), std::string::npos) << r.device;
    int emulated = 0, loops = 0, stl = 0;
    for (const BenchRow& row : r.rows) {
        EXPECT_GT(row.time.median_ms, 0.0) << row.what;
        if (row.where == "emulation") {
            ++emulated;
            EXPECT_EQ(row.check, "ok") << row.what << " n=" << row.n;
        }
        loops += row.what.rfind("CPU loop", 0) == 0;
        stl += row.what.rfind("CPU std::", 0) == 0;
        EXPECT_EQ(row.vs_cub, 0.0) << "no CUB without a GPU";
    }
    EXPECT_EQ(emulated, 5) << "hillis-steele takes 1024 but not 4096";
    EXPECT_EQ(loops, 4);
    EXPECT_EQ(stl, 4);
    ASSERT_EQ(r.notes.size(), 1u);
    EXPECT_NE(r.notes[0].find("hillis-steele"), std::string::npos);
}

// --flush-l2 asks for NVBench's cold GPU runs; on the CPU there is no L2 to flush, and the report
// says so rather than letting the emulation's times pass for flushed ones.
TEST(Bench, AnL2FlushOnTheCpuIsANoteNotASetting) {
    BenchOptions o;
    o.variants = {"reduce-warp-shuffle"};
    o.sizes = {1024};
    o.reps = 1;
    o.device = DeviceChoice::Cpu;
    o.cpu_baselines = false;
    o.flush_l2 = true;
    const BenchReport r = run_bench(o);
    EXPECT_EQ(r.settings.find("L2 flushed"), std::string::npos) << r.settings;
    ASSERT_EQ(r.notes.size(), 1u);
    EXPECT_NE(r.notes[0].find("L2 flush is for GPU runs"), std::string::npos) << r.notes[0];
    ASSERT_EQ(r.rows.size(), 1u);
    EXPECT_EQ(r.rows[0].check, "ok");
}

TEST(Bench, FormatsCarryTheDeviceAndEveryRow) {
    BenchOptions o;
    o.variants = {"reduce-sequential"};
    o.sizes = {2048};
    o.reps = 1;
    o.device = DeviceChoice::Cpu;
    const BenchReport r = run_bench(o);
    const nlohmann::json j = nlohmann::json::parse(format_json(r));
    EXPECT_EQ(j["device"], r.device);
    ASSERT_EQ(j["rows"].size(), r.rows.size());
    for (const char* field :
         {"what", "where", "n", "median_ms", "gb_per_s", "vs_copy", "vs_cub", "check"})
        EXPECT_TRUE(j["rows"][0].contains(field)) << field;
    const std::string csv = format_csv(r);
    EXPECT_NE(csv.find("# device: " + r.device), std::string::npos);
    EXPECT_NE(csv.find("what,where,config,n,median_ms"), std::string::npos);
    EXPECT_NE(format_table(r).find("reduce-sequential"), std::string::npos);
}

// The shape column holds commas: every CSV line must still have the header's 15 fields.
TEST(Bench, CsvQuotesFieldsWithCommas) {
    EXPECT_EQ(csv_field("ok"), "ok");
    EXPECT_EQ(csv_field("256 threads/block, 16 elements"), "\"256 threads/block, 16 elements\"");
    EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    BenchOptions o;
    o.variants = {"decoupled-lookback"};
    o.sizes = {4096};
    o.reps = 1;
    o.device = DeviceChoice::Cpu;
    std::istringstream lines(format_csv(run_bench(o)));
    int rows = 0;
    for (std::string line; std::getline(lines, line);) {
        if (line.empty() || line[0] == '#') continue;
        int fields = 1;
        bool quoted = false;
        for (char c : line) {
            if (c == '"') quoted = !quoted;
            if (c == ',' && !quoted) ++fields;
        }
        EXPECT_EQ(fields, 15) << line;
        ++rows;
    }
    EXPECT_GE(rows, 3);  // header, the variant, the CPU baselines
}

TEST(Bench, BytesMovedAreEightPerScannedElementFourPerReducedOne) {
    BenchOptions o;
    o.variants = {"blelloch", "reduce-first-add"};
    o.sizes = {2048};
    o.reps = 1;
    o.device = DeviceChoice::Cpu;
    o.cpu_baselines = false;
    for (const BenchRow& row : run_bench(o).rows)
        EXPECT_EQ(row.bytes, (row.what == "blelloch" ? 8.0 : 4.0) * 2048) << row.what;
}

}  // namespace
}  // namespace scanscope
