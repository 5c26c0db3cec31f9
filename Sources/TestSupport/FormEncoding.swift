import Foundation

/// A form body as a browser sends one (`application/x-www-form-urlencoded`), every byte but
/// the unreserved ones escaped.
public func urlEncodedForm(_ fields: [(String, String)]) -> String {
    let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)
    let escape = { (text: String) in
        text.utf8.map { unreserved.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0) }.joined()
    }
    return fields.map { "\(escape($0.0))=\(escape($0.1))" }.joined(separator: "&")
}
