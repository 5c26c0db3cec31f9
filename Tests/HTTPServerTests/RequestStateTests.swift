import Foundation
import TestSupport
@testable import HTTPServer
import Testing

/// How a request's body is taken in, piece by piece, without a socket.
@Suite struct RequestStateTests {
    static func spooledState(folder: String, limit: Int = 1 << 20) -> RequestState {
        var configuration = testConfiguration()
        configuration.spoolsBody = { _, _ in true }
        configuration.spoolFolder = folder
        configuration.maximumSpooledBodySize = limit
        return RequestState(
            method: "POST", path: "/photos", configuration: configuration, ledger: SpoolLedger(limits: configuration.spoolLimits))
    }

    @Test func aRefusedSpooledBodyLeavesNoFile() throws {
        try TemporaryFolder.with { folder in
            // setup: a request whose body turns out too large after it started to be written.
            let state = Self.spooledState(folder: folder.url.path, limit: 10)
            let firstPart = [UInt8].pattern(count: 8)
            #expect(firstPart.withUnsafeBytes { state.receive($0) })
            let fileWhileReceiving = FileProbe.names(in: folder.url.path).count

            // MUT
            let keepsConnection = firstPart.withUnsafeBytes { state.receive($0) }

            // validate
            #expect(fileWhileReceiving == 1)
            #expect(keepsConnection)
            #expect(state.finishBody()?.status == .contentTooLarge)
            #expect(FileProbe.names(in: folder.url.path).isEmpty)
        }
    }

    @Test func aBodyThatCannotBeWrittenIsAnswered507AndTheRestDropped() throws {
        try TemporaryFolder.with { folder in
            // setup: the folder vanished after the request's headers were checked.
            let state = Self.spooledState(folder: folder.file("gone"))

            // MUT
            let kept = [UInt8].pattern(count: 100).withUnsafeBytes { first in
                [UInt8].pattern(count: 100).withUnsafeBytes { second in (state.receive(first), state.receive(second)) }
            }
            let refusal = state.finishBody()

            // validate
            #expect(kept == (true, true))
            #expect(refusal?.status == .insufficientStorage)
            guard case .bytes(let text)? = refusal?.body else { Issue.record("no text"); return }
            #expect(String(decoding: text, as: UTF8.self) == "The request body could not be stored: open: No such file or directory.\n")
            #expect(state.spool == nil)
        }
    }

    @Test func aRefusedChunkedBodyClosesTheConnectionPastTwiceTheLimit() throws {
        try TemporaryFolder.with { folder in
            // setup
            let state = Self.spooledState(folder: folder.url.path, limit: 100)

            // MUT
            let answers = (1...5).map { _ in [UInt8].pattern(count: 50).withUnsafeBytes { state.receive($0) } }

            // validate: 150 and 200 bytes are read and dropped, 250 is too many.
            #expect(answers == [true, true, true, true, false])
            #expect(FileProbe.names(in: folder.url.path).isEmpty)
        }
    }
}
