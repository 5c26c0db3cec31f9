import SQLDatabase
internal import CSQLite

extension SQLiteConnection {
    /// Runs one statement to completion, discarding any rows.
    public func execute(_ sql: SQL) throws {
        try run(sql) { statement in
            while try statement.step() {}
        }
    }

    /// Runs several `;`-separated statements without parameters, such as a migration.
    /// Statements before a failing one stay applied unless a transaction surrounds them.
    public func executeScript(_ text: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, text, nil, nil, &errorMessage)
        defer { sqlite3_free(errorMessage) }
        guard code == SQLITE_OK else {
            let message = errorMessage.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            throw DatabaseError(resultCode: code, message: message, sql: text)
        }
    }

    public func fetchAll(_ sql: SQL) throws -> [Row] {
        try run(sql) { try $0.allRows() }
    }

    public func fetchOne(_ sql: SQL) throws -> Row? {
        try run(sql) { try $0.nextRow() }
    }
}
