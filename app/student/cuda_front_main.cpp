// scanscope-cuda-front FILE --kernels DIR [--out FILE]: rewrites a student's plain CUDA file for
// ScanScope (cuda_rewrite.h). Run by ScanScope inside the sandbox, before the compiler; its
// errors are printed as a compiler prints them (FILE:LINE:COLUMN: error: ...), so that they are
// reported the same way.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "student/cuda_rewrite.h"

int main(int argc, char** argv) {
    std::string file, kernels, out;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--kernels" && i + 1 < argc)
            kernels = argv[++i];
        else if (a == "--out" && i + 1 < argc)
            out = argv[++i];
        else if (file.empty() && a.rfind("--", 0) != 0)
            file = a;
        else {
            std::cerr << "usage: scanscope-cuda-front FILE --kernels DIR [--out FILE]\n";
            return 2;
        }
    }
    if (file.empty() || kernels.empty()) {
        std::cerr << "usage: scanscope-cuda-front FILE --kernels DIR [--out FILE]\n";
        return 2;
    }
    std::ifstream in(file, std::ios::binary);
    if (!in) {
        std::cerr << file << ": cannot be read\n";
        return 2;
    }
    std::ostringstream text;
    text << in.rdbuf();
    const scanscope::CudaRewrite r =
        scanscope::rewrite_cuda(file, text.str(), kernels, SCANSCOPE_CLANG_RESOURCE_DIR);
    for (const scanscope::CudaRewriteError& e : r.errors)
        std::cerr << file << ":" << e.line << ":" << e.column << ": error: " << e.message << "\n";
    for (const scanscope::CudaRewriteError& w : r.warnings)
        std::cerr << file << ":" << w.line << ":" << w.column << ": warning: " << w.message << "\n";
    if (!r.errors.empty()) return 1;
    if (out.empty()) {
        std::cout << r.text;
        return 0;
    }
    std::ofstream o(out, std::ios::binary);
    o << r.text;
    return o ? 0 : 2;
}
