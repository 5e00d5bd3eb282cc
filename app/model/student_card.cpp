#include "model/student_card.h"

#include <algorithm>
#include <filesystem>
#include <regex>
#include <sstream>
#include <stdexcept>

#include "model/cuda_source.h"
#include "platform/file_read.h"

namespace scanscope {
namespace {

std::string trimmed(const std::string& s) {
    const std::size_t a = s.find_first_not_of(" \t");
    const std::size_t b = s.find_last_not_of(" \t\r");
    return a == std::string::npos ? std::string() : s.substr(a, b - a + 1);
}

// The arguments after __LINE__ in a step-marking call on `line`, if it has one.
bool step_call(const std::string& line, std::vector<std::string>& vars) {
    static const std::regex call(R"(\b(sync|sync_warp|at)\s*\(\s*__LINE__\s*([^;]*))");
    std::smatch m;
    const std::string code = line.substr(0, line.find("//"));  // not in a comment
    if (!std::regex_search(code, m, call)) return false;
    std::string rest = m[2].str();
    int depth = 1;
    std::string current;
    for (char c : rest) {
        if (c == '(') ++depth;
        if (c == ')' && --depth == 0) break;
        if (c == ',' && depth == 1) {
            if (!trimmed(current).empty()) vars.push_back(trimmed(current));
            current.clear();
            continue;
        }
        current += c;
    }
    if (!trimmed(current).empty()) vars.push_back(trimmed(current));
    if (vars.size() > 3) vars.resize(3);  // a step shows at most three values
    return true;
}

}  // namespace

StudentSource read_student_source(const std::string& path) {
    // A FIFO, a device or a file longer than a kernel file can be is refused before reading.
    const std::string text = read_small_file(
        path, std::size_t(kMaxStudentLines) * (kMaxStudentLineLength + 2), "kernel file");
    std::istringstream file(text);
    StudentSource s;
    s.path = std::filesystem::absolute(path).string();
    s.name = std::filesystem::path(path).stem().string();
    for (std::string line; std::getline(file, line);) {
        if (int(s.lines.size()) == kMaxStudentLines)
            throw std::runtime_error("'" + path + "' is longer than " +
                                     std::to_string(kMaxStudentLines) +
                                     " lines; a kernel file is one kernel");
        if (int(line.size()) > kMaxStudentLineLength)
            throw std::runtime_error("'" + path + "', line " + std::to_string(s.lines.size() + 1) +
                                     " is wider than " + std::to_string(kMaxStudentLineLength) +
                                     " characters");
        s.lines.push_back(line);
    }
    static const std::regex name_chars("^[A-Za-z0-9_.-]+$");
    if (!std::regex_match(s.name, name_chars))
        throw std::runtime_error("'" + path + "': name the file with letters, digits, - and _");
    return s;
}

namespace {

// A plain CUDA file's card: its steps begin at the kernel's brace and at each __syncthreads().
void fill_cuda_card(const StudentSource& source, VariantInfo& card) {
    const std::vector<CudaStepMark> marks = cuda_step_marks(source.lines);
    for (std::size_t i = 0; i < source.lines.size(); ++i) {
        const int line = int(i + 1);
        const auto mark = std::find_if(marks.begin(), marks.end(),
                                       [&](const CudaStepMark& m) { return m.line == line; });
        const std::uint16_t id = mark == marks.end() ? 0 : std::uint16_t(line);
        card.listing.push_back({id, source.lines[i], ListingForm::Both});
        if (id) card.labels.push_back({id, cuda_step_phase(source.lines, *mark), mark->vars, ""});
    }
    card.shared_arrays = cuda_shared_arrays(source.lines);
    if (cuda_is_reduction(source.lines)) card.algorithm = Algorithm::Reduce;
    card.tree_view = card.algorithm == Algorithm::Scan;
}

}  // namespace

VariantInfo student_card(const StudentSource& source) {
    VariantInfo card;
    card.key = std::string(kStudentPrefix) + source.name;
    card.name = source.name + " (your kernel)";
    card.algorithm = Algorithm::Scan;
    card.source = source.path;
    card.lesson = "Your kernel, from " + source.path + ".";
    card.max_n = kMaxStudentN;
    card.tree_view = true;  // the history of shared memory, step by step, fits any block scan
    if (is_plain_cuda(source.lines)) {
        fill_cuda_card(source, card);
        if (card.labels.empty())
            throw std::runtime_error("'" + source.path + "': its __global__ function has no body");
        return card;
    }
    static const std::regex array(R"(auto\s+(\w+)\s*=\s*shared_memory\s*<)");
    for (std::size_t i = 0; i < source.lines.size(); ++i) {
        const std::string& line = source.lines[i];
        const std::uint16_t id = std::uint16_t(i + 1);
        std::vector<std::string> vars;
        const bool marks = step_call(line, vars);
        card.listing.push_back({marks ? id : std::uint16_t(0), line, ListingForm::Both});
        if (marks) {
            const std::size_t comment = line.find("//");
            std::string phase =
                comment == std::string::npos ? std::string() : trimmed(line.substr(comment + 2));
            if (phase.empty()) phase = "line " + std::to_string(id);
            card.labels.push_back({id, phase, vars, ""});
        }
        std::smatch m;
        if (std::regex_search(line, m, array)) card.shared_arrays.push_back(m[1].str());
    }
    if (card.labels.empty())
        throw std::runtime_error("'" + source.path +
                                 "' marks no step: end each step with b.sync(__LINE__);  // phase");
    return card;
}

}  // namespace scanscope
