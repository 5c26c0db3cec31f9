import Foundation

/// A PostgreSQL connection string as logs, errors and the start-up line show it: rebuilt from
/// the options libpq parses out of it, each secret one (`password`, `sslpassword`: whatever
/// libpq marks "*") shown as `***`. Every place that prints where a database is goes through
/// here (`PostgreSQLAddress.redacted` is this), so the text as typed is never printed.
enum ConnectionInfo {
    /// A `postgresql://` or `postgres://` URI comes back as one, anything else as libpq's
    /// `key=value` form; one that libpq cannot read comes back as a sentence saying so,
    /// without any of it.
    static func forLogs(_ conninfo: String) -> String {
        guard let options = try? ConnectionOptions(parsing: conninfo) else {
            return "(a PostgreSQL connection string that libpq cannot read)"
        }
        return options.forLogs(uriScheme: uriScheme(of: conninfo))
    }

    /// libpq reads a string as a URI when it starts with one of these.
    static func uriScheme(of conninfo: String) -> String? {
        ["postgresql://", "postgres://"].first(where: conninfo.hasPrefix)
    }
}

extension ConnectionOptions {
    /// As a URI when `uriScheme` is given, else as `key=value` pairs; secret values as `***`.
    /// Read by libpq again it means the same connection, secrets aside.
    func forLogs(uriScheme: String?) -> String {
        guard let uriScheme else {
            return options.map { "\($0.keyword)=\($0.isSecret ? "***" : Self.quoted($0.value))" }.joined(separator: " ")
        }
        var rest = options
        let user = take("user", from: &rest), password = take("password", from: &rest)
        var text = uriScheme
        if user != nil || password != nil {
            text += Self.encoded(user ?? "", allowing: Self.unreserved) + (password == nil ? "" : ":***") + "@"
        }
        if let hosts = Self.netloc(hosts: self["host"], ports: self["port"]) {
            text += hosts
            rest.removeAll { $0.keyword == "host" || $0.keyword == "port" }
        }
        if let database = take("dbname", from: &rest) {
            text += "/" + Self.encoded(database, allowing: Self.unreserved)
        }
        guard !rest.isEmpty else { return text }
        let query = rest.map { "\($0.keyword)=\($0.isSecret ? "***" : Self.encoded($0.value, allowing: Self.queryValue))" }
        return text + (self["dbname"] == nil ? "/" : "") + "?" + query.joined(separator: "&")
    }

    private func take(_ keyword: String, from rest: inout [Option]) -> String? {
        guard let value = self[keyword] else { return nil }
        rest.removeAll { $0.keyword == keyword }
        return value
    }

    /// `host1:port1,host2:port2`, when the hosts can be written there: names and addresses,
    /// with one port for all or one each. Nil otherwise (a socket folder, an empty host in a
    /// list): the hosts then go in the query, as libpq also reads them.
    private static func netloc(hosts: String?, ports: String?) -> String? {
        guard let hosts else { return ports == nil ? "" : nil }
        let names = hosts.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let numbers = ports.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) } ?? []
        guard names.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("/") }),
            numbers.isEmpty || numbers.count == 1 || numbers.count == names.count,
            numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return nil }
        return names.indices.map { index in
            let name = names[index].contains(":") ? "[\(names[index])]" : encoded(names[index], allowing: unreserved)
            let port = numbers.isEmpty ? nil : numbers[numbers.count == 1 ? 0 : index]
            return name + (port.map { ":" + $0 } ?? "")
        }.joined(separator: ",")
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    /// A query value may hold these as they are: libpq splits the query at `&` and `=` only.
    private static let queryValue = unreserved.union(CharacterSet(charactersIn: "/:,"))

    private static func encoded(_ text: String, allowing allowed: CharacterSet) -> String {
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// A `key=value` value, in single quotes when it is empty or holds a space, a quote or a backslash.
    private static func quoted(_ value: String) -> String {
        guard value.isEmpty || value.contains(where: { $0.isWhitespace || $0 == "'" || $0 == "\\" }) else { return value }
        return "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
