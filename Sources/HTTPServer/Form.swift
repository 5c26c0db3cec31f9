/// Why a form or cookie header could not be read.
public struct FormError: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
}

/// An `application/x-www-form-urlencoded` body, decoded strictly: a field that is not valid
/// UTF-8, holds a NUL, or a form with too many fields is refused whole, never half read.
public struct Form: Sendable {
    public static let maximumFields = 100
    public private(set) var fields: [(name: String, value: String)] = []

    /// A form with no fields: what a request without a body sends.
    public init() {}

    public init(urlEncoded body: [UInt8]) throws(FormError) {
        guard !body.isEmpty else { return }
        let pairs = body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true)
        guard pairs.count <= Form.maximumFields else {
            throw FormError(description: "The form has more than \(Form.maximumFields) fields.")
        }
        for pair in pairs {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            let name = try Form.decode(parts[0])
            let value = parts.count > 1 ? try Form.decode(parts[1]) : ""
            fields.append((name, value))
        }
    }

    public subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// Percent-decoding with `+` as a space, then strict UTF-8.
    static func decode(_ encoded: ArraySlice<UInt8>) throws(FormError) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(encoded.count)
        var index = encoded.startIndex
        while index < encoded.endIndex {
            let byte = encoded[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < encoded.endIndex, let high = hexValue(encoded[index + 1]), let low = hexValue(encoded[index + 2]) else {
                    throw FormError(description: "The form has a malformed %-escape.")
                }
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw FormError(description: "The form is not valid UTF-8 text.") }
        guard !bytes.contains(0) else { throw FormError(description: "The form contains a NUL character.") }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

extension Request {
    /// The cookies sent with the request (RFC 6265 `name=value; name2=value2`). A name sent twice
    /// keeps its first value, as browsers send the most specific cookie first.
    public var cookies: [String: String] {
        var cookies: [String: String] = [:]
        for header in headers.values("Cookie") {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2 else { continue }
                let name = parts[0].trimmingSpaces
                var value = parts[1].trimmingSpaces
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
                if cookies[name] == nil { cookies[name] = value }
            }
        }
        return cookies
    }
}

/// A `Set-Cookie` header value.
public struct SetCookie: Sendable {
    public var name: String
    public var value: String
    /// Seconds; nil for a cookie that ends with the browser session, 0 to delete it.
    public var maxAge: Int?
    public var secure: Bool
    public var sameSite = "Lax"
    /// Where the browser sends it back: everywhere, or under one address (a share link's).
    public var path = "/"

    public init(name: String, value: String, maxAge: Int?, secure: Bool) {
        self.name = name
        self.value = value
        self.maxAge = maxAge
        self.secure = secure
    }

    public var headerValue: String {
        var parts = ["\(name)=\(value)", "Path=\(path)", "HttpOnly", "SameSite=\(sameSite)"]
        if let maxAge { parts.append("Max-Age=\(maxAge)") }
        if secure { parts.append("Secure") }
        return parts.joined(separator: "; ")
    }
}
