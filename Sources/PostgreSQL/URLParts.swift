import Foundation
import SQLDatabase

/// The textual parts of a PostgreSQL URL, found the way libpq finds them. Never used for what
/// is printed of an address (`ConnectionInfo` rebuilds that from libpq's parse).
enum URLParts {
    /// libpq takes the user name and password up to the first `@` met before any `/`. A URL
    /// that has another `@` (an `@` or `/` in the password not written `%40`, `%2F`) would make
    /// libpq read part of the password as the host, and then print it in its messages: refused.
    static func checkUserInfo(of url: String, scheme: String) throws {
        let (_, rest) = split(url, scheme: scheme)
        guard !rest.prefix(while: { $0 != "?" }).contains("@") else {
            throw DatabaseError.invalidAddress(
                "the PostgreSQL address has an \"@\" where libpq would not expect one; "
                    + "write any @, / or : in the user name or password percent-encoded (%40, %2F, %3A)"
            )
        }
    }

    /// The URL with `database` as its path, percent-encoded.
    static func replacingPath(of url: String, scheme: String, with database: String) -> String {
        let (userInfo, rest) = split(url, scheme: scheme)
        let hosts = rest.prefix { $0 != "/" && $0 != "?" }
        let query = rest.firstIndex(of: "?").map { rest[$0...] } ?? ""
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~"))
        let path = database.addingPercentEncoding(withAllowedCharacters: allowed) ?? database
        return scheme + userInfo + hosts + "/" + path + query
    }

    /// "user:password@" (or empty), then the hosts and ports, the path and the query.
    private static func split(_ url: String, scheme: String) -> (userInfo: Substring, rest: Substring) {
        let afterScheme = url.dropFirst(scheme.count)
        let stop = afterScheme.firstIndex { $0 == "@" || $0 == "/" } ?? afterScheme.endIndex
        guard stop < afterScheme.endIndex, afterScheme[stop] == "@" else { return ("", afterScheme) }
        return (afterScheme[...stop], afterScheme[afterScheme.index(after: stop)...])
    }
}
