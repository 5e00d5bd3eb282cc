#include "export/exporter.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <gif_lib.h>

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "export/scene_painter.h"
#include "platform/file_write.h"
#include "player/view_scene.h"

namespace scanscope {
namespace {

using Surface = std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)>;
using Context = std::unique_ptr<cairo_t, decltype(&cairo_destroy)>;

void check(cairo_status_t status, const std::string& what) {
    if (status != CAIRO_STATUS_SUCCESS)
        throw std::runtime_error(what + ": " + cairo_status_to_string(status));
}

std::string xml_escaped(const std::string& text) {
    std::string out;
    for (char c : text) {
        switch (c) {
            case '&':
                out += "&amp;";
                break;
            case '<':
                out += "&lt;";
                break;
            case '>':
                out += "&gt;";
                break;
            case '"':
                out += "&quot;";
                break;
            default:
                out += c;
        }
    }
    return out;
}

// Cairo 1.16's SVG draws text as glyph outlines, which no search, screen reader or copy can read.
// Lay the same lines over them as real text, transparent, as OCR'd PDFs do: the picture is
// Cairo's, and a slide tool can find "25" in it.
void add_text_layer(std::string& svg, const std::vector<PaintedText>& texts) {
    char number[64];
    std::string layer = "<g id=\"text\" fill-opacity=\"0\">\n";
    for (const PaintedText& t : texts) {
        std::snprintf(number, sizeof number, "x=\"%.2f\" y=\"%.2f\" font-size=\"%.2f\"", t.x, t.y,
                      t.size);
        layer += std::string("<text ") + number + " font-family=\"" +
                 (t.mono ? "DejaVu Sans Mono" : "DejaVu Sans") + "\">" + xml_escaped(t.text) +
                 "</text>\n";
    }
    layer += "</g>\n";
    const std::size_t end = svg.rfind("</svg>");
    if (end == std::string::npos) throw std::runtime_error("SVG: Cairo wrote no </svg>");
    svg.insert(end, layer);
}

constexpr int kWidestRows = ViewSceneOptions{}.columns;  // the view's own rows

// The scene of the session's view at `frame` (0-based), settled (no glide), its rows `columns`
// elements wide where the view wraps them.
Scene frame_scene(Session& s, int frame, const Theme& theme, int columns) {
    s.timeline().seek(frame);
    ViewSceneOptions options;
    options.columns = columns;
    return build_view_scene(s, theme, options);
}

// The caption of the session's current step: what it is and its sentence.
std::string frame_caption(const Session& s, const ExportOptions& o) {
    const StepSentence sentence = step_sentence(s, o.lesson_narration);
    return sentence.narration.empty() ? sentence.what : sentence.what + ": " + sentence.narration;
}

Rect united(const Rect& a, const Rect& b) {
    if (a.w <= 0 || a.h <= 0) return b;
    const float x0 = std::min(a.x, b.x), y0 = std::min(a.y, b.y);
    return {x0, y0, std::max(a.right(), b.right()) - x0, std::max(a.bottom(), b.bottom()) - y0};
}

// How the pages of a launch's steps are laid out: the width of the rows where the view wraps
// them, and the page (the union of the pictures, at one scale).
struct RunLayout {
    int columns = kWidestRows;
    PageLayout page;
};

// The pages of `frames` (0-based steps) with rows `columns` wide: the union of their pictures
// with the labels as drawn, in the room `text_room` leaves.
PageLayout lay_out(Session& s, const std::vector<int>& frames, const Theme& theme,
                   const ExportOptions& o, const PageLayout& text_room, int columns,
                   cairo_t* measure) {
    PageLayout page = text_room;
    std::vector<Scene> pictures;  // the steps that draw one, for the refitting below
    for (int frame : frames) {
        Scene scene = frame_scene(s, frame, theme, columns);
        if (!scene.empty_message.empty()) continue;
        page.world = united(page.world, scene.bounds);
        page.readable_scale =
            std::max(page.readable_scale, readable_scale(measure, scene, o.ui_scale));
        page.notes = std::max(page.notes, scene.notes.size());
        pictures.push_back(std::move(scene));
    }
    // The labels' room depends on the scale (their size has a floor), the scale on the room:
    // fitted again with the labels as drawn, as the window fits its camera.
    for (int pass = 0; pass < 3 && page.world.w > 0; ++pass) {
        Rect world, values;
        for (const Scene& scene : pictures) {
            const double scale = fitted_scale(measure, scene, o.width, o.height, o.ui_scale, page);
            const bool step_said = page.caption_lines > 0;
            world = united(world, painted_bounds(measure, scene, scale, o.ui_scale, step_said));
            values =
                united(values, painted_bounds(measure, scene, scale, o.ui_scale, step_said, false));
        }
        page.world = world;
        page.values_world = values;
    }
    return page;
}

// The widest rows under which a launch's pictures fit across the page with every value at its
// readable size, as presenter mode narrows the window's rows; where none do, the widest (the
// page then shows the step's focus, as the window's first view does).
RunLayout run_layout(Session& s, const std::vector<int>& frames, const Theme& theme,
                     const ExportOptions& o, const PageLayout& text_room) {
    Surface probe(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1), cairo_surface_destroy);
    Context measure(cairo_create(probe.get()), cairo_destroy);
    std::optional<RunLayout> widest;
    for (int columns : {kWidestRows, 16, 8, 4}) {
        RunLayout run{columns, lay_out(s, frames, theme, o, text_room, columns, measure.get())};
        if (run.page.world.w <= 0) return run;  // nothing drawn: nothing to fit
        const Scene first = frame_scene(s, frames.front(), theme, columns);
        const double scale =
            fitted_scale(measure.get(), first, o.width, o.height, o.ui_scale, run.page);
        if (run.page.values_world.w * scale <= picture_width(o.width, o.ui_scale) + 0.5) return run;
        if (!widest) widest = std::move(run);
    }
    return *widest;
}

Surface paint_image(const Scene& scene, const Theme& theme, const ExportOptions& o,
                    const PageLayout& page) {
    Surface surface(cairo_image_surface_create(CAIRO_FORMAT_RGB24, o.width, o.height),
                    cairo_surface_destroy);
    Context cr(cairo_create(surface.get()), cairo_destroy);
    paint_scene(cr.get(), scene, theme, o.width, o.height, o.ui_scale, nullptr, &page);
    cairo_surface_flush(surface.get());
    check(cairo_surface_status(surface.get()), "drawing a frame");
    return surface;
}

// An animated GIF: each frame quantized to its own 256-colour map (giflib), looping.
class GifWriter {
  public:
    GifWriter(int width, int height, int delay_ms) : width_(width), height_(height) {
        int error = 0;
        gif_ = EGifOpen(&bytes_, &GifWriter::write, &error);
        if (!gif_) throw std::runtime_error(std::string("GIF: ") + GifErrorString(error));
        EGifSetGifVersion(gif_, true);
        if (EGifPutScreenDesc(gif_, width, height, 8, 0, nullptr) == GIF_ERROR) fail();
        // Loop forever (the NETSCAPE2.0 application extension).
        unsigned char loop[] = {1, 0, 0};
        if (EGifPutExtensionLeader(gif_, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
            EGifPutExtensionBlock(gif_, 11, "NETSCAPE2.0") == GIF_ERROR ||
            EGifPutExtensionBlock(gif_, 3, loop) == GIF_ERROR ||
            EGifPutExtensionTrailer(gif_) == GIF_ERROR)
            fail();
        delay_cs_ = std::max(1, delay_ms / 10);
    }
    ~GifWriter() {
        if (gif_) EGifCloseFile(gif_, nullptr);
    }
    void add(cairo_surface_t* image) {
        const int stride = cairo_image_surface_get_stride(image);
        const unsigned char* data = cairo_image_surface_get_data(image);
        const std::size_t pixels = std::size_t(width_) * std::size_t(height_);
        std::vector<GifByteType> r(pixels), g(pixels), b(pixels), index(pixels);
        for (int y = 0; y < height_; ++y)
            for (int x = 0; x < width_; ++x) {
                const std::uint32_t p =
                    *reinterpret_cast<const std::uint32_t*>(data + std::size_t(y) * stride + 4 * x);
                const std::size_t i = std::size_t(y) * width_ + x;
                r[i] = GifByteType(p >> 16), g[i] = GifByteType(p >> 8), b[i] = GifByteType(p);
            }
        int colours = 256;
        GifColorType palette[256];
        if (GifQuantizeBuffer(unsigned(width_), unsigned(height_), &colours, r.data(), g.data(),
                              b.data(), index.data(), palette) == GIF_ERROR)
            throw std::runtime_error("GIF: cannot quantize a frame");
        ColorMapObject* map = GifMakeMapObject(256, palette);
        GraphicsControlBlock control{};
        control.DelayTime = delay_cs_;
        control.TransparentColor = NO_TRANSPARENT_COLOR;
        GifByteType extension[4];
        const std::size_t length = EGifGCBToExtension(&control, extension);
        const bool ok =
            EGifPutExtension(gif_, GRAPHICS_EXT_FUNC_CODE, int(length), extension) != GIF_ERROR &&
            EGifPutImageDesc(gif_, 0, 0, width_, height_, false, map) != GIF_ERROR;
        GifFreeMapObject(map);
        if (!ok) fail();
        for (int y = 0; y < height_; ++y)
            if (EGifPutLine(gif_, index.data() + std::size_t(y) * width_, width_) == GIF_ERROR)
                fail();
    }
    std::string finish() {
        int error = 0;
        const int rc = EGifCloseFile(gif_, &error);
        gif_ = nullptr;
        if (rc == GIF_ERROR) throw std::runtime_error(std::string("GIF: ") + GifErrorString(error));
        return std::move(bytes_);
    }

  private:
    static int write(GifFileType* gif, const GifByteType* data, int length) {
        static_cast<std::string*>(gif->UserData)
            ->append(reinterpret_cast<const char*>(data), std::size_t(length));
        return length;
    }
    [[noreturn]] void fail() {
        throw std::runtime_error(std::string("GIF: ") + GifErrorString(gif_->Error));
    }
    int width_, height_, delay_cs_ = 80;
    std::string bytes_;
    GifFileType* gif_ = nullptr;
};

}  // namespace

std::string numbered_path(const std::string& path, int step, int count) {
    if (count <= 1) return path;
    const std::filesystem::path p(path);
    return (p.parent_path() / p.stem() /
            (p.stem().string() + "-" + std::to_string(step) + p.extension().string()))
        .string();
}

namespace {

namespace fs = std::filesystem;

// A series of files appears whole or not at all: it is written into a staging folder beside its
// own (.NAME-export-PID), which then takes the folder's place in one exchange of names (the old
// series, if any, is removed after). An export killed on the way leaves only its staging folder,
// which the next export of that name removes.
void write_series(const std::vector<std::pair<std::string, std::string>>& files) {
    const fs::path folder = fs::path(files.front().first).parent_path();
    const fs::path parent = folder.parent_path().empty() ? fs::path(".") : folder.parent_path();
    const std::string prefix = "." + folder.filename().string() + "-export-";
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(parent, ec)) {
        const std::string name = entry.path().filename().string();
        if (name.rfind(prefix, 0) != 0) continue;
        const std::string pid = name.substr(prefix.size());
        if (pid.find_first_not_of("0123456789") == std::string::npos &&
            !fs::exists("/proc/" + pid, ec))
            fs::remove_all(entry.path(), ec);  // a killed export's
    }
    const fs::path staging = parent / (prefix + std::to_string(::getpid()));
    fs::remove_all(staging, ec);
    if (!fs::create_directory(staging, ec))
        throw std::runtime_error("cannot write '" + staging.string() + "': " + ec.message());
    for (const auto& [path, bytes] : files)
        write_file((staging / fs::path(path).filename()).string(), bytes);
    if (::renameat2(AT_FDCWD, staging.c_str(), AT_FDCWD, folder.c_str(), RENAME_NOREPLACE) == 0)
        return;
    if (errno == EEXIST && fs::is_directory(folder, ec)) {
        if (::renameat2(AT_FDCWD, staging.c_str(), AT_FDCWD, folder.c_str(), RENAME_EXCHANGE) ==
            0) {
            fs::remove_all(staging, ec);  // the old series, now under the staging name
            return;
        }
        // A file system without exchange: the old series steps aside, the new one takes its
        // name (for a moment neither is there; never a mix of the two).
        const fs::path old = parent / (prefix + std::to_string(::getpid()) + "-old");
        if (::rename(folder.c_str(), old.c_str()) == 0 &&
            ::rename(staging.c_str(), folder.c_str()) == 0) {
            fs::remove_all(old, ec);
            return;
        }
    }
    const int error = errno;
    fs::remove_all(staging, ec);
    throw std::runtime_error("cannot write '" + folder.string() + "': " + std::strerror(error));
}

}  // namespace

std::vector<std::string> export_view(Session& s, const Theme& theme, const ExportOptions& o,
                                     const std::function<bool(int, int)>& progress) {
    if (!s.loaded()) throw ExportError("nothing to export: no trace loaded");
    const std::string extension = std::filesystem::path(o.out).extension().string();
    if (extension != ".png" && extension != ".gif" && extension != ".svg" && extension != ".pdf")
        throw ExportError("--out '" + o.out + "': the name must end in .png, .gif, .svg or .pdf");
    if (o.width < 64 || o.height < 64 || o.width > 8192 || o.height > 8192)
        throw ExportError("the size must be from 64x64 to 8192x8192");
    const int frames = s.timeline().size();
    const int last = o.last ? o.last : frames;
    if (last < o.first && last >= 1)
        throw ExportError("--steps " + std::to_string(o.first) + ".." + std::to_string(last) +
                          " runs backwards: give the first step first (" + std::to_string(last) +
                          ".." + std::to_string(o.first) + ")");
    if (o.first < 1 || last < o.first || last > frames)
        throw ExportError("--steps " + std::to_string(o.first) + ".." + std::to_string(last) +
                          ": this view has " + std::to_string(frames) + " steps, 1.." +
                          std::to_string(frames));
    const int count = last - o.first + 1;
    const int most = o.max_frames > 0 ? o.max_frames : kDefaultMaxFrames;
    if (count > most)
        throw ExportError("this export would draw " + std::to_string(count) + " frames (steps " +
                          std::to_string(o.first) + ".." + std::to_string(last) +
                          "), more than the " + std::to_string(most) +
                          " allowed: pick fewer with --steps, or allow them with --max-frames " +
                          std::to_string(count));
    const int keep = s.timeline().position();

    // Room for the most notes and the longest caption, the same on every page; then each
    // launch's steps laid out together (a cell keeps its size from step to step of a launch; a
    // launch of another size, a multi-block scan's scan of the block sums, is fitted on its own,
    // as the window fits it).
    PageLayout text_room;
    std::vector<int> launch_of(std::size_t(last - o.first + 1));
    {
        Surface probe(cairo_image_surface_create(CAIRO_FORMAT_RGB24, 1, 1), cairo_surface_destroy);
        Context measure(cairo_create(probe.get()), cairo_destroy);
        for (int step = o.first; step <= last; ++step) {
            const Scene scene = frame_scene(s, step - 1, theme, kWidestRows);
            launch_of[std::size_t(step - o.first)] = s.cursor().launch;
            text_room.notes = std::max(text_room.notes, scene.notes.size());
            if (o.caption)
                text_room.caption_lines = std::max(
                    text_room.caption_lines,
                    int(caption_lines(measure.get(), frame_caption(s, o), o.width, o.ui_scale)
                            .size()));
        }
    }
    std::map<int, RunLayout> layouts;  // by launch
    for (int launch : launch_of) {
        if (layouts.count(launch)) continue;
        std::vector<int> launch_frames;
        for (std::size_t i = 0; i < launch_of.size(); ++i)
            if (launch_of[i] == launch) launch_frames.push_back(o.first - 1 + int(i));
        layouts[launch] = run_layout(s, launch_frames, theme, o, text_room);
    }

    std::vector<std::pair<std::string, std::string>> files;  // written only when all are made
    std::string pdf;
    Surface pdf_surface(nullptr, cairo_surface_destroy);
    if (extension == ".pdf") {
        pdf_surface.reset(
            cairo_pdf_surface_create_for_stream(append_bytes, &pdf, o.width, o.height));
        // The same bytes every time: no creation date.
        cairo_pdf_surface_set_metadata(pdf_surface.get(), CAIRO_PDF_METADATA_CREATE_DATE, "");
        cairo_pdf_surface_set_metadata(pdf_surface.get(), CAIRO_PDF_METADATA_TITLE,
                                       s.trace().request.variant.c_str());
    }
    std::unique_ptr<GifWriter> gif;
    if (extension == ".gif") gif = std::make_unique<GifWriter>(o.width, o.height, o.delay_ms);

    for (int step = o.first; step <= last; ++step) {
        const RunLayout& run = layouts.at(launch_of[std::size_t(step - o.first)]);
        const Scene scene = frame_scene(s, step - 1, theme, run.columns);
        PageLayout page = run.page;
        if (o.caption) page.caption = frame_caption(s, o);
        if (extension == ".png") {
            std::string bytes;
            check(cairo_surface_write_to_png_stream(paint_image(scene, theme, o, page).get(),
                                                    append_bytes, &bytes),
                  "PNG");
            files.push_back({numbered_path(o.out, step, count), std::move(bytes)});
        } else if (extension == ".gif") {
            gif->add(paint_image(scene, theme, o, page).get());
        } else if (extension == ".svg") {
            std::string bytes;
            std::vector<PaintedText> texts;
            {
                Surface svg(
                    cairo_svg_surface_create_for_stream(append_bytes, &bytes, o.width, o.height),
                    cairo_surface_destroy);
                Context cr(cairo_create(svg.get()), cairo_destroy);
                paint_scene(cr.get(), scene, theme, o.width, o.height, o.ui_scale, &texts, &page);
                cairo_surface_finish(svg.get());
                check(cairo_surface_status(svg.get()), "SVG");
            }
            add_text_layer(bytes, texts);
            files.push_back({numbered_path(o.out, step, count), std::move(bytes)});
        } else {
            Context cr(cairo_create(pdf_surface.get()), cairo_destroy);
            paint_scene(cr.get(), scene, theme, o.width, o.height, o.ui_scale, nullptr, &page);
            cairo_show_page(cr.get());
        }
        if (progress && !progress(step - o.first + 1, count)) {
            s.timeline().seek(keep);
            return {};
        }
    }
    s.timeline().seek(keep);
    if (gif) files.push_back({o.out, gif->finish()});
    if (pdf_surface) {
        cairo_surface_finish(pdf_surface.get());
        check(cairo_surface_status(pdf_surface.get()), "PDF");
        files.push_back({o.out, std::move(pdf)});
    }
    std::vector<std::string> written;
    if (files.size() > 1)
        write_series(files);
    else
        for (const auto& [path, bytes] : files)
            write_file(path, bytes);
    for (const auto& file : files)
        written.push_back(file.first);
    return written;
}

}  // namespace scanscope
