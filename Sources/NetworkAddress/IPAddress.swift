#if canImport(Glibc)
    import Glibc
#endif

/// An IPv4 or IPv6 address as raw bytes in network order: what curl is about to connect to,
/// or who a request came from.
public struct IPAddress: Sendable, Hashable, CustomStringConvertible {
    /// 4 bytes for IPv4, 16 for IPv6.
    public let bytes: [UInt8]

    public init?<Bytes: Collection<UInt8>>(bytes: Bytes) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        self.bytes = Array(bytes)
    }

    /// Parses the usual text forms, "192.0.2.1" and "2001:db8::1", and nothing looser.
    public init?(_ text: String) {
        var storage = [UInt8](repeating: 0, count: 16)
        if inet_pton(AF_INET, text, &storage) == 1 {
            self.bytes = Array(storage.prefix(4))
        } else if inet_pton(AF_INET6, text, &storage) == 1 {
            self.bytes = storage
        } else {
            return nil
        }
    }

    public var isIPv4: Bool { bytes.count == 4 }

    public var description: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        let family = isIPv4 ? AF_INET : AF_INET6
        guard inet_ntop(family, bytes, &text, socklen_t(text.count)) != nil else { return "?" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether the first `length` bits equal those of `prefix`.
    public func hasPrefix(_ prefix: [UInt8], length: Int) -> Bool {
        for bit in 0..<length {
            let index = bit / 8, mask = UInt8(0x80) >> UInt8(bit % 8)
            if bytes[index] & mask != prefix[index] & mask { return false }
        }
        return true
    }
}
