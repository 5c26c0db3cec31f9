import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif

@Suite struct ChildProcessTests {
    @Test func theStatusIsTheProgramsExitCode() throws {
        // MUT
        let result = try ChildProcess.run("/bin/sh", ["-c", "exit 3"], within: 30)

        // validate
        #expect(result.status == 3)
    }

    @Test func aProgramEndedByASignalHas128PlusTheSignal() throws {
        // MUT
        let result = try ChildProcess.run("/bin/sh", ["-c", "kill -TERM $$"], within: 30)

        // validate
        #expect(result.status == 128 + SIGTERM)
    }

    @Test func inputIsWhatTheProgramReadsAndItsOutputAndErrorAreKeptApart() throws {
        // MUT
        let result = try ChildProcess.run("/bin/sh", ["-c", "cat; echo warning >&2"], input: "line one\nline two\n", within: 30)

        // validate
        #expect(result.status == 0)
        #expect(result.standardOutput == "line one\nline two\n")
        #expect(result.standardError == "warning\n")
        #expect(result.standardErrorLines == ["warning"])
    }

    @Test func withoutInputTheProgramReadsTheEndAtOnce() throws {
        // MUT: cat would wait for a terminal or a pipe that never closes
        let result = try ChildProcess.run("/bin/cat", within: 30)

        // validate
        #expect(result.status == 0)
        #expect(result.standardOutput.isEmpty)
    }

    @Test func theEnvironmentIsExactlyTheOneGiven() throws {
        // MUT
        let result = try ChildProcess.run("/usr/bin/env", environment: ["ROADTRIP_PROBE": "one two"], within: 30)

        // validate
        #expect(result.standardOutput == "ROADTRIP_PROBE=one two\n")
    }

    @Test func aProgramPastItsTimeIsKilledAndTheWaitSaysSo() throws {
        // setup
        let child = try ChildProcess("/bin/sh", ["-c", "echo started; exec sleep 60"])
        try child.waitForOutput(containing: "started", within: 30)

        // MUT
        let error = #expect(throws: ChildProcessError.self) { try child.waitForExit(within: 0.2) }

        // validate: the message says what it printed; the child is gone, not left running
        #expect(error?.description.contains("still running after 0.2 s; killed. stdout: started") == true, "\(String(describing: error))")
        #expect(try !child.isRunning)
        #expect(!child.signal(SIGTERM), "a reaped child's id may belong to another process by now")
    }

    @Test func aSignalSentWhileItRunsEndsIt() throws {
        // setup
        let child = try ChildProcess("/bin/sh", ["-c", "echo ready; exec sleep 60"])
        try child.waitForOutput(containing: "ready", within: 30)

        // MUT
        #expect(child.signal(SIGTERM))
        let result = try child.waitForExit(within: 30)

        // validate
        #expect(result.status == 128 + SIGTERM)
        #expect(result.standardOutput == "ready\n")
    }

    @Test func waitingForOutputAProgramNeverPrintsThrowsOnceItHasExited() throws {
        // setup
        let child = try ChildProcess("/bin/sh", ["-c", "echo something else"])

        // MUT + validate: it does not wait out the whole time once the program is gone
        let started = Date()
        #expect(throws: ChildProcessError.self) { try child.waitForOutput(containing: "ready", within: 60) }
        #expect(Date().timeIntervalSince(started) < 30)
    }

    /// Foundation's Process was seen to miss a child's exit and wait forever; waitpid asks the
    /// kernel. Many short children on many threads at once, each seen to exit.
    @Test func everyOneOfManyChildrenExitingAtOnceIsSeenToExit() throws {
        // setup
        let statuses = Recorder<Int32>()
        let errors = ThreadErrors()

        // MUT
        let finished = runOnThreads(8, errors: errors) { index in
            for round in 0..<8 {
                let code = (index * 8 + round) % 100
                statuses.record(try ChildProcess.run("/bin/sh", ["-c", "exit \(code)"], within: 60).status)
            }
        }

        // validate
        #expect(finished)
        #expect(errors.all.isEmpty, "\(errors.all)")
        #expect(statuses.all.sorted() == (0..<64).map { Int32($0 % 100) }.sorted())
    }

    /// A test may block signals or ignore them; the program starts as from a shell.
    @Test func theProgramStartsWithNoSignalBlockedOrIgnored() throws {
        // setup: SIGUSR2 blocked on this thread, as a signal-waiting test blocks its signals,
        // and ignored by the process (nothing else here uses SIGUSR2)
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGUSR2)
        var previousMask = sigset_t()
        #expect(pthread_sigmask(SIG_BLOCK, &blocked, &previousMask) == 0)
        defer { pthread_sigmask(SIG_SETMASK, &previousMask, nil) }
        let previousAction = signal(SIGUSR2, SIG_IGN)
        defer { signal(SIGUSR2, previousAction) }

        // MUT
        let status = try ChildProcess.run("/bin/grep", ["-E", "^Sig(Blk|Ign):", "/proc/self/status"], within: 30).standardOutput

        // validate: of the signals a program may use (1 to 31; glibc keeps 32 and 33 for itself
        // and its posix_spawn leaves them ignored), none blocked, none ignored
        let masks = status.split(separator: "\n").map { $0.split(separator: "\t").last.flatMap { UInt64($0, radix: 16) } }
        try #require(masks.count == 2, "\(status)")
        #expect(masks[0] == 0, "blocked: \(status)")
        #expect(masks[1].map { $0 & 0x7FFF_FFFF } == 0, "ignored: \(status)")
    }

    @Test func aProgramThatCannotBeStartedSaysWhy() {
        // MUT
        let error = #expect(throws: ChildProcessError.self) { try ChildProcess("/no/such/program") }

        // validate
        #expect(error?.description == "cannot run /no/such/program: No such file or directory")
    }
}
