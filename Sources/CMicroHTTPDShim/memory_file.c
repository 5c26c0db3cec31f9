// glibc declares memfd_create and the seals only under _GNU_SOURCE, which Swift's Glibc
// module is not built with.
#define _GNU_SOURCE
#include <fcntl.h>
#include <sys/mman.h>

#include "CMicroHTTPDShim.h"

int rt_memory_file_create(const char *name) {
    return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}

int rt_memory_file_seal(int fd) {
    return fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL);
}
