#include "cli/grade_report.h"

#include <filesystem>
#include <sstream>

#include "model/trace_queries.h"
#include "platform/file_write.h"
#include "student/student_verdict.h"

#if SCANSCOPE_HAVE_EXPORT
#include "export/exporter.h"
#include "player/session.h"
#include "scenes/views.h"
#include "style/theme.h"
#endif

namespace scanscope {
namespace fs = std::filesystem;
namespace {

// A picture of one step of `trace` (its array view), as `scanscope export` draws it; the file's
// name, or empty where this build cannot draw.
std::string picture(const Trace& trace, int step, const std::string& path) {
#if SCANSCOPE_HAVE_EXPORT
    Session session;
    session.load(trace);
    session.view = ViewKind::Array;  // every word, the step's writes marked
    int frame = 0;
    for (std::size_t f = 0; f < session.frames().size(); ++f)
        if (session.frames()[f].launch == 0 && session.frames()[f].step == step) frame = int(f) + 1;
    if (frame == 0) return {};
    ExportOptions o;
    o.out = path;
    o.width = 1600;
    o.height = 600;
    o.first = o.last = frame;  // the scene draws its own caption
    export_view(session, builtin_theme("light"), o);
    return fs::path(path).filename().string();
#else
    (void)trace, (void)step, (void)path;
    return {};
#endif
}

// One line of a table cell: no newlines, no column bars.
std::string cell(std::string s) {
    for (char& c : s)
        if (c == '\n') c = ' ';
    std::string out;
    for (char c : s)
        out += c == '|' ? std::string("\\|") : std::string(1, c);
    return out;
}

std::string code_block(const std::vector<CompileError>& messages) {
    std::string text = "```text\n";
    for (const CompileError& e : messages)
        text += e.text() + "\n";
    return text + "```\n";
}

std::string page(const ReportPage& p, const std::string& like, const std::string& dir) {
    const StudentVerdict& v = p.verdict;
    const std::string stem = fs::path(p.file).stem().string();
    std::ostringstream md;
    md << "# " << p.file << "\n\n" << cell(p.summary.substr(0, p.summary.find('\n'))) << "\n\n";
    md << "| | n = " << p.n << " |\n|---|---|\n";
    md << "| compiles | "
       << (v.compiled ? (v.warnings.empty() ? "yes"
                                            : "yes, with " + std::to_string(v.warnings.size()) +
                                                  " warning" + (v.warnings.size() > 1 ? "s" : ""))
                      : "no")
       << " |\n";
    if (v.compiled) md << "| runs | " << (v.ran ? "yes" : "no: " + cell(v.failure)) << " |\n";
    if (v.ran) {
        md << "| output | " << (v.correct ? "correct" : "wrong: " + cell(v.wrong)) << " |\n";
        md << "| against " << like << " | "
           << (v.first_difference.empty() ? "the same shared memory at every step"
                                          : cell(v.first_difference))
           << " |\n";
        md << "| races | " << v.hazards
           << (v.first_hazard.empty() ? "" : "; the first, at " + cell(v.first_hazard)) << " |\n";
        if (!v.barrier_split.empty()) md << "| barrier | " << cell(v.barrier_split) << " |\n";
        md << "| bank conflicts | " << v.conflicts.load_conflicts << " on loads, "
           << v.conflicts.store_conflicts << " on stores (worst " << v.conflicts.max_degree
           << "-way) |\n";
    }
    if (!v.compile_errors.empty())
        md << "\n## What the compiler said\n\n" << code_block(v.compile_errors);
    if (!v.warnings.empty()) md << "\n## Warnings\n\n" << code_block(v.warnings);
    if (v.trace && v.reference && v.difference_step >= 0) {
        const int k = v.difference_step;
        const std::string base =
            stem + "-n" + std::to_string(p.n) + "-step" + std::to_string(k + 1);
        const std::string mine = picture(*v.trace, k, (fs::path(dir) / (base + ".png")).string());
        const std::string theirs =
            picture(*v.reference, k, (fs::path(dir) / (base + "-" + like + ".png")).string());
        md << "\n## Step " << k + 1 << ", where it first differs\n\n";
        if (!mine.empty() && !theirs.empty())
            md << "| yours | " << like << " |\n|---|---|\n| ![yours](" << mine << ") | ![" << like
               << "](" << theirs << ") |\n";
        else
            md << "(This build draws no pictures: it was configured without Cairo.)\n";
    }
    return md.str();
}

}  // namespace

void write_grade_report(const std::string& dir, const std::vector<ReportPage>& pages,
                        const std::string& like) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) throw std::runtime_error("--report '" + dir + "': " + ec.message());
    std::ostringstream index;
    index << "# Grades against " << like << "\n\n| kernel | verdict |\n|---|---|\n";
    for (const ReportPage& p : pages) {
        const std::string name = fs::path(p.file).stem().string() + ".md";
        write_file((fs::path(dir) / name).string(), page(p, like, dir));
        const std::string first_line = p.summary.substr(0, p.summary.find('\n'));
        index << "| [" << p.file << "](" << name << ") | " << cell(first_line) << " |\n";
    }
    write_file((fs::path(dir) / "index.md").string(), index.str());
}

}  // namespace scanscope
