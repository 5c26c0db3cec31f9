import Foundation

/// Asks `condition` every 10 ms until it holds or `seconds` have passed; true if it held. For
/// what another thread or process makes true at a time of its own (a notice, a check interval).
public func eventually(within seconds: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date(timeIntervalSinceNow: seconds)
    while true {
        if try condition() { return true }
        if Date() >= deadline { return false }
        Thread.sleep(forTimeInterval: 0.01)
    }
}
