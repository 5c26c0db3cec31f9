import CCurl
import NetworkAddress

/// Fetches event pages for their saved copy, within a `FetchPolicy`: http and https only,
/// a time limit, a size limit, a bounded redirect chain, and no connection to loopback or
/// private addresses unless the policy allows it. No cookies are kept and no credentials sent.
public final class PageFetcher: Sendable {
    public let policy: FetchPolicy
    private let admits: @Sendable (IPAddress) -> Bool

    public convenience init(policy: FetchPolicy = FetchPolicy()) {
        self.init(policy: policy) { address in
            policy.allowPrivateAddresses || !(address.isInternal || address.isOneOf(IPAddress.localInterfaceAddresses()))
        }
    }

    /// A fetcher that connects only to the addresses `admits` accepts, whatever the policy says.
    init(policy: FetchPolicy, admits: @escaping @Sendable (IPAddress) -> Bool) {
        self.policy = policy
        self.admits = admits
    }

    /// Fetches `url` and follows its redirects. Blocks until the page has arrived or the
    /// policy's time is up: run it on a background queue, never on a request thread.
    public func fetch(_ url: String) throws(FetchError) -> FetchedPage {
        guard URLText.isHTTP(url) else { throw .notHTTP(URLText.withoutCredentials(url)) }
        let handle = try CurlHandle()
        let state = TransferState(maximumBytes: max(0, policy.maximumBytes), admits: admits)
        let clock = ContinuousClock()
        let started = clock.now
        let code = try withExtendedLifetime(state) { () throws(FetchError) -> CURLcode in
            try configure(handle, url: url, context: Unmanaged.passUnretained(state).toOpaque())
            return handle.perform()
        }
        guard code == CURLE_OK else {
            throw failure(code, handle: handle, state: state, elapsed: clock.now - started)
        }
        let status = handle.long(CURLINFO_RESPONSE_CODE) ?? 0
        guard (200..<300).contains(status) else { throw .httpStatus(status) }
        return FetchedPage(
            finalURL: URLText.withoutCredentials(handle.string(CURLINFO_EFFECTIVE_URL) ?? url),
            status: status,
            contentType: handle.string(CURLINFO_CONTENT_TYPE),
            body: state.body,
            redirects: handle.long(CURLINFO_REDIRECT_COUNT) ?? 0,
            refusesFraming: FetchedPage.refusesFraming(
                frameOptions: handle.headerValues("X-Frame-Options"),
                contentSecurityPolicies: handle.headerValues("Content-Security-Policy")
            )
        )
    }
}
