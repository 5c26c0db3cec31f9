/// What a fetch may do: how long it may take, how much it may keep, how far it may be
/// redirected, and whether it may reach this machine or its private networks.
public struct FetchPolicy: Sendable, Equatable {
    /// Seconds for the whole transfer, redirects included. Connecting gets at most
    /// `connectTimeout` of them.
    public var timeout: Double
    /// Largest body kept, counted after decoding gzip or deflate. A page that declares a
    /// larger size is refused before its body is read; one that does not is cut off there.
    public var maximumBytes: Int
    public var maximumRedirects: Int
    /// Lets a fetch reach loopback, private, link-local and other internal addresses
    /// (`--allow-private-fetch`). Off, a page cannot make RoadTrip probe its own network.
    public var allowPrivateAddresses: Bool
    public var userAgent: String

    /// Seconds allowed for opening a connection, within `timeout`.
    public static let connectTimeout: Double = 5

    public init(
        timeout: Double = 15, maximumBytes: Int = 5 << 20, maximumRedirects: Int = 5,
        allowPrivateAddresses: Bool = false, userAgent: String = "RoadTrip/0.1 (+saved copy of an event page)"
    ) {
        self.timeout = timeout
        self.maximumBytes = maximumBytes
        self.maximumRedirects = maximumRedirects
        self.allowPrivateAddresses = allowPrivateAddresses
        self.userAgent = userAgent
    }
}
