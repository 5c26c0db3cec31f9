/// One value as the database gives it: one of SQLite's five storage classes, which every
/// engine's types map onto (PostgreSQL's integers, floats, text, bytea and booleans).
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])
}

extension SQLValue {
    /// The storage class, for error messages. Never the value itself: it may be a secret.
    var storageClassName: String {
        switch self {
        case .null: "NULL"
        case .integer: "integer"
        case .real: "real"
        case .text: "text"
        case .blob: "blob"
        }
    }
}
