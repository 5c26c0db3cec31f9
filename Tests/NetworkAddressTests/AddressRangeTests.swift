import NetworkAddress
import Testing

@Suite struct AddressRangeTests {
    @Test(arguments: [
        ("10.0.0.0/8", "10.200.3.4", true), ("10.0.0.0/8", "11.0.0.1", false),
        ("192.168.1.7", "192.168.1.7", true), ("192.168.1.7", "192.168.1.8", false),
        ("0.0.0.0/0", "203.0.113.9", true), ("172.16.0.0/12", "172.31.255.255", true), ("172.16.0.0/12", "172.32.0.0", false),
        // an IPv4 peer on a dual-stack socket
        ("127.0.0.1", "::ffff:127.0.0.1", true), ("10.0.0.0/8", "::ffff:10.1.1.1", true), ("10.0.0.0/8", "::ffff:11.1.1.1", false),
        ("2001:db8::/32", "2001:db8:ffff::1", true), ("2001:db8::/32", "2001:db9::1", false), ("::1", "::1", true),
        // an IPv6 range never holds an IPv4 address
        ("::/0", "127.0.0.1", false),
    ])
    func rangesHoldTheirAddressesOnly(range: String, address: String, held: Bool) throws {
        // setup
        let block = try #require(AddressRange(range))
        let candidate = try #require(IPAddress(address))

        // MUT / validate
        #expect(block.contains(candidate) == held)
    }

    @Test(arguments: [
        "", "10.0.0.0/33", "::/129", "10.0.0.0/", "10.0.0.0/-1", "10.0.0.0/+8", "10.0.0/8", "example.org", "10.0.0.0/8/8", "10.0.0.0/٨",
    ])
    func malformedRangesAreRefused(text: String) {
        #expect(AddressRange(text) == nil)
    }

    @Test func aRangeReadsBackInCIDRForm() throws {
        #expect(try #require(AddressRange("10.1.2.3")).description == "10.1.2.3/32")
        #expect(try #require(AddressRange("2001:db8::/48")).description == "2001:db8::/48")
    }

    @Test func theMachinesInterfacesIncludeLoopback() throws {
        // MUT
        let addresses = IPAddress.localInterfaceAddresses()

        // validate
        #expect(addresses.contains(try #require(IPAddress("127.0.0.1"))))
    }
}
