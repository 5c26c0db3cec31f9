import SQLDatabase
import SQLite

struct TestFailure: Error, CustomStringConvertible {
    let description: String
}

extension Connection {
    /// `SELECT count(*)` for tests: the number of rows in `table`.
    func count(_ table: String) throws -> Int {
        try fetchValue("SELECT count(*) FROM \(raw: table)") ?? 0
    }
}
