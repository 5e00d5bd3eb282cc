#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "emu/fiber.h"

namespace scanscope::emu {
namespace {

struct Worker {
    int id;
    std::vector<int>* log;
    int rounds;
};

void work(void* arg) {
    auto* w = static_cast<Worker*>(arg);
    for (int r = 0; r < w->rounds; ++r) {
        w->log->push_back(w->id * 100 + r);
        double keep = 0.25 * w->id;  // a value that must survive the switch (callee-saved state)
        Fiber::suspend();
        w->log->push_back(int(keep * 4) == w->id ? 0 : -1);
    }
}

class Fibers : public testing::TestWithParam<Fiber::Backend> {};

TEST_P(Fibers, InterleaveInTheOrderResumed) {
    std::vector<int> log;
    std::vector<Worker> workers = {{1, &log, 2}, {2, &log, 2}};
    Fiber a(work, &workers[0], 64 * 1024, GetParam());
    Fiber b(work, &workers[1], 64 * 1024, GetParam());
    a.resume();
    b.resume();
    a.resume();
    b.resume();
    a.resume();
    EXPECT_TRUE(a.finished());
    EXPECT_FALSE(b.finished());
    b.resume();
    EXPECT_TRUE(b.finished());
    EXPECT_EQ(log, (std::vector<int>{100, 200, 0, 101, 0, 201, 0, 0}));
    EXPECT_THROW(a.resume(), std::logic_error);
}

TEST_P(Fibers, ManyFibersManyRounds) {
    std::vector<int> log;
    std::vector<Worker> workers;
    for (int i = 0; i < 1024; ++i)
        workers.push_back({i, &log, 5});
    std::vector<std::unique_ptr<Fiber>> fibers;
    for (Worker& w : workers)
        fibers.push_back(std::make_unique<Fiber>(work, &w, 64 * 1024, GetParam()));
    bool any = true;
    while (any) {
        any = false;
        for (auto& f : fibers)
            if (!f->finished()) f->resume(), any = true;
    }
    EXPECT_EQ(log.size(), 1024u * 5 * 2);
    for (std::size_t i = 0; i < log.size(); ++i)
        if (log[i] == -1) FAIL() << "state lost across a switch at " << i;
}

TEST(FibersOutside, SuspendOutsideAFiberIsAnError) {
    EXPECT_THROW(Fiber::suspend(), std::logic_error);
}

INSTANTIATE_TEST_SUITE_P(Backends, Fibers,
                         testing::Values(Fiber::Backend::Fast, Fiber::Backend::Ucontext),
                         [](const testing::TestParamInfo<Fiber::Backend>& param) {
                             return param.param == Fiber::Backend::Fast ? "Fast" : "Ucontext";
                         });

}  // namespace
}  // namespace scanscope::emu
