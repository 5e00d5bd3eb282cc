// A kernel file written as plain CUDA (a __global__ function with __shared__ arrays and
// __syncthreads()), read as text: which lines end a step and the loop variables each step shows,
// the shared arrays' names, the kernel's name and the `// scanscope:` annotation. The card
// (student_card.h) and the front end that rewrites the file (app/student/cuda_rewrite.h) both
// read the file through these functions, so the step labels a trace carries can be checked
// against its listing anywhere, without a compiler.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace scanscope {

// True when the file is plain CUDA (it defines a __global__ function), not the block interface.
bool is_plain_cuda(const std::vector<std::string>& lines);

// The text with comments and string literals blanked (newlines kept): what the scans below read.
std::string code_only(const std::vector<std::string>& lines);

struct CudaStepMark {
    int line = 0;                   // 1-based
    bool warp = false;              // __syncwarp
    bool start = false;             // the kernel body's first line (its opening brace)
    std::vector<std::string> vars;  // the enclosing for-loops' variables, outermost first, <= 3
    int loop_line = 0;              // the innermost enclosing for-loop's first line (0: none)
};

// The kernel's start and every __syncthreads() / __syncwarp() written in the file, in line order.
std::vector<CudaStepMark> cuda_step_marks(const std::vector<std::string>& lines);

// `// scanscope: threads=n/2 blocks=1 shared=2*n*4 in=g_idata out=g_odata kind=reduce`
// Keys and values as written; empty when the file has no such line. Throws std::runtime_error
// for a malformed annotation (naming its line).
std::map<std::string, std::string> cuda_annotation(const std::vector<std::string>& lines);

// The names of the __shared__ arrays, in the order the file declares them.
std::vector<std::string> cuda_shared_arrays(const std::vector<std::string>& lines);

// The first __global__ function's name ("" when none).
std::string cuda_kernel_name(const std::vector<std::string>& lines);

// The element type of the kernel's first pointer parameter: "float", "int" or "" (unknown).
std::string cuda_element_type(const std::vector<std::string>& lines);

// A reduction: the annotation says kind=reduce, or the kernel's name has "reduc" in it.
bool cuda_is_reduction(const std::vector<std::string>& lines);

// The line of the innermost `if` whose body holds `line` (0: none). Any C-like kernel file.
int enclosing_if_line(const std::vector<std::string>& lines, int line);

// What a step mark's label says: the comment on its line, else the comment on the line of the
// loop around it, else "start" (the kernel's first step) or "line N".
std::string cuda_step_phase(const std::vector<std::string>& lines, const CudaStepMark& mark);

}  // namespace scanscope
