import NetworkAddress
@testable import PageFetcher
import Testing

@Suite struct IPAddressTests {
    @Test(arguments: [
        // IPv4: this machine and its networks
        ("0.0.0.0", true), ("0.255.1.2", true), ("10.0.0.1", true), ("10.255.255.255", true),
        ("100.64.0.1", true), ("100.127.255.254", true), ("127.0.0.1", true), ("127.255.0.9", true),
        ("169.254.169.254", true), ("172.16.0.1", true), ("172.31.255.255", true), ("192.0.0.8", true),
        ("192.168.1.1", true), ("198.18.0.1", true), ("198.19.255.255", true), ("224.0.0.1", true),
        ("239.255.255.250", true), ("240.0.0.1", true), ("255.255.255.255", true),
        // IPv4: the public internet, including the neighbours of each range
        ("8.8.8.8", false), ("9.255.255.255", false), ("11.0.0.0", false), ("100.63.255.255", false),
        ("100.128.0.0", false), ("126.255.255.255", false), ("128.0.0.1", false), ("169.253.0.1", false),
        ("172.15.255.255", false), ("172.32.0.0", false), ("192.0.1.1", false), ("192.167.0.1", false),
        ("192.169.0.1", false), ("198.17.255.255", false), ("198.20.0.0", false), ("223.255.255.255", false),
        // IPv6: this machine and its networks
        ("::", true), ("::1", true), ("fe80::1", true), ("febf:ffff::1", true), ("fec0::1", true),
        ("fc00::1", true), ("fd12:3456:789a::1", true), ("ff02::1", true),
        // IPv6 forms that carry an internal IPv4 address
        ("::ffff:127.0.0.1", true), ("::ffff:10.0.0.1", true), ("::ffff:169.254.169.254", true),
        ("::127.0.0.1", true), ("64:ff9b::10.1.2.3", true), ("2002:c0a8:0101::1", true),
        ("::ffff:0:127.0.0.1", true), ("::ffff:0:10.0.0.1", true), ("64:ff9b:1::127.0.0.1", true),
        ("64:ff9b:1:ffff::169.254.169.254", true),
        // Teredo: server 8.8.8.8 with client 127.0.0.1 (inverted), and server 10.0.0.1 with client 8.8.8.8
        ("2001:0:808:808::80ff:fffe", true), ("2001:0:a00:1::f7f7:f7f7", true),
        // IPv6: the public internet, and IPv4 forms carrying a public address
        ("2001:4860:4860::8888", false), ("2606:4700::1111", false), ("fe7f::1", false), ("fbff::1", false),
        ("::ffff:8.8.8.8", false), ("64:ff9b::8.8.8.8", false), ("2002:0808:0808::1", false),
        ("::ffff:0:8.8.8.8", false), ("64:ff9b:1::8.8.8.8", false), ("2001:0:808:808::f7f7:f7f7", false),
    ])
    func addressesAreJudgedInternalOrNot(text: String, isInternal: Bool) throws {
        // setup
        let address = try #require(IPAddress(text))

        // MUT
        let judged = address.isInternal

        // validate
        #expect(judged == isInternal)
    }

    @Test func addressesReadBackInTheirUsualForm() throws {
        // MUT
        let forms = try ["127.0.0.1", "::1", "::ffff:10.0.0.1", "2001:db8::8"].map { try #require(IPAddress($0)).description }

        // validate
        #expect(forms == ["127.0.0.1", "::1", "::ffff:10.0.0.1", "2001:db8::8"])
    }

    @Test func onlyFourOrSixteenBytesMakeAnAddress() {
        // MUT / validate
        #expect(IPAddress(bytes: [127, 0, 0, 1]) != nil)
        #expect(IPAddress(bytes: [UInt8](repeating: 0, count: 16)) != nil)
        #expect(IPAddress(bytes: [UInt8]()) == nil)
        #expect(IPAddress(bytes: [127, 0, 1]) == nil)
        #expect(IPAddress("127.1") == nil)
    }

    @Test func anAddressOfThisMachineIsKnownInEveryFormThatCarriesIt() throws {
        // setup: a public address, as a machine's own interface may have.
        let own = [try #require(IPAddress("203.0.113.7")), try #require(IPAddress("2001:db8::7"))]

        // MUT / validate
        for text in [
            "203.0.113.7", "::ffff:203.0.113.7", "::ffff:0:203.0.113.7", "64:ff9b::203.0.113.7", "2002:cb00:7107::1", "2001:db8::7",
        ] {
            #expect(try #require(IPAddress(text)).isOneOf(own), "\(text)")
        }
        for text in ["203.0.113.8", "::ffff:203.0.113.8", "2001:db8::8"] {
            #expect(try !#require(IPAddress(text)).isOneOf(own), "\(text)")
        }
    }
}
