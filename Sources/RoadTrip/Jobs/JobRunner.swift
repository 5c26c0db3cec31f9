import Foundation
import Synchronization

/// Runs the jobs of some kinds with a few worker threads of this process: each claims a due
/// job, renews its lease while the work runs, and finishes or fails it. Idle workers look for
/// work every second (jobs queued by another instance) or at once when `wake` is called.
///
/// Stopping is cooperative: no worker claims a job once `stop` is called, each finishes the
/// one it has, and `stop(waitingUntil:)` gives back those not finished by its deadline, so
/// that the next start (or another instance) does them at once. A job's work writes its
/// files whole (`DurableFile`) and its rows in transactions, so one abandoned when the process
/// exits leaves nothing half-written; doing it again is harmless.
public final class JobRunner: Sendable {
    let queue: JobQueue
    let kinds: [JobKind]
    let workers: Int
    private let work: @Sendable (Job, _ isStopping: @escaping @Sendable () -> Bool) throws -> Void
    private let log: @Sendable (String) -> Void
    private let state = Mutex(State())
    /// Signalled by `wake` and `stop`; workers wait on it between looks.
    private let signal = NSCondition()

    struct State {
        var running = 0
        /// The jobs being worked on now, by id.
        var jobs: [Int64: Job] = [:]
        var started = 0
        var stopped = false
        var wakes = 0
    }

    /// How long an idle worker waits before looking for work again.
    static let idleWait: TimeInterval = 1
    /// How often a running job's lease is renewed.
    static let renewal = Double(JobQueue.lease) / 3

    public convenience init(
        queue: JobQueue, kinds: [JobKind], workers: Int, log: @escaping @Sendable (String) -> Void = { _ in },
        work: @escaping @Sendable (Job) throws -> Void
    ) {
        self.init(queue: queue, kinds: kinds, workers: workers, log: log, stoppable: { job, _ in try work(job) })
    }

    /// Workers whose work can be stopped part way (a video's rendition, minutes of FFmpeg): it is
    /// given a question to ask now and then, true once the runner stops, and then ends at once,
    /// throwing. A job that throws while stopping is given back to the queue, not failed.
    public init(
        queue: JobQueue, kinds: [JobKind], workers: Int, log: @escaping @Sendable (String) -> Void = { _ in },
        stoppable work: @escaping @Sendable (Job, _ isStopping: @escaping @Sendable () -> Bool) throws -> Void
    ) {
        self.queue = queue
        self.kinds = kinds
        self.workers = max(1, workers)
        self.log = log
        self.work = work
    }

    /// Starts the workers; a second call does nothing.
    public func start() {
        let count = state.withLock { state -> Int in
            guard state.started == 0, !state.stopped else { return 0 }
            state.started = workers
            return workers
        }
        for _ in 0..<count {
            Thread.detachNewThread { [self] in runWorker() }
        }
    }

    /// A job was queued here: an idle worker looks now instead of at its next look.
    public func wake() {
        signal.lock()
        state.withLock { $0.wakes += 1 }
        signal.broadcast()
        signal.unlock()
    }

    /// Workers end after the job each is running and claim no other; returns at once. A job
    /// left unfinished is taken up again when its lease runs out.
    public func stop() {
        signal.lock()
        state.withLock { $0.stopped = true }
        signal.broadcast()
        signal.unlock()
    }

    /// What `stop(waitingUntil:)` left behind at its deadline.
    public struct Abandoned: Sendable {
        /// The jobs still running, given back to the queue when that could be done in time.
        public let jobs: [Job]
        /// The workers still busy (running a job, or claiming one from a database that does
        /// not answer): threads the process should not pull state from under.
        public let workers: Int
    }

    /// How long after its deadline `stop(waitingUntil:)` may spend giving jobs back.
    static let releaseMargin: TimeInterval = 0.5

    /// Stops the workers and waits until each has finished its job or `deadline` has passed;
    /// the jobs still running then are given back to the queue (`JobQueue.release`), all in
    /// one write. Their workers are left to end with the process: work cannot be taken from
    /// a thread, only abandoned.
    ///
    /// Returns by `deadline` + `releaseMargin`: the write can wait behind an abandoned request
    /// holding SQLite's writer, or for a PostgreSQL server that is gone. Past the margin the
    /// jobs are not given back; their leases run out and another start takes them up, as
    /// for a process that died.
    @discardableResult
    public func stop(waitingUntil deadline: Date) -> Abandoned {
        stop()
        while state.withLock({ $0.running > 0 }), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
        }
        let (unfinished, busy) = state.withLock { (Array($0.jobs.values).sorted { $0.id < $1.id }, $0.running) }
        if !unfinished.isEmpty { giveBack(unfinished, before: deadline.addingTimeInterval(Self.releaseMargin)) }
        return Abandoned(jobs: unfinished, workers: busy)
    }

    private func giveBack(_ jobs: [Job], before limit: Date) {
        let names = jobs.map { "\($0.kind.rawValue) job \($0.id)" }.joined(separator: ", ")
        let remaining = limit.timeIntervalSinceNow
        guard remaining > 0 else {
            return log("jobs: stopping too late to give back \(names); taken up again when their leases run out")
        }
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [queue, log] in
            do {
                let released = try queue.release(jobs)
                if !released.isEmpty {
                    log(
                        """
                        jobs: stopping before \(released.map { "\($0.kind.rawValue) job \($0.id)" }.joined(separator: ", ")) \
                        finished; done at the next start
                        """
                    )
                }
            } catch {
                log("jobs: cannot give back \(names), taken up again when their leases run out: \(error)")
            }
            done.signal()
        }
        if done.wait(timeout: .now() + remaining) == .timedOut {
            log("jobs: giving back \(names) did not finish in time; taken up again when their leases run out")
        }
    }

    /// Blocks until no job of these kinds is due and none is running here (for commands and
    /// tests), or `timeout` passes. False on the timeout.
    @discardableResult
    public func waitUntilIdle(timeout: TimeInterval = 60) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            // Due first, then running: a job claimed before the count was running (workers
            // count a job before claiming it) and still counts, or has ended.
            let due = (try? queue.due(kinds)) ?? 1
            let running = state.withLock { $0.running }
            if due == 0, running == 0 { return true }
            wake()
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func runWorker() {
        while !isStopped {
            let job: Job?
            do {
                job = try claimCounted()
            } catch {
                // The database is away: look again later, as when idle.
                log("jobs: cannot claim \(kinds.map(\.rawValue)): \(error)")
                job = nil
            }
            if let job {
                // Claimed as the stop came: given back, not started.
                if isStopped { _ = try? queue.release(job) } else { run(job) }
                state.withLock {
                    $0.jobs[job.id] = nil
                    $0.running -= 1
                }
            } else {
                waitForWork()
            }
        }
    }

    /// Claims a job and counts it as running in one step, so `waitUntilIdle` never sees a job
    /// that is neither due nor running, nor `stop(waitingUntil:)` one it cannot give back.
    private func claimCounted() throws -> Job? {
        state.withLock { $0.running += 1 }
        do {
            let job = try queue.claim(kinds)
            state.withLock { state in
                if let job { state.jobs[job.id] = job } else { state.running -= 1 }
            }
            return job
        } catch {
            state.withLock { $0.running -= 1 }
            throw error
        }
    }

    private func run(_ job: Job) {
        let renewal = DispatchSource.makeTimerSource(queue: .global(qos: .utility))
        renewal.schedule(deadline: .now() + Self.renewal, repeating: Self.renewal)
        renewal.setEventHandler { [self, queue, log] in
            // Stopping: the job is finished by the deadline or given back, not kept.
            guard !isStopped else { return }
            do {
                if try !queue.renew(job) { log("jobs: lost the lease of \(job.kind.rawValue) job \(job.id)") }
            } catch {
                log("jobs: cannot renew \(job.kind.rawValue) job \(job.id): \(error)")
            }
        }
        renewal.resume()
        defer { renewal.cancel() }
        do {
            try work(job) { [weak self] in self?.isStopped ?? true }
            try queue.finish(job)
        } catch  where isStopped {
            // Stopped part way: done again at the next start, or by another instance.
            do { _ = try queue.release(job) } catch { log("jobs: cannot give back \(job.kind.rawValue) job \(job.id): \(error)") }
        } catch {
            log("jobs: \(job.kind.rawValue) job \(job.id) failed (attempt \(job.attempts)): \(error)")
            do { try queue.fail(job, reason: "\(error)") } catch { log("jobs: cannot record the failure of job \(job.id): \(error)") }
        }
    }

    private func waitForWork() {
        signal.lock()
        defer { signal.unlock() }
        let wakes = state.withLock { $0.wakes }
        let deadline = Date().addingTimeInterval(Self.idleWait)
        while !isStopped, state.withLock({ $0.wakes }) == wakes {
            if !signal.wait(until: deadline) { return }
        }
    }
}
