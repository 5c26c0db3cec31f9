import Foundation
import SystemCalls
import TestSupport
import Testing

@Suite struct SystemCallTests {
    @Test func aCallInterruptedBySignalsIsMadeAgainUntilItAnswers() throws {
        // setup: a call that is interrupted twice, then succeeds
        var calls = 0

        // MUT
        let result = try systemCall("read") { () -> Int in
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 7
        }

        // validate
        #expect(result == 7)
        #expect(calls == 3)
    }

    @Test func anyOtherFailureIsThrownOnceWithTheCallAndItsErrno() {
        // setup
        var calls = 0

        // MUT
        let error = #expect(throws: SystemError.self) {
            try systemCall("open") { () -> Int32 in
                calls += 1
                return open("/nonexistent/roadtrip", O_RDONLY)
            }
        }

        // validate
        #expect(error == SystemError(call: "open", errno: ENOENT))
        #expect(error?.description == "open: No such file or directory")
        #expect(calls == 1)
    }
}

@Suite struct FileDescriptorTests {
    private let scratch: TemporaryFolder
    var folder: URL { scratch.url }

    init() throws {
        scratch = try TemporaryFolder("system-calls-tests")
    }

    @Test func everyByteIsWrittenAndReadBack() throws {
        // setup
        let path = folder.appendingPathComponent("bytes").path
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }

        // MUT
        let output = try FileDescriptor.open(path, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
        try output.writeAll(bytes)
        try output.close()
        let input = try FileDescriptor.open(path, flags: O_RDONLY)
        var read = [UInt8](repeating: 0, count: bytes.count + 10)
        let count = try input.readFully(into: &read)

        // validate
        #expect(count == bytes.count)
        #expect(Array(read.prefix(count)) == bytes)
    }

    @Test func readingFullyGathersWhatArrivesInPieces() throws {
        // setup: a pipe whose bytes come in two writes, then its end
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let writer = Thread {
            for piece in [[1, 2, 3], [4, 5, 6, 7]] as [[UInt8]] {
                _ = piece.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
                usleep(20_000)
            }
            close(writeEnd)
        }
        writer.start()
        let file = try FileDescriptor.open("/proc/self/fd/\(readEnd)", flags: O_RDONLY)
        close(readEnd)

        // MUT
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = try file.readFully(into: &buffer)

        // validate
        #expect(Array(buffer.prefix(count)) == [1, 2, 3, 4, 5, 6, 7])
    }

    @Test func aFullDiskIsReportedAsWhatItIs() throws {
        // setup
        let full = try FileDescriptor.open("/dev/full", flags: O_WRONLY)

        // MUT
        let error = #expect(throws: SystemError.self) { try full.writeAll([UInt8](repeating: 1, count: 10)) }

        // validate
        #expect(error == SystemError(call: "write", errno: ENOSPC))
    }
}

@Suite struct AtomicFileTests {
    private let scratch: TemporaryFolder
    var folder: URL { scratch.url }

    init() throws {
        scratch = try TemporaryFolder("atomic-file-tests")
    }

    private var names: [String] { (try? FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()) ?? [] }

    @Test func aWriteReplacesTheFileWholeAndLeavesNothingElse() throws {
        // setup
        let path = folder.appendingPathComponent("page.html").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))

        // MUT
        try AtomicFile.write(Array("new and longer".utf8), to: path, mode: 0o600)

        // validate
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new and longer")
        #expect(names == ["page.html"])
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aFailureWhileFillingLeavesTheOldFileAndNoTemporaryOne() throws {
        // setup
        struct Refused: Error {}
        let path = folder.appendingPathComponent("page.html").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))

        // MUT
        #expect(throws: Refused.self) {
            try AtomicFile.place(
                at: path,
                { (file) throws(Refused) in
                    try? file.writeAll(Array("half".utf8))
                    throw Refused()
                }, failure: { _ in Refused() })
        }

        // validate
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old")
        #expect(names == ["page.html"])
    }

    @Test func aFolderThatIsNotThereIsRefusedInTheCallersTerms() throws {
        // setup
        struct CannotSave: Error, Equatable { let errno: Int32 }
        let path = folder.appendingPathComponent("missing/page.html").path

        // MUT
        let error = #expect(throws: CannotSave.self) {
            try AtomicFile.place(at: path, { (_) throws(CannotSave) in }, failure: { CannotSave(errno: $0.errno) })
        }

        // validate
        #expect(error == CannotSave(errno: ENOENT))
        #expect(names.isEmpty)
    }
}

@Suite struct StopSignalsTests {
    /// A signal sent the moment `catch` returns is kept for `wait`, not lost (a dispatch signal
    /// source, registered later on another thread, lost every one of ten sent this way).
    @Test func aSignalSentRightAfterCatchingIsWaitedFor() throws {
        // setup: SIGUSR1, so that the test process's own SIGINT and SIGTERM stay as they are
        try StopSignals.catch([SIGUSR1])

        // MUT: sent before anyone waits
        #expect(kill(getpid(), SIGUSR1) == 0)
        let received = try StopSignals.wait()

        // validate
        #expect(received == SIGUSR1)
    }
}
