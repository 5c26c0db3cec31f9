import Foundation
import SQLDatabase

/// The textual parts of a PostgreSQL URL, found the way libpq finds them, to print it with
/// its password hidden.
///
/// libpq takes the user name and password up to the first `@` met before any `/`. A URL that
/// has another `@` (an `@` or `/` in the password not written `%40`, `%2F`) would make libpq
/// read part of the password as the host, and then print it in its messages: refused.
struct URLParts {
    let scheme: String
    /// "user:password@", or empty.
    let userInfo: Substring
    /// Hosts and ports, then the path and the query.
    let rest: Substring
    /// The password as written and percent-decoded; empty when there is none.
    let passwords: [String]

    init(_ url: String, scheme: String) throws {
        self.scheme = scheme
        let afterScheme = url.dropFirst(scheme.count)
        let stop = afterScheme.firstIndex { $0 == "@" || $0 == "/" } ?? afterScheme.endIndex
        if stop < afterScheme.endIndex, afterScheme[stop] == "@" {
            userInfo = afterScheme[...stop]
            rest = afterScheme[afterScheme.index(after: stop)...]
        } else {
            userInfo = ""
            rest = afterScheme
        }
        let pathAndHosts = rest.prefix { $0 != "?" }
        guard !pathAndHosts.contains("@") else {
            throw DatabaseError.invalidAddress(
                "the PostgreSQL address has an \"@\" where libpq would not expect one; "
                    + "write any @, / or : in the user name or password percent-encoded (%40, %2F, %3A)"
            )
        }
        var passwords: [String] = []
        if let colon = userInfo.firstIndex(of: ":") {
            let written = String(userInfo[userInfo.index(after: colon)...].dropLast())
            passwords = [written, written.removingPercentEncoding].compactMap { $0 }
        }
        for (key, value) in Self.queryItems(of: rest) where key == "password" {
            passwords += [String(value), String(value).removingPercentEncoding].compactMap { $0 }
        }
        self.passwords = passwords.filter { !$0.isEmpty }
    }

    var redacted: String {
        var text = scheme
        if let colon = userInfo.firstIndex(of: ":") {
            text += userInfo[..<colon] + ":***@"
        } else {
            text += userInfo
        }
        guard let question = rest.firstIndex(of: "?") else {
            return text + rest
        }
        let items = rest[rest.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false).map { item in
            item.hasPrefix("password=") ? "password=***" : item
        }
        return text + rest[...question] + items.joined(separator: "&")
    }

    /// The URL with `database` as its path, percent-encoded.
    func replacingPath(with database: String) -> String {
        let hosts = rest.prefix { $0 != "/" && $0 != "?" }
        let query = rest.firstIndex(of: "?").map { rest[$0...] } ?? ""
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let path = database.addingPercentEncoding(withAllowedCharacters: allowed) ?? database
        return scheme + userInfo + hosts + "/" + path + query
    }

    private static func queryItems(of rest: Substring) -> [(key: Substring, value: Substring)] {
        guard let question = rest.firstIndex(of: "?") else { return [] }
        return rest[rest.index(after: question)...].split(separator: "&", omittingEmptySubsequences: false).map { item in
            guard let equals = item.firstIndex(of: "=") else { return (item, "") }
            return (item[..<equals], item[item.index(after: equals)...])
        }
    }
}
