import Foundation
import HTTPServer
import NetworkAddress
import RoadTrip
import Testing
@testable import RoadTripWeb

/// Behind a reverse proxy every request comes from the proxy's address: the sign-in throttle
/// must count the client the proxy names (`--trusted-proxy`), and only when the proxy is trusted.
@Suite struct ProxiedSignInTests {
    static let proxy = "127.0.0.1"

    let web: WebFixture

    init() throws {
        web = try WebFixture(proxies: TrustedProxies([try #require(AddressRange(Self.proxy))]))
        try web.library.accounts.create(name: "Ann", password: WebFixture.password, repeated: WebFixture.password, isOwner: true)
    }

    /// A browser behind the proxy: the proxy is the peer, the browser's address is in `X-Forwarded-For`.
    func browser(at address: String, claiming claimed: String? = nil, in fixture: WebFixture? = nil) -> (Visitor, Headers) {
        let visitor = (fixture ?? web).visitor(address: Self.proxy)
        let forwarded = [claimed, address].compactMap { $0 }.joined(separator: ", ")
        return (visitor, ["X-Forwarded-For": forwarded])
    }

    func signIn(_ browser: (Visitor, Headers), name: String = "Ann", password: String) -> Response {
        let (visitor, headers) = browser
        if visitor.formToken == nil { visitor.get(Route.signIn(next: nil).path, headers: headers) }
        return visitor.post(Route.signIn(next: nil).path, [("name", name), ("password", password)], headers: headers)
    }

    @Test func guessesFromOneClientBehindTheProxyDoNotLockOutAnother() throws {
        // setup: five wrong guesses with made-up names from one client, the way the lock-out was abused.
        let guesser = browser(at: "203.0.113.66")
        for index in 1...5 {
            #expect(signIn(guesser, name: "nobody \(index)", password: "guess \(index)").status == .unauthorized)
        }

        // MUT
        let guessedAgain = signIn(guesser, name: "nobody 6", password: "guess 6")
        let owner = signIn(browser(at: "198.51.100.7"), password: WebFixture.password)

        // validate: the guesser waits, the owner behind the same proxy signs in.
        #expect(guessedAgain.status == .tooManyRequests)
        #expect(owner.status == .seeOther)
        #expect(owner.setCookie(Visitor.sessionCookie) != nil)
    }

    @Test func aClientCannotChooseItsAddressByWritingItsOwnForwardedFor() throws {
        // setup: the guesser claims a new address each time; the proxy appends the real one.
        let address = "203.0.113.66"
        for index in 1...5 {
            #expect(
                signIn(browser(at: address, claiming: "192.0.2.\(index)"), name: "nobody \(index)", password: "guess").status
                    == .unauthorized)
        }

        // MUT
        let response = signIn(browser(at: address, claiming: "192.0.2.99"), name: "nobody", password: "guess")

        // validate
        #expect(response.status == .tooManyRequests)
        let counted: [String] = try web.library.database.read { db in
            try db.fetchAll("SELECT DISTINCT address FROM sign_in_failures") { try $0["address"] }
        }
        #expect(counted == [address])
    }

    @Test func withoutATrustedProxyForwardedHeadersCountForNothing() throws {
        // setup: no --trusted-proxy; the "client" writes X-Forwarded-For itself.
        let direct = try WebFixture()
        try direct.library.accounts.create(name: "Ann", password: WebFixture.password, repeated: WebFixture.password, isOwner: true)
        for index in 1...5 {
            #expect(
                signIn(browser(at: "198.51.100.\(index)", in: direct), name: "nobody \(index)", password: "guess").status == .unauthorized)
        }

        // MUT
        let response = signIn(browser(at: "198.51.100.200", in: direct), name: "nobody", password: "guess")

        // validate: all five were counted against the socket's address, whatever the header said.
        #expect(response.status == .tooManyRequests)
        let counted: [String] = try direct.library.database.read { db in
            try db.fetchAll("SELECT DISTINCT address FROM sign_in_failures") { try $0["address"] }
        }
        #expect(counted == [Self.proxy])
    }

    @Test func wrongCurrentPasswordsAreCountedLikeSignInFailures() throws {
        // setup
        let ann = try #require(try web.library.accounts.all().first)
        let visitor = try web.signedIn(ann, address: Self.proxy)
        let headers: Headers = ["X-Forwarded-For": "203.0.113.5"]
        visitor.get(Route.account.path, headers: headers)
        let change = { (current: String) in
            visitor.post(
                Route.accountPassword.path,
                [("current", current), ("password", "a brand new password"), ("repeated", "a brand new password")], headers: headers)
        }
        for index in 1...5 {
            #expect(change("guess \(index)").status == .unprocessableContent)
        }
        let before = try web.snapshot()

        // MUT: the right current password, too late.
        let response = change(WebFixture.password)

        // validate: held like a sign-in, nothing changed.
        #expect(response.status == .tooManyRequests)
        #expect(response.headers["Retry-After"].flatMap(Int.init).map { $0 > 0 && $0 <= 900 } == true)
        #expect(response.bodyText.contains("Too many attempts"))
        #expect(try web.snapshot() == before)
    }
}
