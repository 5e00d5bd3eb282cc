// Fibers for the CPU emulation: every emulated GPU thread runs on its own small stack and hands
// control back to the scheduler at barriers and shared-memory accesses. Switching costs a few
// nanoseconds with the x86-64 switch (fiber_switch_x86_64.S); elsewhere ucontext does the same,
// about a hundred times slower, because it saves the signal mask with a system call. In the
// browser they are Emscripten's fibers (Asyncify).
#pragma once

#include <cstddef>
#include <memory>

namespace scanscope::emu {

class Fiber {
  public:
    enum class Backend { Fast, Ucontext };
    using Entry = void (*)(void* arg);

    // `entry(arg)` runs on the fiber's own stack at the first resume(). It must end by returning;
    // the fiber is then finished and resume() must not be called again.
    Fiber(Entry entry, void* arg, std::size_t stack_bytes = 64 * 1024,
          Backend backend = default_backend());
    ~Fiber();
    Fiber(const Fiber&) = delete;
    Fiber& operator=(const Fiber&) = delete;

    // From the scheduler: run the fiber until it calls suspend() or returns.
    void resume();
    // From inside the running fiber: go back to whoever resumed it.
    static void suspend();
    bool finished() const { return finished_; }

    static Backend default_backend();
    static bool fast_backend_available();

    struct Impl;  // defined in fiber.cpp

  private:
    static void run_entry(Fiber* self);
    static void ucontext_entry(unsigned hi, unsigned lo);
    static void emscripten_entry(void* self);
    std::unique_ptr<Impl> impl_;
    Entry entry_;
    void* arg_;
    bool finished_ = false;
};

}  // namespace scanscope::emu
