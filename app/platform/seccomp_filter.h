// The system calls a sandboxed job may not make (platform/sandbox.h), as a BPF program that
// bubblewrap loads (--seccomp FD) after it has built the sandbox: no sockets but local ones, no
// tracing or reading other processes' memory, no new namespaces, mounts, keys, BPF or kernel
// modules, no typing into a terminal. Other architectures' system calls (the 32-bit ABI) kill
// the process.
#pragma once

namespace scanscope {

// A file descriptor (a memfd, offset 0) holding the program; throws std::runtime_error.
int seccomp_program_fd();

}  // namespace scanscope
