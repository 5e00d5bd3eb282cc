// grade --report DIR: a page for each student (Markdown), with the verdict, the lines it names
// (compile errors and warnings with their carets, the first difference, the first race, a split
// barrier) and, where the kernel parts from the reference, the pictures of that step, theirs
// beside the reference's (PNG, drawn as `scanscope export` draws them). And an index.md linking
// the pages.
#pragma once

#include <string>
#include <vector>

#include "student/student_verdict.h"

namespace scanscope {

struct ReportPage {
    std::string file;     // the kernel file's name
    std::string summary;  // "correct at n = 8, 64, 1024" or the reason
    int n = 0;            // the size the verdict below is from
    StudentVerdict verdict;
};

// Writes DIR/<stem>.md for each page (with DIR/<stem>-*.png where there is a picture) and
// DIR/index.md. Throws std::runtime_error when a file cannot be written.
void write_grade_report(const std::string& dir, const std::vector<ReportPage>& pages,
                        const std::string& like);

}  // namespace scanscope
