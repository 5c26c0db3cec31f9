import Foundation
import Testing
@testable import RoadTrip

/// A cache file's time is whatever its folder says: one beyond Int64's nanoseconds (the year
/// 2400, `touch -d`) orders as the latest there is (before, the multiplication trapped).
@Suite struct FileTimeTests {
    @Test func aTimeBeyondInt64NanosecondsIsTheLatestThereIs() {
        // MUT + validate
        #expect(timespec(tv_sec: 13_569_465_600, tv_nsec: 5).nanosecondsSince1970 == .max)
        #expect(timespec(tv_sec: -13_569_465_600, tv_nsec: 0).nanosecondsSince1970 == .min)
        #expect(timespec(tv_sec: 1_700_000_000, tv_nsec: 42).nanosecondsSince1970 == 1_700_000_000_000_000_042)
    }
}
