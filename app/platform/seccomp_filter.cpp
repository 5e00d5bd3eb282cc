#include "platform/seccomp_filter.h"

#include <seccomp.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <memory>
#include <stdexcept>

namespace scanscope {
namespace {

// Syscalls denied outright (EPERM), by name so that one missing on an older libseccomp is skipped.
constexpr const char* kDenied[] = {
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "pidfd_getfd",
    "mount",
    "umount2",
    "pivot_root",
    "chroot",
    "unshare",
    "setns",
    "move_mount",
    "open_tree",
    "fsopen",
    "fsmount",
    "fspick",
    "mount_setattr",
    "keyctl",
    "add_key",
    "request_key",
    "bpf",
    "perf_event_open",
    "userfaultfd",
    "kexec_load",
    "kexec_file_load",
    "init_module",
    "finit_module",
    "delete_module",
    "reboot",
    "swapon",
    "swapoff",
    "acct",
    "quotactl",
    "open_by_handle_at",
    "name_to_handle_at",
    "lookup_dcookie",
    "vhangup",
    "syslog",
    "iopl",
    "ioperm",
};

void check(int rc, const char* what) {
    if (rc < 0)
        throw std::runtime_error(std::string("seccomp: ") + what + ": " + std::strerror(-rc));
}

}  // namespace

int seccomp_program_fd() {
    std::unique_ptr<void, void (*)(scmp_filter_ctx)> ctx(seccomp_init(SCMP_ACT_ALLOW),
                                                         seccomp_release);
    if (!ctx) throw std::runtime_error("seccomp: cannot make a filter");
    for (const char* name : kDenied) {
        const int call = seccomp_syscall_resolve_name(name);
        if (call == __NR_SCMP_ERROR) continue;
        check(seccomp_rule_add(ctx.get(), SCMP_ACT_ERRNO(EPERM), call, 0), name);
    }
    // Sockets: only AF_UNIX (the network namespace has no route out anyway).
    check(seccomp_rule_add(ctx.get(), SCMP_ACT_ERRNO(EAFNOSUPPORT), SCMP_SYS(socket), 1,
                           SCMP_A0(SCMP_CMP_NE, AF_UNIX)),
          "socket");
    check(seccomp_rule_add(ctx.get(), SCMP_ACT_ERRNO(EPERM), SCMP_SYS(ioctl), 1,
                           SCMP_A1(SCMP_CMP_MASKED_EQ, 0xffffffffu, TIOCSTI)),
          "ioctl");
    const int fd = memfd_create("scanscope-seccomp", MFD_CLOEXEC);
    if (fd < 0) throw std::runtime_error(std::string("memfd_create: ") + std::strerror(errno));
    const int rc = seccomp_export_bpf(ctx.get(), fd);
    if (rc < 0 || lseek(fd, 0, SEEK_SET) != 0) {
        close(fd);
        check(rc < 0 ? rc : -errno, "export");
    }
    return fd;
}

}  // namespace scanscope
