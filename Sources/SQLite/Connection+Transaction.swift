import SQLDatabase
internal import CSQLite

/// How a transaction takes its locks.
enum TransactionKind: String {
    /// Takes a read snapshot at the first read: for readers.
    case deferred = "DEFERRED"
    /// Takes the write lock at once, so the transaction cannot fail half way for want of it.
    case immediate = "IMMEDIATE"
}

extension SQLiteConnection {
    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    ///
    /// Outside a transaction this is BEGIN IMMEDIATE … COMMIT. Inside one (a nested call, or
    /// the body of `Database.write`) it is a savepoint, so a failing inner part can be undone
    /// while the outer transaction goes on.
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        if isInsideTransaction {
            return try savepoint(body)
        }
        return try transaction(.immediate, body)
    }

    var isInsideTransaction: Bool {
        sqlite3_get_autocommit(handle) == 0
    }

    func transaction<T>(_ kind: TransactionKind, _ body: () throws -> T) throws -> T {
        try execute("BEGIN \(raw: kind.rawValue)")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            throw undo("ROLLBACK", after: error)
        }
    }

    private func savepoint<T>(_ body: () throws -> T) throws -> T {
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "nested\(savepointDepth)"
        try execute("SAVEPOINT \(raw: name)")
        do {
            let value = try body()
            try execute("RELEASE \(raw: name)")
            return value
        } catch {
            throw undo("ROLLBACK TO \(raw: name); RELEASE \(raw: name)", after: error)
        }
    }

    /// Rolls back after `error` and returns the error to throw: `error` itself, or, when the
    /// rollback fails too, an error saying so, since the data are then in doubt.
    private func undo(_ rollback: SQL, after error: any Error) -> any Error {
        // Some errors (a full disk, an interrupt) make SQLite roll back on its own.
        guard isInsideTransaction else { return error }
        do {
            try executeScript(rollback.text)
            return error
        } catch let failure {
            let failure = failure as? DatabaseError ?? DatabaseError(resultCode: SQLITE_ERROR, message: "\(failure)")
            return DatabaseError(
                kind: failure.kind, engine: failure.engine, code: failure.code,
                message: "rollback failed (\(failure.message)) after: \(error)",
                sql: rollback.text
            )
        }
    }
}
