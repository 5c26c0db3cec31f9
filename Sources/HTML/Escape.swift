/// The escaping rules, in one place.
enum Escape {
    static func text(_ value: String, into output: inout String) {
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\0": output += "\u{FFFD}"
            default: output.unicodeScalars.append(scalar)
            }
        }
    }

    static func attribute(_ value: String, into output: inout String) {
        for scalar in value.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "\"": output += "&quot;"
            case "'": output += "&#39;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\0": output += "\u{FFFD}"
            default: output.unicodeScalars.append(scalar)
            }
        }
    }
}
