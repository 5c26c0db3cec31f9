#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include "CSystemShim.h"

int rt_syncfs(int fd) {
    return syncfs(fd);
}

/// Closes the descriptors from `first` to `last` (close_range, or one by one before Linux 5.9).
static void close_all(unsigned first, unsigned last) {
    if (syscall(SYS_close_range, first, last, 0) == 0) return;
    for (unsigned fd = first; fd <= last && fd < 65536; fd++) close((int)fd);
}

/// In the forked child: only calls that are safe between fork and exec in a threaded process.
static void child(const char *path, char *const argv[], char *const envp[], int out_fd, int err_fd,
                  unsigned long long address_space, unsigned long cpu_seconds, int niceness, int report) {
    int null_fd = open("/dev/null", O_RDWR);
    if (null_fd < 0) goto failed;
    if (dup2(null_fd, 0) < 0) goto failed;
    if (dup2(out_fd >= 0 ? out_fd : null_fd, 1) < 0) goto failed;
    if (dup2(err_fd >= 0 ? err_fd : null_fd, 2) < 0) goto failed;
    // Every descriptor past the three standard ones is closed but the report pipe (which
    // closes at exec by itself).
    if (report > 3) close_all(3, (unsigned)report - 1);
    close_all((unsigned)report + 1, ~0U);
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0) goto failed;
    if (address_space > 0) {
        struct rlimit limit = { address_space, address_space };
        if (setrlimit(RLIMIT_AS, &limit) < 0) goto failed;
    }
    if (cpu_seconds > 0) {
        // SIGXCPU at the soft limit (its default ends the process), SIGKILL a second later.
        struct rlimit limit = { cpu_seconds, cpu_seconds + 1 };
        if (setrlimit(RLIMIT_CPU, &limit) < 0) goto failed;
    }
    struct rlimit no_core = { 0, 0 };
    setrlimit(RLIMIT_CORE, &no_core);
    if (niceness > 0) setpriority(PRIO_PROCESS, 0, niceness);
    struct sigaction defaults = { 0 };
    defaults.sa_handler = SIG_DFL;
    for (int signal_number = 1; signal_number < NSIG; signal_number++) sigaction(signal_number, &defaults, NULL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    execve(path, argv, envp);
failed:;
    int error = errno;
    (void)!write(report, &error, sizeof error);
    _exit(127);
}

pid_t rt_spawn_limited(const char *path, char *const argv[], char *const envp[], int out_fd, int err_fd,
                       unsigned long long address_space, unsigned long cpu_seconds, int niceness) {
    int report[2];
    if (pipe2(report, O_CLOEXEC) < 0) return -errno;
    pid_t pid = fork();
    if (pid < 0) {
        int error = errno;
        close(report[0]);
        close(report[1]);
        return -error;
    }
    if (pid == 0) {
        close(report[0]);
        child(path, argv, envp, out_fd, err_fd, address_space, cpu_seconds, niceness, report[1]);
    }
    close(report[1]);
    int error = 0;
    ssize_t count;
    do { count = read(report[0], &error, sizeof error); } while (count < 0 && errno == EINTR);
    close(report[0]);
    if (count == sizeof error) {
        // The child could not run the program: it has exited; reap it.
        while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
        return -error;
    }
    return pid;
}

int rt_pipe_cloexec(int fds[2]) {
    return pipe2(fds, O_CLOEXEC);
}
