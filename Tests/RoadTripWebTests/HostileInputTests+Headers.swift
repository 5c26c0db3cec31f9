import Foundation
import HTTPServer
import NetworkAddress
import RoadTrip
import TestSupport
import Testing
@testable import RoadTripWeb

/// Hostile `Host` and forwarding headers: each is refused or ignored, and counts against an
/// address the attacker cannot choose.
extension HostileInputTests {
    static let hostileHosts: [String] = [
        "", " ", "evil.example", "127.0.0.1.evil.example", "127.0.0.1@evil.example", "localhost.evil.example:8080",
        "127.0.0.1:8080\r\nX-Injected: 1", "\u{0}", String(repeating: "a", count: 10_000), "[::1", "[::1]x", "trips.example.org:notaport",
        "trips.example.org:443:443", "TRIPS.EXAMPLE.ORG.evil", "xn--trips-example-org", "%74rips.example.org:443",
    ]

    @Test func aHostileHostIsMisdirectedAndChangesNothing() throws {
        // setup
        let web = try WebFixture(hosts: AllowedHosts(publicURL: URL(string: "https://trips.example.org"), listenHost: "127.0.0.1"))
        try web.library.accounts.create(name: "Ann", password: WebFixture.password, repeated: WebFixture.password, isOwner: true)
        let before = try web.snapshot()

        for host in Self.hostileHosts {
            // MUT
            let page = web.get(Route.signIn(next: nil).path, headers: ["Host": host])
            let posted = web.app.respond(
                to: Request(
                    method: "POST", path: Route.signIn(next: nil).path,
                    headers: [
                        "Host": host, "Content-Type": "application/x-www-form-urlencoded",
                    ], body: Array(urlEncodedForm([("name", "Ann"), ("password", WebFixture.password)]).utf8)))

            // validate
            let shown = String(host.prefix(40)).debugDescription
            #expect(page.status == .misdirectedRequest, "\(shown)")
            #expect(posted.status == .misdirectedRequest, "\(shown)")
            #expect(page.setCookie(Visitor.formCookie) == nil, "\(shown)")
        }
        #expect(try web.snapshot() == before)
        #expect(try web.rows(in: "sign_in_failures") == 0)
    }

    static let hostileForwardedFor: [String] = [
        "", ",", ", , ,", "unknown", "_hidden", "evil.example", "999.1.1.1", "1.2.3.4.5", "[::1", "::ffff:127.0.0.1]",
        "203.0.113.9:99999999999999999999", "\u{0}", String(repeating: "1.1.1.1, ", count: 2_000), "203.0.113.9;for=1.1.1.1",
        "\"203.0.113.9\"", "2001:db8::1%eth0",
    ]

    @Test func hostileForwardedForValuesNeverMakeUpAnAddress() throws {
        // setup: RoadTrip behind a trusted proxy on 127.0.0.1.
        let web = try WebFixture(proxies: TrustedProxies([try #require(AddressRange("127.0.0.1"))]))
        try web.library.accounts.create(name: "Ann", password: WebFixture.password, repeated: WebFixture.password, isOwner: true)

        for value in Self.hostileForwardedFor {
            // MUT: a wrong password through the proxy, with the header as the client made it.
            let visitor = web.visitor(address: "127.0.0.1")
            let headers: Headers = ["X-Forwarded-For": value]
            visitor.get(Route.signIn(next: nil).path, headers: headers)
            let response = visitor.post(Route.signIn(next: nil).path, [("name", "Ann"), ("password", "a wrong guess")], headers: headers)

            // validate: an ordinary refusal.
            #expect(response.status == .unauthorized || response.status == .tooManyRequests, "\(String(value.prefix(40)).debugDescription)")
        }
        // Every failure was counted against a real address: the proxy's, or one the proxy could have written.
        let counted: [String] = try web.library.database.read { db in
            try db.fetchAll("SELECT DISTINCT address FROM sign_in_failures") { try $0["address"] }
        }
        #expect(!counted.isEmpty)
        for address in counted {
            #expect(IPAddress(address) != nil, "\(address.debugDescription) is not an address")
        }
    }
}
