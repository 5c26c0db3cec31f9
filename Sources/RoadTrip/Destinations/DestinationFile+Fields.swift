import Foundation

extension DestinationFile.CatalogueValidator {
    typealias Value = DestinationFile.Value

    static let maximumFileNameBytes = 255
    static let maximumURLLength = WebAddress.maximumLength

    func refusal(_ reason: String, _ value: Value, _ path: String) -> DestinationFileError {
        DestinationFileError(line: value.line, keyPath: path, reason: reason)
    }

    func dictionary(_ value: Value, at path: String, describing kind: String) throws(DestinationFileError) -> [String: Value] {
        guard case .dictionary(let entries) = value.content else {
            throw refusal("expected a dictionary describing \(kind), found \(value.summary)", value, path)
        }
        return entries
    }

    /// The value under `key`, with its key path; a missing key is refused at the line of the
    /// dictionary that lacks it.
    func required(
        _ key: String, in entries: [String: Value], of container: Value, at path: String?
    ) throws(DestinationFileError) -> (value: Value, path: String) {
        let keyPath = DestinationFile.keyPath(path, key: key)
        guard let value = entries[key] else {
            throw DestinationFileError(line: container.line, keyPath: keyPath, reason: "required but missing")
        }
        return (value, keyPath)
    }

    /// A string, trimmed of surrounding whitespace, holding no control character. Subtitles
    /// also take a number as its text: the book's own file has `<real>0</real>` for one.
    func text(_ value: Value, at path: String, acceptingNumbers: Bool = false) throws(DestinationFileError) -> String {
        let raw: String
        switch value.content {
        case .string(let string): raw = string
        case .number(_, let written) where acceptingNumbers: raw = written
        default: throw refusal("expected a string, found \(value.summary)", value, path)
        }
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        if let control = trimmed.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
            let code = String(control.value, radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
            throw refusal("contains a control character (U+\(padded))", value, path)
        }
        return trimmed
    }

    func nonEmptyText(_ value: Value, at path: String) throws(DestinationFileError) -> String {
        let result = try text(value, at: path)
        guard !result.isEmpty else { throw refusal("must not be empty", value, path) }
        return result
    }

    /// A picture's file name, never a path: it is looked up in one folder and must not leave it.
    func fileName(_ value: Value, at path: String) throws(DestinationFileError) -> String {
        let name = try nonEmptyText(value, at: path)
        guard !name.contains("/"), !name.contains("\\"), !name.hasPrefix(".") else {
            throw refusal("\(Value.quoted(name)) is not a plain file name", value, path)
        }
        guard name.utf8.count <= Self.maximumFileNameBytes else {
            throw refusal("the file name is longer than \(Self.maximumFileNameBytes) bytes", value, path)
        }
        return name
    }

    /// An absolute http or https URL with a host, kept exactly as written (trimmed).
    func webURL(_ value: Value, at path: String) throws(DestinationFileError) -> String {
        let string = try nonEmptyText(value, at: path)
        guard string.count <= Self.maximumURLLength else {
            throw refusal("the URL is longer than \(Self.maximumURLLength) characters", value, path)
        }
        guard WebAddress.isValid(string) else {
            throw refusal("\(Value.quoted(string)) is not an http(s) URL", value, path)
        }
        return string
    }

    /// A latitude or longitude: a number, or a string holding one (the book writes both).
    /// Its range is `Coordinate`'s to check, which says which of the two is wrong.
    func degrees(_ value: Value, at path: String) throws(DestinationFileError) -> Double {
        let number: Double
        switch value.content {
        case .number(let parsed, _):
            number = parsed
        case .string(let string):
            guard let parsed = DestinationFile.decimalNumber(string) else {
                throw refusal("expected a number, found \(value.summary)", value, path)
            }
            number = parsed
        default:
            throw refusal("expected a number, found \(value.summary)", value, path)
        }
        guard number.isFinite else { throw refusal("\(value.summary) is not a finite number", value, path) }
        return number
    }
}
