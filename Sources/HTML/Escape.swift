/// The escaping rules, in one place.
enum Escape {
    static func text(_ value: String, into output: inout String) {
        escape(value, quotes: false, into: &output)
    }

    /// Attribute values are always written in double quotes; single quotes are escaped too
    /// so that a value stays safe wherever it is moved.
    static func attribute(_ value: String, into output: inout String) {
        escape(value, quotes: true, into: &output)
    }

    private static func escape(_ value: String, quotes: Bool, into output: inout String) {
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"" where quotes: output += "&quot;"
            case "'" where quotes: output += "&#39;"
            case "\0": output += "\u{FFFD}"
            default: output.unicodeScalars.append(scalar)
            }
        }
    }
}
