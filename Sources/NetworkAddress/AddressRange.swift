/// A block of addresses written as an address or in CIDR notation: "10.0.0.1", "10.0.0.0/8",
/// "2001:db8::/32". An IPv4 range also holds the IPv4-mapped IPv6 forms of its addresses
/// (`::ffff:10.0.0.1`), which is how a dual-stack socket reports IPv4 peers.
public struct AddressRange: Sendable, Hashable, CustomStringConvertible {
    public let address: IPAddress
    public let prefixLength: Int

    /// Nil for anything but an address with an optional "/length" within its family's bits.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard let address = IPAddress(String(parts[0])) else { return nil }
        let bits = address.bytes.count * 8
        var length = bits
        if parts.count == 2 {
            guard let given = Int(parts[1]), parts[1].allSatisfy(\.isASCII), parts[1].allSatisfy(\.isNumber), (0...bits).contains(given)
            else { return nil }
            length = given
        }
        self.address = address
        self.prefixLength = length
    }

    public func contains(_ candidate: IPAddress) -> Bool {
        if candidate.bytes.count == address.bytes.count { return candidate.hasPrefix(address.bytes, length: prefixLength) }
        if address.isIPv4, let inner = candidate.mappedIPv4 { return inner.hasPrefix(address.bytes, length: prefixLength) }
        return false
    }

    public var description: String { "\(address)/\(prefixLength)" }
}

extension IPAddress {
    /// The IPv4 address of an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`).
    public var mappedIPv4: IPAddress? {
        guard !isIPv4, bytes[..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF else { return nil }
        return IPAddress(bytes: bytes[12...])
    }
}
