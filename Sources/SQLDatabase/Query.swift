/// A read of one statement and what its rows mean. Stores hand these out so that a page can
/// read what several of them know at once (`Database.fetch(_:)` with several queries): in one
/// snapshot and, on PostgreSQL, in one round trip.
public struct Query<Value>: Sendable {
    public let sql: SQL
    let decode: @Sendable ([Row]) throws -> Value

    public init(_ sql: SQL, decode: @escaping @Sendable ([Row]) throws -> Value) {
        self.sql = sql
        self.decode = decode
    }

    /// Every row, each made into an element by `transform`.
    public init<Element>(all sql: SQL, _ transform: @escaping @Sendable (Row) throws -> Element) where Value == [Element] {
        self.init(sql) { try $0.map(transform) }
    }

    /// The first column of the first row (see `RowFetching.fetchValue`).
    public init<Column: SQLColumnDecodable>(value sql: SQL) where Value == Column? {
        self.init(sql) { try $0.first?.firstColumn() }
    }
}

extension Row {
    /// The first column; nil when it is NULL (what `SELECT max(x)` gives on an empty table).
    func firstColumn<T: SQLColumnDecodable>() throws -> T? {
        guard let value = values.first, value != .null else { return nil }
        return try self[0] as T
    }
}

extension Database {
    /// What one query reads, alone (`fetchAll`).
    public func fetch<Value>(_ query: Query<Value>) throws -> Value {
        try query.decode(fetchAll(query.sql))
    }

    /// What the queries read, in one snapshot. The queries must not depend on each other's
    /// results: they are sent together (`fetchAll(together:)`).
    public func fetch<each Value>(_ queries: repeat Query<each Value>) throws -> (repeat each Value) {
        var statements: [SQL] = []
        for query in repeat each queries {
            statements.append(query.sql)
        }
        let results = try fetchAll(together: statements)
        var next = results.makeIterator()
        func decode<V>(_ query: Query<V>) throws -> V {
            guard let rows = next.next() else {
                throw DatabaseError(kind: .misuse, message: "\(statements.count) statements gave \(results.count) results")
            }
            return try query.decode(rows)
        }
        return (repeat try decode(each queries))
    }
}
