import SQLDatabase

extension PostgreSQLConnection {
    /// Applies the migrations not yet applied, holding a session advisory lock so that
    /// instances starting at once migrate one after the other (the later ones then find
    /// nothing to do).
    func migrate(_ migrations: [Migration], settings: ConnectionSettings) throws {
        do {
            try executeScript(ConnectionSettings.unlimitedSessionScript)
            try executeScript("SELECT pg_advisory_lock(\(PostgreSQLDatabase.migrationLockKey))")
        } catch {
            // Its limits may be lifted: closed rather than lent to a request.
            mustClose = true
            throw error
        }
        let outcome = Result { try Migrator(migrations: migrations).migrate(self) }
        do {
            try executeScript("SELECT pg_advisory_unlock(\(PostgreSQLDatabase.migrationLockKey))")
            try executeScript(settings.sessionScript)
        } catch {
            // Closing the connection releases the lock and drops the lifted limits.
            mustClose = true
            try outcome.get()
            throw error
        }
        try outcome.get()
    }
}
