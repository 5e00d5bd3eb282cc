// The exit codes every command and the window share.
#pragma once

namespace scanscope {

constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;  // the command ran and failed (e.g. no GPU for --device gpu)
constexpr int kExitUsage = 2;    // unknown flag, bad value, missing argument

}  // namespace scanscope
