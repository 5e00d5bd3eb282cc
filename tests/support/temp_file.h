// Temporary file names private to one test process. CTest runs each discovered
// test as its own process, in parallel, so a fixed name in TempDir() would be
// written by two tests at once.
#pragma once

#include <string>

namespace scanscope::test {

// TempDir()/<pid>-<suite>.<test>-<name>
std::string temp_file(const std::string& name);

// A file's bytes; empty when it cannot be read.
std::string file_bytes(const std::string& path);

}  // namespace scanscope::test
