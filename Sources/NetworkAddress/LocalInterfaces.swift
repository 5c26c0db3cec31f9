#if canImport(Glibc)
    import Glibc
#endif

extension IPAddress {
    /// Every address this machine's network interfaces have now, loopback included: a page
    /// fetched from the machine's own public address is still a request to the machine itself.
    public static func localInterfaceAddresses() -> [IPAddress] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var addresses: [IPAddress] = []
        var entry = first
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            guard let socketAddress = current.pointee.ifa_addr else { continue }
            switch Int32(socketAddress.pointee.sa_family) {
            case AF_INET:
                socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                    withUnsafeBytes(of: inet.pointee.sin_addr) { if let address = IPAddress(bytes: $0) { addresses.append(address) } }
                }
            case AF_INET6:
                socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { inet in
                    withUnsafeBytes(of: inet.pointee.sin6_addr) { if let address = IPAddress(bytes: $0) { addresses.append(address) } }
                }
            default: continue
            }
        }
        return addresses
    }
}
