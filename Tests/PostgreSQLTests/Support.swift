import Foundation
import SQLDatabase

struct TestFailure: Error, CustomStringConvertible {
    let description: String
}

extension Connection {
    /// `SELECT count(*)` for tests: the number of rows in `table`.
    func count(_ table: String) throws -> Int {
        try fetchValue("SELECT count(*) FROM \(raw: table)") ?? 0
    }

    /// The `x` column of `table`, in order.
    func column(_ table: String) throws -> [Int] {
        try fetchAll("SELECT x FROM \(raw: table) ORDER BY x") { try $0[0] as Int }
    }
}

/// Seconds `body` took.
func secondsTaken(_ body: () throws -> Void) rethrows -> Double {
    let start = Date()
    try body()
    return Date().timeIntervalSince(start)
}

let tableOfIntegers = [Migration("001", "CREATE TABLE t(x INTEGER PRIMARY KEY)")]
