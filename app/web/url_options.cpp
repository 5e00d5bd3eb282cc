#include "web/url_options.h"

#include <cctype>
#include <charconv>
#include <cstdlib>

namespace scanscope {
namespace {

int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

// %XX and '+' as a form encodes them.
bool url_decode(const std::string& in, std::string& out) {
    out.clear();
    for (std::size_t i = 0; i < in.size(); ++i) {
        if (in[i] == '+') {
            out += ' ';
        } else if (in[i] == '%') {
            if (i + 2 >= in.size()) return false;
            const int hi = hex_digit(in[i + 1]), lo = hex_digit(in[i + 2]);
            if (hi < 0 || lo < 0) return false;
            out += char(hi * 16 + lo);
            i += 2;
        } else {
            out += in[i];
        }
    }
    return true;
}

bool positive_int(const std::string& text, int& value) {
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    return ec == std::errc() && ptr == end && value >= 0;
}

bool flag(const std::string& text, bool& value) {
    if (text == "1" || text == "true" || text.empty()) return value = true, true;
    if (text == "0" || text == "false") return value = false, true;
    return false;
}

// Lesson and view keys are plain words: letters, digits, '-' and '_'.
bool plain_key(const std::string& text) {
    if (text.empty() || text.size() > 64) return false;
    for (char c : text)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-' && c != '_') return false;
    return true;
}

}  // namespace

bool options_from_query(const std::string& query, GuiOptions& options, std::string& error) {
    std::string rest = !query.empty() && query[0] == '?' ? query.substr(1) : query;
    while (!rest.empty()) {
        const std::size_t amp = rest.find('&');
        const std::string pair = rest.substr(0, amp);
        rest = amp == std::string::npos ? "" : rest.substr(amp + 1);
        if (pair.empty()) continue;
        const std::size_t eq = pair.find('=');
        std::string name, value;
        if (!url_decode(pair.substr(0, eq), name) ||
            !url_decode(eq == std::string::npos ? "" : pair.substr(eq + 1), value)) {
            error = "the address has a broken %-escape in '" + pair + "'";
            return false;
        }
        bool ok = true;
        if (name == "lesson") {
            ok = plain_key(value);
            options.lesson = value;
        } else if (name == "view") {
            ok = plain_key(value);
            options.view = value;
        } else if (name == "step") {
            ok = positive_int(value, options.step) && options.step >= 1;
        } else if (name == "block") {
            ok = positive_int(value, options.block);
        } else if (name == "presenter") {
            ok = flag(value, options.presenter);
        } else if (name == "predict") {
            ok = flag(value, options.predict);
        } else if (name == "scale") {
            // The UI's scale, as --ui-scale: for a projector, 1.5 or 2.
            char* end = nullptr;
            options.ui_scale = std::strtof(value.c_str(), &end);
            ok = !value.empty() && end == value.c_str() + value.size() &&
                 options.ui_scale >= 0.5f && options.ui_scale <= 4.0f;
        } else if (name == "theme") {
            ok = value == "dark" || value == "light";
            options.theme = value;
        } else {
            error = "the address names '" + name +
                    "', which the page does not know (it takes lesson, step, view, presenter, "
                    "predict, theme, scale and block)";
            return false;
        }
        if (!ok) {
            error = "the address's " + name + "=" + value + " is not a value it takes";
            return false;
        }
    }
    return true;
}

}  // namespace scanscope
