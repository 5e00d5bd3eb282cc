#include "model/lessons.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <type_traits>

#include "model/input_values.h"
#include "model/json_lines.h"
#include "model/values.h"
#include "platform/file_read.h"
#include "variants/registry.h"

namespace scanscope {

namespace {

// A problem with one field of the file, located by its JSON pointer.
struct FieldError : std::runtime_error {
    FieldError(std::string where, const std::string& what)
        : std::runtime_error(what), pointer(std::move(where)) {}
    std::string pointer;
};

void only_known_fields(const nlohmann::json& object, const std::string& pointer,
                       const std::set<std::string>& known) {
    if (!object.is_object()) throw FieldError(pointer, "expected an object {...}");
    for (const auto& [key, value] : object.items())
        if (!known.count(key)) {
            std::string list;
            for (const std::string& k : known)
                list += (list.empty() ? "" : ", ") + k;
            throw FieldError(pointer + "/" + key, "unknown field (the fields are " + list + ")");
        }
}

template <class T>
T field(const nlohmann::json& object, const std::string& pointer, const std::string& key,
        std::optional<T> fallback = std::nullopt) {
    if (!object.contains(key)) {
        if (fallback) return *fallback;
        throw FieldError(pointer, "the field \"" + key + "\" is missing");
    }
    try {
        return object.at(key).get<T>();
    } catch (const nlohmann::json::exception&) {
        const char* expected = std::is_same_v<T, std::string> ? "a string"
                               : std::is_same_v<T, bool>      ? "true or false"
                                                              : "a whole number";
        throw FieldError(pointer + "/" + key, std::string("expected ") + expected);
    }
}

// A text field of at most `max` bytes: longer ones would not fit on a screen, and the window
// draws each in one draw list of at most 65536 vertices.
std::string text_field(const nlohmann::json& object, const std::string& pointer,
                       const std::string& key, std::size_t max) {
    std::string text = field<std::string>(object, pointer, key, std::string());
    if (text.size() > max)
        throw FieldError(pointer + "/" + key, "at most " + std::to_string(max) +
                                                  " characters (got " +
                                                  std::to_string(text.size()) + ")");
    return text;
}

std::string answer_text(const nlohmann::json& answer, const std::string& pointer) {
    if (answer.is_string()) return answer.get<std::string>();
    if (answer.is_number_integer()) return std::to_string(answer.get<long long>());
    if (answer.is_number())
        return format_value(value_from_json(answer, ElementKind::Float), ElementKind::Float);
    throw FieldError(pointer, "expected a number or a string");
}

LessonQuestion read_question(const nlohmann::json& q, const std::string& pointer) {
    only_known_fields(q, pointer,
                      {"step", "kind", "block", "cell", "tile", "prompt", "explain", "answer"});
    LessonQuestion out;
    const std::string kind = field<std::string>(q, pointer, "kind");
    const std::optional<QuestionKind> k = question_kind_from_key(kind);
    if (!k)
        throw FieldError(pointer + "/kind",
                         "unknown kind '" + kind + "' (the kinds: " + question_kind_keys() + ")");
    out.kind = *k;
    const bool lookback =
        out.kind == QuestionKind::LookBackStop || out.kind == QuestionKind::LookBackValue;
    out.script.tile = field<int>(q, pointer, "tile", -1);
    if (lookback) {
        if (out.script.tile < 1)
            throw FieldError(pointer + (q.contains("tile") ? "/tile" : ""),
                             "a look-back question names its \"tile\" (1 or more: tile 0 has no "
                             "look-back)");
    } else {
        out.step = field<int>(q, pointer, "step");
        if (out.step < 2)
            throw FieldError(pointer + "/step",
                             "the step a question is asked before, from 2 (step 1 is on the "
                             "screen when the lesson opens)");
    }
    out.block = field<int>(q, pointer, "block", 0);
    if (out.block < 0) throw FieldError(pointer + "/block", "a block number, from 0");
    out.script.cell = field<int>(q, pointer, "cell", -1);
    const bool names_a_cell =
        out.kind == QuestionKind::CellValue || out.kind == QuestionKind::Destination;
    if (q.contains("cell") && !names_a_cell)
        throw FieldError(pointer + "/cell",
                         "only a cell-value question (a word) or a destination question (an "
                         "element) names a cell");
    if (q.contains("cell") && out.script.cell < 0)
        throw FieldError(pointer + "/cell", "a shared-memory word or an element, from 0");
    out.script.prompt = text_field(q, pointer, "prompt", kMaxPromptChars);
    out.script.explain = text_field(q, pointer, "explain", kMaxExplainChars);
    if (q.contains("answer")) out.script.answer = answer_text(q.at("answer"), pointer + "/answer");
    return out;
}

void read_lesson(const nlohmann::json& j, Lesson& lesson) {
    only_known_fields(j, "",
                      {"title", "text", "variant", "type", "op", "inclusive", "banks",
                       "block_threads", "seed", "view", "compare", "input", "n", "heads", "width",
                       "key_bits", "keep", "questions", "narration"});
    lesson.title = field<std::string>(j, "", "title");
    if (lesson.title.size() > kMaxTitleChars)
        throw FieldError("/title", "at most " + std::to_string(kMaxTitleChars) + " characters");
    lesson.text = text_field(j, "", "text", kMaxLessonTextChars);
    lesson.request.variant = field<std::string>(j, "", "variant");
    if (!bind_variant(lesson.request))
        throw FieldError("/variant", "unknown variant '" + lesson.request.variant + "'");
    const std::string type = field<std::string>(j, "", "type", std::string("int"));
    if (type != "int" && type != "float") throw FieldError("/type", "\"int\" or \"float\"");
    lesson.request.type = type == "float" ? ElementType::Float32 : ElementType::Int32;
    const std::string op = field<std::string>(j, "", "op", std::string("add"));
    if (op != "add" && op != "max") throw FieldError("/op", "\"add\" or \"max\"");
    lesson.request.op = op == "max" ? OpKind::Max : OpKind::Add;
    lesson.request.inclusive = field<bool>(j, "", "inclusive", false);
    lesson.request.banks = field<int>(j, "", "banks", 32);
    lesson.request.block_threads = field<int>(j, "", "block_threads", 0);
    if (j.contains("seed")) {
        std::int64_t seed = -1;
        if (!json_to_int64(j.at("seed"), seed) || seed < 0)
            throw FieldError("/seed", "a whole number from 0");
        lesson.seed = std::uint64_t(seed);
    }
    lesson.request.schedule_seed = lesson.seed;
    lesson.view = field<std::string>(j, "", "view", std::string());
    lesson.compare = field<std::string>(j, "", "compare", std::string());
    if (!lesson.compare.empty() && !find_variant(lesson.compare))
        throw FieldError("/compare", "unknown variant '" + lesson.compare + "'");
    if (j.contains("input")) {
        if (!j.at("input").is_array()) throw FieldError("/input", "expected a list of numbers");
        for (std::size_t i = 0; i < j.at("input").size(); ++i) {
            try {
                lesson.input.push_back(
                    value_from_json(j.at("input")[i], kind_of(lesson.request.type)));
            } catch (const std::exception& e) {
                throw FieldError("/input", "value " + std::to_string(i) + ": " + e.what());
            }
        }
        lesson.request.n = int(lesson.input.size());
    } else {
        lesson.request.n = field<int>(j, "", "n");
    }
    // Before any input is made for it: a lesson is captured, and captures are teaching sizes.
    if (lesson.request.n < 1 || lesson.request.n > kMaxCaptureN)
        throw FieldError(j.contains("input") ? "/input" : "/n",
                         "a lesson captures from 1 to " + std::to_string(kMaxCaptureN) +
                             " elements (got " + std::to_string(lesson.request.n) + ")");
    const VariantInfo* card = find_variant(lesson.request.variant);
    // A summed-area table's width; none: as square as n allows.
    if (j.contains("width")) {
        if (!card || card->algorithm != Algorithm::SummedArea)
            throw FieldError("/width", "a width is for a summed-area table");
        lesson.request.width = field<int>(j, "", "width");
        if (lesson.request.width < 1 || lesson.request.n % lesson.request.width != 0)
            throw FieldError("/width", "a width that divides n");
    }
    // A compaction's rule; none: the elements that are not 0.
    if (j.contains("keep")) {
        if (!card || card->algorithm != Algorithm::Compact)
            throw FieldError("/keep", "a keep rule is for a compaction");
        try {
            lesson.request.keep = parse_keep_rule(field<std::string>(j, "", "keep"));
        } catch (const std::invalid_argument& e) {
            throw FieldError("/keep", e.what());
        }
    }
    // A radix sort's passes; none: as many as the keys' bits need.
    if (j.contains("key_bits")) {
        if (!card || !takes_key_bits(card->id))
            throw FieldError("/key_bits", "key bits are for a radix sort");
        lesson.request.key_bits = field<int>(j, "", "key_bits");
        if (lesson.request.key_bits < 1 || lesson.request.key_bits > 32)
            throw FieldError("/key_bits", "from 1 to 32");
    }
    // A segmented scan's segment starts; none listed: random ones from the seed.
    if (j.contains("heads")) {
        if (!card || card->algorithm != Algorithm::SegmentedScan)
            throw FieldError("/heads", "heads are for a segmented scan");
        if (!j.at("heads").is_array()) throw FieldError("/heads", "expected a list of indices");
        for (const nlohmann::json& head : j.at("heads")) {
            std::int64_t at = -1;
            if (!json_to_int64(head, at) || at < 0 || at >= lesson.request.n)
                throw FieldError("/heads", "each head an index from 0 to n - 1");
            lesson.request.heads.push_back(int(at));
        }
    } else if (card && card->algorithm == Algorithm::SegmentedScan) {
        lesson.request.heads = random_heads(lesson.request.n, lesson.seed);
    }
    if (j.contains("questions")) {
        const nlohmann::json list = j.at("questions");
        if (!list.is_array()) throw FieldError("/questions", "expected a list of questions");
        for (std::size_t i = 0; i < list.size(); ++i) {
            const std::string pointer = "/questions/" + std::to_string(i);
            lesson.questions.push_back(read_question(list[i], pointer));
        }
    }
    if (j.contains("narration")) {
        const nlohmann::json narration = j.at("narration");
        if (!narration.is_object())
            throw FieldError("/narration", "expected {\"step number\": \"sentence\", ...}");
        for (const auto& [key, text] : narration.items()) {
            int step = 0;
            try {
                std::size_t used = 0;
                step = std::stoi(key, &used);
                if (used != key.size()) step = 0;
            } catch (const std::exception&) {}
            if (step < 1) throw FieldError("/narration/" + key, "keys are step numbers, from 1");
            if (!text.is_string()) throw FieldError("/narration/" + key, "expected a sentence");
            if (text.get<std::string>().size() > kMaxNarrationChars)
                throw FieldError(
                    "/narration/" + key,
                    "at most " + std::to_string(kMaxNarrationChars) + " characters a step");
            lesson.narration[step] = text.get<std::string>();
        }
    }
}

}  // namespace

Lesson load_lesson(const std::string& path) {
    return parse_lesson(read_small_file(path, kMaxLessonFileBytes, "lesson file"), path);
}

Lesson parse_lesson(const std::string& text, const std::string& path) {
    Lesson lesson;
    lesson.key = std::filesystem::path(path).stem().string();
    LinedJson parsed;
    try {
        parsed = parse_with_lines(text);
    } catch (const nlohmann::json::exception& e) {
        // nlohmann's message names the line and column.
        throw std::runtime_error("lesson '" + path + "': " + e.what());
    }
    try {
        read_lesson(parsed.value, lesson);
    } catch (const FieldError& e) {
        const int line = parsed.line_of(e.pointer);
        throw std::runtime_error("lesson '" + path + "'" +
                                 (line > 0 ? ", line " + std::to_string(line) : std::string()) +
                                 ": " + (e.pointer.empty() ? "" : field_name(e.pointer) + ": ") +
                                 e.what());
    }
    for (std::size_t i = 0; i < lesson.questions.size(); ++i)
        lesson.questions[i].line = parsed.line_of("/questions/" + std::to_string(i));
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
