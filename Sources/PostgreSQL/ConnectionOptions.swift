import Foundation
import SQLDatabase
internal import CPostgreSQL

/// A URL's connection options as libpq parses them (user, host, port, dbname, …), so an
/// address that libpq would refuse is refused when it is made, not at the first connection.
struct ConnectionOptions {
    private let values: [String: String]

    init(parsing url: String, redacted: String, passwords: [String]) throws {
        var errorMessage: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(url, &errorMessage) else {
            defer { PQfreemem(errorMessage) }
            // libpq quotes a token it cannot decode, which may be a piece of the password.
            let reason = errorMessage.map { String(cString: $0) }.map { libpqText($0, hiding: passwords) } ?? "out of memory"
            throw DatabaseError.invalidAddress("the PostgreSQL address \(redacted) is not valid: \(reason)")
        }
        defer { PQconninfoFree(options) }
        var values: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val {
                values[String(cString: keyword)] = String(cString: value)
            }
            option += 1
        }
        self.values = values
    }

    subscript(keyword: String) -> String? {
        values[keyword]
    }
}

/// One of libpq's messages as one line (they end in a newline and continue on tab-indented
/// lines), with any of `passwords` hidden.
func libpqText(_ message: String, hiding passwords: [String]) -> String {
    let line = message.split(whereSeparator: \.isNewline)
        .map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
        .joined(separator: " ")
    return passwords.filter { !$0.isEmpty }.reduce(line) { $0.replacingOccurrences(of: $1, with: "***") }
}
