#include "player/scores.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "platform/browser.h"
#include "platform/file_write.h"

namespace scanscope {

void ScoreBook::record(const std::string& lesson, QuestionKind kind, bool right) {
    Score& s = lessons_[lesson][std::size_t(kind)];
    ++s.asked;
    s.right += right ? 1 : 0;
}

Score ScoreBook::score(const std::string& lesson, QuestionKind kind) const {
    const auto found = lessons_.find(lesson);
    return found == lessons_.end() ? Score{} : found->second[std::size_t(kind)];
}

Score ScoreBook::lesson_total(const std::string& lesson) const {
    Score total;
    if (const auto found = lessons_.find(lesson); found != lessons_.end())
        for (const Score& s : found->second) {
            total.asked += s.asked;
            total.right += s.right;
        }
    return total;
}

int ScoreBook::entries() const {
    int n = 0;
    for (const auto& [lesson, kinds] : lessons_)
        for (const Score& s : kinds)
            n += s.asked > 0 ? 1 : 0;
    return n;
}

std::string ScoreBook::to_json() const {
    nlohmann::ordered_json j;
    j["format"] = "scanscope-scores";
    j["version"] = 1;
    nlohmann::ordered_json lessons = nlohmann::ordered_json::object();
    for (const auto& [lesson, kinds] : lessons_) {
        nlohmann::ordered_json per_kind = nlohmann::ordered_json::object();
        for (int k = 0; k < kQuestionKinds; ++k)
            if (kinds[std::size_t(k)].asked > 0)
                per_kind[question_kind_key(QuestionKind(k))] = {
                    {"asked", kinds[std::size_t(k)].asked}, {"right", kinds[std::size_t(k)].right}};
        lessons[lesson] = per_kind;
    }
    j["lessons"] = lessons;
    return j.dump(2) + "\n";
}

namespace {

// Reads a score book as far as it goes, entry by entry: an entry is kept when it is whole and
// possible (0 <= right <= asked < 2^31); a truncated tail ends the reading, keeping what came
// before it. Everything left out is said, one reason each.
class ScoreReader : public nlohmann::json_sax<nlohmann::json> {
  public:
    ScoreBook::Lessons lessons;
    std::vector<std::string> dropped;
    bool is_score_book = false;

    bool null() override { return value(-1); }
    bool boolean(bool) override { return value(-1); }
    bool number_integer(number_integer_t v) override { return value(v); }
    bool number_unsigned(number_unsigned_t v) override {
        return value(v > 0x7fffffffu ? -2 : static_cast<long long>(v));
    }
    bool number_float(number_float_t, const string_t&) override { return value(-1); }
    bool string(string_t& v) override {
        if (path_.size() == 1 && key_ == "format") is_score_book = v == "scanscope-scores";
        return value(-1);
    }
    bool binary(binary_t&) override { return value(-1); }
    bool start_object(std::size_t) override {
        path_.push_back(key_);
        if (path_.size() == 4) entry_ = {};
        return true;
    }
    bool end_object() override {
        if (path_.size() == 4) commit();
        path_.pop_back();
        return true;
    }
    bool start_array(std::size_t) override {
        path_.push_back(key_);
        return true;
    }
    bool end_array() override {
        path_.pop_back();
        return true;
    }
    bool key(string_t& k) override {
        key_ = k;
        return true;
    }
    bool parse_error(std::size_t at, const std::string&,
                     const nlohmann::detail::exception&) override {
        dropped.push_back("the file ends or breaks at byte " + std::to_string(at) +
                          (path_.size() >= 4 ? " inside " + path_[2] + " " + path_[3] : ""));
        return false;
    }

  private:
    struct Entry {
        long long asked = -1, right = -1;
    };
    // A number or other value at the current key; -1: not a count, -2: too large.
    bool value(long long v) {
        if (path_.size() == 4 && key_ == "asked") entry_.asked = v;
        if (path_.size() == 4 && key_ == "right") entry_.right = v;
        return true;
    }
    void commit() {
        // path_: "", "lessons", the lesson, the kind.
        if (path_[1] != "lessons") return;
        const std::string& lesson = path_[2];
        const std::string& kind_key = path_[3];
        const auto kind = question_kind_from_key(kind_key);
        if (!kind) return;  // a kind from a newer version: not ours to judge
        const std::string name = lesson + " " + kind_key;
        if (entry_.asked < 0 || entry_.right < 0)
            dropped.push_back(name + ": counts that are not whole numbers below 2^31");
        else if (entry_.right > entry_.asked)
            dropped.push_back(name + ": " + std::to_string(entry_.right) + " right of " +
                              std::to_string(entry_.asked) + " asked");
        else
            lessons[lesson][std::size_t(*kind)] = {int(entry_.asked), int(entry_.right)};
    }
    std::vector<std::string> path_;
    std::string key_;
    Entry entry_;
};

}  // namespace

ScoreBook ScoreBook::from_json(const std::string& text, std::vector<std::string>* dropped) {
    ScoreReader reader;
    nlohmann::json::sax_parse(text, &reader);
    if (!reader.is_score_book) {
        if (dropped) dropped->push_back("not a scanscope-scores file");
        return {};
    }
    if (dropped) *dropped = reader.dropped;
    ScoreBook book;
    book.lessons_ = std::move(reader.lessons);
    return book;
}

std::string default_scores_path() {
    const char* xdg = std::getenv("XDG_DATA_HOME");
    if (xdg && *xdg) return std::string(xdg) + "/scanscope/scores.json";
    const char* home = std::getenv("HOME");
    if (home && *home) return std::string(home) + "/.local/share/scanscope/scores.json";
    return {};
}

ScoreBook load_scores(const std::string& path, std::string* note) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return {};
    std::ostringstream text;
    text << file.rdbuf();
    std::vector<std::string> dropped;
    ScoreBook book = ScoreBook::from_json(text.str(), &dropped);
    if (dropped.empty()) return book;
    // Nothing is lost: the file as it was goes beside it before anything is written over it.
    const std::string copy = path + ".damaged-" + std::to_string(std::time(nullptr));
    const int kept = book.entries();
    std::string said = "scores '" + path + "': kept " + std::to_string(kept) +
                       (kept == 1 ? " entry" : " entries") + ", left out " + dropped.front();
    for (std::size_t i = 1; i < dropped.size() && i < 4; ++i)
        said += "; " + dropped[i];
    if (dropped.size() > 4) said += "; and " + std::to_string(dropped.size() - 4) + " more";
    try {
        write_file(copy, text.str());
        said += " (the old file is kept as '" + copy + "')";
    } catch (const std::exception& e) {
        said += std::string(" (the old file could not be kept: ") + e.what() + ")";
    }
    if (note) *note = said;
    return book;
}

void save_scores(const ScoreBook& book, const std::string& path) {
    std::error_code ec;
    const std::filesystem::path dir = std::filesystem::path(path).parent_path();
    if (!dir.empty()) std::filesystem::create_directories(dir, ec);
    if (ec) throw std::runtime_error("cannot create '" + dir.string() + "': " + ec.message());
    write_file(path, book.to_json());
    keep_page_files();  // in the browser: into its storage, for the next visit
}

}  // namespace scanscope
