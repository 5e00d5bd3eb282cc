#include "model/json_lines.h"

#include <algorithm>
#include <cctype>
#include <vector>

namespace scanscope {
namespace {

// Where the parser is: each open container and its current child (a key or an index).
struct Open {
    bool array = false;
    int index = 0;
    std::string key;
};

std::string path_of(const std::vector<Open>& stack) {
    std::string path;
    for (std::size_t i = 0; i + 1 < stack.size(); ++i)
        path += "/" + (stack[i].array ? std::to_string(stack[i].index) : stack[i].key);
    return path;
}

}  // namespace

int LinedJson::line_of(std::string pointer) const {
    while (true) {
        if (auto found = lines.find(pointer); found != lines.end()) return found->second;
        const std::size_t slash = pointer.rfind('/');
        if (slash == std::string::npos || pointer.empty()) return 0;
        pointer.erase(slash);
        // An array element has no key of its own: its first key's line stands for it.
        if (auto child = lines.lower_bound(pointer + "/");
            child != lines.end() && child->first.rfind(pointer + "/", 0) == 0)
            return child->second;
    }
}

LinedJson parse_with_lines(const std::string& text) {
    LinedJson out;
    std::vector<Open> stack;
    std::size_t cursor = 0, counted = 0;
    int line = 1;
    auto line_at = [&](std::size_t pos) {
        line += int(std::count(text.begin() + std::ptrdiff_t(counted),
                               text.begin() + std::ptrdiff_t(pos), '\n'));
        counted = pos;
        return line;
    };
    auto element_done = [&] {
        if (!stack.empty() && stack.back().array) ++stack.back().index;
    };
    using Event = nlohmann::json::parse_event_t;
    auto callback = [&](int, Event event, nlohmann::json& parsed) {
        switch (event) {
            case Event::object_start:
                stack.push_back({false, 0, {}});
                break;
            case Event::array_start:
                stack.push_back({true, 0, {}});
                break;
            case Event::object_end:
            case Event::array_end:
                if (!stack.empty()) stack.pop_back();
                element_done();
                break;
            case Event::key: {
                if (stack.empty()) break;
                stack.back().key = parsed.get<std::string>();
                // Keys come in the order they are written: find this one after the last.
                const std::string needle = "\"" + stack.back().key + "\"";
                for (std::size_t at = text.find(needle, cursor); at != std::string::npos;
                     at = text.find(needle, at + 1)) {
                    std::size_t next = at + needle.size();
                    while (next < text.size() &&
                           std::isspace(static_cast<unsigned char>(text[next])))
                        ++next;
                    if (next < text.size() && text[next] == ':') {
                        cursor = next;
                        stack.push_back({});  // path_of leaves out the last entry
                        out.lines[path_of(stack)] = line_at(at);
                        stack.pop_back();
                        break;
                    }
                }
                break;
            }
            case Event::value:
                element_done();
                break;
        }
        return true;
    };
    out.value = nlohmann::json::parse(text, callback);
    return out;
}

std::string field_name(const std::string& pointer) {
    std::string name;
    std::size_t start = 1;
    while (start <= pointer.size() && !pointer.empty()) {
        const std::size_t end = std::min(pointer.find('/', start), pointer.size());
        const std::string part = pointer.substr(start, end - start);
        const bool index = !part.empty() && std::all_of(part.begin(), part.end(), ::isdigit);
        name += index ? "[" + part + "]" : (name.empty() ? "" : ".") + part;
        start = end + 1;
    }
    return name;
}

}  // namespace scanscope
