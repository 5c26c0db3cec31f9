#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bookkeeping behind `DecodeBudget`: bytes in use and a queue of waiting decodes, under a
/// pthread mutex with a condition variable (Synchronization's Mutex has no way to wait).
///
/// `@unchecked Sendable` is sound: `inUse`, `queue` and `nextTicket` are read and written only
/// between `pthread_mutex_lock` and `pthread_mutex_unlock` of `mutex` (or inside
/// `pthread_cond_timedwait`, which holds it on return), and the mutex and condition live at fixed
/// heap addresses from `init` to `deinit`, which runs once no thread can hold a reference.
final class BudgetLedger: @unchecked Sendable {
    private let capacity: Int
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let changed = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var used = 0
    private var queue: [UInt64] = []
    private var nextTicket: UInt64 = 0

    init(capacity: Int) {
        self.capacity = capacity
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        // Waits are measured on the monotonic clock, so a change of the wall clock neither
        // cuts a wait short nor stretches it.
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(changed, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(changed)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        changed.deallocate()
    }

    var inUse: Int { locked { used } }
    var waiting: Int { locked { queue.count } }

    /// Takes `bytes` when they are free and every earlier waiter has been served (so a large
    /// decode is not starved by a stream of small ones). False when `limit` passed first.
    func reserve(_ bytes: Int, waitingAtMost limit: Duration) -> Bool {
        let deadline = Self.monotonicNow() + limit
        return locked {
            let ticket = nextTicket
            nextTicket += 1
            queue.append(ticket)
            defer { pthread_cond_broadcast(changed) }  // whether served or gone, the next may go
            while queue.first != ticket || used + bytes > capacity {
                var until = Self.absolute(deadline)
                if pthread_cond_timedwait(changed, mutex, &until) == ETIMEDOUT,
                    queue.first != ticket || used + bytes > capacity
                {
                    queue.removeAll { $0 == ticket }
                    return false
                }
            }
            queue.removeFirst()
            used += bytes
            return true
        }
    }

    func release(_ bytes: Int) {
        locked {
            used -= bytes
            pthread_cond_broadcast(changed)
        }
    }

    private func locked<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return body()
    }

    private static func monotonicNow() -> Duration {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return .seconds(now.tv_sec) + .nanoseconds(now.tv_nsec)
    }

    private static func absolute(_ instant: Duration) -> timespec {
        let (seconds, attoseconds) = instant.components
        var time = timespec()
        time.tv_sec = Int(seconds)
        time.tv_nsec = Int(attoseconds / 1_000_000_000)
        return time
    }
}
