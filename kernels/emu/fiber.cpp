#include "emu/fiber.h"

#include <sys/mman.h>
#include <unistd.h>

#ifdef __EMSCRIPTEN__
#include <emscripten/fiber.h>
#else
#include <ucontext.h>
#endif

#include <cstdint>
#include <cstdlib>
#include <iterator>
#include <new>
#include <stdexcept>
#include <vector>

#if defined(__x86_64__) && !defined(SCANSCOPE_NO_FAST_FIBERS)
#define SS_FAST_FIBERS 1
extern "C" void ss_fiber_switch(void** save_sp, void* load_sp);
extern "C" void ss_fiber_trampoline();
#else
#define SS_FAST_FIBERS 0
#endif

namespace scanscope::emu {
namespace {

// Stacks are mapped, not allocated, with a guard page below: an overflow faults at once instead
// of corrupting a neighbour.
class Stack {
  public:
#ifdef __EMSCRIPTEN__
    // WebAssembly's linear memory has no pages to protect: a plain allocation.
    explicit Stack(std::size_t bytes)
        : requested_(bytes),
          base_(std::aligned_alloc(16, (bytes + 15) / 16 * 16)),
          size_((bytes + 15) / 16 * 16) {
        if (!base_) throw std::bad_alloc();
    }
    ~Stack() {
        std::free(base_);
    }
#else
    explicit Stack(std::size_t bytes) : requested_(bytes) {
        const std::size_t page = std::size_t(sysconf(_SC_PAGESIZE));
        size_ = (bytes + page - 1) / page * page + page;
        base_ = mmap(nullptr, size_, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (base_ == MAP_FAILED) throw std::bad_alloc();
        mprotect(base_, page, PROT_NONE);
        guard_ = page;
    }
    ~Stack() {
        munmap(base_, size_);
    }
#endif
    Stack(const Stack&) = delete;
    Stack& operator=(const Stack&) = delete;

    char* bottom() const {
        return static_cast<char*>(base_) + guard_;
    }
    char* top() const {
        return static_cast<char*>(base_) + size_;
    }
    std::size_t usable() const {
        return size_ - guard_;
    }
    std::size_t requested() const {
        return requested_;
    }

  private:
    std::size_t requested_;
    void* base_ = nullptr;
    std::size_t size_ = 0;
    std::size_t guard_ = 0;
};

// Finished fibers' stacks wait here for the next fiber of the same size: an emulated launch
// starts and ends thousands of threads.
thread_local std::vector<std::unique_ptr<Stack>> t_spare_stacks;
constexpr std::size_t kMaxSpareStacks = 4096;

std::unique_ptr<Stack> take_stack(std::size_t bytes) {
    for (auto it = t_spare_stacks.rbegin(); it != t_spare_stacks.rend(); ++it) {
        if ((*it)->requested() == bytes) {
            std::unique_ptr<Stack> stack = std::move(*it);
            t_spare_stacks.erase(std::next(it).base());
            return stack;
        }
    }
    return std::make_unique<Stack>(bytes);
}

void give_back_stack(std::unique_ptr<Stack> stack) {
    if (t_spare_stacks.size() < kMaxSpareStacks) t_spare_stacks.push_back(std::move(stack));
}

}  // namespace

#ifdef __EMSCRIPTEN__
// In the browser a fiber is Emscripten's (Asyncify): switching unwinds the wasm call stack into a
// buffer of its own and rewinds the other's. Each side has one; the caller's holds the whole
// stack below the scheduler, back to the page's frame callback.
constexpr std::size_t kFiberAsyncifyBytes = 16 * 1024;
constexpr std::size_t kCallerAsyncifyBytes = 64 * 1024;

struct Fiber::Impl {
    Impl(std::size_t bytes, Backend b)
        : stack(take_stack(bytes)),
          backend(b),
          fiber_unwound(kFiberAsyncifyBytes),
          caller_unwound(kCallerAsyncifyBytes) {}
    ~Impl() { give_back_stack(std::move(stack)); }

    std::unique_ptr<Stack> stack;
    Backend backend;
    std::vector<char> fiber_unwound, caller_unwound;
    emscripten_fiber_t fiber_context{};
    emscripten_fiber_t caller_context{};
    Impl* outer = nullptr;  // the fiber that resumed this one, if any

    void switch_in() {
        emscripten_fiber_init_from_current_context(&caller_context, caller_unwound.data(),
                                                   caller_unwound.size());
        emscripten_fiber_swap(&caller_context, &fiber_context);
    }
    void switch_out() { emscripten_fiber_swap(&fiber_context, &caller_context); }
};
#else
struct Fiber::Impl {
    Impl(std::size_t bytes, Backend b) : stack(take_stack(bytes)), backend(b) {}
    ~Impl() { give_back_stack(std::move(stack)); }

    std::unique_ptr<Stack> stack;
    Backend backend;
    void* fiber_sp = nullptr;  // fast backend: saved stack pointers
    void* caller_sp = nullptr;
    ucontext_t fiber_context{};  // ucontext backend
    ucontext_t caller_context{};
    Impl* outer = nullptr;  // the fiber that resumed this one, if any

    void switch_in() {
#if SS_FAST_FIBERS
        if (backend == Backend::Fast) return ss_fiber_switch(&caller_sp, fiber_sp);
#endif
        swapcontext(&caller_context, &fiber_context);
    }
    void switch_out() {
#if SS_FAST_FIBERS
        if (backend == Backend::Fast) return ss_fiber_switch(&fiber_sp, caller_sp);
#endif
        swapcontext(&fiber_context, &caller_context);
    }
};
#endif

namespace {

thread_local Fiber::Impl* t_running = nullptr;  // the fiber running on this OS thread

}  // namespace

Fiber::Backend Fiber::default_backend() {
    return SS_FAST_FIBERS ? Backend::Fast : Backend::Ucontext;
}

bool Fiber::fast_backend_available() {
    return SS_FAST_FIBERS;
}

Fiber::Fiber(Entry entry, void* arg, std::size_t stack_bytes, Backend backend)
    : entry_(entry), arg_(arg) {
    if (backend == Backend::Fast && !fast_backend_available()) backend = Backend::Ucontext;
    impl_ = std::make_unique<Impl>(stack_bytes, backend);
#if SS_FAST_FIBERS
    if (backend == Backend::Fast) {
        // The frame ss_fiber_switch pops: control words, r15, r14, r13 (function), r12
        // (argument), rbx, rbp, then the return address: the trampoline.
        auto* sp = reinterpret_cast<std::uint64_t*>(impl_->stack->top());
        *--sp = 0;  // keeps the trampoline's entry aligned like a called function's
        *--sp = reinterpret_cast<std::uint64_t>(&ss_fiber_trampoline);
        *--sp = 0;                                                   // rbp
        *--sp = 0;                                                   // rbx
        *--sp = reinterpret_cast<std::uint64_t>(this);               // r12
        *--sp = reinterpret_cast<std::uint64_t>(&Fiber::run_entry);  // r13
        *--sp = 0;                                                   // r14
        *--sp = 0;                                                   // r15
        *--sp = 0x037F'0000'1F80ull;  // MXCSR 0x1F80 and x87 control word 0x037F: the defaults
        impl_->fiber_sp = sp;
        return;
    }
#endif
#ifdef __EMSCRIPTEN__
    emscripten_fiber_init(&impl_->fiber_context, &Fiber::emscripten_entry, this,
                          impl_->stack->bottom(), impl_->stack->usable(),
                          impl_->fiber_unwound.data(), impl_->fiber_unwound.size());
#else
    getcontext(&impl_->fiber_context);
    impl_->fiber_context.uc_stack.ss_sp = impl_->stack->bottom();
    impl_->fiber_context.uc_stack.ss_size = impl_->stack->usable();
    impl_->fiber_context.uc_link = nullptr;
    const auto bits = reinterpret_cast<std::uintptr_t>(this);
    makecontext(&impl_->fiber_context, reinterpret_cast<void (*)()>(&Fiber::ucontext_entry), 2,
                unsigned(bits >> 32), unsigned(bits & 0xffffffffu));
#endif
}

Fiber::~Fiber() = default;

// makecontext passes int arguments only: the fiber's address arrives in two halves.
void Fiber::ucontext_entry(unsigned hi, unsigned lo) {
    run_entry(reinterpret_cast<Fiber*>((std::uintptr_t(hi) << 32) | std::uintptr_t(lo)));
}

void Fiber::emscripten_entry(void* self) {
    run_entry(static_cast<Fiber*>(self));
}

void Fiber::run_entry(Fiber* self) {
    self->entry_(self->arg_);
    self->finished_ = true;
    self->impl_->switch_out();  // a finished fiber is never resumed
    __builtin_trap();
}

void Fiber::resume() {
    if (finished_) throw std::logic_error("resume() of a finished fiber");
    impl_->outer = t_running;
    t_running = impl_.get();
    impl_->switch_in();
    t_running = impl_->outer;
}

void Fiber::suspend() {
    Impl* self = t_running;
    if (!self) throw std::logic_error("Fiber::suspend() outside a fiber");
    self->switch_out();
}

}  // namespace scanscope::emu
