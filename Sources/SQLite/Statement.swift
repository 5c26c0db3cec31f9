import SQLDatabase
internal import CSQLite

/// SQLite's SQLITE_TRANSIENT, a C macro Swift cannot import: tells SQLite to copy bound
/// bytes before the bind call returns, so Swift may free them afterwards.
private var transient: sqlite3_destructor_type {
    unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// A compiled statement, owned by this object and finalized in deinit.
///
/// A `Connection` caches one per SQL text and reuses it: `run` binds, lets the caller step,
/// then resets and clears the bindings, so between uses it holds no lock and no values.
final class Statement {
    let sql: String
    private let handle: OpaquePointer
    /// The connection's handle, for error messages. Outlives this statement: the
    /// `Connection` owns both and releases its statements before closing.
    private let connection: OpaquePointer

    init(sql: String, connection: OpaquePointer) throws {
        let (code, compiled, remainder) = sql.withCString { text in
            var compiled: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let flags = UInt32(SQLITE_PREPARE_PERSISTENT)
            let code = sqlite3_prepare_v3(connection, text, -1, flags, &compiled, &tail)
            return (code, compiled, tail.map { String(cString: $0) } ?? "")
        }
        guard code == SQLITE_OK else {
            throw DatabaseError(code: code, connection: connection, sql: sql)
        }
        guard let compiled else {
            throw DatabaseError(resultCode: SQLITE_MISUSE, message: "no SQL statement to run", sql: sql)
        }
        guard remainder.allSatisfy({ $0.isWhitespace || $0 == ";" }) else {
            // Finalize can only repeat an error from a step, and this statement never ran.
            sqlite3_finalize(compiled)
            throw DatabaseError(
                resultCode: SQLITE_MISUSE,
                message: "more than one statement; use executeScript for scripts",
                sql: sql
            )
        }
        self.sql = sql
        self.handle = compiled
        self.connection = connection
    }

    deinit {
        // The code finalize returns is that of the last step, which was already thrown.
        sqlite3_finalize(handle)
    }

    /// Binds `arguments`, lets `body` step, then resets the statement for its next use,
    /// whether or not `body` threw.
    func run<T>(_ arguments: [SQLValue], _ body: (Statement) throws -> T) throws -> T {
        let outcome = Result { () throws -> T in
            try bind(arguments)
            return try body(self)
        }
        // After a failed step, reset repeats that step's code; the step's error, thrown by
        // `outcome.get()`, is the one that says what happened.
        let resetCode = sqlite3_reset(handle)
        let clearCode = sqlite3_clear_bindings(handle)
        let value = try outcome.get()
        try check(resetCode)
        try check(clearCode)
        return value
    }

    /// The steps SQLite's virtual machine took for this statement since last asked: the work
    /// its runs cost, counted (a query that reads a thousand rows takes thousands).
    func takeSteps() -> Int64 {
        Int64(sqlite3_stmt_status(handle, SQLITE_STMTSTATUS_VM_STEP, 1))
    }

    /// Moves to the next row: true when one is ready, false when the statement is done.
    func step() throws -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw DatabaseError(code: code, connection: connection, sql: sql)
        }
    }

    /// Steps to the end, copying every row.
    func allRows() throws -> [Row] {
        var rows: [Row] = []
        var names: [String]?
        while try step() {
            // Read after the first step: a schema change may have recompiled the statement.
            let columnNames = try names ?? columnNames()
            names = columnNames
            rows.append(try currentRow(columnNames: columnNames))
        }
        return rows
    }

    /// Steps once, copying the row if there is one.
    func nextRow() throws -> Row? {
        guard try step() else { return nil }
        return try currentRow(columnNames: columnNames())
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK else {
            throw DatabaseError(code: code, connection: connection, sql: sql)
        }
    }

    private func bind(_ arguments: [SQLValue]) throws {
        let expected = Int(sqlite3_bind_parameter_count(handle))
        guard arguments.count == expected else {
            throw DatabaseError(
                resultCode: SQLITE_RANGE,
                message: "statement has \(expected) parameters but \(arguments.count) arguments were given",
                sql: sql
            )
        }
        for (offset, argument) in arguments.enumerated() {
            try check(bind(argument, at: Int32(offset + 1)))
        }
    }

    private func bind(_ value: SQLValue, at index: Int32) -> Int32 {
        switch value {
        case .null:
            return sqlite3_bind_null(handle, index)
        case .integer(let integer):
            return sqlite3_bind_int64(handle, index, integer)
        case .real(let real):
            return sqlite3_bind_double(handle, index, real)
        case .text(let text):
            return bind(text: text, at: index)
        case .blob(let bytes):
            // A blob bound from a nil pointer would become NULL: an empty one needs zeroblob.
            guard !bytes.isEmpty else { return sqlite3_bind_zeroblob(handle, index, 0) }
            return bytes.withUnsafeBytes { buffer in
                sqlite3_bind_blob64(handle, index, buffer.baseAddress, UInt64(buffer.count), transient)
            }
        }
    }

    /// Binds with an explicit length, so a string holding a NUL byte is stored whole.
    private func bind(text: String, at index: Int32) -> Int32 {
        // An empty string may have no buffer, and a nil pointer would bind NULL.
        guard !text.isEmpty else { return sqlite3_bind_text(handle, index, "", 0, transient) }
        var text = text
        return text.withUTF8 { bytes in
            let start = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
            return sqlite3_bind_text64(handle, index, start, UInt64(bytes.count), transient, UInt8(SQLITE_UTF8))
        }
    }

    private func columnNames() throws -> [String] {
        try (0..<sqlite3_column_count(handle)).map { column in
            guard let name = sqlite3_column_name(handle, column) else {
                throw DatabaseError(resultCode: SQLITE_NOMEM, message: "out of memory reading a column name", sql: sql)
            }
            return String(cString: name)
        }
    }

    private func currentRow(columnNames: [String]) throws -> Row {
        let values = try (0..<Int32(columnNames.count)).map(value(at:))
        return Row(columnNames: columnNames, values: values, sql: sql)
    }

    private func value(at column: Int32) throws -> SQLValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_NULL:
            return .null
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT:
            // Pointer first, then length: the order SQLite documents.
            let start = sqlite3_column_text(handle, column)
            let count = Int(sqlite3_column_bytes(handle, column))
            guard let start else { return try emptyUnlessOutOfMemory(.text("")) }
            return .text(String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self))
        default:
            let start = sqlite3_column_blob(handle, column)
            let count = Int(sqlite3_column_bytes(handle, column))
            guard let start else { return try emptyUnlessOutOfMemory(.blob([])) }
            return .blob([UInt8](UnsafeRawBufferPointer(start: start, count: count)))
        }
    }

    /// A nil pointer for a text or blob means either an empty value or a failed allocation.
    private func emptyUnlessOutOfMemory(_ empty: SQLValue) throws -> SQLValue {
        let code = sqlite3_errcode(connection)
        guard code != SQLITE_NOMEM else {
            throw DatabaseError(code: code, connection: connection, sql: sql)
        }
        return empty
    }
}
