/// SQL text with `?` placeholders and the values bound to them.
///
/// Built by interpolation, so a value never becomes part of the SQL text:
///
///     let sql: SQL = "SELECT * FROM \(raw: table) WHERE name = \(name)"
///
/// - `\(value)` for any `SQLBindable` appends `?` and binds the value.
/// - `\(list: values)` appends `(?, ?, …)` and binds each value, for `IN`.
/// - `\(raw: text)` appends trusted SQL text verbatim (identifiers, keywords). The only escape hatch.
/// - `\(sql: other)` splices another `SQL` together with its arguments.
public struct SQL: Sendable, Equatable, ExpressibleByStringInterpolation {
    public var text: String
    public var arguments: [SQLValue]

    public init(stringLiteral value: String) {
        text = value
        arguments = []
    }

    public init(stringInterpolation: StringInterpolation) {
        text = stringInterpolation.text
        arguments = stringInterpolation.arguments
    }

    public static func + (l: SQL, r: SQL) -> SQL {
        var joined = l
        joined.text += r.text
        joined.arguments += r.arguments
        return joined
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""
        var arguments: [SQLValue] = []

        public init(literalCapacity: Int, interpolationCount: Int) {
            text.reserveCapacity(literalCapacity + interpolationCount)
            arguments.reserveCapacity(interpolationCount)
        }

        public mutating func appendLiteral(_ literal: String) {
            text += literal
        }

        public mutating func appendInterpolation(_ value: some SQLBindable) {
            text += "?"
            arguments.append(value.sqlValue)
        }

        /// An optional value binds NULL when it is nil (spelled out so the compiler knows an
        /// optional here is meant, not a debug description).
        public mutating func appendInterpolation<Value: SQLBindable>(_ value: Value?) {
            text += "?"
            arguments.append(value.sqlValue)
        }

        /// `(?, ?, ?)` with each value bound, for `IN`; `(NULL)`, which matches nothing, for none
        /// (so not for `NOT IN`, which `(NULL)` makes match nothing too).
        public mutating func appendInterpolation<Values: Sequence>(list values: Values) where Values.Element: SQLBindable {
            let bound = values.map(\.sqlValue)
            text += bound.isEmpty ? "(NULL)" : "(" + Array(repeating: "?", count: bound.count).joined(separator: ", ") + ")"
            arguments += bound
        }

        public mutating func appendInterpolation(raw trustedSQL: String) {
            text += trustedSQL
        }

        public mutating func appendInterpolation(sql: SQL) {
            text += sql.text
            arguments += sql.arguments
        }
    }
}
