import Foundation
import SQLDatabase
internal import CPostgreSQL

/// A connection string's options as libpq parses them (user, host, port, dbname, …), in
/// libpq's order, each with whether libpq marks it secret. An address that libpq would
/// refuse is refused when it is made, not at the first connection; and what is printed of an
/// address is made from these options (`ConnectionInfo`), never from its text, so no spelling
/// of a key (`%70assword`, a key repeated) can carry a secret past the redaction.
struct ConnectionOptions {
    struct Option {
        let keyword: String
        let value: String
        /// libpq's display character for it is "*" (a password field): `password`, `sslpassword`, …
        let isSecret: Bool
    }

    /// Only the options the string sets: `PQconninfoParse` adds no defaults.
    let options: [Option]

    /// Accepts both forms libpq does: a `postgresql://` URI and `key=value` pairs.
    init(parsing conninfo: String) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        guard let parsed = PQconninfoParse(conninfo, &errorMessage) else {
            defer { PQfreemem(errorMessage) }
            let reason = errorMessage.map { Self.withoutQuotes(String(cString: $0)) } ?? "out of memory"
            throw DatabaseError.invalidAddress("the PostgreSQL address is not valid: \(reason)")
        }
        defer { PQconninfoFree(parsed) }
        var options: [Option] = []
        var option = parsed
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val {
                let display = option.pointee.dispchar.map { String(cString: $0) } ?? ""
                options.append(Option(keyword: String(cString: keyword), value: String(cString: value), isSecret: display.contains("*")))
            }
            option += 1
        }
        self.options = options
    }

    subscript(keyword: String) -> String? {
        options.last { $0.keyword == keyword }?.value
    }

    /// The values of the secret options, to scrub from libpq's messages (which should never
    /// hold them; this makes sure).
    var secrets: [String] {
        options.filter { $0.isSecret && !$0.value.isEmpty }.map(\.value)
    }

    /// libpq's parse errors quote the piece they could not read (`invalid percent-encoded
    /// token: "pa55%zz"`, the whole URI for some), which may be a password. libpq does not
    /// escape a `"` inside what it quotes, so nothing after its first quote can be told apart
    /// from the address: only the text before it is kept (`invalid percent-encoded token`).
    static func withoutQuotes(_ message: String) -> String {
        let line = libpqText(message, hiding: [])
        guard let quote = line.firstIndex(of: "\"") else { return line }
        let before = line[..<quote].trimmingCharacters(in: .whitespaces)
        return before.hasSuffix(":") ? String(before.dropLast()) : before
    }
}

/// One of libpq's messages as one line (they end in a newline and continue on tab-indented
/// lines), with any of `secrets` hidden.
func libpqText(_ message: String, hiding secrets: [String]) -> String {
    let line = message.split(whereSeparator: \.isNewline)
        .map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
        .joined(separator: " ")
    return secrets.filter { !$0.isEmpty }.reduce(line) { $0.replacingOccurrences(of: $1, with: "***") }
}

extension ConnectionOptions {
    /// Every option this libpq marks secret (display character "*"), as `PQconndefaults` lists them.
    static var secretKeywords: [String] {
        guard let defaults = PQconndefaults() else { return ["password"] }
        defer { PQconninfoFree(defaults) }
        var keywords: [String] = []
        var option = defaults
        while let keyword = option.pointee.keyword {
            if let display = option.pointee.dispchar, String(cString: display).contains("*") { keywords.append(String(cString: keyword)) }
            option += 1
        }
        return keywords
    }
}

extension ConnectionOptions {
    /// Each option libpq also reads from the environment, by that variable's name
    /// (`password` → `PGPASSWORD`), as `PQconndefaults` lists them.
    static var environmentVariables: [String: String] {
        guard let defaults = PQconndefaults() else { return [:] }
        defer { PQconninfoFree(defaults) }
        var variables: [String: String] = [:]
        var option = defaults
        while let keyword = option.pointee.keyword {
            if let variable = option.pointee.envvar { variables[String(cString: keyword)] = String(cString: variable) }
            option += 1
        }
        return variables
    }
}

extension PostgreSQLAddress {
    /// `environment` made the environment of a libpq program (`pg_dump`, `pg_restore`) that
    /// connects here: the address as `PGHOST`, `PGPASSWORD`, `PGDATABASE`…, so that no secret
    /// is on a command line, which every user of the machine may read (`ps`); every other
    /// variable libpq reads taken out, so nothing of the caller's own connects it elsewhere.
    /// Nil when the address has an option libpq reads from no variable.
    public func clientEnvironment(from environment: [String: String]) -> [String: String]? {
        guard let options = try? ConnectionOptions(parsing: url.value) else { return nil }
        let variables = ConnectionOptions.environmentVariables
        var result = environment
        for variable in variables.values { result[variable] = nil }
        for option in options.options {
            guard let variable = variables[option.keyword] else { return nil }
            result[variable] = option.value
        }
        return result
    }
}
