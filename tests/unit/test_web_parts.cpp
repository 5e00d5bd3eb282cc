// The pieces the browser build has of its own, checked on the desktop: the float text libc++ 14
// lacks (held equal to std::to_chars), the shaders' GLSL ES form (compiled by glslang as WebGL 2
// takes it) and the page's address.
#include <gtest/gtest.h>

#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

#include "core/bits.h"
#include "core/uniform_int.h"
#include "model/values.h"
#include "render/shader_dialect.h"
#include "support/process.h"
#include "support/temp_file.h"
#include "web/url_options.h"

namespace scanscope::test {
namespace {

std::string std_shortest(float f) {
    char text[32];
    const auto result = std::to_chars(text, text + sizeof text, f);
    return std::string(text, result.ptr);
}

TEST(WebFloatText, EqualsToCharsOnChosenFloats) {
    for (float f : {0.0f,        -0.0f,  1.0f,      -1.0f,         100.0f,          1e10f,
                    1e-10f,      0.1f,   123456.0f, 1234567.0f,    12345678.0f,     1e7f,
                    1e6f,        0.001f, 0.0001f,   3.4028235e38f, 1.17549435e-38f, 1.4e-45f,
                    16777216.0f, 2.5f,   -0.5f,     0.3f,          1.5e-5f})
        EXPECT_EQ(shortest_float_text(f), std_shortest(f)) << "bits " << to_bits(f);
}

TEST(WebFloatText, EqualsToCharsOnRandomBitPatterns) {
    std::mt19937 rng(41);
    int checked = 0;
    for (int i = 0; i < 200000; ++i) {
        const std::uint32_t bits = rng();
        float f;
        std::memcpy(&f, &bits, sizeof f);
        if (!std::isfinite(f)) continue;
        ASSERT_EQ(shortest_float_text(f), std_shortest(f)) << "bits " << bits;
        ++checked;
    }
    EXPECT_GT(checked, 190000);
}

TEST(WebFloatText, EqualsToCharsOnSmallIntegersAndTenths) {
    for (int i = -2000; i <= 2000; ++i) {
        EXPECT_EQ(shortest_float_text(float(i)), std_shortest(float(i)));
        EXPECT_EQ(shortest_float_text(float(i) / 10), std_shortest(float(i) / 10));
    }
}

#ifdef __GLIBCXX__
// The desktop's numbers stay what std::uniform_int_distribution drew (lessons' inputs, the
// emulation's schedules), and the browser's libc++ draws the same.
TEST(WebUniformInt, EqualsLibstdcxxDistribution) {
    const std::pair<long long, long long> ranges[] = {
        {0, 9}, {0, 39}, {0, 0}, {0, 1}, {-5, 5}, {0, 1000000007}, {0, (1ll << 62) + 12345}};
    for (const auto& [lo, hi] : ranges) {
        std::mt19937_64 a(7 + std::uint64_t(hi)), b(7 + std::uint64_t(hi));
        std::uniform_int_distribution<long long> d(lo, hi);
        for (int i = 0; i < 20000; ++i)
            ASSERT_EQ(uniform_int(a, lo, hi), d(b)) << "[" << lo << ", " << hi << "] draw " << i;
    }
    std::mt19937_64 a(3), b(3);
    for (std::size_t n = 1; n < 3000; ++n)
        ASSERT_EQ(uniform_int<std::size_t>(a, 0, n - 1),
                  std::uniform_int_distribution<std::size_t>(0, n - 1)(b));
}
#endif

// glslangValidator (Debian's glslang-tools) compiles each canvas shader as written (GLSL 3.30) and
// in the form the browser gets (GLSL ES 3.00, WebGL 2's language).
TEST(WebShaders, BothFormsCompile) {
    const std::filesystem::path dir =
        std::filesystem::path(SCANSCOPE_TEST_DATA) / ".." / ".." / "shaders";
    int shaders = 0;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
        const std::string ext = entry.path().extension().string();
        if (ext != ".vert" && ext != ".frag") continue;
        ++shaders;
        const std::string desktop = file_bytes(entry.path());
        const std::string es = glsl_es_300(desktop);
        EXPECT_EQ(es.rfind("#version 300 es\n", 0), 0u);
        for (const auto& [form, text] : {std::pair{"desktop", desktop}, std::pair{"es", es}}) {
            const std::string file =
                temp_file(std::string(form) + "-" + entry.path().filename().string());
            std::ofstream(file) << text;
            const ProcessResult r = run_process("/usr/bin/glslangValidator", {file});
            EXPECT_EQ(r.exit_code, 0) << entry.path().filename() << " (" << form << "):\n"
                                      << r.output;
            std::filesystem::remove(file);
        }
    }
    EXPECT_EQ(shaders, 4);
}

TEST(WebShaders, RefusesASourceWithoutTheDesktopVersionLine) {
    EXPECT_THROW(glsl_es_300("#version 450\nvoid main() {}\n"), std::invalid_argument);
    EXPECT_THROW(glsl_es_300(""), std::invalid_argument);
}

TEST(WebAddress, ReadsWhatALinkOnASlideNames) {
    GuiOptions o;
    std::string error;
    ASSERT_TRUE(
        options_from_query("?lesson=05-bank-conflicts&step=6&view=compare&presenter=1", o, error))
        << error;
    EXPECT_EQ(o.lesson, "05-bank-conflicts");
    EXPECT_EQ(o.step, 6);
    EXPECT_EQ(o.view, "compare");
    EXPECT_TRUE(o.presenter);
    EXPECT_FALSE(o.predict);

    GuiOptions p;
    ASSERT_TRUE(options_from_query("theme=light&predict&block=2&presenter=0&scale=1.5", p, error))
        << error;
    EXPECT_FLOAT_EQ(p.ui_scale, 1.5f);
    EXPECT_EQ(p.theme, "light");
    EXPECT_TRUE(p.predict);
    EXPECT_EQ(p.block, 2);
    EXPECT_FALSE(p.presenter);

    GuiOptions q;
    ASSERT_TRUE(options_from_query("", q, error));
    ASSERT_TRUE(options_from_query("?", q, error));
    ASSERT_TRUE(options_from_query("lesson=%30%31-harris-blelloch", q, error));
    EXPECT_EQ(q.lesson, "01-harris-blelloch");
}

TEST(WebAddress, RefusesWhatItDoesNotTakeWithAReason) {
    const std::pair<const char*, const char*> bad[] = {
        {"?lesson=../../etc/passwd", "lesson=../../etc/passwd"},
        {"?step=0", "step=0"},
        {"?step=-3", "step=-3"},
        {"?step=2x", "step=2x"},
        {"?presenter=maybe", "presenter=maybe"},
        {"?theme=blue", "theme=blue"},
        {"?colour=red", "'colour'"},
        {"?lesson=%zz", "%-escape"},
        {"?lesson=%4", "%-escape"},
        {"?view=", "view="},
        {"?scale=9", "scale=9"},
        {"?scale=1.5x", "scale=1.5x"},
        {"?scale=", "scale="},
    };
    for (const auto& [query, said] : bad) {
        GuiOptions o;
        std::string error;
        EXPECT_FALSE(options_from_query(query, o, error)) << query;
        EXPECT_NE(error.find(said), std::string::npos) << query << ": " << error;
    }
}

}  // namespace
}  // namespace scanscope::test
