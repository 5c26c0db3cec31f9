extension IPAddress {
    /// Whether the address leads into this machine, its networks or nowhere on the public
    /// internet: the addresses a fetched page must not make RoadTrip connect to. IPv6 forms
    /// that carry an IPv4 address (mapped, compatible, NAT64, 6to4) are judged by that address.
    var isInternal: Bool {
        if isIPv4 { return Self.internalIPv4.contains { hasPrefix($0.prefix, length: $0.length) } }
        if let embedded = embeddedIPv4 { return embedded.isInternal }
        return Self.internalIPv6.contains { hasPrefix($0.prefix, length: $0.length) }
    }

    /// The IPv4 address inside an IPv6 one that exists only to carry it.
    var embeddedIPv4: IPAddress? {
        guard !isIPv4 else { return nil }
        let zeros = [UInt8](repeating: 0, count: 16)
        let mapped = zeros[..<10] + [0xFF, 0xFF] + zeros[12...]
        let nat64: [UInt8] = [0x00, 0x64, 0xFF, 0x9B] + zeros[4...]
        // ::/96 (IPv4-compatible) leaves out :: and ::1, which are IPv6's own.
        if hasPrefix(Array(mapped), length: 96) || hasPrefix(nat64, length: 96)
            || (hasPrefix(zeros, length: 96) && !hasPrefix(zeros, length: 127)) {
            return IPAddress(bytes: bytes[12...])
        }
        if hasPrefix([0x20, 0x02] + zeros[2...], length: 16) { return IPAddress(bytes: bytes[2..<6]) }
        return nil
    }

    private typealias Range = (prefix: [UInt8], length: Int)

    private static let internalIPv4: [Range] = [
        ([0, 0, 0, 0], 8),          // "this network"; 0.0.0.0 reaches the local machine
        ([10, 0, 0, 0], 8),         // private
        ([100, 64, 0, 0], 10),      // carrier-grade NAT
        ([127, 0, 0, 0], 8),        // loopback
        ([169, 254, 0, 0], 16),     // link-local, where cloud metadata services answer
        ([172, 16, 0, 0], 12),      // private
        ([192, 0, 0, 0], 24),       // IETF protocol assignments
        ([192, 168, 0, 0], 16),     // private
        ([198, 18, 0, 0], 15),      // benchmarking
        ([224, 0, 0, 0], 4),        // multicast
        ([240, 0, 0, 0], 4),        // reserved, and 255.255.255.255 broadcast
    ]

    private static let internalIPv6: [Range] = [
        ([UInt8](repeating: 0, count: 16), 127),   // :: and ::1
        ([0xFC] + [UInt8](repeating: 0, count: 15), 7),      // unique local
        ([0xFE, 0x80] + [UInt8](repeating: 0, count: 14), 10), // link-local
        ([0xFE, 0xC0] + [UInt8](repeating: 0, count: 14), 10), // site-local, deprecated but routable inside
        ([0xFF] + [UInt8](repeating: 0, count: 15), 8),      // multicast
    ]
}
