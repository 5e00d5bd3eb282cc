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

nlohmann::ordered_json trace_to_json(const Trace& trace);
Trace trace_from_json(const nlohmann::json& json);  // throws TraceFormatError

void save_trace(const Trace& trace, const std::string& path);  // throws std::runtime_error
Trace load_trace(const std::string& path);                     // throws TraceFormatError

}  // namespace scanscope
