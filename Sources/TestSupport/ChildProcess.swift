import Foundation
import Synchronization
import SystemCalls
#if canImport(Glibc)
    import Glibc
#endif

/// A program run as a child process, the one way the tests run one.
///
/// Started with posix_spawn and its end taken with waitpid, not through Foundation's
/// `Process`, whose `waitUntilExit` was seen to miss a child's exit under the test runner and
/// wait forever: waitpid asks the kernel, which cannot miss it. Standard input comes from a
/// file (or /dev/null), standard output and error go to files that only the child opens, so
/// a child can neither stall on a full pipe, nor hold a pipe open for a program it leaves
/// running (a database server a script starts), nor leak a descriptor into another test's
/// child. The child is killed and reaped when this value goes, if nobody waited for it.
public final class ChildProcess: Sendable {
    /// The child's process id: only for what the kernel says of it (its threads, its memory);
    /// send signals with `signal`, which never reaches a process that merely reused the id.
    public let pid: pid_t
    /// The program and its arguments, for messages.
    public let command: String
    private let files: TemporaryFolder
    /// The child's wait status once reaped; nil while it has not been. Held while a signal is
    /// sent, so a signal never goes to an id the kernel has given to another process.
    private let reaped = Mutex<Int32?>(nil)

    /// Starts `executable` (a path, not looked up in PATH) with `arguments`. `environment` is
    /// the whole environment the child gets; `input` what it reads on standard input.
    public init(
        _ executable: String, _ arguments: [String] = [], environment: [String: String] = ProcessInfo.processInfo.environment,
        input: String? = nil
    ) throws {
        command = ([executable] + arguments).joined(separator: " ")
        files = try TemporaryFolder("roadtrip-child")
        var inputPath = "/dev/null"
        if let input {
            inputPath = try files.write(Array(input.utf8), to: "stdin")
        }
        pid = try Spawn.start(
            executable, arguments: arguments, environment: environment,
            input: inputPath, output: files.file("stdout"), error: files.file("stderr"))
    }

    deinit {
        killAndReap()
    }

    /// What the child has written to its standard output so far.
    public var standardOutput: String { (try? String(contentsOfFile: files.file("stdout"), encoding: .utf8)) ?? "" }
    /// What the child has written to its standard error so far.
    public var standardError: String { (try? String(contentsOfFile: files.file("stderr"), encoding: .utf8)) ?? "" }

    /// Whether the child has yet to exit (reaping it if it just has).
    public var isRunning: Bool {
        get throws { try reap() == nil }
    }

    /// Sends `signal` to the child; false when it has already been reaped or the kernel refused.
    @discardableResult
    public func signal(_ signal: Int32) -> Bool {
        reaped.withLock { status in status == nil && kill(pid, signal) == 0 }
    }

    /// Waits until the child has exited, at most `seconds`; past that kills it and throws,
    /// saying what it wrote.
    @discardableResult
    public func waitForExit(within seconds: Double) throws -> CommandResult {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            if let status = try reap() {
                return CommandResult(status: Self.exitStatus(status), standardOutput: standardOutput, standardError: standardError)
            }
            if Date() > deadline { break }
            usleep(10_000)
        }
        killAndReap()
        throw ChildProcessError(
            description: """
                \(command) still running after \(seconds) s; killed. stdout: \(standardOutput) stderr: \(standardError)
                """)
    }

    /// Waits until the standard output contains `text`, at most `seconds`.
    public func waitForOutput(containing text: String, within seconds: Double) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !standardOutput.contains(text) {
            if try !isRunning || Date() > deadline {
                // Read again: it may have printed the text and then exited since the last look.
                guard standardOutput.contains(text) else {
                    throw ChildProcessError(
                        description: "\(command) did not print \"\(text)\"; stdout: \(standardOutput) stderr: \(standardError)")
                }
                return
            }
            usleep(10_000)
        }
    }

    /// Runs a program to its end, at most `seconds`.
    public static func run(
        _ executable: String, _ arguments: [String] = [], environment: [String: String] = ProcessInfo.processInfo.environment,
        input: String? = nil, within seconds: Double
    ) throws -> CommandResult {
        try ChildProcess(executable, arguments, environment: environment, input: input).waitForExit(within: seconds)
    }

    /// The wait status if the child has exited (now or before), nil while it runs. Never
    /// blocks: a wait with a time limit asks again.
    private func reap() throws -> Int32? {
        try reaped.withLock { status in
            if let status { return status }
            var code: Int32 = 0
            let found: pid_t
            do throws(SystemError) {
                found = try systemCall("waitpid") { waitpid(pid, &code, WNOHANG) }
            } catch {
                throw ChildProcessError(description: "cannot wait for \(command): \(error.message)")
            }
            if found == pid { status = code }
            return status
        }
    }

    /// Kills the child unless it has been reaped, and reaps it: SIGKILL cannot be caught, so
    /// the wait is short.
    private func killAndReap() {
        reaped.withLock { status in
            guard status == nil else { return }
            kill(pid, SIGKILL)
            var code: Int32 = 0
            if (try? systemCall("waitpid", { waitpid(pid, &code, 0) })) == pid { status = code }
        }
    }

    /// The exit status as a shell gives it: the code the program exited with, or 128 plus the
    /// signal that ended it. (WIFEXITED and its kin are macros Swift does not import.)
    static func exitStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}

/// What a finished program left.
public struct CommandResult: Sendable {
    /// The exit code, or 128 plus the signal that ended the program.
    public let status: Int32
    public let standardOutput: String
    public let standardError: String

    public var standardErrorLines: [String] {
        standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}

public struct ChildProcessError: Error, CustomStringConvertible {
    public let description: String
}
