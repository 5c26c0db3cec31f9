#pragma once
// Linux calls that Glibc declares only under _GNU_SOURCE, which Swift's Glibc module does
// not define: fixed wrappers, so Swift can make them.

/// syncfs(2): writes every dirty page of the file system holding `fd` through to its disk,
/// and reports a write-back error of that file system (Linux 5.8 and later).
int rt_syncfs(int fd);

#include <sys/types.h>

/// Starts `path` (an absolute path) with `argv` and `envp` in a child process bounded before its
/// first instruction: its address space at `address_space` bytes (0: unbounded), its processor
/// time at `cpu_seconds` (0: unbounded), at niceness `niceness` (lower priority than the
/// server's requests), killed when this process dies, every signal at its default and
/// unblocked. Its standard input is /dev/null, its output and error the descriptors given
/// (-1: /dev/null); no other descriptor of this process reaches it. Returns the child's pid,
/// or -errno when it could not be started (the exec's own error included).
pid_t rt_spawn_limited(const char *path, char *const argv[], char *const envp[], int out_fd, int err_fd,
                       unsigned long long address_space, unsigned long cpu_seconds, int niceness);

/// pipe2(fds, O_CLOEXEC): a pipe no program started meanwhile inherits.
int rt_pipe_cloexec(int fds[2]);
