// Traces as JSON files: written by `scanscope capture` and the app, read back anywhere.
#pragma once

#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "model/trace.h"

namespace scanscope {

// A file that is not a trace this version can read; the message names the problem and where.
class TraceFormatError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// What the reader accepts, so that every view can draw whatever it accepts (documented in
// kernels/README.md): captures keep n <= 65536, so no launch has more blocks.
constexpr int kMaxTraceGrid = 65536;
// Tiles a persistent launch deals (launches[].tiles): at most one an element.
constexpr int kMaxTraceTiles = 65536;
constexpr std::size_t kMaxTraceName = 200;        // names, phases, source fields
constexpr std::size_t kMaxTraceLine = 200;        // a pseudo-code line
constexpr std::size_t kMaxTraceNarration = 1000;  // a step label's sentence
constexpr std::size_t kMaxTraceListing = 256;     // pseudo-code lines, and step labels

nlohmann::ordered_json trace_to_json(const Trace& trace);
Trace trace_from_json(const nlohmann::json& json);  // throws TraceFormatError

// trace_to_json(trace).dump(), made a step at a time (a tenth of the memory).
std::string trace_text(const Trace& trace);
void save_trace(const Trace& trace, const std::string& path);  // throws std::runtime_error
Trace load_trace(const std::string& path);                     // throws TraceFormatError

}  // namespace scanscope
