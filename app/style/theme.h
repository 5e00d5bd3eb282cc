// Colour themes: the ImGui chrome and the palette the views draw with. Loaded from
// assets/themes/NAME.json; every colour missing from the file keeps its built-in value.
#pragma once

#include <array>
#include <optional>
#include <string>

namespace scanscope {

struct Color {
    float r = 0, g = 0, b = 0, a = 1;
};

struct Theme {
    std::string name;
    bool dark = true;
    std::string palette = "standard";  // or "colorblind" (apply_palette)
    // Chrome
    Color background, panel, panel_border, text, text_dim, accent, accent_text, widget,
        widget_hover;
    // The views' palette
    Color cell, cell_border, cell_text, read, write, arrow, hazard, code_highlight;
    // Conflict degree 1 (none), 2, 3-4, 5-8, 9-16, 17-32: green to red.
    std::array<Color, 6> conflict;
};

Theme builtin_theme(const std::string& name);  // "dark" or "light"; anything else: dark

// The views' colours for readers who do not tell red from green: reads, writes and hazards in
// Okabe and Ito's colour-blind-safe set (blue, orange, vermillion), conflict degree on viridis,
// whose lightness rises with the degree (the Banks drawing also writes the degree as a number).
// "standard" leaves the theme as it is.
void apply_palette(Theme& theme, const std::string& palette);

// Reads a theme file over the built-in theme its "base" names. On error returns nullopt and
// sets `error` to a message that names the file and the problem.
std::optional<Theme> load_theme_file(const std::string& path, std::string& error);

// "#rrggbb" or "#rrggbbaa"; nullopt when malformed.
std::optional<Color> parse_hex_color(const std::string& text);

}  // namespace scanscope
