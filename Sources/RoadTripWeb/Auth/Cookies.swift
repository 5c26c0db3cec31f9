import Foundation
import HTTPServer
import RoadTrip

/// The cookies RoadTrip sets. All are HttpOnly, SameSite=Lax, Path=/, and Secure when RoadTrip
/// is told it is behind TLS.
enum Cookies {
    /// The session id (256 random bits; only its hash is stored).
    static let session = "rt_session"
    /// Marks a browser that signed in to an account before (exempts it from that account's lock-out).
    static let device = "rt_device"
    /// The form token of a browser without a session (sign-in and setup forms).
    static let form = "rt_form"

    static let deviceLifetime = 365 * 24 * 3600
    /// Proof that this browser gave a share link's password, sent back only under that link's address.
    static let linkUnlock = "rt_link"
    /// Marks a browser that opened a share link in the last half hour: its next pages are the same opening.
    static let linkSeen = "rt_link_seen"
    static let linkOpening = 30 * 60

    /// Until the link ends, and no longer than 30 days.
    static func linkLifetime(of link: ShareLink, now: Date) -> Int {
        let month = 30 * 24 * 3600
        guard let expires = link.expiresAt else { return month }
        return Int(clamping: max(0, min(Int64(month), expires - Int64(now.timeIntervalSince1970))))
    }

    /// `Clear-Site-Data` when a session ends: the browser's HTTP cache and everything RoadTrip's
    /// pages kept (Cache Storage, IndexedDB, local storage, the service worker), never the cookies
    /// (the device cookie is what exempts this browser from the sign-in lock-out).
    static let clearKeptData = "\"cache\", \"storage\""

    /// Names the account a signed-in answer is for (`FormTokens.keepKey`), on every such answer:
    /// the service worker keeps an answer on the device only under that account.
    static let accountHeader = "RoadTrip-Account"

    static func set(_ name: String, _ value: String, maxAge: Int?, secure: Bool, on response: inout Response) {
        response.headers.add("Set-Cookie", SetCookie(name: name, value: value, maxAge: maxAge, secure: secure).headerValue)
    }

    static func delete(_ name: String, secure: Bool, on response: inout Response) {
        set(name, "", maxAge: 0, secure: secure, on: &response)
    }
}
