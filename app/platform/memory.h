// How much more memory this program can take: the smaller of what the machine has available
// (MemAvailable) and what its address-space limit leaves (ulimit -v). Checked before a large
// file is read, so that a file too large is refused with a sentence instead of ending the program
// half-way through reading it.
#pragma once

namespace scanscope {

unsigned long long memory_available();

}  // namespace scanscope
