// A display for GUI tests: a private Xvfb when the machine has one, else $DISPLAY. Tests skip,
// with the reason, where neither exists.
#pragma once

#include <string>

namespace scanscope::test {

struct DisplayAccess {
    bool available = false;
    std::string display;  // e.g. ":57"
    std::string reason;   // why not, when !available
};

// Starts Xvfb once per process (stopped at exit).
const DisplayAccess& virtual_display();

}  // namespace scanscope::test
