#include "model/lessons.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "model/input_values.h"
#include "model/values.h"
#include "variants/registry.h"

namespace scanscope {

Lesson load_lesson(const std::string& path) {
    std::ifstream file(path);
    if (!file) throw std::runtime_error("cannot open lesson '" + path + "'");
    Lesson lesson;
    lesson.key = std::filesystem::path(path).stem().string();
    try {
        const nlohmann::json j = nlohmann::json::parse(file);
        lesson.title = j.at("title").get<std::string>();
        lesson.text = j.value("text", std::string());
        lesson.request.variant = j.at("variant").get<std::string>();
        if (!find_variant(lesson.request.variant))
            throw std::runtime_error("unknown variant '" + lesson.request.variant + "'");
        lesson.request.type = j.value("type", std::string("int")) == "float" ? ElementType::Float32
                                                                             : ElementType::Int32;
        lesson.request.op = j.value("op", std::string("add")) == "max" ? OpKind::Max : OpKind::Add;
        lesson.request.inclusive = j.value("inclusive", false);
        lesson.request.banks = j.value("banks", 32);
        lesson.request.block_threads = j.value("block_threads", 0);
        lesson.seed = j.value("seed", std::uint64_t(1));
        lesson.request.schedule_seed = lesson.seed;
        lesson.view = j.value("view", std::string());
        lesson.compare = j.value("compare", std::string());
        if (!lesson.compare.empty() && !find_variant(lesson.compare))
            throw std::runtime_error("\"compare\": unknown variant '" + lesson.compare + "'");
        if (j.contains("input")) {
            for (const auto& v : j.at("input"))
                lesson.input.push_back(value_from_json(v, kind_of(lesson.request.type)));
            lesson.request.n = int(lesson.input.size());
        } else {
            lesson.request.n = j.at("n").get<int>();
        }
    } catch (const std::exception& e) {
        throw std::runtime_error("lesson '" + path + "': " + e.what());
    }
    if (std::string problem = check_request(lesson.request); !problem.empty())
        throw std::runtime_error("lesson '" + path + "': " + problem);
    return lesson;
}

std::vector<Lesson> load_lessons(const std::string& directory, std::vector<std::string>& errors) {
    std::vector<Lesson> lessons;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator(directory, ec)) {
        if (entry.path().extension() != ".json") continue;
        try {
            lessons.push_back(load_lesson(entry.path().string()));
        } catch (const std::exception& e) {
            errors.push_back(e.what());
        }
    }
    if (ec) errors.push_back("cannot read lessons in '" + directory + "': " + ec.message());
    std::sort(lessons.begin(), lessons.end(),
              [](const Lesson& a, const Lesson& b) { return a.key < b.key; });
    return lessons;
}

const Lesson* find_lesson(const std::vector<Lesson>& lessons, const std::string& key) {
    for (const Lesson& l : lessons)
        if (l.key == key) return &l;
    return nullptr;
}

std::string lesson_names(const std::vector<Lesson>& lessons) {
    std::string names;
    for (const Lesson& l : lessons)
        names += (names.empty() ? "" : ", ") + l.key;
    return names;
}

std::vector<std::uint32_t> lesson_input(const Lesson& lesson) {
    return lesson.input.empty() ? random_values(lesson.request.n, lesson.request.type, lesson.seed)
                                : lesson.input;
}

}  // namespace scanscope
