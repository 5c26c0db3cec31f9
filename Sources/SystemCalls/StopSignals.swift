#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The signals that ask a process to stop (SIGINT, SIGTERM), caught from the moment `catch`
/// returns: each is turned into a byte on a pipe that `wait()` reads.
///
/// Not a dispatch signal source: libdispatch registers one on its manager thread some time
/// after `resume()`, and a signal ignored in the meantime is lost: a SIGTERM sent as soon as
/// the server said it was running left it running for good. `sigaction` is in force when it
/// returns, and a signal that arrives before anyone waits stays in the pipe.
public enum StopSignals {
    /// The pipe's write end, for the handler. Set once, before the first handler is installed.
    nonisolated(unsafe) fileprivate static var writeEnd: Int32 = -1
    nonisolated(unsafe) private static var readEnd: Int32 = -1

    /// Installs the handlers for `signals`; the pipe is made by the first call and shared.
    /// Not for several threads at once: a process catches its stop signals at start.
    public static func `catch`(_ signals: [Int32] = [SIGINT, SIGTERM]) throws(SystemError) {
        if writeEnd < 0 {
            var ends: [Int32] = [-1, -1]
            try systemCall("pipe") { pipe(&ends) }
            // Not inherited by a process the server starts.
            for end in ends { try systemCall("fcntl") { fcntl(end, F_SETFD, FD_CLOEXEC) } }
            readEnd = ends[0]
            writeEnd = ends[1]
        }
        var action = sigaction()
        #if canImport(Glibc)
            action.__sigaction_handler.sa_handler = stopSignalArrived
        #else
            action.__sigaction_u.__sa_handler = stopSignalArrived
        #endif
        // SA_RESTART: the signal interrupts no read or write elsewhere in the process.
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        var caught = sigset_t()
        sigemptyset(&caught)
        for number in signals {
            try systemCall("sigaction") { sigaction(number, &action, nil) }
            sigaddset(&caught, number)
        }
        // A blocked signal is never handled, and the mask is inherited: a parent that blocks
        // SIGTERM (a test runner does) would leave this process unable to stop. Unblocked in
        // this thread, and so in every thread it starts from now on.
        let unblocked = pthread_sigmask(SIG_UNBLOCK, &caught, nil)
        guard unblocked == 0 else { throw SystemError(call: "pthread_sigmask", errno: unblocked) }
    }

    /// Blocks until one of the caught signals has arrived (at once if one came already) and
    /// returns its number.
    public static func wait() throws(SystemError) -> Int32 {
        precondition(readEnd >= 0, "StopSignals.catch() first")
        var byte: UInt8 = 0
        // Nothing closes the write end, so a read ends with a byte, never at end of file.
        try systemCall("read") { read(readEnd, &byte, 1) }
        return Int32(byte)
    }
}

/// The handler: only async-signal-safe calls (one write(2)), and errno left as it was.
private func stopSignalArrived(_ number: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(StopSignals.writeEnd, &byte, 1)
    errno = saved
}
