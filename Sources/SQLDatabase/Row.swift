/// One result row, copied out of the statement so it outlives it and crosses threads.
public struct Row: Sendable {
    public let columnNames: [String]
    let values: [SQLValue]
    /// The statement that produced the row, for error messages.
    let sql: String?

    public init(columnNames: [String], values: [SQLValue], sql: String?) {
        self.columnNames = columnNames
        self.values = values
        self.sql = sql
    }

    /// The value of the column named `column` (matched case-insensitively, as SQL does;
    /// the first one wins when a join yields two of the same name).
    public subscript<T: SQLColumnDecodable>(_ column: String) -> T {
        get throws {
            guard let index = index(ofColumn: column) else {
                let known = columnNames.joined(separator: ", ")
                throw DatabaseError(
                    kind: .misuse,
                    message: "no column named \"\(column)\" in row (columns: \(known))",
                    sql: sql
                )
            }
            return try decode(at: index)
        }
    }

    /// The value of the column at `index`, counting from 0.
    public subscript<T: SQLColumnDecodable>(_ index: Int) -> T {
        get throws {
            guard values.indices.contains(index) else {
                throw DatabaseError(
                    kind: .misuse,
                    message: "no column at index \(index) in a row of \(values.count) columns",
                    sql: sql
                )
            }
            return try decode(at: index)
        }
    }

    private func index(ofColumn column: String) -> Int? {
        columnNames.firstIndex(of: column)
            ?? columnNames.firstIndex { $0.lowercased() == column.lowercased() }
    }

    private func decode<T: SQLColumnDecodable>(at index: Int) throws -> T {
        do {
            return try T(sqlValue: values[index])
        } catch let error as DatabaseError {
            throw DatabaseError(
                kind: error.kind, engine: error.engine, code: error.code,
                message: "column \"\(columnNames[index])\": \(error.message)",
                sql: error.sql ?? sql
            )
        }
    }
}
