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
    KeptCount,       // how many elements a compaction keeps
    Destination,     // where in the output a kept element goes
    BoxSum,          // which entries of a summed-area table a box's sum reads
    PassBit,         // which bit decides a radix sort's pass
};

constexpr int kQuestionKinds = 12;

// What a lesson may fix about a question.
struct QuestionScript {
    std::string prompt;   // its own wording; empty: the generated one
    std::string explain;  // said with the reveal, before the trace's sentence
    int cell = -1;        // cell-value: the shared word asked about; destination: the element
    int tile = -1;        // look-back-*: the tile (the question goes where its look-back starts)
    std::string answer;   // the answer the lesson expects, checked against the trace; may be empty
};

// "written-cells", "cell-value", ...
const char* question_kind_key(QuestionKind kind);
// "Cells written", "Value of a cell", ...: for score tables.
const char* question_kind_name(QuestionKind kind);
std::optional<QuestionKind> question_kind_from_key(const std::string& key);
// "written-cells, cell-value, ...".
std::string question_kind_keys();

}  // namespace scanscope
