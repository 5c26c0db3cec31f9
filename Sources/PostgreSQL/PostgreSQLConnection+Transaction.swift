import SQLDatabase
internal import CPostgreSQL

extension PostgreSQLConnection {
    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    ///
    /// Outside a transaction this is BEGIN … COMMIT, read-only unless the session was made
    /// writable (`outsideTransaction`, migrations). Inside one (a nested call, or the body
    /// of `Database.write`) it is a savepoint, so a failing inner part can be undone while the
    /// outer transaction goes on. In PostgreSQL a failed statement spoils the whole
    /// transaction: to go on after catching an error, run the failing part in `transaction`.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        if isInsideTransaction {
            return try savepoint(body)
        }
        try begin("BEGIN")
        var changed = false
        return try committing(changed: &changed, body)
    }

    /// Starts a transaction with `script` (BEGIN, with options, and what must come first).
    func begin(_ script: String) throws {
        do {
            try executeScript(script)
        } catch {
            // The BEGIN may have run and a statement after it failed.
            throw undo("ROLLBACK", after: error)
        }
    }

    /// Runs `body` in the transaction `begin` started, then commits it, or rolls it back
    /// when `body` throws.
    ///
    /// With `announcing`, a transaction that changed something notifies that channel as it
    /// commits (one round trip more), and `changed` is set.
    func committing<T>(announcing channel: String? = nil, changed: inout Bool, _ body: () throws -> T) throws -> T {
        do {
            let value = try body()
            // A failed transaction can only roll back: COMMIT says so below.
            if let channel, !isInFailedTransaction {
                // A transaction that neither changed nor locked a row (FOR UPDATE) has no
                // transaction id; one that only locked rows announces too, needlessly but safely.
                let announcement: SQL =
                    "SELECT pg_notify(\(channel), '') FROM (SELECT txid_current_if_assigned() AS id) AS t WHERE id IS NOT NULL"
                let announced = try fetchAll(announcement)
                changed = !announced.isEmpty
            }
            try commit()
            return value
        } catch {
            throw undo("ROLLBACK", after: error)
        }
    }

    /// PostgreSQL answers COMMIT of a failed transaction with a rollback, and no error: that
    /// happens when a body catches a failed statement's error and returns normally.
    private func commit() throws {
        let result = try check(PQexec(handle, "COMMIT"), sql: "COMMIT")
        guard result.commandStatus == "COMMIT" else {
            throw DatabaseError.postgreSQL(
                .misuse, code: "25P02",
                "the transaction was rolled back, not committed: a statement in it failed and its error was caught; "
                    + "run a statement that may fail inside transaction { } to go on after it",
                sql: "COMMIT"
            )
        }
    }

    private func savepoint<T>(_ body: () throws -> T) throws -> T {
        savepointDepth += 1
        defer { savepointDepth -= 1 }
        let name = "nested\(savepointDepth)"
        try executeScript("SAVEPOINT \(name)")
        do {
            let value = try body()
            try executeScript("RELEASE \(name)")
            return value
        } catch {
            throw undo("ROLLBACK TO \(name); RELEASE \(name)", after: error)
        }
    }

    /// Rolls back after `error` and returns the error to throw: `error` itself, or, when the
    /// rollback fails too, an error saying so, since the data are then in doubt.
    private func undo(_ rollback: String, after error: any Error) -> any Error {
        // A lost connection, or a failed COMMIT, leaves nothing to roll back.
        guard isInsideTransaction else { return error }
        do {
            try executeScript(rollback)
            return error
        } catch let failure {
            // A connection stuck inside a transaction must not be lent again.
            mustClose = true
            let failure = failure as? DatabaseError ?? .postgreSQL(.other, code: "XX000", "\(failure)")
            return DatabaseError(
                kind: failure.kind, engine: failure.engine, code: failure.code,
                message: "rollback failed (\(failure.message)) after: \(error)",
                sql: rollback
            )
        }
    }
}
