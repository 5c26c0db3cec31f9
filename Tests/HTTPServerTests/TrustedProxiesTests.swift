import HTTPServer
import NetworkAddress
import Testing

/// Who sent a request: the socket's peer, unless the peer is a trusted proxy.
@Suite struct TrustedProxiesTests {
    static func proxies(_ ranges: String...) throws -> TrustedProxies {
        TrustedProxies(try ranges.map { try #require(AddressRange($0)) })
    }

    static func request(from peer: String, _ headers: (String, String)...) -> Request {
        var fields = Headers()
        for (name, value) in headers { fields.add(name, value) }
        return Request(path: "/", headers: fields, clientAddress: peer)
    }

    @Test func withoutTrustedProxiesForwardedHeadersAreIgnored() {
        // MUT
        let client = TrustedProxies.none.client(of: Self.request(from: "127.0.0.1", ("X-Forwarded-For", "203.0.113.9")))

        // validate
        #expect(client == "127.0.0.1")
    }

    @Test func aPeerThatIsNotTrustedIsTheClientWhateverItClaims() throws {
        // MUT
        let client = try Self.proxies("127.0.0.1").client(
            of: Self.request(
                from: "198.51.100.4", ("X-Forwarded-For", "203.0.113.9"), ("Forwarded", "for=203.0.113.10")
            ))

        // validate
        #expect(client == "198.51.100.4")
    }

    @Test(arguments: [
        // what nginx's $proxy_add_x_forwarded_for makes: the client's claims, then the real peer
        ("203.0.113.9", "203.0.113.9"),
        ("1.1.1.1, 203.0.113.9", "203.0.113.9"),
        ("1.1.1.1,203.0.113.9 , 10.0.0.2", "203.0.113.9"),  // 10.0.0.2 is a trusted inner proxy
        ("10.0.0.3, 10.0.0.2", "10.0.0.3"),  // all trusted: the first hop
        ("203.0.113.9:4711", "203.0.113.9"),
        ("[2001:db8::9]:443", "2001:db8::9"),
        ("2001:db8::9", "2001:db8::9"),
        ("1.1.1.1, unknown", "127.0.0.1"),  // nothing right of garbage to believe
    ])
    func theClientIsTheRightMostAddressThatIsNotATrustedProxy(forwardedFor: String, client: String) throws {
        // MUT
        let found = try Self.proxies("127.0.0.1", "10.0.0.0/8").client(
            of: Self.request(from: "127.0.0.1", ("X-Forwarded-For", forwardedFor)))

        // validate
        #expect(found == client)
    }

    @Test func severalForwardedForLinesAreOneList() throws {
        // MUT
        let client = try Self.proxies("127.0.0.1").client(
            of: Self.request(
                from: "127.0.0.1", ("X-Forwarded-For", "198.51.100.1"), ("X-Forwarded-For", "203.0.113.9")
            ))

        // validate
        #expect(client == "203.0.113.9")
    }

    @Test(arguments: [
        ("for=203.0.113.9;proto=https", "203.0.113.9"),
        ("for=198.51.100.1, for=\"203.0.113.9:8443\"", "203.0.113.9"),
        ("For=\"[2001:db8::9]:443\";by=10.0.0.1", "2001:db8::9"),
        ("for=_hidden", "127.0.0.1"),
    ])
    func rfc7239ForwardedIsReadWhenThereIsNoForwardedFor(forwarded: String, client: String) throws {
        // MUT
        let found = try Self.proxies("127.0.0.1").client(of: Self.request(from: "127.0.0.1", ("Forwarded", forwarded)))

        // validate
        #expect(found == client)
    }

    @Test func anIPv4ProxyOnADualStackSocketIsRecognised() throws {
        // MUT
        let client = try Self.proxies("127.0.0.1").client(of: Self.request(from: "::ffff:127.0.0.1", ("X-Forwarded-For", "203.0.113.9")))

        // validate
        #expect(client == "203.0.113.9")
    }
}
