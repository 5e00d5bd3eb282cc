// The browser build's students' kernels: a page cannot compile a file or start a sandboxed
// process, so a capture of one says so, plainly, and where it does run.
#include "student/student_run.h"

namespace scanscope {

StudentCapture capture_student(const std::string& kernel_path, RunRequest /*request*/,
                               const std::vector<std::uint32_t>& /*input*/,
                               const StudentLimits& /*limits*/, bool /*gpu*/) {
    StudentCapture capture;
    capture.failure = "'" + kernel_path +
                      "' is a kernel of your own: it is compiled and run in the desktop app "
                      "(scanscope --kernel FILE), not in the browser. Open the trace it makes "
                      "there (File > Open trace) to watch it here.";
    return capture;
}

}  // namespace scanscope
