import Dispatch
import Foundation
@testable import HTTPServer
import Synchronization
import Testing

/// Once a stop's wait has ended, the daemon is being closed, which waits for every one of its
/// threads: no application code may start then, or it holds the stop for as long as it runs.
@Suite struct ServerClosingTests {
    private static func context(
        handler: @escaping Handler, admission: @escaping @Sendable (RequestHead) -> BodyAdmission = { _ in .accept(owner: "") }
    ) -> ServerContext {
        ServerContext(handler: handler, log: { _ in }, configuration: Configuration(admitsSpooledBody: admission))
    }

    @Test func aRequestAfterTheWaitEndedIsAnswered503AndClosedWithoutTheHandler() {
        // setup
        let calls = Atomic(0)
        let context = Self.context { _ in
            calls.add(1, ordering: .relaxed)
            return .text("app code ran")
        }
        #expect(context.waitForRequestsInProgress(timeout: 0) == 0)

        // MUT: a request arriving on a kept-alive connection, or an upload body that finished
        let response = context.respond(to: Request(path: "/"))

        // validate
        #expect(calls.load(ordering: .relaxed) == 0)
        #expect(response.status.code == 503)
        #expect(response.headers["Connection"] == "close")
    }

    @Test func anUploadAdmittedAfterTheWaitEndedIsRefusedWithoutAskingTheApplication() {
        // setup
        let calls = Atomic(0)
        let context = Self.context(
            handler: { _ in .text("") },
            admission: { _ in
                calls.add(1, ordering: .relaxed)
                return .accept(owner: "someone")
            })
        _ = context.waitForRequestsInProgress(timeout: 0)

        // MUT
        let admission = context.admitsSpooledBody(RequestHead(method: "POST", path: "/upload"))

        // validate
        #expect(calls.load(ordering: .relaxed) == 0)
        guard case .refuse(let response) = admission else {
            Issue.record("admitted while closing")
            return
        }
        #expect(response.status.code == 503)
        #expect(response.headers["Connection"] == "close")
    }

    @Test func anUploadBeingAdmittedCountsAsAHandlerTheStopAbandons() {
        // setup: the admission reads the session from a database that does not answer
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let context = Self.context(
            handler: { _ in .text("") },
            admission: { _ in
                entered.signal()
                _ = release.wait(timeout: .now() + 10)
                return .accept(owner: "someone")
            })
        let admitted = onNewThread { _ = context.admitsSpooledBody(RequestHead(method: "POST", path: "/upload")) }
        #expect(entered.wait(timeout: .now() + 5) == .success)

        // MUT
        let abandoned = context.waitForRequestsInProgress(timeout: 0)

        // validate: counted, and the count stays what the stop decided after the admission ends
        #expect(abandoned == 1)
        release.signal()
        #expect(admitted.wait(timeout: .now() + 10) == .success)
        #expect(context.handlersRunning == 0)
        #expect(context.handlersAbandoned == 1)
    }
}
