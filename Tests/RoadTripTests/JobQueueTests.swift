import Foundation
import SQLDatabase
import Synchronization
import Testing
@testable import RoadTrip

@Suite struct JobQueueTests {
    let data = FreshDataFolder()
    let clock = TestClock()

    /// Two instances' queues over one library database: `worker` names each.
    func queues(_ engine: DatabaseEngine, _ names: String...) throws -> [JobQueue] {
        let library = try data.library(engine)
        return names.map { JobQueue(database: library.database, clock: clock.wallClock, worker: $0) }
    }

    @Test(arguments: DatabaseEngine.allCases) func aJobIsQueuedOnceAndHeldByOneWorkerUntilFinished(engine: DatabaseEngine) throws {
        // setup
        let queues = try queues(engine, "a", "b")

        // MUT
        let first = try queues[0].enqueue(.offlineCopy, key: "https://example.org/fair")
        let again = try queues[1].enqueue(.offlineCopy, key: "https://example.org/fair")
        let claimed = try #require(try queues[0].claim([.offlineCopy]))
        let meanwhile = try queues[1].claim([.offlineCopy])

        // validate
        #expect(first && !again, "asking again while it waits queues nothing")
        #expect(claimed.key == "https://example.org/fair" && claimed.attempts == 1)
        #expect(meanwhile == nil, "a held job is nobody else's")
        #expect(try queues[1].claim([.renditions]) == nil, "workers take only their kinds")
        #expect(try queues[1].isQueued(.offlineCopy, key: "https://example.org/fair"))
        try queues[1].finish(claimed)
        #expect(try queues[1].isQueued(.offlineCopy, key: "https://example.org/fair"), "only the holder finishes a job")
        try queues[0].finish(claimed)
        #expect(try !queues[0].isQueued(.offlineCopy, key: "https://example.org/fair"))
        #expect(try queues[1].claim([.offlineCopy]) == nil)
    }

    @Test(arguments: DatabaseEngine.allCases) func aJobWhoseWorkerDiedIsTakenUpWhenItsLeaseRunsOut(engine: DatabaseEngine) throws {
        // setup: worker a claims and then says nothing more, as a process killed with -9.
        let queues = try queues(engine, "a", "b")
        try queues[0].enqueue(.renditions, key: "7")
        let held = try #require(try queues[0].claim([.renditions]))
        clock.advance(by: TimeInterval(JobQueue.lease - 1))
        #expect(try queues[1].claim([.renditions]) == nil, "the lease still runs")

        // MUT
        clock.advance(by: 2)
        let taken = try #require(try queues[1].claim([.renditions]))

        // validate
        #expect(taken.id == held.id && taken.attempts == 2)
        #expect(try !queues[0].renew(held), "the dead worker's lease is gone")
        try queues[0].finish(held)
        #expect(try queues[0].isQueued(.renditions, key: "7"), "nor can it finish the job now held by b")
        #expect(try queues[1].renew(taken))
        try queues[1].finish(taken)
        #expect(try queues[1].pending().isEmpty)
    }

    @Test(arguments: DatabaseEngine.allCases) func aFailedJobIsTriedAgainLaterAndGivenUpKeepingTheReason(engine: DatabaseEngine) throws {
        // setup
        let queue = try queues(engine, "a")[0]
        try queue.enqueue(.renditions, key: "9")

        // MUT + validate: each failure waits longer before the next try.
        for attempt in 1...JobQueue.maximumAttempts {
            let job = try #require(try queue.claim([.renditions]), "attempt \(attempt)")
            #expect(job.attempts == attempt)
            try queue.fail(job, reason: "the original is damaged (\(attempt))")
            #expect(try queue.claim([.renditions]) == nil, "not at once")
            clock.advance(by: TimeInterval(60 << (attempt - 1)))
        }
        #expect(try queue.claim([.renditions]) == nil, "given up")
        #expect(try !queue.isQueued(.renditions, key: "9"))
        let failures = try queue.failures()
        #expect(failures.map(\.job.key) == ["9"])
        #expect(failures.first?.reason == "the original is damaged (\(JobQueue.maximumAttempts))")
    }

    /// Many workers claiming at once (on PostgreSQL, each in its own transaction with SKIP
    /// LOCKED) take every job exactly once.
    @Test(arguments: DatabaseEngine.allCases) func workersClaimingAtOnceTakeEachJobOnce(engine: DatabaseEngine) throws {
        // setup
        let names = (0..<6).map { "worker-\($0)" }
        let library = try data.library(engine)
        let queues = names.map { JobQueue(database: library.database, clock: clock.wallClock, worker: $0) }
        for key in 0..<60 { try queues[0].enqueue(.renditions, key: String(key)) }
        let claimed = Mutex<[String]>([])
        let failures = FailureList()

        // MUT
        DispatchQueue.concurrentPerform(iterations: queues.count) { index in
            do {
                while let job = try queues[index].claim([.renditions]) {
                    claimed.withLock { $0.append(job.key) }
                    try queues[index].finish(job)
                }
            } catch {
                failures.add("\(error)")
            }
        }

        // validate
        #expect(failures.all.isEmpty, "\(failures.all)")
        let keys = claimed.withLock { $0 }
        #expect(keys.count == 60)
        #expect(Set(keys).count == 60, "no job ran twice")
        #expect(try queues[0].pending().isEmpty)
    }

    @Test(arguments: DatabaseEngine.allCases) func aRunnerDoesTheJobsQueuedByAnyInstance(engine: DatabaseEngine) throws {
        // setup: instance a queues; instance b's runner works.
        let queues = try queues(engine, "a", "b")
        let done = Mutex<[String]>([])
        let runner = JobRunner(queue: queues[1], kinds: [.offlineCopy], workers: 2) { job in
            done.withLock { $0.append(job.key) }
        }
        defer { runner.stop() }
        for page in ["one", "two", "three"] { try queues[0].enqueue(.offlineCopy, key: "https://example.org/\(page)") }

        // MUT
        runner.start()
        let idle = runner.waitUntilIdle(timeout: 30)

        // validate
        #expect(idle)
        #expect(Set(done.withLock { $0 }) == ["https://example.org/one", "https://example.org/two", "https://example.org/three"])
        #expect(try queues[0].pending().isEmpty)
    }

    @Test(arguments: DatabaseEngine.allCases) func aJobThatThrowsIsRecordedAsFailedForALaterTry(engine: DatabaseEngine) throws {
        // setup
        let queue = try queues(engine, "a")[0]
        struct Broken: Error, CustomStringConvertible { var description: String { "the site answered 500" } }
        let runner = JobRunner(queue: queue, kinds: [.offlineCopy], workers: 1) { _ in throw Broken() }
        defer { runner.stop() }
        try queue.enqueue(.offlineCopy, key: "https://example.org/broken")

        // MUT
        runner.start()
        let idle = runner.waitUntilIdle(timeout: 30)

        // validate: still queued, due again in a minute, holding nobody's lease.
        #expect(idle)
        #expect(try queue.isQueued(.offlineCopy, key: "https://example.org/broken"))
        #expect(try queue.claim([.offlineCopy]) == nil)
        clock.advance(by: 61)
        let again = try #require(try queue.claim([.offlineCopy]))
        #expect(again.attempts == 2)
    }
}
