import Foundation
import Synchronization
import SQLDatabase
import TestDatabases
import TestSupport
import Testing
@testable import RoadTrip

/// A runner stopped with a deadline while its jobs run: what finishes in time is done, the
/// rest goes back to the queue for the next start.
@Suite struct JobRunnerStopTests {
    let data = FreshDataFolder()
    let clock = TestClock()

    @Test(arguments: DatabaseEngine.allCases) func aJobStillRunningAtTheDeadlineIsGivenBackDueAtOnceAndNotCounted(engine: DatabaseEngine)
        throws
    {
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
        let abandoned = runner.stop(waitingUntil: Date().addingTimeInterval(0.3))

        // validate: handed back, due now for another worker (the next start), its claim not counted
        #expect(abandoned.jobs.map(\.key) == ["https://example.org/stuck"])
        #expect(abandoned.workers == 1)
        let next = JobQueue(database: library.database, clock: clock.wallClock, worker: "next start")
        let resumed = try #require(try next.claim([.offlineCopy]))
        #expect(resumed.key == "https://example.org/stuck")
        #expect(resumed.attempts == 1)
        #expect(try next.claim([.offlineCopy]) == nil)
    }

    @Test(arguments: DatabaseEngine.allCases) func pastTheDeadlineAndItsMarginTheJobsAreLeftToTheirLeases(engine: DatabaseEngine) throws {
        // setup: a job that runs past the deadline
        let library = try data.library(engine)
        let queue = JobQueue(database: library.database, clock: clock.wallClock, worker: "stopping")
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let log = Mutex<[String]>([])
        let runner = JobRunner(queue: queue, kinds: [.offlineCopy], workers: 1, log: { line in log.withLock { $0.append(line) } }) { _ in
            started.signal()
            _ = release.wait(timeout: .now() + 60)
        }
        defer { release.signal() }
        try queue.enqueue(.offlineCopy, key: "https://example.org/stuck")
        runner.start()
        #expect(started.wait(timeout: .now() + 10) == .success)

        // MUT: a deadline long gone (the stop was held up elsewhere)
        let abandoned = runner.stop(waitingUntil: Date().addingTimeInterval(-10))

        // validate: not given back (no write past the margin), still leased, and said so
        #expect(abandoned.jobs.map(\.key) == ["https://example.org/stuck"])
        #expect(abandoned.workers == 1)
        let next = JobQueue(database: library.database, clock: clock.wallClock, worker: "next start")
        #expect(try next.claim([.offlineCopy]) == nil)
        #expect(log.withLock { $0 }.contains { $0.contains("too late to give back") && $0.contains("leases run out") })
    }

    @Test func severalJobsAreGivenBackTogether() throws {
        // setup: two jobs this worker holds, one another took over
        let library = try data.library(.sqlite)
        let queue = JobQueue(database: library.database, clock: clock.wallClock, worker: "stopping")
        try queue.enqueue(.offlineCopy, key: "https://example.org/a")
        try queue.enqueue(.offlineCopy, key: "https://example.org/b")
        let first = try #require(try queue.claim([.offlineCopy]))
        let second = try #require(try queue.claim([.offlineCopy]))
        try queue.finish(second)

        // MUT
        let released = try queue.release([first, second])

        // validate: only the one still held
        #expect(released.map(\.id) == [first.id])
        let next = JobQueue(database: library.database, clock: clock.wallClock, worker: "next start")
        #expect(try next.claim([.offlineCopy])?.id == first.id)
    }
}
