import Foundation
import SystemCalls
import Testing

/// A child process under limits it cannot lift: what FFmpeg runs under.
@Suite struct LimitedProcessTests {
    private static let generous = ProcessLimits(memory: 1 << 30, processorSeconds: 30, seconds: 30)
    private let shell = "/bin/sh"
    private var python: String { LimitedProcess.find("python3") ?? "/usr/bin/python3" }

    @Test func outputAndTheEndOfItsErrorsAreKeptAndItsStatusTold() throws {
        let outcome = try LimitedProcess.run(shell, ["-c", "echo frame 1; echo 'no such codec' >&2; exit 3"], limits: Self.generous)

        #expect(outcome.ending == .exited(3) && !outcome.succeeded)
        #expect(String(decoding: outcome.output, as: UTF8.self) == "frame 1\n")
        #expect(outcome.errorTail == "no such codec\n")
    }

    @Test func aHangIsKilledAtItsTimeLimit() throws {
        let started = Date()
        let outcome = try LimitedProcess.run(
            "/bin/sleep", ["600"], limits: ProcessLimits(memory: 1 << 30, processorSeconds: 30, seconds: 0.3))

        #expect(outcome.ending == .timedOut)
        #expect(Date().timeIntervalSince(started) < 60, "killed, not waited for")
    }

    @Test func anAllocationPastItsMemoryFailsInTheChild() throws {
        // 512 MiB asked for under a 256 MiB address space.
        let outcome = try LimitedProcess.run(
            python, ["-c", "b = bytearray(512 * 1024 * 1024)"],
            limits: ProcessLimits(memory: 256 << 20, processorSeconds: 30, seconds: 30))

        #expect(!outcome.succeeded)
        #expect(outcome.errorTail.contains("MemoryError"), "\(outcome.errorTail)")
    }

    @Test func aLoopIsEndedAtItsProcessorTime() throws {
        let outcome = try LimitedProcess.run(
            python, ["-c", "while True: pass"], limits: ProcessLimits(memory: 1 << 30, processorSeconds: 1, seconds: 60))

        #expect(outcome.ending == .signalled(SIGXCPU) || outcome.ending == .signalled(SIGKILL), "\(outcome.ending)")
    }

    @Test func aStopAskedForKillsIt() throws {
        let started = Date()
        let outcome = try LimitedProcess.run(
            "/bin/sleep", ["600"], limits: Self.generous, shouldStop: { Date().timeIntervalSince(started) > 0.2 })

        #expect(outcome.ending == .stopped)
    }

    @Test func tooMuchOutputKillsIt() throws {
        let outcome = try LimitedProcess.run(
            "/bin/cat", ["/dev/zero"], limits: ProcessLimits(memory: 1 << 30, processorSeconds: 30, seconds: 30, outputBytes: 100_000))

        #expect(outcome.ending == .tooMuchOutput)
        #expect(outcome.output.count <= 100_000)
    }

    @Test func noDescriptorOfTheParentReachesTheChildAndItRunsNicer() throws {
        // setup: a file open in the parent, not marked close-on-exec.
        let path = NSTemporaryDirectory() + "limited-\(UUID().uuidString)"
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let held = open(path, O_RDONLY)
        defer { close(held) }

        let outcome = try LimitedProcess.run(
            shell, ["-c", "ls /proc/self/fd; cut -d' ' -f19 /proc/self/stat"],
            limits: ProcessLimits(memory: 1 << 30, processorSeconds: 30, seconds: 30, niceness: 10))

        let lines = String(decoding: outcome.output, as: UTF8.self).split(separator: "\n")
        // 0, 1, 2 and the descriptor ls reads the folder with (the lowest free one, 3).
        #expect(held > 3 && Set(lines.dropLast()).isSubset(of: ["0", "1", "2", "3"]), "\(lines)")
        #expect(lines.last.flatMap { Int($0) } ?? 0 >= 10, "its niceness: \(lines)")
    }

    @Test func aProgramThatCannotStartIsAnError() {
        #expect(throws: SystemError.self) {
            try LimitedProcess.run("/nonexistent/ffmpeg", [], limits: Self.generous)
        }
    }

    @Test func programsAreFoundOnThePath() {
        #expect(LimitedProcess.find("sh", path: "/nowhere:/bin") == "/bin/sh")
        #expect(LimitedProcess.find("no-such-program-here", path: "/bin") == nil)
    }
}
