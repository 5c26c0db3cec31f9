#if os(Linux)
    import Crypto
    import Dispatch
    import Foundation
    import Glibc
    import Synchronization
    import Testing

    /// At most `concurrentHashes` hashes are computed at once. The semaphore sits inside the
    /// hasher, out of reach of a counter around the calls, so the test asks the kernel instead:
    /// of the callers inside `hash` or `verify`, those waiting their turn sleep in `futex(2)`,
    /// those computing do not. Without the limit no caller waits, and every sample shows them
    /// all computing (checked by giving the hasher a limit of 100: 55–93 % of samples over).
    @Suite struct PasswordHasherConcurrencyTests {
        /// The callers of one run, by kernel thread id, and whether each is inside the call.
        final class Callers: Sendable {
            private let inside = Mutex<[Int32: Bool]>([:])
            func enter(_ id: Int32) { inside.withLock { $0[id] = true } }
            func leave(_ id: Int32) { inside.withLock { $0[id] = false } }
            var busy: [Int32] { inside.withLock { $0.filter(\.value).map(\.key) } }
        }

        enum Operation: String, CaseIterable, CustomTestStringConvertible {
            case hash, verify
            var testDescription: String { rawValue }
        }

        @Test(
            .enabled(if: ThreadStates.futexSyscall != nil, "reads /proc/<tid>/syscall"),
            arguments: [(1, Operation.hash), (2, Operation.hash), (1, Operation.verify)])
        func noMoreThanConcurrentHashesAreComputedAtOnce(limit: Int, operation: Operation) throws {
            // setup
            let hasher = PasswordHasher(concurrentHashes: limit)
            let encoded = try hasher.hash("correct horse battery")
            let callerCount = limit + 3
            let callers = Callers()
            let failures = Mutex<[String]>([])
            let start = DispatchSemaphore(value: 0)
            let group = DispatchGroup()
            for index in 0..<callerCount {
                group.enter()
                Thread.detachNewThread {
                    defer { group.leave() }
                    guard let id = ThreadStates.currentThreadID() else {
                        failures.withLock { $0.append("caller \(index): no thread id") }
                        return
                    }
                    start.wait()
                    callers.enter(id)
                    switch operation {
                    case .hash:
                        if (try? hasher.hash("password \(index)")) == nil {
                            failures.withLock { $0.append("caller \(index): hash failed") }
                        }
                    case .verify:
                        if !hasher.verify("correct horse battery", against: encoded) {
                            failures.withLock { $0.append("caller \(index): no match") }
                        }
                    }
                    callers.leave(id)
                }
            }

            // MUT: release the callers together, then sample the states of those inside the call.
            for _ in 0..<callerCount { start.signal() }
            var samples = 0, overLimit = 0, computing = 0
            let deadline = Date().addingTimeInterval(60)
            while group.wait(timeout: .now()) == .timedOut, Date() < deadline {
                let busy = callers.busy
                if !busy.isEmpty {
                    let running = busy.compactMap(ThreadStates.isWaitingOnFutex(thread:)).filter { !$0 }.count
                    samples += 1
                    if running > limit { overLimit += 1 }
                    if running > 0 { computing += 1 }
                }
                usleep(500)
            }

            // validate: the handover from one caller to the next may be caught now and then, for
            // microseconds; a missing limit shows in nearly every sample.
            #expect(group.wait(timeout: .now() + 60) == .success)
            #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
            #expect(samples >= 20, "too few samples to judge: \(samples)")
            #expect(computing * 2 >= samples, "the sampler should see callers computing: \(computing) of \(samples)")
            #expect(overLimit * 10 < samples, "more than \(limit) callers computing in \(overLimit) of \(samples) samples")
        }
    }
#endif
