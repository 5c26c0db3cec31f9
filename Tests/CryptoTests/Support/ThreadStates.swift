#if os(Linux)
    import Glibc

    /// What the kernel says about this process's threads, read from `/proc`: whether a thread is
    /// blocked in `futex(2)`, which is where a thread waiting on a semaphore sleeps.
    enum ThreadStates {
        /// The kernel's id of the calling thread (`/proc/thread-self` links to `<pid>/task/<tid>`).
        static func currentThreadID() -> Int32? {
            var buffer = [CChar](repeating: 0, count: 128)
            let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return link.split(separator: "/").last.flatMap { Int32($0) }
        }

        /// `futex`'s number as `/proc/…/syscall` shows it; nil on a machine these tests do not know.
        #if arch(x86_64)
            static let futexSyscall: String? = "202"
        #elseif arch(arm64)
            static let futexSyscall: String? = "98"
        #else
            static let futexSyscall: String? = nil
        #endif

        /// True while the thread is blocked in `futex(2)`; false while it runs, waits for a CPU or
        /// is in any other system call; nil when it cannot be read (the thread has ended).
        static func isWaitingOnFutex(thread id: Int32) -> Bool? {
            let fd = open("/proc/self/task/\(id)/syscall", O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = read(fd, &buffer, buffer.count)
            guard count > 0 else { return nil }
            // "running", or the system call's number and arguments: "202 0x7f… …".
            let number = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: " ").first.map(String.init)
            return number == futexSyscall
        }
    }
#endif
