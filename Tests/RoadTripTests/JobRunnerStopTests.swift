import Foundation
import SQLDatabase
import Testing
@testable import RoadTrip

/// A runner stopped with a deadline while its jobs run: what finishes in time is done, the
/// rest goes back to the queue for the next start.
@Suite struct JobRunnerStopTests {
    let data = FreshDataFolder()
    let clock = TestClock()

    @Test(arguments: DatabaseEngine.allCases) func aJobStillRunningAtTheDeadlineIsGivenBackDueAtOnceAndNotCounted(engine: DatabaseEngine) throws {
        // setup: one job that finishes when told, one that never does in time
        let library = try data.library(engine)
        let queue = JobQueue(database: library.database, clock: clock.wallClock, worker: "stopping")
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let runner = JobRunner(queue: queue, kinds: [.offlineCopy], workers: 2) { job in
            started.signal()
            if job.key.hasSuffix("quick") { return }
            _ = release.wait(timeout: .now() + 60)
        }
        defer { release.signal() }
        try queue.enqueue(.offlineCopy, key: "https://example.org/quick")
        try queue.enqueue(.offlineCopy, key: "https://example.org/stuck")
        runner.start()
        #expect(started.wait(timeout: .now() + 10) == .success && started.wait(timeout: .now() + 10) == .success)
        #expect(eventually { (try? queue.pending()[.offlineCopy]) == 1 }, "the quick one is finished")

        // MUT
        let unfinished = runner.stop(waitingUntil: Date().addingTimeInterval(0.3))

        // validate: handed back, due now for another worker (the next start), its claim not counted
        #expect(unfinished.map(\.key) == ["https://example.org/stuck"])
        let next = JobQueue(database: library.database, clock: clock.wallClock, worker: "next start")
        let resumed = try #require(try next.claim([.offlineCopy]))
        #expect(resumed.key == "https://example.org/stuck")
        #expect(resumed.attempts == 1)
        #expect(try next.claim([.offlineCopy]) == nil)
    }
}

private func eventually(within seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        Thread.sleep(forTimeInterval: 0.01)
    }
    return true
}
