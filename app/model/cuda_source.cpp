#include "model/cuda_source.h"

#include <cctype>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

namespace scanscope {
namespace {

std::string joined(const std::vector<std::string>& lines) {
    std::string text;
    for (const std::string& l : lines)
        text += l + "\n";
    return text;
}

int line_of(const std::string& text, std::size_t pos) {
    int line = 1;
    for (std::size_t i = 0; i < pos && i < text.size(); ++i)
        line += text[i] == '\n';
    return line;
}

// The position of the bracket that closes the one at `open`, or npos.
std::size_t matching(const std::string& code, std::size_t open) {
    const char o = code[open], c = o == '(' ? ')' : '}';
    int depth = 0;
    for (std::size_t i = open; i < code.size(); ++i) {
        if (code[i] == o) ++depth;
        if (code[i] == c && --depth == 0) return i;
    }
    return std::string::npos;
}

// Where the body of a for or an if that starts at `body` ends: its closing brace, or the ';' of
// its one statement (or the end of a block that statement opens); npos when the file ends first.
std::size_t body_end(const std::string& code, std::size_t body) {
    if (code[body] == '{') return matching(code, body);
    int parens = 0, braces = 0;
    for (std::size_t i = body; i < code.size(); ++i) {
        const char c = code[i];
        parens += (c == '(') - (c == ')');
        braces += (c == '{') - (c == '}');
        if ((c == ';' && parens == 0 && braces == 0) || (c == '}' && braces == 0)) return i;
    }
    return std::string::npos;
}

struct Loop {
    std::size_t begin, end;  // the body
    std::string var;
    std::size_t header;
};

// Every for-loop with the variable its header declares, and the extent of its body.
std::vector<Loop> for_loops(const std::string& code) {
    static const std::regex header(R"(\bfor\s*\()");
    static const std::regex declared(
        R"(^\s*(?:const\s+)?(?:unsigned\s+int|unsigned|int|long|short|size_t|uint32_t|int32_t|auto)\s+(\w+)\s*=)");
    std::vector<Loop> loops;
    for (std::sregex_iterator it(code.begin(), code.end(), header), end; it != end; ++it) {
        const std::size_t open = std::size_t(it->position() + it->length() - 1);
        const std::size_t close = matching(code, open);
        if (close == std::string::npos) continue;
        std::smatch m;
        const std::string head = code.substr(open + 1, close - open - 1);
        if (!std::regex_search(head, m, declared)) continue;
        const std::size_t body = code.find_first_not_of(" \t\n\r", close + 1);
        if (body == std::string::npos) continue;
        const std::size_t stop = body_end(code, body);
        if (stop != std::string::npos) loops.push_back({body, stop, m[1].str(), open});
    }
    return loops;
}

}  // namespace

std::string code_only(const std::vector<std::string>& lines) {
    std::string text = joined(lines);
    enum { Code, Line, Block, String, Char } state = Code;
    for (std::size_t i = 0; i < text.size(); ++i) {
        char& c = text[i];
        const char next = i + 1 < text.size() ? text[i + 1] : '\0';
        switch (state) {
            case Code:
                if (c == '/' && next == '/')
                    state = Line;
                else if (c == '/' && next == '*')
                    state = Block;
                else if (c == '"')
                    state = String;
                else if (c == '\'')
                    state = Char;
                else
                    continue;
                if (state == Line || state == Block) c = ' ';
                continue;
            case Line:
                if (c == '\n')
                    state = Code;
                else
                    c = ' ';
                continue;
            case Block:
                if (c == '*' && next == '/') {
                    c = text[i + 1] = ' ';
                    ++i;
                    state = Code;
                } else if (c != '\n') {
                    c = ' ';
                }
                continue;
            case String:
            case Char:
                if (c == '\\' && next != '\n') {
                    c = text[i + 1] = ' ';
                    ++i;
                } else if (c == (state == String ? '"' : '\'') || c == '\n') {
                    state = Code;
                } else {
                    c = ' ';
                }
                continue;
        }
    }
    return text;
}

bool is_plain_cuda(const std::vector<std::string>& lines) {
    static const std::regex global(R"(\b__global__\b)");
    const std::string code = code_only(lines);
    return std::regex_search(code, global);
}

std::vector<CudaStepMark> cuda_step_marks(const std::vector<std::string>& lines) {
    const std::string code = code_only(lines);
    std::vector<CudaStepMark> marks;
    if (const std::size_t g = code.find("__global__"); g != std::string::npos)
        if (const std::size_t brace = code.find('{', g); brace != std::string::npos) {
            CudaStepMark start;
            start.line = line_of(code, brace);
            start.start = true;
            marks.push_back(start);
        }
    const std::vector<Loop> loops = for_loops(code);
    static const std::regex barrier(R"(\b(__syncthreads|__syncwarp)\s*\()");
    for (std::sregex_iterator it(code.begin(), code.end(), barrier), end; it != end; ++it) {
        const std::size_t pos = std::size_t(it->position());
        const std::size_t line_start = code.rfind('\n', pos) + 1;  // npos + 1 == 0
        if (code[code.find_first_not_of(" \t", line_start)] == '#')
            continue;  // in a macro's definition: the rewrite sees it where it expands
        CudaStepMark m;
        m.line = line_of(code, pos);
        m.warp = (*it)[1].str() == "__syncwarp";
        for (const Loop& l : loops)  // for_loops lists outer loops before the ones they hold
            if (l.begin <= pos && pos < l.end) {
                m.vars.push_back(l.var);
                m.loop_line = line_of(code, l.header);
            }
        if (m.vars.size() > 3) m.vars.erase(m.vars.begin(), m.vars.end() - 3);
        if (!marks.empty() && marks.back().line == m.line) continue;  // one mark a line
        marks.push_back(m);
    }
    return marks;
}

std::map<std::string, std::string> cuda_annotation(const std::vector<std::string>& lines) {
    static const std::regex note(R"(//\s*scanscope:(.*)$)");
    static const std::set<std::string> keys = {"threads", "blocks", "shared", "in", "out", "kind"};
    std::map<std::string, std::string> found;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        std::smatch m;
        if (!std::regex_search(lines[i], m, note)) continue;
        const std::string where = "line " + std::to_string(i + 1) + " (// scanscope:)";
        std::istringstream words(m[1].str());
        for (std::string word; words >> word;) {
            const std::size_t eq = word.find('=');
            if (eq == std::string::npos || eq == 0 || eq + 1 == word.size())
                throw std::runtime_error(where + ": '" + word +
                                         "' is not key=value (write threads=n/2 with no spaces)");
            const std::string key = word.substr(0, eq);
            if (!keys.count(key))
                throw std::runtime_error(where + ": unknown key '" + key +
                                         "' (the keys: threads, blocks, shared, in, out, kind)");
            found[key] = word.substr(eq + 1);
        }
    }
    return found;
}

std::vector<std::string> cuda_shared_arrays(const std::vector<std::string>& lines) {
    static const std::regex array(R"(__shared__\s+(?:[\w:<>]+\s*\*?\s+)+?(\w+)\s*[\[;])");
    const std::string code = code_only(lines);
    std::vector<std::string> names;
    for (std::sregex_iterator it(code.begin(), code.end(), array), end; it != end; ++it)
        names.push_back((*it)[1].str());
    return names;
}

std::string cuda_kernel_name(const std::vector<std::string>& lines) {
    static const std::regex kernel(R"(__global__\s+(?:[\w:<>*]+\s+)*?(\w+)\s*\()");
    const std::string code = code_only(lines);
    std::smatch m;
    return std::regex_search(code, m, kernel) ? m[1].str() : std::string();
}

std::string cuda_element_type(const std::vector<std::string>& lines) {
    static const std::regex first(
        R"(__global__[^(]*\(\s*(?:const\s+)?(float|int|unsigned\s+int|unsigned)\s*(?:const\s*)?\*)");
    const std::string code = code_only(lines);
    std::smatch m;
    if (!std::regex_search(code, m, first)) return {};
    return m[1].str() == "float" ? "float" : "int";
}

bool cuda_is_reduction(const std::vector<std::string>& lines) {
    const auto note = cuda_annotation(lines);
    if (const auto it = note.find("kind"); it != note.end()) return it->second == "reduce";
    std::string name = cuda_kernel_name(lines);
    for (char& c : name)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return name.find("reduc") != std::string::npos;
}

int enclosing_if_line(const std::vector<std::string>& lines, int line) {
    const std::string code = code_only(lines);
    std::size_t at = 0;  // the start of `line`
    for (int l = 1; l < line && at != std::string::npos; ++l)
        at = code.find('\n', at) == std::string::npos ? std::string::npos : code.find('\n', at) + 1;
    if (at == std::string::npos) return 0;
    // The line's last statement (its last ';'): inside an if written on the same line too.
    const std::size_t eol = std::min(code.find('\n', at), code.size());
    const std::size_t semicolon = code.rfind(';', eol);
    const std::size_t first = semicolon != std::string::npos && semicolon >= at
                                  ? semicolon
                                  : code.find_first_not_of(" \t", at);
    static const std::regex keyword(R"(\bif\s*\()");
    int found = 0;
    for (std::sregex_iterator it(code.begin(), code.end(), keyword), end; it != end; ++it) {
        const std::size_t open = std::size_t(it->position() + it->length() - 1);
        const std::size_t close = matching(code, open);
        if (close == std::string::npos || open > first) continue;
        const std::size_t body = code.find_first_not_of(" \t\n\r", close + 1);
        if (body == std::string::npos) continue;
        const std::size_t stop = body_end(code, body);
        if (stop != std::string::npos && body <= first && first <= stop)
            found = line_of(code, std::size_t(it->position()));  // later ones are inner
    }
    return found;
}

std::string cuda_step_phase(const std::vector<std::string>& lines, const CudaStepMark& mark) {
    auto comment = [&](int line) {
        if (line < 1 || line > int(lines.size())) return std::string();
        const std::string& text = lines[std::size_t(line - 1)];
        const std::size_t at = text.find("//");
        if (at == std::string::npos) return std::string();
        const std::size_t a = text.find_first_not_of(" \t/", at);
        const std::size_t b = text.find_last_not_of(" \t\r");
        return a == std::string::npos || a > b ? std::string() : text.substr(a, b - a + 1);
    };
    std::string phase = comment(mark.line);
    if (phase.empty() && !mark.start) phase = comment(mark.loop_line);
    if (phase.empty()) phase = mark.start ? "start" : "line " + std::to_string(mark.line);
    return phase;
}

}  // namespace scanscope
