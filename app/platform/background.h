// Work the window starts now and collects in a later frame (captures, timings, exports). On the
// desktop it runs on a worker thread; the browser build has no threads, so there it runs at once
// and its future is ready when the next frame looks.
#pragma once

#include <exception>
#include <future>
#include <type_traits>
#include <utility>

namespace scanscope {

template <class Work>
std::future<std::invoke_result_t<Work>> start_in_background(Work&& work) {
#ifdef __EMSCRIPTEN__
    std::promise<std::invoke_result_t<Work>> done;
    try {
        done.set_value(work());
    } catch (...) {
        done.set_exception(std::current_exception());
    }
    return done.get_future();
#else
    return std::async(std::launch::async, std::forward<Work>(work));
#endif
}

}  // namespace scanscope
