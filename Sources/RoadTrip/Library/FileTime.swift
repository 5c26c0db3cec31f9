import Foundation

extension timespec {
    /// Nanoseconds since 1970, as the cache's least-recently-used orders compare them. A file's
    /// times are whatever its folder says (`touch -d 2400-01-01` is beyond Int64's nanoseconds):
    /// such a time is the latest (or earliest) there is, never an overflow trap.
    var nanosecondsSince1970: Int64 {
        let (scaled, overflow) = Int64(tv_sec).multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return tv_sec < 0 ? .min : .max }
        let (sum, past) = scaled.addingReportingOverflow(Int64(tv_nsec))
        return past ? (tv_nsec < 0 ? .min : .max) : sum
    }

    /// The moment `nanoseconds` after 1970, its nanoseconds part in 0..<1e9 (before 1970 too).
    init(nanosecondsSince1970 nanoseconds: Int64) {
        let (seconds, rest) = nanoseconds.quotientAndRemainder(dividingBy: 1_000_000_000)
        self =
            rest < 0
            ? timespec(tv_sec: Int(seconds - 1), tv_nsec: Int(rest + 1_000_000_000))
            : timespec(tv_sec: Int(seconds), tv_nsec: Int(rest))
    }
}
