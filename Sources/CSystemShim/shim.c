#define _GNU_SOURCE
#include <unistd.h>
#include "CSystemShim.h"

int rt_syncfs(int fd) {
    return syncfs(fd);
}
