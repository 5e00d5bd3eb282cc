// The kinds of question predict mode asks, as lesson files name them.
#pragma once

#include <optional>
#include <string>

namespace scanscope {

enum class QuestionKind {
    WrittenCells,    // which cells this step writes
    CellValue,       // the value that lands in a cell
    ConflictDegree,  // the conflict degree of the step's worst warp access
    WorstBank,       // which bank that access loads most
    RacePair,        // which threads collide (the in-place race)
    LookBackStop,    // at which tile a tile's look-back stops
    LookBackValue,   // what the look-back adds to the tile
    ActiveThreads,   // how many threads and warps a reduction step keeps busy
};

constexpr int kQuestionKinds = 8;

// "written-cells", "cell-value", ...
const char* question_kind_key(QuestionKind kind);
// "Cells written", "Value of a cell", ...: for score tables.
const char* question_kind_name(QuestionKind kind);
std::optional<QuestionKind> question_kind_from_key(const std::string& key);
// "written-cells, cell-value, ...".
std::string question_kind_keys();

}  // namespace scanscope
