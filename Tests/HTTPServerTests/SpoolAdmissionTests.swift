import Foundation
@testable import HTTPServer
import Synchronization
import TestSupport
import Testing

/// Spooled bodies are stored only for requests the application admits, and within the
/// spool's bounds: all requests together, each owner, and the disk's free-space reserve.
@Suite struct SpoolAdmissionTests {
    /// Owners by the `X-Owner` header; no header, no admission.
    static let admitByOwnerHeader: @Sendable (RequestHead) -> BodyAdmission = { head in
        guard let owner = head.headers["X-Owner"] else { return .refuse(.text("Sign in first.\n", status: .forbidden)) }
        return .accept(owner: owner)
    }

    static func configure(spool: String, limits: SpoolLimits = SpoolLimits()) -> (inout Configuration) -> Void {
        { configuration in
            SpooledBodyRefusalTests.configure(spool: spool, limit: 1 << 30)(&configuration)
            configuration.admitsSpooledBody = admitByOwnerHeader
            configuration.spoolLimits = limits
        }
    }

    /// Robin's upload of 800 bytes, 100 of them sent and on disk: it holds 800 of the spool.
    static func uploadUnderWay(to server: Server, spool: String) throws -> RawConnection {
        let connection = try RawConnection(port: server.port)
        try connection.send("POST /photos HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Owner: robin\r\nContent-Length: 800\r\n\r\n")
        try connection.send(.pattern(count: 100))
        #expect(eventually(within: 5) { FileProbe.names(in: spool).count == 1 })
        return connection
    }

    @Test func aRequestTheApplicationRefusesIsAnsweredBeforeAByteOfItsBodyIsRead() throws {
        try TemporaryFolder.with { folder in
            // setup
            let spool = folder.file("spool")
            let requests = Recorder<Request>()
            let server = try startServer(configure: Self.configure(spool: spool), requests: requests, handler: answerOK)
            defer { server.stop() }
            let connection = try RawConnection(port: server.port)

            // MUT: 300 MB announced, none of it sent.
            try connection.send("POST /photos HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 300000000\r\n\r\n")
            let response = try connection.receiveResponse()

            // validate
            #expect(response.status == 403)
            #expect(response.text == "Sign in first.\n")
            #expect(connection.isClosedByServer(within: 5))
            #expect(requests.count == 0)
            #expect(FileProbe.names(in: spool).isEmpty)
        }
    }

    @Test func theApplicationSeesTheHeadOfTheRequest() throws {
        try TemporaryFolder.with { folder in
            // setup
            let heads = Mutex<[RequestHead]>([])
            let server = try startServer(
                configure: { configuration in
                    Self.configure(spool: folder.file("spool"))(&configuration)
                    configuration.admitsSpooledBody = { head in
                        heads.withLock { $0.append(head) }
                        return .accept(owner: "someone")
                    }
                }, handler: answerOK)
            defer { server.stop() }

            // MUT
            let response = try fetch(
                port: server.port, method: "POST", "/photos?upload=abc", headers: [("X-Token", "t1")], body: .pattern(count: 10))

            // validate
            #expect(response.status == 200)
            let head = try #require(heads.withLock { $0.first })
            #expect(head.method == "POST")
            #expect(head.path == "/photos")
            #expect(head.queryValue("upload") == "abc")
            #expect(head.headers["X-Token"] == "t1")
            #expect(head.clientAddress == "127.0.0.1")
            #expect(head.declaredLength == 10)
        }
    }

    @Test func aBodyOverTheTotalBoundIsAnswered507WhileAnotherHoldsTheSpool() throws {
        try TemporaryFolder.with { folder in
            // setup: one upload of 800 bytes under way, of a total of 1000.
            let spool = folder.file("spool")
            let requests = Recorder<Request>()
            let limits = SpoolLimits(total: 1000, perOwner: 1000, freeSpaceReserve: 0)
            let server = try startServer(configure: Self.configure(spool: spool, limits: limits), requests: requests, handler: answerOK)
            defer { server.stop() }
            let first = try Self.uploadUnderWay(to: server, spool: spool)

            // MUT
            let second = try fetch(
                port: server.port, method: "POST", "/photos", headers: [("X-Owner", "morgan")], body: .pattern(count: 300))

            // validate: refused with the reason; once the first is done, the same body goes in.
            #expect(second.status == 507)
            #expect(second.text.contains("already taking in as many uploads as it holds at once"))
            try first.send(.pattern(count: 700))
            #expect(try first.receiveResponse().status == 200)
            #expect(eventually(within: 5) { server.requestsInProgress == 0 })
            let third = try fetch(
                port: server.port, method: "POST", "/photos", headers: [("X-Owner", "morgan")], body: .pattern(count: 300))
            #expect(third.status == 200)
            #expect(requests.count == 2)
        }
    }

    @Test func oneOwnerCannotTakeMoreThanItsShare() throws {
        try TemporaryFolder.with { folder in
            // setup: robin has 800 of a 1000-byte share in flight.
            let spool = folder.file("spool")
            let limits = SpoolLimits(total: 10_000, perOwner: 1000, freeSpaceReserve: 0)
            let server = try startServer(configure: Self.configure(spool: spool, limits: limits), handler: answerOK)
            defer { server.stop() }
            // Held open to the end: robin's 800 bytes stay in flight.
            let first = try Self.uploadUnderWay(to: server, spool: spool)
            defer { withExtendedLifetime(first) {} }

            // MUT
            let robin = try fetch(port: server.port, method: "POST", "/photos", headers: [("X-Owner", "robin")], body: .pattern(count: 300))
            let morgan = try fetch(
                port: server.port, method: "POST", "/photos", headers: [("X-Owner", "morgan")], body: .pattern(count: 300))

            // validate
            #expect(robin.status == 507)
            #expect(robin.text.contains("as many uploads in progress as one account may"))
            #expect(morgan.status == 200)
        }
    }

    @Test func aBodyThatWouldEatTheDisksReserveIsRefusedBeforeItIsRead() throws {
        try TemporaryFolder.with { folder in
            // setup: a reserve larger than any disk here.
            let spool = folder.file("spool")
            let requests = Recorder<Request>()
            let limits = SpoolLimits(total: 1 << 40, perOwner: 1 << 40, freeSpaceReserve: 1 << 60)
            let server = try startServer(configure: Self.configure(spool: spool, limits: limits), requests: requests, handler: answerOK)
            defer { server.stop() }
            let connection = try RawConnection(port: server.port)

            // MUT
            try connection.send("POST /photos HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Owner: robin\r\nContent-Length: 5000\r\n\r\n")
            let response = try connection.receiveResponse()

            // validate
            #expect(response.status == 507)
            #expect(response.text.contains("the server's disk is nearly full (it keeps 1099511627776 MiB free)"))
            #expect(requests.count == 0)
            #expect(FileProbe.names(in: spool).isEmpty)
        }
    }

    @Test func aChunkedBodyIsCountedAsItArrivesAndRefusedPastTheBound() throws {
        try TemporaryFolder.with { folder in
            // setup
            let spool = folder.file("spool")
            let requests = Recorder<Request>()
            let limits = SpoolLimits(total: 1000, perOwner: 1000, freeSpaceReserve: 0)
            let server = try startServer(configure: Self.configure(spool: spool, limits: limits), requests: requests, handler: answerOK)
            defer { server.stop() }
            let connection = try RawConnection(port: server.port)

            // MUT: 1200 bytes in three chunks, with no Content-Length to refuse early.
            try connection.postChunked("/photos", headers: "X-Owner: robin\r\n", chunks: 3, of: 400)
            let response = try connection.receiveResponse()

            // validate: refused, its file gone, and its bytes given back to the ledger.
            #expect(response.status == 507)
            #expect(requests.count == 0)
            #expect(FileProbe.names(in: spool).isEmpty)
            #expect(eventually(within: 5) { server.requestsInProgress == 0 })
            let after = try fetch(port: server.port, method: "POST", "/photos", headers: [("X-Owner", "robin")], body: .pattern(count: 900))
            #expect(after.status == 200)
        }
    }

    @Test func theLedgerGivesBackWhatARequestHeld() throws {
        // setup
        let ledger = SpoolLedger(limits: SpoolLimits(total: 100, perOwner: 60, freeSpaceReserve: 0))

        // MUT / validate
        try ledger.reserve(60, for: "a")
        #expect(throws: StorageError.self) { try ledger.reserve(1, for: "a") }
        try ledger.reserve(40, for: "b")
        #expect(throws: StorageError.self) { try ledger.reserve(1, for: "c") }
        ledger.release(60, for: "a")
        ledger.release(40, for: "b")
        #expect(ledger.reservedBytes == 0)
        try ledger.reserve(60, for: "c")
    }
}
