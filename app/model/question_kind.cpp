#include "model/question_kind.h"

namespace scanscope {
namespace {

struct KindInfo {
    QuestionKind kind;
    const char* key;
    const char* name;
};

constexpr KindInfo kKinds[kQuestionKinds] = {
    {QuestionKind::WrittenCells, "written-cells", "cells written"},
    {QuestionKind::CellValue, "cell-value", "value of a cell"},
    {QuestionKind::ConflictDegree, "conflict-degree", "conflict degree"},
    {QuestionKind::WorstBank, "worst-bank", "worst bank"},
    {QuestionKind::RacePair, "race-pair", "racing threads"},
    {QuestionKind::LookBackStop, "look-back-stop", "where a look-back stops"},
    {QuestionKind::LookBackValue, "look-back-value", "what a look-back adds"},
    {QuestionKind::ActiveThreads, "active-threads", "active threads and warps"},
    {QuestionKind::KeptCount, "kept-count", "elements kept"},
    {QuestionKind::Destination, "destination", "where an element goes"},
    {QuestionKind::BoxSum, "box-sum", "a box's sum from its table"},
    {QuestionKind::PassBit, "pass-bit", "the bit a pass sorts by"},
};

}  // namespace

const char* question_kind_key(QuestionKind kind) {
    return kKinds[int(kind)].key;
}

const char* question_kind_name(QuestionKind kind) {
    return kKinds[int(kind)].name;
}

std::optional<QuestionKind> question_kind_from_key(const std::string& key) {
    for (const KindInfo& k : kKinds)
        if (key == k.key) return k.kind;
    return std::nullopt;
}

std::string question_kind_keys() {
    std::string keys;
    for (const KindInfo& k : kKinds)
        keys += (keys.empty() ? "" : ", ") + std::string(k.key);
    return keys;
}

}  // namespace scanscope
