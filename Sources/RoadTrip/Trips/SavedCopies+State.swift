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
}

/// The last failed fetch of a page, kept beside the copies (not in memory), so that every
/// instance over the shared folder gives the same answer.
struct FailedFetch: Codable {
    let url: String
    let at: Date
    let reason: String
}

extension SavedCopies {
    /// A copy on disk wins (an old one is shown while a new one is fetched); then a fetch under
    /// way; then the last failure.
    public func state(of url: String) -> CopyState {
        if let copy = copy(of: url) { return .saved(copy) }
        if (try? jobs.isQueued(.offlineCopy, key: url)) == true { return .pending }
        guard let failure = lastFailure(of: url) else { return .none }
        return .failed(reason: failure.reason)
    }

    func lastFailure(of url: String) -> FailedFetch? {
        guard let data = FileManager.default.contents(atPath: files(for: url).failure.path) else { return nil }
        return try? JSONDecoder().decode(FailedFetch.self, from: data)
    }

    func recordFailure(_ error: any Error, for url: String) {
        let failure = FailedFetch(url: url, at: clock.now(), reason: String(describing: error))
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
