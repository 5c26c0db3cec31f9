/// A command line split into words and `--option value` pairs, checked against what the
/// command accepts so that a mistyped flag is refused instead of ignored.
struct Arguments {
    var words: [String] = []
    /// The last value of each option given.
    var options: [String: String] = [:]
    /// Every value of each option, in order, for the options that may be repeated.
    var allValues: [String: [String]] = [:]
    var flags: Set<String> = []

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    init(_ arguments: [String], valueOptions: Set<String>, flagOptions: Set<String>) throws(Problem) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("-"), argument != "-" else {
                words.append(argument)
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if flagOptions.contains(name), inlineValue == nil {
                flags.insert(name)
            } else if valueOptions.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw Problem(description: "\(name) needs a value")
                }
                options[name] = value
                allValues[name, default: []].append(value)
            } else {
                throw Problem(description: "unknown option '\(name)' (see roadtrip --help)")
            }
        }
    }
}
