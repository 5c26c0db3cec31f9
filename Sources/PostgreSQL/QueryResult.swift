import SQLDatabase
internal import CPostgreSQL

/// One PGresult, owned by this object and cleared in deinit.
final class QueryResult {
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    deinit {
        PQclear(handle)
    }

    var status: ExecStatusType {
        PQresultStatus(handle)
    }

    /// "INSERT 0 1", "UPDATE 3", "COMMIT", "ROLLBACK", …
    var commandStatus: String {
        PQcmdStatus(handle).map { String(cString: $0) } ?? ""
    }

    /// Rows an INSERT, UPDATE, DELETE or MERGE changed; nil for other commands (a SELECT's
    /// row count is no change).
    var changedRows: Int? {
        let verb = commandStatus.prefix { $0 != " " }
        guard ["INSERT", "UPDATE", "DELETE", "MERGE"].contains(verb) else { return nil }
        return PQcmdTuples(handle).flatMap { Int(String(cString: $0)) }
    }

    /// The error this result reports; read through `self` so that the result is not cleared
    /// before its fields are copied.
    func error(connection: OpaquePointer, sql: String) -> DatabaseError {
        DatabaseError(result: handle, connection: connection, sql: sql)
    }

    /// Every row, copied out, at most `limit` of them.
    func rows(sql: String, limit: Int = .max) throws -> [Row] {
        let columnCount = PQnfields(handle)
        let rowCount = min(Int(PQntuples(handle)), limit)
        let columns = try (0..<columnCount).map { column in
            guard let name = PQfname(handle, column) else {
                throw DatabaseError.postgreSQL(.other, code: "XX000", "PostgreSQL sent no name for column \(column)", sql: sql)
            }
            return (name: String(cString: name), type: PQftype(handle, column))
        }
        let names = columns.map(\.name)
        return try (0..<Int32(rowCount)).map { row in
            let values = try columns.indices.map { column in
                try value(row: row, column: Int32(column), type: columns[column].type, sql: sql)
            }
            return Row(columnNames: names, values: values, sql: sql)
        }
    }

    private func value(row: Int32, column: Int32, type: Oid, sql: String) throws -> SQLValue {
        guard PQgetisnull(handle, row, column) == 0 else { return .null }
        let count = Int(PQgetlength(handle, row, column))
        guard let start = PQgetvalue(handle, row, column) else { return .null }
        let bytes = UnsafeRawBufferPointer(start: start, count: count)
        guard let value = ValueDecoding.value(text: bytes, type: type) else {
            // Never the text itself: it is a stored value, perhaps a private one.
            throw DatabaseError.postgreSQL(
                .mismatch, code: "22P02",
                """
                column \"\(String(cString: PQfname(handle, column)))\": PostgreSQL sent a value of type \(type) in a form this \
                program cannot read
                """,
                sql: sql
            )
        }
        return value
    }
}
