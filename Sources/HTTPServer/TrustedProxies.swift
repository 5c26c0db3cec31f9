import Foundation
import NetworkAddress

/// The reverse proxies whose word is taken for who the client is. A request from one of them
/// came from the right-most address in `X-Forwarded-For` (or, when that header is absent,
/// RFC 7239 `Forwarded`) that is not itself a trusted proxy: each proxy appends the address it
/// was reached from, so the addresses left of the last untrusted one were written by the client
/// and prove nothing. From anyone else those headers are ignored.
public struct TrustedProxies: Sendable, Equatable {
    public let ranges: [AddressRange]

    public init(_ ranges: [AddressRange] = []) {
        self.ranges = ranges
    }

    public static let none = TrustedProxies()

    public func trusts(_ address: IPAddress) -> Bool {
        ranges.contains { $0.contains(address) }
    }

    /// Who sent `request`: its peer's address, or, when the peer is a trusted proxy, the client
    /// the proxies name. A chain of trusted proxies only yields its first hop.
    public func client(of request: Request) -> String {
        guard !ranges.isEmpty, let peer = IPAddress(request.clientAddress), trusts(peer) else { return request.clientAddress }
        let hops = Self.forwardedHops(request.headers)
        for hop in hops.reversed() {
            // A hop that is not an address (a proxy's "unknown", an obfuscated name, garbage)
            // ends the chain: nothing left of it can be believed, so the last proxy is the client.
            guard let address = IPAddress(hop) else { return peer.description }
            if !trusts(address) { return address.description }
        }
        // Every hop is trusted: the left-most one is as close to the client as it gets.
        return hops.first.flatMap(IPAddress.init)?.description ?? peer.description
    }

    /// The addresses the proxies recorded, client first, without ports or brackets.
    static func forwardedHops(_ headers: Headers) -> [String] {
        let forwardedFor = headers.values("X-Forwarded-For")
        if !forwardedFor.isEmpty {
            return forwardedFor.flatMap { $0.split(separator: ",") }.map { hostPart(String($0).trimmingCharacters(in: .whitespaces)) }
        }
        return headers.values("Forwarded").flatMap { $0.split(separator: ",") }.map { element in
            let pairs = element.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let pair = pairs.first(where: { $0.lowercased().hasPrefix("for=") }) else { return "" }
            var value = String(pair.dropFirst(4))
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            return hostPart(value)
        }
    }

    /// "192.0.2.1:4711" → "192.0.2.1", "[2001:db8::1]:443" → "2001:db8::1"; a bare IPv6 stays.
    private static func hostPart(_ text: String) -> String {
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            return String(text[text.index(after: text.startIndex)..<close])
        }
        if text.filter({ $0 == ":" }).count == 1, let colon = text.firstIndex(of: ":") {
            return String(text[..<colon])
        }
        return text
    }
}
