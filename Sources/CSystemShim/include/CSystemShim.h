#pragma once
// Linux calls that Glibc declares only under _GNU_SOURCE, which Swift's Glibc module does
// not define: fixed wrappers, so Swift can make them.

/// syncfs(2): writes every dirty page of the file system holding `fd` through to its disk,
/// and reports a write-back error of that file system (Linux 5.8 and later).
int rt_syncfs(int fd);
