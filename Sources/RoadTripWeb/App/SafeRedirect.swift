import Foundation
import HTTPServer
import RoadTrip

/// Where to go after signing in. Only a path on this site that RoadTrip answers and that needs
/// a session: `//evil.example`, `https://…`, `/\evil`, control characters and unknown paths
/// all go home.
enum SafeRedirect {
    static let maximumLength = 2048

    static func target(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), next.utf8.count <= maximumLength,
            next.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") })
        else { return Route.home.path }
        let path = String(next.prefix { $0 != "?" && $0 != "#" })
        guard let route = Route(path: path), !route.isPublic, route != .signOut else { return Route.home.path }
        return next
    }
}

extension SafeRedirect {
    /// The path and query a request asked for, to come back to after signing in.
    static func requestTarget(_ request: Request) -> String {
        guard !request.query.isEmpty else { return request.path }
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#")
        let encoded = { (text: String) in text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }
        let query = request.query.map { name, value in "\(encoded(name))=\(encoded(value))" }
        return request.path + "?" + query.joined(separator: "&")
    }
}
