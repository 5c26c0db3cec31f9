import NetworkAddress

extension IPAddress {
    /// Whether the address leads into this machine, its networks or nowhere on the public
    /// internet: the addresses a fetched page must not make RoadTrip connect to. IPv6 forms
    /// that carry IPv4 addresses (mapped, translated, compatible, NAT64, 6to4, Teredo) are
    /// judged by every address they carry. The machine's own interface addresses are a
    /// separate check (`PageFetcher` asks for them at each connection): they change.
    var isInternal: Bool {
        if isIPv4 { return Self.internalIPv4.contains { hasPrefix($0.prefix, length: $0.length) } }
        let embedded = embeddedIPv4
        if !embedded.isEmpty { return embedded.contains { $0.isInternal } }
        return Self.internalIPv6.contains { hasPrefix($0.prefix, length: $0.length) }
    }

    /// The IPv4 addresses inside an IPv6 one that exists to carry them: one for most forms,
    /// two for Teredo (its server, and its client obfuscated by inverting every bit).
    var embeddedIPv4: [IPAddress] {
        guard !isIPv4 else { return [] }
        let zeros = [UInt8](repeating: 0, count: 16)
        let mapped = zeros[..<10] + [0xFF, 0xFF] + zeros[12...]
        let translated = zeros[..<8] + [0xFF, 0xFF, 0, 0] + zeros[12...]
        let nat64: [UInt8] = [0x00, 0x64, 0xFF, 0x9B] + zeros[4...]
        let last32 = IPAddress(bytes: bytes[12...]).map { [$0] } ?? []
        // ::/96 (IPv4-compatible) leaves out :: and ::1, which are IPv6's own.
        if hasPrefix(Array(mapped), length: 96) || hasPrefix(Array(translated), length: 96) || hasPrefix(nat64, length: 96)
            || (hasPrefix(zeros, length: 96) && !hasPrefix(zeros, length: 127))
        {
            return last32
        }
        // NAT64 for local use (RFC 8215): 64:ff9b:1::/48, the IPv4 address in the last 32 bits.
        if hasPrefix([0x00, 0x64, 0xFF, 0x9B, 0x00, 0x01] + zeros[6...], length: 48) { return last32 }
        if hasPrefix([0x20, 0x02] + zeros[2...], length: 16) { return IPAddress(bytes: bytes[2..<6]).map { [$0] } ?? [] }
        // Teredo (RFC 4380): 2001:0::/32, server in bits 32–63, client inverted in the last 32.
        if hasPrefix([0x20, 0x01, 0x00, 0x00] + zeros[4...], length: 32) {
            return [IPAddress(bytes: bytes[4..<8]), IPAddress(bytes: bytes[12...].map { ~$0 })].compactMap { $0 }
        }
        return []
    }

    /// Whether the address, or an IPv4 address it carries, is one of `addresses` (this
    /// machine's own, say: its public address reaches it as surely as loopback does).
    func isOneOf(_ addresses: [IPAddress]) -> Bool {
        ([self] + embeddedIPv4).contains { candidate in
            addresses.contains(candidate) || candidate.mappedIPv4.map(addresses.contains) == true
        }
    }

    private typealias Range = (prefix: [UInt8], length: Int)

    private static let internalIPv4: [Range] = [
        ([0, 0, 0, 0], 8),  // "this network"; 0.0.0.0 reaches the local machine
        ([10, 0, 0, 0], 8),  // private
        ([100, 64, 0, 0], 10),  // carrier-grade NAT
        ([127, 0, 0, 0], 8),  // loopback
        ([169, 254, 0, 0], 16),  // link-local, where cloud metadata services answer
        ([172, 16, 0, 0], 12),  // private
        ([192, 0, 0, 0], 24),  // IETF protocol assignments
        ([192, 168, 0, 0], 16),  // private
        ([198, 18, 0, 0], 15),  // benchmarking
        ([224, 0, 0, 0], 4),  // multicast
        ([240, 0, 0, 0], 4),  // reserved, and 255.255.255.255 broadcast
    ]

    private static let internalIPv6: [Range] = [
        ([UInt8](repeating: 0, count: 16), 127),  // :: and ::1
        ([0xFC] + [UInt8](repeating: 0, count: 15), 7),  // unique local
        ([0xFE, 0x80] + [UInt8](repeating: 0, count: 14), 10),  // link-local
        ([0xFE, 0xC0] + [UInt8](repeating: 0, count: 14), 10),  // site-local, deprecated but routable inside
        ([0xFF] + [UInt8](repeating: 0, count: 15), 8),  // multicast
    ]
}
