#include "export/worksheet.h"

#include <cairo-pdf.h>

#include <filesystem>
#include <memory>

#include "export/exporter.h"
#include "export/scene_painter.h"
#include "platform/file_write.h"
#include "player/view_scene.h"
#include "scenes/views.h"

namespace scanscope {
namespace {

constexpr const char* kSans = "DejaVu Sans";
constexpr double kMargin = 36;  // half an inch

// Writes `text` wrapped from (x, y), its first line's top; returns the y under it.
double paragraph(cairo_t* cr, const std::string& text, double x, double y, double width,
                 double size, const Color& color) {
    cairo_set_font_size(cr, size);
    cairo_set_source_rgb(cr, color.r, color.g, color.b);
    for (const std::string& line : wrap_text(cr, text, width)) {
        cairo_move_to(cr, x, y + size * 0.85);
        cairo_show_text(cr, line.c_str());
        y += size * 1.3;
    }
    return y;
}

std::string where(const Question& q) {
    return std::string(q.place.event ? "event " : "step ") + std::to_string(q.place.frame + 1);
}

}  // namespace

void write_worksheet(Session& s, const Theme& theme, const std::vector<Question>& questions,
                     const WorksheetOptions& o) {
    if (std::filesystem::path(o.out).extension() != ".pdf")
        throw ExportError("--out '" + o.out + "': a worksheet is a PDF: the name must end in .pdf");
    if (questions.empty()) throw ExportError("this lesson has no questions to put on a worksheet");
    std::string pdf;
    using Surface = std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)>;
    using Context = std::unique_ptr<cairo_t, decltype(&cairo_destroy)>;
    Surface surface(cairo_pdf_surface_create_for_stream(append_bytes, &pdf, o.width, o.height),
                    cairo_surface_destroy);
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATE_DATE, "");
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE, o.title.c_str());
    Context cr(cairo_create(surface.get()), cairo_destroy);
    const double w = o.width, h = o.height, text_w = w - 2 * kMargin;
    const ViewKind usual = s.view;
    const int keep_steps = s.steps.position(), keep_events = s.events.position();
    const int keep_lookback = s.lookback_launch();
    s.show_lookback_of(lookback_launch(s.trace()));  // the questions' events are the first's
    const Color ink{0.1f, 0.1f, 0.12f, 1}, dim{0.4f, 0.42f, 0.45f, 1};

    for (std::size_t i = 0; i < questions.size(); ++i) {
        const Question& q = questions[i];
        // The picture the question is asked from: the step before, as predict mode shows it,
        // with what the launch leaves still hidden.
        s.view = q.place.event                 ? ViewKind::LookBack
                 : usual == ViewKind::LookBack ? default_view(s.trace())
                                               : usual;
        s.timeline().seek(std::max(q.place.frame - 1, 0));
        ViewSceneOptions view;
        view.hide_later = true;
        const Scene scene = build_view_scene(s, theme, view);
        const StepSentence sentence = step_sentence(s, o.lesson_narration);

        cairo_set_source_rgb(cr.get(), 1, 1, 1);
        cairo_paint(cr.get());
        cairo_select_font_face(cr.get(), kSans, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
        double y = paragraph(cr.get(),
                             o.title + " · question " + std::to_string(i + 1) + " of " +
                                 std::to_string(questions.size()),
                             kMargin, kMargin, text_w, 14, ink);
        cairo_select_font_face(cr.get(), kSans, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
        y = paragraph(cr.get(),
                      "The picture shows " + sentence.what +
                          (sentence.narration.empty() ? "." : ": " + sentence.narration) +
                          " The question is about " + where(q) + ", the next one.",
                      kMargin, y + 2, text_w, 10, dim);
        // The picture, in the light theme's colours, on half the page.
        const double picture_h = 0.5 * h;
        cairo_save(cr.get());
        cairo_translate(cr.get(), kMargin, y + 4);
        cairo_rectangle(cr.get(), 0, 0, text_w, picture_h);
        cairo_clip(cr.get());
        PageLayout page;  // the paragraph above has said the step
        page.step_said_outside = true;
        paint_scene(cr.get(), scene, theme, text_w, picture_h, 0.8, nullptr, &page);
        cairo_restore(cr.get());
        y += picture_h + 12;
        cairo_select_font_face(cr.get(), kSans, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
        y = paragraph(cr.get(), q.prompt, kMargin, y, text_w, 13, ink);
        cairo_select_font_face(cr.get(), kSans, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
        for (std::size_t c = 0; c < q.choices.size(); ++c)
            y = paragraph(cr.get(),
                          std::string("[  ]  ") + choice_key(int(c)) + "   " + q.choices[c],
                          kMargin + 12, y + 3, text_w - 12, 12, ink);
        // Room to answer: why, in the student's words.
        y = paragraph(cr.get(), "Why (in your own words):", kMargin, y + 10, text_w, 11, dim);
        cairo_set_source_rgb(cr.get(), 0.75, 0.76, 0.78);
        cairo_set_line_width(cr.get(), 0.6);
        for (double line = y + 22; line < h - kMargin; line += 22) {
            cairo_move_to(cr.get(), kMargin, line);
            cairo_line_to(cr.get(), w - kMargin, line);
        }
        cairo_stroke(cr.get());
        cairo_show_page(cr.get());
    }

    // The answer key, question after question, over as many pages as it takes.
    double y = h;
    for (std::size_t i = 0; i < questions.size(); ++i) {
        const Question& q = questions[i];
        const std::string answer = std::to_string(i + 1) + ". " + where(q) + ": " +
                                   choice_key(q.right) + "  " + q.choices[std::size_t(q.right)];
        std::string why = q.explanation;
        if (!q.lesson_note.empty()) why += " " + q.lesson_note;
        cairo_set_font_size(cr.get(), 10);
        const double needed = 16 + 10 * 1.3 * double(wrap_text(cr.get(), why, text_w - 12).size());
        if (y + needed > h - kMargin) {
            if (i > 0) cairo_show_page(cr.get());
            cairo_set_source_rgb(cr.get(), 1, 1, 1);
            cairo_paint(cr.get());
            cairo_select_font_face(cr.get(), kSans, CAIRO_FONT_SLANT_NORMAL,
                                   CAIRO_FONT_WEIGHT_BOLD);
            y = paragraph(cr.get(), o.title + " · answer key", kMargin, kMargin, text_w, 14, ink) +
                8;
        }
        cairo_select_font_face(cr.get(), kSans, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
        y = paragraph(cr.get(), answer, kMargin, y, text_w, 12, ink);
        cairo_select_font_face(cr.get(), kSans, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
        y = paragraph(cr.get(), why, kMargin + 12, y + 2, text_w - 12, 10, dim) + 10;
    }
    cairo_show_page(cr.get());
    cr.reset();
    cairo_surface_finish(surface.get());
    s.view = usual;
    s.steps.seek(keep_steps);
    s.show_lookback_of(keep_lookback);
    s.events.seek(keep_events);
    if (cairo_surface_status(surface.get()) != CAIRO_STATUS_SUCCESS)
        throw std::runtime_error(std::string("PDF: ") +
                                 cairo_status_to_string(cairo_surface_status(surface.get())));
    write_file(o.out, pdf);
}

}  // namespace scanscope
