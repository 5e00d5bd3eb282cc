#include "style/theme.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <map>

namespace scanscope {
namespace {

constexpr Color rgb(unsigned hex, float a = 1.0f) {
    return {float((hex >> 16) & 0xff) / 255.0f, float((hex >> 8) & 0xff) / 255.0f,
            float(hex & 0xff) / 255.0f, a};
}

Theme dark_theme() {
    Theme t;
    t.name = "dark";
    t.dark = true;
    t.background = rgb(0x14161b);
    t.panel = rgb(0x1b1e25);
    t.panel_border = rgb(0x2c313b);
    t.text = rgb(0xe6e8ec);
    t.text_dim = rgb(0x8a92a3);
    t.accent = rgb(0x4c9aff);
    t.accent_text = rgb(0x0b1220);
    t.widget = rgb(0x262a33);
    t.widget_hover = rgb(0x323845);
    t.cell = rgb(0x232833);
    t.cell_border = rgb(0x3a4150);
    t.cell_text = rgb(0xe6e8ec);
    t.read = rgb(0x4c9aff);
    t.write = rgb(0xffb454);
    t.arrow = rgb(0x9aa5b8);
    t.hazard = rgb(0xff4d5e);
    t.code_highlight = rgb(0x4c9aff, 0.28f);
    t.conflict = {rgb(0x3ecf6e), rgb(0xa8d94a), rgb(0xf2c744),
                  rgb(0xf59a3c), rgb(0xef5b3b), rgb(0xd1243a)};
    return t;
}

}  // namespace

void apply_palette(Theme& t, const std::string& palette) {
    t.palette = palette;
    if (palette != "colorblind") return;
    t.read = t.dark ? rgb(0x56b4e9) : rgb(0x0072b2);    // sky blue / blue
    t.write = rgb(0xe69f00);                            // orange
    t.hazard = t.dark ? rgb(0xff6e2e) : rgb(0xd55e00);  // vermillion
    t.accent = t.read;
    t.code_highlight = Color{t.read.r, t.read.g, t.read.b, 0.28f};
    // viridis from blue-green (no conflict) to yellow (32-way)
    t.conflict = {rgb(0x31688e), rgb(0x26828e), rgb(0x1f9e89),
                  rgb(0x6ece58), rgb(0xb5de2b), rgb(0xfde725)};
}

namespace {

Theme light_theme() {
    // For projectors: dark text on light panels, saturated highlights that survive washed-out
    // colours.
    Theme t = dark_theme();
    t.name = "light";
    t.dark = false;
    t.background = rgb(0xf4f5f7);
    t.panel = rgb(0xffffff);
    t.panel_border = rgb(0xc9ced8);
    t.text = rgb(0x11141a);
    t.text_dim = rgb(0x596273);
    t.accent = rgb(0x0b62d6);
    t.accent_text = rgb(0xffffff);
    t.widget = rgb(0xe6e9ef);
    t.widget_hover = rgb(0xd5dbe6);
    t.cell = rgb(0xf0f2f6);
    t.cell_border = rgb(0x9aa3b3);
    t.cell_text = rgb(0x11141a);
    t.read = rgb(0x0b62d6);
    t.write = rgb(0xd46b00);
    t.arrow = rgb(0x4a5364);
    t.hazard = rgb(0xd0021b);
    t.code_highlight = rgb(0x0b62d6, 0.18f);
    t.conflict = {rgb(0x1a9e4b), rgb(0x7fb21c), rgb(0xd4a300),
                  rgb(0xe07800), rgb(0xd8431f), rgb(0xb0001e)};
    return t;
}

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace

Theme builtin_theme(const std::string& name) {
    return name == "light" ? light_theme() : dark_theme();
}

std::optional<Color> parse_hex_color(const std::string& text) {
    if ((text.size() != 7 && text.size() != 9) || text[0] != '#') return std::nullopt;
    float channels[4] = {0, 0, 0, 1};
    for (std::size_t i = 1, c = 0; i < text.size(); i += 2, ++c) {
        const int hi = hex_digit(text[i]), lo = hex_digit(text[i + 1]);
        if (hi < 0 || lo < 0) return std::nullopt;
        channels[c] = float(hi * 16 + lo) / 255.0f;
    }
    return Color{channels[0], channels[1], channels[2], channels[3]};
}

std::optional<Theme> load_theme_file(const std::string& path, std::string& error) {
    std::ifstream file(path);
    if (!file) {
        error = "cannot open theme file '" + path + "'";
        return std::nullopt;
    }
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(file);
    } catch (const nlohmann::json::parse_error& e) {
        error = "theme file '" + path + "' is not valid JSON: " + e.what();
        return std::nullopt;
    }
    if (!doc.is_object()) {
        error = "theme file '" + path + "' must hold a JSON object";
        return std::nullopt;
    }
    Theme theme = builtin_theme(doc.value("base", std::string("dark")));
    theme.name = doc.value("name", theme.name);

    std::map<std::string, Color*> slots = {{"background", &theme.background},
                                           {"panel", &theme.panel},
                                           {"panel_border", &theme.panel_border},
                                           {"text", &theme.text},
                                           {"text_dim", &theme.text_dim},
                                           {"accent", &theme.accent},
                                           {"accent_text", &theme.accent_text},
                                           {"widget", &theme.widget},
                                           {"widget_hover", &theme.widget_hover},
                                           {"cell", &theme.cell},
                                           {"cell_border", &theme.cell_border},
                                           {"cell_text", &theme.cell_text},
                                           {"read", &theme.read},
                                           {"write", &theme.write},
                                           {"arrow", &theme.arrow},
                                           {"hazard", &theme.hazard},
                                           {"code_highlight", &theme.code_highlight}};
    const nlohmann::json colors = doc.value("colors", nlohmann::json::object());
    if (!colors.is_object()) {
        error = "theme file '" + path + "': \"colors\" must be an object";
        return std::nullopt;
    }
    for (const auto& [key, value] : colors.items()) {
        auto parse = [&](const nlohmann::json& v) -> std::optional<Color> {
            return v.is_string() ? parse_hex_color(v.get<std::string>()) : std::nullopt;
        };
        if (key == "conflict") {
            if (!value.is_array() || value.size() != theme.conflict.size()) {
                error = "theme file '" + path + "': \"conflict\" must list 6 colours";
                return std::nullopt;
            }
            for (std::size_t i = 0; i < theme.conflict.size(); ++i) {
                auto c = parse(value[i]);
                if (!c) {
                    error = "theme file '" + path + "': conflict colour " + std::to_string(i) +
                            " is not #rrggbb";
                    return std::nullopt;
                }
                theme.conflict[i] = *c;
            }
            continue;
        }
        auto slot = slots.find(key);
        if (slot == slots.end()) {
            error = "theme file '" + path + "': unknown colour \"" + key + "\"";
            return std::nullopt;
        }
        auto c = parse(value);
        if (!c) {
            error = "theme file '" + path + "': colour \"" + key + "\" is not #rrggbb or #rrggbbaa";
            return std::nullopt;
        }
        *slot->second = *c;
    }
    return theme;
}

}  // namespace scanscope
