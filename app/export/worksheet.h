// A worksheet for a lesson, as a PDF to print: each question on a page of its own with the
// picture it is asked from (the step before the one it asks about, as predict mode shows it),
// its choices and room to answer; the answer key, with the reasons, on the last pages.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "analysis/questions.h"
#include "player/session.h"
#include "style/theme.h"

namespace scanscope {

struct WorksheetOptions {
    std::string out;  // a .pdf
    std::string title;
    int width = 842, height = 595;  // points: A4, landscape
    // The lesson's own sentences (the window's step number -> sentence), shown under each picture.
    const std::map<int, std::string>* lesson_narration = nullptr;
};

// Writes the worksheet (whole or not at all); throws ExportError for a bad request (no
// questions, a name not ending in .pdf) and std::runtime_error when it cannot be written.
void write_worksheet(Session& session, const Theme& theme, const std::vector<Question>& questions,
                     const WorksheetOptions& options);

}  // namespace scanscope
