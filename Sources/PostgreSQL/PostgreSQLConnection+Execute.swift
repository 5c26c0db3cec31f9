import SQLDatabase
internal import CPostgreSQL

extension PostgreSQLConnection {
    /// Runs one statement to completion, discarding any rows.
    func execute(_ sql: SQL) throws {
        _ = try run(sql)
    }

    /// Runs several `;`-separated statements without parameters, such as a migration.
    ///
    /// Outside a transaction PostgreSQL runs them all in one (unlike SQLite, a failing
    /// statement undoes the ones before it).
    func executeScript(_ text: String) throws {
        try settle()
        if let begin = deferredBegin {
            deferredBegin = nil
            try executeScript(begin)
        }
        let result = try check(PQexec(handle, text), sql: text)
        recordChanges(of: result)
    }

    func fetchAll(_ sql: SQL) throws -> [Row] {
        try run(sql).rows(sql: sql.text)
    }

    func fetchOne(_ sql: SQL) throws -> Row? {
        try run(sql).rows(sql: sql.text, limit: 1).first
    }

    /// Runs `sql` as a prepared statement, preparing it first on its first use.
    private func run(_ sql: SQL) throws -> QueryResult {
        try settle()
        let parameters = try Parameters(sql.arguments, sql: sql.text)
        let name = try preparedStatement(for: sql.text, types: parameters.types)
        do {
            let checked: QueryResult
            if let begin = deferredBegin {
                checked = try runAfterDeferredBegin(begin, name: name, parameters: parameters, sql: sql.text)
            } else {
                checked = try check(
                    parameters.withCArrays { values, lengths, formats in
                        PQexecPrepared(handle, name, parameters.count, values, lengths, formats, 0)
                    }, sql: sql.text)
            }
            recordChanges(of: checked)
            return checked
        } catch let error as DatabaseError where error.code == PreparedStatements.changedResultType {
            forgetPreparedStatement(sql.text, types: parameters.types)
            throw error
        }
    }

    /// "cached plan must not change result type": a table under a `SELECT *` changed. That
    /// statement fails until prepared again, so the next use prepares it anew.
    func forgetPreparedStatement(_ sql: String, types: [Oid]) {
        preparedStatements.remove(PreparedStatements.Key(sql: sql, types: types))
    }

    /// The name `sql` is prepared under for arguments of `types`.
    func preparedStatement(for sql: String, types: [Oid]) throws -> String {
        let key = PreparedStatements.Key(sql: sql, types: types)
        if let name = preparedStatements[key] {
            return name
        }
        if preparedStatements.isFull {
            // Gone on the server first, so that no name in the cache outlives its statement.
            try executeScript("DEALLOCATE ALL")
            preparedStatements.removeAll()
        }
        let placeholders = Placeholders(translating: sql)
        guard !placeholders.hasNumberedParameter else {
            throw DatabaseError.postgreSQL(.misuse, code: "07001", "write parameters as ?, not $1", sql: sql)
        }
        // The key holds one type per argument, so a cached statement always matches.
        guard placeholders.count == types.count else {
            throw DatabaseError.postgreSQL(
                .misuse, code: "07001",
                "statement has \(placeholders.count) parameters but \(types.count) arguments were given",
                sql: sql
            )
        }
        let name = preparedStatements.nextName()
        // Typed by the values bound: the key includes the types, so other types get a
        // statement of their own.
        let result = types.withUnsafeBufferPointer { types in
            PQprepare(handle, name, placeholders.text, Int32(types.count), types.baseAddress)
        }
        _ = try check(result, sql: sql)
        preparedStatements.insert(name, for: key)
        return name
    }

    /// Takes ownership of `result` and throws unless it reports success.
    func check(_ result: OpaquePointer?, sql: String) throws -> QueryResult {
        guard let result else {
            // No result at all: libpq ran out of memory or lost the connection.
            throw DatabaseError(result: nil, connection: handle, sql: sql)
        }
        return try check(QueryResult(result), sql: sql)
    }

    /// Throws unless the result, already owned, reports success.
    func check(_ owned: QueryResult, sql: String) throws -> QueryResult {
        switch owned.status {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            return owned
        case PGRES_EMPTY_QUERY:
            throw DatabaseError.postgreSQL(.misuse, code: "42601", "no SQL statement to run", sql: sql)
        case PGRES_COPY_IN, PGRES_COPY_OUT, PGRES_COPY_BOTH:
            // Leaving COPY takes a protocol exchange this code does not do: the connection
            // is closed instead.
            mustClose = true
            throw DatabaseError.postgreSQL(.misuse, code: "0A000", "COPY is not supported", sql: sql)
        default:
            throw owned.error(connection: handle, sql: sql)
        }
    }

    private func recordChanges(of result: QueryResult) {
        if let changed = result.changedRows {
            changes = changed
        }
    }
}
