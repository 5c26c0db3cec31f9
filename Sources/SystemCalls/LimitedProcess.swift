#if canImport(Glibc)
    import Glibc
#endif
internal import CSystemShim

/// What a child process may use: set before its first instruction (memory, processor time,
/// priority) or watched by the parent (wall-clock time, output).
public struct ProcessLimits: Sendable, Equatable {
    /// Its address space, bytes (RLIMIT_AS): an allocation past it fails in the child.
    public var memory: UInt64
    /// Processor seconds (RLIMIT_CPU), counted over all its threads.
    public var processorSeconds: UInt
    /// Seconds from its start until it is killed.
    public var seconds: Double
    /// Added to its niceness: 10 runs it after the server's own work.
    public var niceness: Int32
    /// Bytes of its standard output kept; past them it is killed.
    public var outputBytes: Int

    public init(memory: UInt64, processorSeconds: UInt, seconds: Double, niceness: Int32 = 0, outputBytes: Int = 1 << 20) {
        self.memory = memory
        self.processorSeconds = processorSeconds
        self.seconds = seconds
        self.niceness = niceness
        self.outputBytes = outputBytes
    }
}

/// How a child process ended, and what it said.
public struct ProcessOutcome: Sendable {
    public enum Ending: Sendable, Equatable {
        case exited(Int32)
        /// Ended by a signal it did not ask for: a crash, or a limit the kernel enforced
        /// (SIGKILL past its address space in the kernel's own allocations, SIGXCPU).
        case signalled(Int32)
        /// Killed by the parent past `ProcessLimits.seconds`.
        case timedOut
        /// Killed by the parent because its output passed `ProcessLimits.outputBytes`.
        case tooMuchOutput
        /// Killed by the parent because the caller asked it to stop.
        case stopped
    }

    public let ending: Ending
    /// Its standard output, up to `ProcessLimits.outputBytes`.
    public let output: [UInt8]
    /// The last few kilobytes of its standard error.
    public let errorTail: String

    public var succeeded: Bool { ending == .exited(0) }
}

/// A program started from this process with limits it cannot lift: how RoadTrip runs a large
/// parser of hostile bytes that is not its own (FFmpeg), so that a crash, a hang or a runaway
/// allocation costs that one file, never the server.
public enum LimitedProcess {
    /// How much of standard error is kept (its end, where the reason is).
    static let errorTailBytes = 4096

    /// Runs `executable` (an absolute path) with `arguments` until it ends, a limit is passed or
    /// `shouldStop` answers true (asked about ten times a second). `onOutput` is given each
    /// piece of standard output as it comes (a progress report). Throws only when the program
    /// could not be started.
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:], limits: ProcessLimits,
        shouldStop: () -> Bool = { false }, onOutput: ([UInt8]) -> Void = { _ in }
    ) throws(SystemError) -> ProcessOutcome {
        let output = try pipe()
        let errors: (read: Int32, write: Int32)
        do { errors = try pipe() } catch {
            close(output.read)
            close(output.write)
            throw error
        }
        let pid = spawn(executable, arguments, environment: environment, limits: limits, output: output.write, error: errors.write)
        close(output.write)
        close(errors.write)
        defer {
            close(output.read)
            close(errors.read)
        }
        guard pid > 0 else { throw SystemError(call: "start \(executable)", errno: -pid) }

        var kept: [UInt8] = []
        var errorTail: [UInt8] = []
        var ending: ProcessOutcome.Ending?
        let deadline = monotonicSeconds() + limits.seconds
        var open = (output: true, errors: true)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while open.output || open.errors {
            if ending == nil {
                if shouldStop() { ending = .stopped } else if monotonicSeconds() >= deadline { ending = .timedOut }
                if ending != nil {
                    kill(pid, SIGKILL)
                    break
                }
            }
            var watched = [
                pollfd(fd: open.output ? output.read : -1, events: Int16(POLLIN), revents: 0),
                pollfd(fd: open.errors ? errors.read : -1, events: Int16(POLLIN), revents: 0),
            ]
            guard poll(&watched, 2, 100) >= 0 || errno == EINTR else { break }
            for (index, watch) in watched.enumerated() where watch.fd >= 0 && watch.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(watch.fd, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                guard count > 0 else {
                    if index == 0 { open.output = false } else { open.errors = false }
                    continue
                }
                let piece = Array(buffer[0..<count])
                if index == 0 {
                    onOutput(piece)
                    if kept.count + count > limits.outputBytes {
                        ending = .tooMuchOutput
                        kill(pid, SIGKILL)
                        open = (false, false)
                    } else {
                        kept += piece
                    }
                } else {
                    errorTail += piece
                    if errorTail.count > 2 * errorTailBytes { errorTail.removeFirst(errorTail.count - errorTailBytes) }
                }
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        if ending == nil {
            let signal = status & 0x7f
            ending = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
        }
        let tail = errorTail.suffix(errorTailBytes)
        return ProcessOutcome(ending: ending ?? .exited(0), output: kept, errorTail: String(decoding: tail, as: UTF8.self))
    }

    /// The absolute path of `name` on the `PATH` given (a name with a slash as it is), or nil.
    public static func find(_ name: String, path: String = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin") -> String? {
        if name.contains("/") { return access(name, X_OK) == 0 ? name : nil }
        for folder in path.split(separator: ":") where folder.hasPrefix("/") {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    private static func pipe() throws(SystemError) -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        try systemCall("pipe2") { rt_pipe_cloexec(&ends) }
        return (ends[0], ends[1])
    }

    private static func spawn(
        _ executable: String, _ arguments: [String], environment: [String: String], limits: ProcessLimits,
        output: Int32, error: Int32
    ) -> pid_t {
        let strings = ([executable] + arguments).map { strdup($0) }
        let variables = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") }
        defer { (strings + variables).forEach { free($0) } }
        guard !strings.contains(nil), !variables.contains(nil) else { return -ENOMEM }
        let argv = strings + [nil]
        let envp = variables + [nil]
        return argv.withUnsafeBufferPointer { argvPointer in
            envp.withUnsafeBufferPointer { envpPointer in
                rt_spawn_limited(
                    executable, argvPointer.baseAddress, envpPointer.baseAddress, output, error,
                    limits.memory, UInt(limits.processorSeconds), limits.niceness)
            }
        }
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
