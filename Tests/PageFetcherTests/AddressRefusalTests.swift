import HTTPServer
import NetworkAddress
import TestSupport
@testable import PageFetcher
import Testing

@Suite struct AddressRefusalTests {
    /// Every way of writing this machine's IPv4 loopback that curl accepts.
    @Test(arguments: ["127.0.0.1", "localhost", "127.1", "0x7f000001", "2130706433", "0177.0.0.1", "[::ffff:127.0.0.1]"])
    func loopbackIsRefusedBeforeAnyRequestUnlessAllowed(host: String) throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(requests: requests) { _ in .html("inside") }
        defer { server.stop() }
        let url = baseURL(server, host: host) + "/"

        // MUT
        let error = fetchError(PageFetcher(), url)

        // validate
        guard case .privateAddress(let address) = error else {
            Issue.record("expected a refused private address, got \(String(describing: error))")
            return
        }
        #expect(["127.0.0.1", "::1", "::ffff:127.0.0.1"].contains(address))
        #expect(requests.count == 0)
        // The same address is reachable once allowed: the refusal was the policy's, not the network's.
        #expect(try loopbackFetcher().fetch(url).body == Array("inside".utf8))
    }

    /// A public address of this machine's own reaches it like loopback: refused too.
    @Test func thisMachinesOwnPublicAddressIsRefused() throws {
        // setup: listening everywhere, reached through an interface address that is not internal.
        let own = try #require(
            IPAddress.localInterfaceAddresses().first { $0.isIPv4 && !$0.isInternal },
            "this test needs an interface with a non-private IPv4 address (as the machines here have)"
        )
        let requests = Recorder<Request>()
        let server = try startServer(host: "0.0.0.0", requests: requests) { _ in .html("inside") }
        defer { server.stop() }
        let url = baseURL(server, host: own.description) + "/"

        // MUT
        let error = fetchError(PageFetcher(), url)

        // validate
        #expect(error == .privateAddress(own.description))
        #expect(requests.count == 0)
        #expect(try loopbackFetcher().fetch(url).body == Array("inside".utf8))
    }

    @Test func ipv6LoopbackIsRefusedUnlessAllowed() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(host: "::1", requests: requests) { _ in .html("inside") }
        defer { server.stop() }
        let url = baseURL(server, host: "[::1]") + "/"

        // MUT
        let error = fetchError(PageFetcher(), url)

        // validate
        #expect(error == .privateAddress("::1"))
        #expect(requests.count == 0)
        #expect(try loopbackFetcher().fetch(url).body == Array("inside".utf8))
    }

    @Test func aRedirectChainIsRefusedAtItsFirstHopWhenNothingLocalIsAllowed() throws {
        // setup
        let requests = Recorder<Request>()
        let server = try startServer(requests: requests) { _ in .redirect(to: "http://127.0.0.2/", status: .found) }
        defer { server.stop() }

        // MUT
        let error = fetchError(PageFetcher(), baseURL(server) + "/")

        // validate
        #expect(error == .privateAddress("127.0.0.1"))
        #expect(requests.count == 0)
    }

    @Test func aRedirectToARefusedAddressIsStoppedAtThatHop() throws {
        // setup: the first server may be reached, the one it redirects to may not.
        let inner = Recorder<Request>()
        let innerServer = try startServer(host: "::1", requests: inner) { _ in .html("inside") }
        defer { innerServer.stop() }
        let outer = Recorder<Request>()
        let outerServer = try startServer(requests: outer) { _ in
            .redirect(to: baseURL(innerServer, host: "[::1]") + "/", status: .found)
        }
        defer { outerServer.stop() }
        let reachable = try #require(IPAddress("127.0.0.1"))
        let fetcher = PageFetcher(policy: FetchPolicy(allowPrivateAddresses: true)) { $0 == reachable }

        // MUT
        let error = fetchError(fetcher, baseURL(outerServer) + "/")

        // validate
        #expect(error == .privateAddress("::1"))
        #expect(outer.count == 1)
        #expect(inner.count == 0)
    }
}
