import Foundation

/// A Swift value that can be read from a column.
///
/// Conversions are strict: a NULL is only accepted by an `Optional`, text never becomes a
/// number. A mismatch throws a `DatabaseError` (`Row` adds the column's name to it).
public protocol SQLColumnDecodable: SendableMetatype {
    init(sqlValue: SQLValue) throws
}

extension DatabaseError {
    static func typeMismatch(expected type: String, found value: SQLValue) -> DatabaseError {
        DatabaseError(kind: .mismatch, message: "expected \(type), found \(value.storageClassName)")
    }
}

/// Reads an integer, also from a real holding a whole number (what `1.0 * 2` yields),
/// checking that it fits the target type.
private func integer<T: FixedWidthInteger>(_ value: SQLValue, as type: T.Type) throws -> T {
    let converted: T?
    switch value {
    case .integer(let integer): converted = T(exactly: integer)
    case .real(let real): converted = T(exactly: real)
    default: converted = nil
    }
    guard let converted else {
        throw DatabaseError.typeMismatch(expected: "\(T.self)", found: value)
    }
    return converted
}

extension SQLValue: SQLColumnDecodable {
    public init(sqlValue: SQLValue) { self = sqlValue }
}

extension Int: SQLColumnDecodable {
    public init(sqlValue: SQLValue) throws { self = try integer(sqlValue, as: Int.self) }
}

extension Int64: SQLColumnDecodable {
    public init(sqlValue: SQLValue) throws { self = try integer(sqlValue, as: Int64.self) }
}

extension Int32: SQLColumnDecodable {
    public init(sqlValue: SQLValue) throws { self = try integer(sqlValue, as: Int32.self) }
}

extension Double: SQLColumnDecodable {
    public init(sqlValue: SQLValue) throws {
        switch sqlValue {
        case .real(let real): self = real
        case .integer(let integer): self = Double(integer)
        default: throw DatabaseError.typeMismatch(expected: "Double", found: sqlValue)
        }
    }
}

extension Bool: SQLColumnDecodable {
    public init(sqlValue: SQLValue) throws {
        guard case .integer(let integer) = sqlValue else {
            throw DatabaseError.typeMismatch(expected: "Bool", found: sqlValue)
        }
        self = integer != 0
    }
}

extension String: SQLColumnDecodable {
    public init(sqlValue: SQLValue) throws {
        guard case .text(let text) = sqlValue else {
            throw DatabaseError.typeMismatch(expected: "String", found: sqlValue)
        }
        self = text
    }
}

extension Array: SQLColumnDecodable where Element == UInt8 {
    public init(sqlValue: SQLValue) throws {
        guard case .blob(let bytes) = sqlValue else {
            throw DatabaseError.typeMismatch(expected: "[UInt8]", found: sqlValue)
        }
        self = bytes
    }
}

extension Data: SQLColumnDecodable {
    public init(sqlValue: SQLValue) throws {
        guard case .blob(let bytes) = sqlValue else {
            throw DatabaseError.typeMismatch(expected: "Data", found: sqlValue)
        }
        self = Data(bytes)
    }
}

extension Optional: SQLColumnDecodable where Wrapped: SQLColumnDecodable {
    public init(sqlValue: SQLValue) throws {
        if case .null = sqlValue {
            self = nil
        } else {
            self = try Wrapped(sqlValue: sqlValue)
        }
    }
}
