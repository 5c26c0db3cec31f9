import HTTPServer
import PageFetcher
import TestSupport

/// Starts the project's own server on a loopback address and a port the system picks;
/// the handler sees each request after it has been recorded.
func startServer(
    host: String = "127.0.0.1", requests: Recorder<Request> = Recorder<Request>(), handler: @escaping Handler
) throws -> Server {
    let configuration = Configuration(host: host, port: 0, threadPoolSize: 2, shutdownGracePeriod: 1)
    return try Server(configuration: configuration, log: { _ in }) { request in
        requests.record(request)
        return handler(request)
    }
}

/// A base URL for `server`, with the host written as the test wants it ("127.1", "[::1]").
func baseURL(_ server: Server, host: String = "127.0.0.1") -> String {
    "http://\(host):\(server.port)"
}

/// A fetcher for tests that must reach the loopback servers they start.
func loopbackFetcher(_ adjust: (inout FetchPolicy) -> Void = { _ in }) -> PageFetcher {
    var policy = FetchPolicy(allowPrivateAddresses: true)
    adjust(&policy)
    return PageFetcher(policy: policy)
}

/// Runs `fetch` and returns the error it threw, or nil when it succeeded.
func fetchError(_ fetcher: PageFetcher, _ url: String) -> FetchError? {
    do {
        _ = try fetcher.fetch(url)
        return nil
    } catch {
        return error
    }
}
