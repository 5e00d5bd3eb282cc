#include <gtest/gtest.h>

#include <fstream>

#include "model/input_values.h"
#include "support/reference.h"
#include "support/temp_file.h"

namespace scanscope::test {
namespace {

TEST(Inputs, ParsesListsWithAnySeparator) {
    EXPECT_EQ(as_ints(parse_values("3,1,7,0,4,1,6,3", ElementType::Int32)),
              (std::vector<std::int32_t>{3, 1, 7, 0, 4, 1, 6, 3}));
    EXPECT_EQ(as_ints(parse_values(" 3 1\t-7\n0; 4 , 1 ", ElementType::Int32)),
              (std::vector<std::int32_t>{3, 1, -7, 0, 4, 1}));
    EXPECT_EQ(parse_values("0.5, -2.25, 1e3", ElementType::Float32),
              float_bits({0.5f, -2.25f, 1000.0f}));
}

TEST(Inputs, RefusesBadValuesByPosition) {
    struct Case {
        const char* text;
        ElementType type;
        const char* expected;
    } cases[] = {
        {"", ElementType::Int32, "empty"},
        {" , ", ElementType::Int32, "empty"},
        {"1,2,x", ElementType::Int32, "'x', at position 3, is not a number"},
        {"1.5", ElementType::Int32, "an integer is expected"},
        {"3000000000", ElementType::Int32, "does not fit in int32"},
        {"1,nan", ElementType::Float32, "'nan', at position 2, is NaN"},
        {"inf", ElementType::Float32, "not a finite"},
        {"1e39", ElementType::Float32, "not a finite"},
        {"1,,2", ElementType::Int32, "position 2 is empty"},
        {"1, ,2", ElementType::Int32, "position 2 is empty"},
        {",1", ElementType::Int32, "position 1 is empty"},
        {"1,2,", ElementType::Int32, "position 3 is empty"},
        {"1e-50", ElementType::Float32, "too small for float32"},
    };
    for (const Case& c : cases) {
        try {
            parse_values(c.text, c.type);
            ADD_FAILURE() << c.text;
        } catch (const InputError& e) {
            EXPECT_NE(std::string(e.what()).find(c.expected), std::string::npos)
                << c.text << ": " << e.what();
        }
    }
}

// Subnormal float32 values are valid input (strtof reports them as underflow).
TEST(Inputs, AcceptsSubnormalFloats) {
    const auto values = parse_values("1e-40, -1e-45", ElementType::Float32);
    ASSERT_EQ(values.size(), 2u);
    EXPECT_EQ(values[0], float_bits({1e-40f})[0]);
    EXPECT_EQ(values[1], float_bits({-1e-45f})[0]);
    EXPECT_NE(values[0], 0u);
}

TEST(Inputs, ReadsFiles) {
    const std::string path = temp_file("values.txt");
    std::ofstream(path) << "3 1 7 0\n4 1 6 3\n";
    EXPECT_EQ(as_ints(read_values_file(path, ElementType::Int32)),
              (std::vector<std::int32_t>{3, 1, 7, 0, 4, 1, 6, 3}));
    EXPECT_THROW(read_values_file("/nonexistent/values.txt", ElementType::Int32), InputError);
}

RunRequest request_of(ElementType type, OpKind op = OpKind::Add, int width = 0) {
    RunRequest r;
    r.type = type;
    r.op = op;
    r.width = width;
    return r;
}

TEST(Inputs, OverflowIsNamed) {
    const auto big = int_bits({2000000000, 2000000000, -2000000000});
    const RunRequest ints = request_of(ElementType::Int32);
    EXPECT_NE(check_values(big, ints, Algorithm::Scan).find("outside int32"), std::string::npos);
    EXPECT_EQ(check_values(big, ints, Algorithm::Reduce), "")
        << "the total 2e9 fits; wrap-around partial sums still give it";
    EXPECT_EQ(check_values(big, request_of(ElementType::Int32, OpKind::Max), Algorithm::Scan), "");
    EXPECT_EQ(check_values(int_bits({1, 2, 3}), ints, Algorithm::Scan), "");
}

TEST(Inputs, SegmentedSumsRestartAtHeads) {
    // Segments [2e9] [1e9, 1e9]: each fits int32 (up to 2147483647), the whole does not.
    RunRequest r = request_of(ElementType::Int32);
    r.n = 3;
    r.heads = {1};
    const auto values = int_bits({2000000000, 1000000000, 1000000000});
    EXPECT_EQ(check_values(values, r, Algorithm::SegmentedScan), "");
    // One segment: 3e9 at value 2.
    r.heads = {};
    const std::string why = check_values(values, r, Algorithm::SegmentedScan);
    EXPECT_NE(why.find("up to value 2 (of the segment from value 1) is 3000000000"),
              std::string::npos)
        << why;
    // Segments [1e9] [2e9, 1e9]: the second's 3e9 is named from its head.
    r.heads = {1};
    EXPECT_NE(
        check_values(int_bits({1000000000, 2000000000, 1000000000}), r, Algorithm::SegmentedScan)
            .find("up to value 3 (of the segment from value 2) is 3000000000"),
        std::string::npos);
}

TEST(Inputs, EverySummedAreaEntryMustFitInt32) {
    // 2 x 2: [2e9 2e9; -2e9 -2e9]. The total is 0, but the entry right of the first is 4e9.
    const auto table = int_bits({2000000000, 2000000000, -2000000000, -2000000000});
    const std::string why =
        check_values(table, request_of(ElementType::Int32, OpKind::Add, 2), Algorithm::SummedArea);
    EXPECT_NE(why.find("row 1, column 2 is 4000000000, outside int32"), std::string::npos) << why;
    // One column, 4 rows: the entries are the running sums 2e9, 4e9, ...: row 2 is the first out.
    EXPECT_NE(
        check_values(table, request_of(ElementType::Int32, OpKind::Add, 1), Algorithm::SummedArea)
            .find("row 2, column 1 is 4000000000"),
        std::string::npos);
    // [2e9 -2e9; 2e9 -2e9]: entries 2e9, 0, 4e9 (down the first column) -> row 2, column 1.
    const auto down = int_bits({2000000000, -2000000000, 2000000000, -2000000000});
    EXPECT_NE(
        check_values(down, request_of(ElementType::Int32, OpKind::Add, 2), Algorithm::SummedArea)
            .find("row 2, column 1 is 4000000000"),
        std::string::npos);
    // [2e9 -2e9; -2e9 2e9]: entries 2e9, 0, 0, 0: all fit.
    EXPECT_EQ(check_values(int_bits({2000000000, -2000000000, -2000000000, 2000000000}),
                           request_of(ElementType::Int32, OpKind::Add, 2), Algorithm::SummedArea),
              "");
    EXPECT_EQ(
        check_values(table, request_of(ElementType::Int32, OpKind::Max, 2), Algorithm::SummedArea),
        "");
}

TEST(Inputs, FloatSumsThatWouldBeInfiniteAreNamed) {
    const RunRequest floats = request_of(ElementType::Float32);
    // 3e38 + 3e38 is beyond float32's 3.4e38.
    const std::string why = check_values(float_bits({1.0f, 3e38f, 3e38f}), floats, Algorithm::Scan);
    EXPECT_NE(why.find("up to value 3, add up to 6e+38"), std::string::npos) << why;
    // Neighbours that cancel: no run of them gets past 3e38 (a scan adds runs only).
    EXPECT_EQ(check_values(float_bits({3e38f, -3e38f, 3e38f, -3e38f}), floats, Algorithm::Scan),
              "");
    // A run of negatives counts too: -2e38 - 2e38 = -4e38.
    EXPECT_NE(
        check_values(float_bits({-2e38f, -2e38f}), floats, Algorithm::SegmentedScan).find("-4e+38"),
        std::string::npos);
    EXPECT_EQ(check_values(float_bits({-1e38f, -2e38f}), floats, Algorithm::Scan), "");
    // A reduction adds strided sets: the two 3e38 that a scan never adds together, a reduction may.
    EXPECT_NE(check_values(float_bits({3e38f, -3e38f, 3e38f, -3e38f}), floats, Algorithm::Reduce)
                  .find("positive values add up to 6e+38"),
              std::string::npos);
    EXPECT_NE(check_values(float_bits({1e38f, 3e38f, -1e38f, -1e38f}),
                           request_of(ElementType::Float32, OpKind::Add, 2), Algorithm::SummedArea)
                  .find("positive values add up to 4e+38"),
              std::string::npos);
    EXPECT_EQ(check_values(float_bits({1.5f, -2.25f, 1e30f}), floats, Algorithm::Reduce), "");
    // Nothing is added: max, a compaction, a split.
    EXPECT_EQ(check_values(float_bits({3e38f, 3e38f}),
                           request_of(ElementType::Float32, OpKind::Max), Algorithm::Scan),
              "");
    EXPECT_EQ(check_values(float_bits({3e38f, 3e38f}), floats, Algorithm::Compact), "");
    EXPECT_EQ(check_values(float_bits({3e38f, 3e38f}), floats, Algorithm::Split), "");
}

TEST(Inputs, RandomValuesAreSmallAndSeeded) {
    const auto a = random_values(1000, ElementType::Int32, 5);
    EXPECT_EQ(a, random_values(1000, ElementType::Int32, 5));
    EXPECT_NE(a, random_values(1000, ElementType::Int32, 6));
    for (std::int32_t v : as_ints(a)) {
        EXPECT_GE(v, 0);
        EXPECT_LE(v, 9);
    }
}

}  // namespace
}  // namespace scanscope::test
