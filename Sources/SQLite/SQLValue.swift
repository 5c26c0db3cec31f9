/// One value as SQLite stores it: one of its five storage classes.
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
