#include "variants/run.h"

#include "variants/registry.h"
#include "variants/run_typed.h"

namespace scanscope {
namespace {

using TypedRun = std::vector<std::uint32_t> (*)(const RunRequest&,
                                                const std::vector<std::uint32_t>&, RawCapture*);

TypedRun pick(const RunRequest& r, TypedRun i_add, TypedRun i_max, TypedRun f_add, TypedRun f_max) {
    if (r.type == ElementType::Int32) return r.op == OpKind::Add ? i_add : i_max;
    return r.op == OpKind::Add ? f_add : f_max;
}

}  // namespace

void check_run(const RunRequest& request, const std::vector<std::uint32_t>& input) {
    if (std::string problem = check_request(request); !problem.empty()) throw BadRequest(problem);
    if (input.size() != std::size_t(request.n))
        throw BadRequest("the input has " + std::to_string(input.size()) +
                         " values but n = " + std::to_string(request.n));
}

std::vector<std::uint32_t> run_emulated(const RunRequest& request,
                                        const std::vector<std::uint32_t>& input,
                                        RawCapture* capture, Checked checked) {
    if (checked == Checked::No) check_run(request, input);
    using namespace detail;
    return pick(request, emulate_int32_add, emulate_int32_max, emulate_float32_add,
                emulate_float32_max)(request, input, capture);
}

std::vector<std::uint32_t> run_on_gpu(const RunRequest& request,
                                      const std::vector<std::uint32_t>& input, RawCapture* capture,
                                      Checked checked) {
    if (checked == Checked::No) check_run(request, input);
#if SCANSCOPE_HAVE_CUDA
    using namespace detail;
    return pick(request, gpu_int32_add, gpu_int32_max, gpu_float32_add, gpu_float32_max)(
        request, input, capture);
#else
    (void)capture;
    throw std::runtime_error("this build has no GPU code (configured without the CUDA toolkit)");
#endif
}

bool gpu_code_built() {
    return SCANSCOPE_HAVE_CUDA;
}

}  // namespace scanscope
