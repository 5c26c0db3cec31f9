import Foundation

/// Where RoadTrip's copy of an event page stands, for the viewer: it cannot tell from the
/// browser that a frame was refused (the frame is of another origin), so it asks the server,
/// which read the site's X-Frame-Options and CSP when it fetched the copy.
public enum CopyState: Sendable, Equatable {
    /// Never asked for, or the cache was emptied since.
    case none
    /// Being fetched now (and no copy from before to show meanwhile).
    case pending
    case saved(SavedCopy)
    /// The last fetch failed, and why, in words for the person ("… private network address …").
    case failed(reason: String)
    /// The last fetch found no site to answer (`SiteUnreachable`): a browser would show its error
    /// page in the frame, so the book says so instead; asked again from `retryAt`.
    case unreachable(reason: String, retryAt: Date)
}

/// A fetch that reached no site at all — no connection, no answer in time — as the fetcher
/// reports it, in words for the person.
public struct SiteUnreachable: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}

/// The last failed fetch of a page, kept beside the copies (not in memory), so that every
/// instance over the shared folder gives the same answer.
struct FailedFetch: Codable {
    let url: String
    let at: Date
    let reason: String
    /// `SiteUnreachable`; absent in a record an earlier RoadTrip wrote.
    var unreachable: Bool? = nil
}

extension SavedCopies {
    /// A copy on disk wins (an old one is shown while a new one is fetched); then a fetch under
    /// way; then the last failure.
    public func state(of url: String) -> CopyState {
        if let copy = copy(of: url) { return .saved(copy) }
        if (try? jobs.isQueued(.offlineCopy, key: url)) == true { return .pending }
        guard let failure = lastFailure(of: url) else { return .none }
        if failure.unreachable == true {
            return .unreachable(reason: failure.reason, retryAt: failure.at.addingTimeInterval(SavedCopies.retryFailedAfter))
        }
        return .failed(reason: failure.reason)
    }

    func lastFailure(of url: String) -> FailedFetch? {
        guard let data = FileManager.default.contents(atPath: files(for: url).failure.path) else { return nil }
        return try? JSONDecoder().decode(FailedFetch.self, from: data)
    }

    func recordFailure(_ error: any Error, for url: String) {
        let failure = FailedFetch(url: url, at: clock.now(), reason: String(describing: error), unreachable: error is SiteUnreachable)
        do {
            try DurableFile.write([UInt8](try JSONEncoder().encode(failure)), to: files(for: url).failure.path)
        } catch {
            log("the failure of an saved copy of \(SavedCopies.hostOnly(url)) was not recorded: \(error)")
        }
    }

    func forgetFailure(of url: String) {
        try? FileManager.default.removeItem(at: files(for: url).failure)
    }
}
