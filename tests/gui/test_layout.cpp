#include <gtest/gtest.h>

#include "gui/layout.h"

namespace scanscope {
namespace {

std::vector<Rect> all(const PanelLayout& l) {
    return {l.controls, l.canvas, l.code, l.banks, l.timings, l.timeline, l.status};
}

bool overlap(const Rect& a, const Rect& b) {
    const float eps = 1e-3f;
    return a.x + eps < b.right() && b.x + eps < a.right() && a.y + eps < b.bottom() &&
           b.y + eps < a.bottom();
}

TEST(Layout, PanelsTileTheWindowWithoutOverlap) {
    for (auto [w, h, scale] : {std::tuple{1600.f, 1000.f, 1.f},
                               {1280.f, 720.f, 1.f},
                               {3840.f, 2160.f, 2.f},
                               {1920.f, 1080.f, 1.5f}}) {
        const float top = 22.f * scale;
        PanelLayout l = compute_layout(w, h, top, scale);
        float area = 0;
        for (const Rect& r : all(l)) {
            EXPECT_GE(r.w, 0);
            EXPECT_GE(r.h, 0);
            EXPECT_GE(r.x, 0);
            EXPECT_GE(r.y, top - 1e-3f);
            EXPECT_LE(r.right(), w + 1e-3f);
            EXPECT_LE(r.bottom(), h + 1e-3f);
            area += r.w * r.h;
        }
        EXPECT_NEAR(area, w * (h - top), 1.0f);
        auto rects = all(l);
        for (std::size_t i = 0; i < rects.size(); ++i)
            for (std::size_t j = i + 1; j < rects.size(); ++j)
                EXPECT_FALSE(overlap(rects[i], rects[j])) << i << " vs " << j;
        EXPECT_GT(l.canvas.w * l.canvas.h, 0.25f * w * h) << "the canvas is the largest panel";
    }
}

// Presenter mode at every projector size and scale: canvas and Banks across the window, nothing
// overlapping, the side panels folded away, the overlays over the canvas only.
TEST(Layout, PresenterModeGivesTheCanvasAndBanksTheWindow) {
    for (auto [w, h] :
         {std::pair{1024.f, 768.f}, {1280.f, 720.f}, {1600.f, 1000.f}, {1920.f, 1080.f}})
        for (float scale : {1.f, 1.5f, 2.f}) {
            const float top = 22.f * scale;
            const PanelLayout l = compute_layout(w, h, top, scale, LayoutMode::Presenter);
            EXPECT_EQ(l.mode, LayoutMode::Presenter);
            float area = 0;
            for (const Rect& r : all(l)) {
                EXPECT_GE(r.x, 0);
                EXPECT_LE(r.right(), w + 1e-3f);
                EXPECT_LE(r.bottom(), h + 1e-3f);
                area += r.w * r.h;
            }
            EXPECT_NEAR(area, w * (h - top), 1.0f) << w << "x" << h << " at " << scale;
            auto rects = all(l);
            for (std::size_t i = 0; i < rects.size(); ++i)
                for (std::size_t j = i + 1; j < rects.size(); ++j)
                    EXPECT_FALSE(overlap(rects[i], rects[j])) << i << " vs " << j;
            // Landscape: side by side, each the full height, the canvas the wider.
            EXPECT_EQ(l.canvas.w + l.banks.w, w);
            EXPECT_EQ(l.canvas.h, l.banks.h);
            EXPECT_EQ(l.banks.x, l.canvas.right());
            EXPECT_GE(l.banks.w, 0.4f * w) << "room for the Banks drawing";
            EXPECT_GT(l.canvas.w, l.banks.w) << "the canvas stays the largest";
            EXPECT_EQ(l.controls.w * l.controls.h + l.code.w * l.code.h + l.timings.w * l.timings.h,
                      0.f);
            for (const Rect& o : {l.overlay_left, l.overlay_right}) {
                EXPECT_GE(o.x, l.canvas.x);
                EXPECT_LE(o.right(), l.canvas.right() + 1e-3f);
                EXPECT_EQ(o.y, l.canvas.y);
                EXPECT_EQ(o.h, l.canvas.h);
            }
        }
}

// A portrait screen stacks the canvas over the Banks drawing, the canvas the taller.
TEST(Layout, PresenterModeOnAPortraitScreenStacks) {
    const PanelLayout l = compute_layout(800, 1280, 22, 1.0f, LayoutMode::Presenter);
    EXPECT_EQ(l.canvas.w, 800.f);
    EXPECT_EQ(l.banks.w, 800.f);
    EXPECT_EQ(l.banks.y, l.canvas.bottom());
    EXPECT_GT(l.canvas.h, l.banks.h);
    EXPECT_GE(l.banks.h, 0.3f * (l.canvas.h + l.banks.h));
}

// The presenter keeps the asked-for scale where it fits, steps down (in quarters, not below 1)
// where it would leave the pictures no room.
TEST(Layout, PresenterScaleFitsTheWindow) {
    EXPECT_EQ(fitting_ui_scale(1920, 1080, 2.0f), 2.0f);
    EXPECT_EQ(fitting_ui_scale(1600, 1000, 2.0f), 2.0f);
    EXPECT_EQ(fitting_ui_scale(1280, 720, 2.0f), 1.5f);
    EXPECT_EQ(fitting_ui_scale(1280, 720, 1.5f), 1.5f);
    EXPECT_EQ(fitting_ui_scale(1024, 768, 2.0f), 1.25f);
    EXPECT_EQ(fitting_ui_scale(1024, 768, 1.0f), 1.0f);
    EXPECT_EQ(fitting_ui_scale(400, 300, 2.0f), 1.0f) << "never below 1";
    EXPECT_EQ(fitting_ui_scale(400, 300, 0.75f), 0.75f) << "nor above what was asked";
}

TEST(Layout, TinyWindowsGiveEmptyButValidRects) {
    PanelLayout l = compute_layout(50, 30, 20, 2.0f);
    for (const Rect& r : all(l)) {
        EXPECT_GE(r.w, 0);
        EXPECT_GE(r.h, 0);
    }
}

}  // namespace
}  // namespace scanscope
