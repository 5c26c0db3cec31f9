import Foundation
import HTTPServer
import NetworkAddress

/// The host names RoadTrip answers to. A request naming any other `Host` is refused (421):
/// that is what DNS rebinding needs — a name of the attacker's that resolves to RoadTrip's
/// address, so that the attacker's page becomes same-origin with it.
///
/// Allowed are the addresses RoadTrip listens on, written as addresses (every address of the
/// machine for `0.0.0.0` or `::`, and then the machine's own host name, with and without
/// `.local`), the name given to `--host` if it is one, `localhost` when it listens on loopback —
/// at any port, as no outside name is involved — and the public URL's host at its port.
public struct AllowedHosts: Sendable, Equatable {
    /// Nil: every host (tests without a socket).
    private let addresses: Set<IPAddress>?
    private let localhost: Bool
    /// Host names in lower case, at any port: the listening name, or this machine's own.
    private let names: Set<String>
    /// `host:port` in lower case, and `host:` without a port when the URL's port is its scheme's own.
    private let publicAuthorities: Set<String>

    public static let any = AllowedHosts(addresses: nil, localhost: true, names: [], publicAuthorities: [])

    private init(addresses: Set<IPAddress>?, localhost: Bool, names: Set<String>, publicAuthorities: Set<String>) {
        self.addresses = addresses
        self.localhost = localhost
        self.names = names
        self.publicAuthorities = publicAuthorities
    }

    public init(publicURL: URL?, listenHost: String, machineName: String? = AllowedHosts.machineName()) {
        var addresses: Set<IPAddress> = []
        var names: Set<String> = []
        if let listened = IPAddress(listenHost) {
            let everywhere = listened.bytes.allSatisfy { $0 == 0 }
            addresses = everywhere ? Set(IPAddress.localInterfaceAddresses()) : [listened]
            if everywhere, let machineName, !machineName.isEmpty {
                names = [machineName.lowercased(), machineName.lowercased() + ".local"]
            }
        } else if listenHost.lowercased() == "localhost" {
            addresses = [IPAddress("127.0.0.1")!, IPAddress("::1")!]
        } else {
            names = [Self.hostPart(Self.authority(of: listenHost))]
        }
        self.names = names
        localhost = addresses.contains { AddressRange("127.0.0.0/8")!.contains($0) || $0 == IPAddress("::1") }
        self.addresses = addresses
        publicAuthorities =
            publicURL.flatMap { url -> Set<String>? in
                guard let host = url.host else { return nil }
                let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
                let defaultPort = url.scheme?.lowercased() == "https" ? 443 : 80
                let port = url.port ?? defaultPort
                // A browser leaves the scheme's own port out of Host, and so does nginx's $host.
                let bare: Set<String> = port == defaultPort ? [Self.authority(of: shown)] : []
                return bare.union([Self.authority(of: shown + ":\(port)")])
            } ?? []
    }

    /// Whether a request whose `Host` header is `host` is for this RoadTrip. A Host without a
    /// port is the public URL's only when that URL uses its scheme's own port (RoadTrip behind
    /// a TLS proxy cannot tell 80 from 443); a trailing dot and letter case make no difference.
    public func allows(_ host: String?) -> Bool {
        guard let addresses else { return true }
        guard let host, !host.isEmpty else { return false }
        let authority = Self.authority(of: host)
        if publicAuthorities.contains(authority) { return true }
        let name = Self.hostPart(authority)
        if localhost, name == "localhost" { return true }
        if names.contains(name) { return true }
        return IPAddress(name).map(addresses.contains) ?? false
    }

    /// This machine's host name (`gethostname`), nil when it has none.
    public static func machineName() -> String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name
    }

    /// "Trips.Example.org." → "trips.example.org:", "host:8080" stays, "::1" → "[::1]:".
    static func authority(of host: String) -> String {
        var text = host.lowercased()
        var port = ""
        // Characters, not strings: String.contains(String) goes through Foundation, on every request.
        if let colon = text.lastIndex(of: ":"), !text[colon...].contains("]" as Character),
            text.hasPrefix("[") || text.firstIndex(of: ":") == colon
        {
            port = String(text[text.index(after: colon)...])
            text = String(text[..<colon])
        }
        if text.hasSuffix(".") { text.removeLast() }
        if text.contains(":" as Character), !text.hasPrefix("[") { text = "[\(text)]" }
        return "\(text):\(port)"
    }

    private static func hostPart(_ authority: String) -> String {
        var text = String(authority[..<(authority.lastIndex(of: ":") ?? authority.endIndex)])
        if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
        return text
    }
}
