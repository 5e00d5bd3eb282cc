#include "player/scores.h"

#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

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

ScoreBook ScoreBook::from_json(const std::string& text) {
    ScoreBook book;
    try {
        const nlohmann::json j = nlohmann::json::parse(text);
        if (j.value("format", std::string()) != "scanscope-scores")
            throw std::runtime_error("not a scanscope-scores file");
        for (const auto& [lesson, kinds] : j.at("lessons").items())
            for (const auto& [key, score] : kinds.items()) {
                const auto kind = question_kind_from_key(key);
                if (!kind) continue;  // a kind from a newer version: keep the rest
                Score& s = book.lessons_[lesson][std::size_t(*kind)];
                s.asked = score.at("asked").get<int>();
                s.right = score.at("right").get<int>();
                if (s.asked < 0 || s.right < 0 || s.right > s.asked)
                    throw std::runtime_error("impossible score for " + lesson + " " + key);
            }
    } catch (const nlohmann::json::exception& e) {
        throw std::runtime_error(e.what());
    }
    return book;
}

std::string default_scores_path() {
    const char* xdg = std::getenv("XDG_DATA_HOME");
    if (xdg && *xdg) return std::string(xdg) + "/scanscope/scores.json";
    const char* home = std::getenv("HOME");
    if (home && *home) return std::string(home) + "/.local/share/scanscope/scores.json";
    return {};
}

ScoreBook load_scores(const std::string& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) return {};
    std::ostringstream text;
    text << file.rdbuf();
    try {
        return ScoreBook::from_json(text.str());
    } catch (const std::exception& e) {
        throw std::runtime_error("scores '" + path + "': " + e.what());
    }
}

void save_scores(const ScoreBook& book, const std::string& path) {
    std::error_code ec;
    const std::filesystem::path dir = std::filesystem::path(path).parent_path();
    if (!dir.empty()) std::filesystem::create_directories(dir, ec);
    if (ec) throw std::runtime_error("cannot create '" + dir.string() + "': " + ec.message());
    write_file(path, book.to_json());
}

}  // namespace scanscope
