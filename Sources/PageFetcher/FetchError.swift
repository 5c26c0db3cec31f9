/// Why a page was not fetched. Addresses it holds have had any user name and password
/// removed, so an error can be shown or logged as it is.
public enum FetchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The address, or a redirect's target, is not http or https.
    case notHTTP(String)
    /// The address curl was about to connect to is loopback, private or otherwise internal.
    case privateAddress(String)
    case tooLarge(limit: Int)
    case tooManyRedirects(limit: Int)
    case timedOut(seconds: Double)
    /// The final answer's status was not 2xx.
    case httpStatus(Int)
    /// Anything else the network or libcurl reported, in curl's words.
    case network(String)

    public var description: String {
        switch self {
        case .notHTTP(let url):
            "Only http and https pages can be fetched, and “\(url)” is neither."
        case .privateAddress(let address):
            "The page is on a loopback or private network address (\(address)), which is not fetched unless private fetching is allowed."
        case .tooLarge(let limit):
            "The page is larger than \(Self.size(limit))."
        case .tooManyRedirects(let limit):
            "The page redirected more than \(limit) \(limit == 1 ? "time" : "times")."
        case .timedOut(let seconds):
            "The page did not arrive within \(Self.duration(seconds))."
        case .httpStatus(let status):
            "The site answered with HTTP status \(status) instead of the page."
        case .network(let message):
            "The page could not be fetched: \(message)."
        }
    }

    private static func size(_ bytes: Int) -> String {
        if bytes > 0, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes > 0, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }

    private static func duration(_ seconds: Double) -> String {
        let number = seconds == seconds.rounded() && abs(seconds) < 1e9 ? String(Int(seconds)) : String(seconds)
        return seconds == 1 ? "1 second" : "\(number) seconds"
    }
}
