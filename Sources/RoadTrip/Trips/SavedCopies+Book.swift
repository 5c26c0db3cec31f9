import Foundation

/// When a book's copies were last checked, kept beside the copies (every instance over the
/// shared folder sees it; emptying the cache forgets it, and the next look checks again).
struct BookCheck: Codable {
    let at: Date
}

extension SavedCopies {
    /// A book checked this recently is not checked again: the keep list's first part is asked
    /// for again every second while copies are fetched, and a look must not queue a check each time.
    public static let checkBookAgainAfter: TimeInterval = 60
    /// Addresses checked and queued per transaction by a book's check.
    static let bookCheckBatch = 500

    /// Keeps a whole book's copies fresh without reading anything per page on the caller's
    /// thread: queues one job for the book (one row, however long the book), whose worker sees
    /// which pages have no fresh copy and queues their fetches. Returns at once.
    public func requestBook(destination: Int64) {
        if let check = lastCheck(ofBook: destination), clock.now().timeIntervalSince(check.at) < Self.checkBookAgainAfter { return }
        do {
            if try jobs.enqueue(.bookCopies, key: String(destination)) { wake() }
        } catch {
            log("the check of a book's saved copies was not queued: \(error)")
        }
    }

    /// Whether the book's check is queued or running: until it has run, a page without a copy
    /// may be one it is about to ask for, not one that could not be copied.
    public func isCheckingBook(destination: Int64) -> Bool {
        (try? jobs.isQueued(.bookCopies, key: String(destination))) ?? false
    }

    /// The book's job: its pages in batches, each batch's fetches queued in one transaction.
    func checkBook(_ key: String) throws {
        guard let destination = Int64(key) else { return }
        let urls = try EventList(database: jobs.database).all(destination: destination)
        for start in stride(from: 0, to: urls.count, by: Self.bookCheckBatch) {
            try queueFetches(Array(urls[start..<min(start + Self.bookCheckBatch, urls.count)]))
        }
        let check = BookCheck(at: clock.now())
        try DurableFile.write([UInt8](try JSONEncoder().encode(check)), to: bookCheckFile(destination).path)
    }

    func lastCheck(ofBook destination: Int64) -> BookCheck? {
        guard let data = FileManager.default.contents(atPath: bookCheckFile(destination).path) else { return nil }
        return try? JSONDecoder().decode(BookCheck.self, from: data)
    }

    private func bookCheckFile(_ destination: Int64) -> URL {
        folder.appendingPathComponent("book-\(destination).checked.json")
    }
}
