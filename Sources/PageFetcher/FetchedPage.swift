import Foundation

/// A page as it arrived at the end of its redirects, its body decoded.
public struct FetchedPage: Sendable, Equatable {
    /// Where the page was finally found, which a `<base>` in the saved copy points at.
    public let finalURL: String
    public let status: Int
    public let contentType: String?
    public let body: [UInt8]
    /// How many redirects were followed to reach it.
    public let redirects: Int
    /// The site forbids framing the page elsewhere: `X-Frame-Options` (DENY or SAMEORIGIN), or a
    /// Content-Security-Policy whose `frame-ancestors` does not allow every site.
    public let refusesFraming: Bool

    public init(finalURL: String, status: Int, contentType: String?, body: [UInt8], redirects: Int, refusesFraming: Bool = false) {
        self.finalURL = finalURL
        self.status = status
        self.contentType = contentType
        self.body = body
        self.redirects = redirects
        self.refusesFraming = refusesFraming
    }

    /// Reads the framing rules of a response's headers.
    public static func refusesFraming(frameOptions: [String], contentSecurityPolicies: [String]) -> Bool {
        if frameOptions.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) { return true }
        for policy in contentSecurityPolicies {
            for directive in policy.split(separator: ";") {
                let words = directive.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { $0.lowercased() }
                guard words.first == "frame-ancestors" else { continue }
                if !words.dropFirst().contains("*") { return true }
            }
        }
        return false
    }
}
