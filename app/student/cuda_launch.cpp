#include "student/cuda_launch.h"

#include <cctype>
#include <regex>
#include <stdexcept>

#include "model/cuda_source.h"
#include "model/student_card.h"

namespace scanscope {
namespace {

// A recursive-descent reader of the small language above.
class Expression {
  public:
    Expression(const std::string& text, int n, int element_bytes)
        : s_(text), n_(n), bytes_(element_bytes) {}
    long long value() {
        const long long v = shift();
        skip();
        if (at_ < s_.size()) fail("unexpected '" + s_.substr(at_, 1) + "'");
        return v;
    }

  private:
    [[noreturn]] void fail(const std::string& why) const {
        throw std::runtime_error("'" + s_ + "': " + why);
    }
    void skip() {
        while (at_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[at_])))
            ++at_;
    }
    bool eat(const std::string& token) {
        skip();
        if (s_.compare(at_, token.size(), token) != 0) return false;
        at_ += token.size();
        return true;
    }
    static long long checked(long long v) {
        if (v > (1ll << 40) || v < -(1ll << 40)) throw std::runtime_error("too large");
        return v;
    }
    long long shift() {
        long long v = sum();
        for (;;) {
            if (eat("<<"))
                v = checked(v << std::min(sum(), 40ll));
            else if (eat(">>"))
                v >>= std::min(sum(), 62ll);
            else
                return v;
        }
    }
    long long sum() {
        long long v = product();
        for (;;) {
            if (eat("+"))
                v = checked(v + product());
            else if (eat("-"))
                v = checked(v - product());
            else
                return v;
        }
    }
    long long product() {
        long long v = unary();
        for (;;) {
            skip();
            if (s_.compare(at_, 2, "<<") == 0 || s_.compare(at_, 2, ">>") == 0) return v;
            if (eat("*")) {
                v = checked(v * unary());
            } else if (eat("/") || eat("%")) {
                const bool divide = s_[at_ - 1] == '/';
                const long long d = unary();
                if (d == 0) fail("divides by zero");
                v = divide ? v / d : v % d;
            } else {
                return v;
            }
        }
    }
    long long unary() {
        if (eat("-")) return -unary();
        if (eat("(")) {
            const long long v = shift();
            if (!eat(")")) fail("a '(' is not closed");
            return v;
        }
        skip();
        std::size_t end = at_;
        while (end < s_.size() &&
               (std::isalnum(static_cast<unsigned char>(s_[end])) || s_[end] == '_'))
            ++end;
        const std::string word = s_.substr(at_, end - at_);
        if (word.empty()) fail("expected a number, n, sizeof, min, max or pow2");
        at_ = end;
        if (std::isdigit(static_cast<unsigned char>(word[0]))) {
            if (word.size() > 12) fail("too large");
            for (char c : word)
                if (!std::isdigit(static_cast<unsigned char>(c))) fail("'" + word + "'?");
            return std::stoll(word);
        }
        if (word == "n") return n_;
        if (word == "sizeof") {
            if (!eat("(")) fail("sizeof needs (float), (int) or (T)");
            skip();
            std::size_t e = at_;
            while (e < s_.size() && s_[e] != ')')
                ++e;
            std::string type = s_.substr(at_, e - at_);
            while (!type.empty() && std::isspace(static_cast<unsigned char>(type.back())))
                type.pop_back();
            at_ = e;
            if (!eat(")")) fail("a '(' is not closed");
            if (type == "float" || type == "int" || type == "unsigned" || type == "T")
                return type == "T" ? bytes_ : 4;
            fail("sizeof(" + type + ")? ScanScope knows float, int and T");
        }
        if (word == "pow2") {  // the smallest power of two at least its argument
            if (!eat("(")) fail("pow2 needs (x)");
            const long long x = shift();
            if (!eat(")")) fail("a '(' is not closed");
            long long p = 1;
            while (p < x && p < (1ll << 40))
                p *= 2;
            return p;
        }
        if (word == "min" || word == "max") {
            if (!eat("(")) fail(word + " needs (a, b)");
            const long long a = shift();
            if (!eat(",")) fail(word + " needs (a, b)");
            const long long b = shift();
            if (!eat(")")) fail("a '(' is not closed");
            return word == "min" ? std::min(a, b) : std::max(a, b);
        }
        fail("'" + word + "' is not n, a number, sizeof, min, max or pow2");
    }

    std::string s_;
    std::size_t at_ = 0;
    int n_, bytes_;
};

}  // namespace

std::string cuda_kernel_type(const std::string& path) {
    try {
        const StudentSource source = read_student_source(path);
        return is_plain_cuda(source.lines) ? cuda_element_type(source.lines) : std::string();
    } catch (const std::exception&) {
        return {};
    }
}

long long launch_expression(const std::string& text, int n, int element_bytes) {
    return Expression(text, n, element_bytes).value();
}

std::string CudaLaunch::text() const {
    return std::to_string(blocks) + (blocks == 1 ? " block of " : " blocks of ") +
           std::to_string(threads) + " threads" +
           (shared_bytes ? ", " + std::to_string(shared_bytes) + " bytes of dynamic shared memory"
                         : std::string());
}

CudaLaunch cuda_launch(const std::vector<std::string>& lines, int n, int element_bytes,
                       const CudaLaunchOptions& options) {
    const auto note = cuda_annotation(lines);
    auto pick = [&](const std::string& option, const char* key, const char* flag,
                    const std::string& fallback, long long low, long long high) {
        const auto it = note.find(key);
        const std::string text = !option.empty()    ? option
                                 : it != note.end() ? it->second
                                                    : fallback;
        const std::string from = !option.empty()    ? std::string(flag)
                                 : it != note.end() ? std::string("the file's ") + key + "="
                                                    : std::string("the default ") + key + "=";
        long long v = 0;
        try {
            v = launch_expression(text, n, element_bytes);
        } catch (const std::exception& e) {
            throw std::runtime_error(from + " " + e.what());
        }
        if (v < low || v > high)
            throw std::runtime_error(from + " '" + text + "' gives " + std::to_string(v) +
                                     " at n = " + std::to_string(n) + "; it must be " +
                                     std::to_string(low) + " to " + std::to_string(high));
        return int(v);
    };
    CudaLaunch l;
    l.threads = pick(options.threads ? std::to_string(options.threads) : std::string(), "threads",
                     "--block-threads", "min(n, 1024)", 1, 1024);
    // A kernel that never reads blockIdx is written for one block; one that does gets as many
    // blocks as n needs at one element a thread.
    static const std::regex block_index(R"(\bblockIdx\b)");
    const std::string code = code_only(lines);
    const std::string blocks_default =
        std::regex_search(code, block_index)
            ? "(n + " + std::to_string(l.threads) + " - 1) / " + std::to_string(l.threads)
            : "1";
    l.blocks = pick(options.blocks, "blocks", "--blocks", blocks_default, 1, 4096);
    l.shared_bytes = pick(options.shared_bytes, "shared", "--shared-bytes", "0", 0, 48 * 1024);
    static const std::regex dynamic(R"(extern\s+__shared__[^;\[]*?(\w+)\s*\[)");
    std::smatch m;
    if (l.shared_bytes == 0 && std::regex_search(code, m, dynamic))
        throw std::runtime_error("the kernel declares extern __shared__ " + m[1].str() +
                                 "[]: give its size in bytes, with --shared-bytes EXPR or a line "
                                 "'// scanscope: shared=EXPR' (EXPR in n, e.g. 2*n*sizeof(float))");
    return l;
}

}  // namespace scanscope
