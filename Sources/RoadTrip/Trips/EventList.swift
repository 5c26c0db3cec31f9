import Foundation
import SQLDatabase

/// A destination's event pages, in order: the pages of its Events book. Shared by the household.
public struct EventList: Sendable {
    public static let maximumEvents = 10_000

    let database: Database

    public init(database: Database) {
        self.database = database
    }

    public func count(destination: Int64) throws -> Int {
        try database.fetchValue("SELECT count(*) FROM destination_events WHERE destination_id = \(destination)") ?? 0
    }

    /// The URL of page `number` (1-based); one indexed lookup, so page 10,000 costs what page 1 does.
    public func url(destination: Int64, page number: Int) throws -> String? {
        try database.fetchValue("SELECT url FROM destination_events WHERE destination_id = \(destination) AND position = \(number - 1)")
    }

    /// The URLs of pages `pages` (1-based, in book order) that exist: one indexed range read,
    /// so a part of a long book costs what a part of a short one does.
    public func urls(destination: Int64, pages: ClosedRange<Int>) throws -> [String] {
        try database.fetchAll("""
            SELECT url FROM destination_events
            WHERE destination_id = \(destination) AND position BETWEEN \(pages.lowerBound - 1) AND \(pages.upperBound - 1)
            ORDER BY position
            """) { try $0["url"] }
    }

    /// How many of the book's pages the server is fetching a copy of now (a first one, or a
    /// fresher one): one count over the job queue, however long the book.
    public func pagesBeingCopied(destination: Int64) throws -> Int {
        try database.fetchValue("""
            SELECT count(*) FROM destination_events e
            JOIN jobs j ON j.kind = \(JobKind.offlineCopy.rawValue) AND j.key = e.url AND j.failed_at IS NULL
            WHERE e.destination_id = \(destination)
            """) ?? 0
    }

    public func all(destination: Int64) throws -> [String] {
        try database.fetchAll("SELECT url FROM destination_events WHERE destination_id = \(destination) ORDER BY position") { try $0["url"] }
    }

    /// Adds a page at the end. Only absolute http(s) URLs with a host are accepted.
    public func add(_ rawURL: String, destination: Int64) throws {
        let url = try EventList.validURL(rawURL)
        try edit(destination) { urls in
            guard urls.count < EventList.maximumEvents else { throw TripError.tooManyEvents(limit: EventList.maximumEvents) }
            urls.append(url)
        }
    }

    /// Removes page `number` (1-based); the pages after it move up.
    public func remove(page number: Int, destination: Int64) throws {
        try edit(destination) { urls in
            guard urls.indices.contains(number - 1) else { throw TripError.noSuchEvent }
            urls.remove(at: number - 1)
        }
    }

    /// Moves page `number` to `newNumber` (both 1-based), the others closing up around it.
    public func move(page number: Int, to newNumber: Int, destination: Int64) throws {
        try edit(destination) { urls in
            guard urls.indices.contains(number - 1), urls.indices.contains(newNumber - 1) else { throw TripError.noSuchEvent }
            urls.insert(urls.remove(at: number - 1), at: newNumber - 1)
        }
    }

    /// Positions stay 0..<n without gaps: the list is rewritten whole, in one transaction.
    private func edit(_ destination: Int64, _ change: (inout [String]) throws -> Void) throws {
        try database.write { db in
            guard let row = try db.fetchOne("SELECT sample_pages FROM destinations WHERE id = \(destination)") else {
                throw TripError.noSuchDestination
            }
            guard (try row["sample_pages"] as Int?) == nil else { throw TripError.sampleIsGenerated }
            var urls: [String] = try db.fetchAll("SELECT url FROM destination_events WHERE destination_id = \(destination) ORDER BY position") { try $0["url"] }
            try change(&urls)
            try db.execute("DELETE FROM destination_events WHERE destination_id = \(destination)")
            for (position, url) in urls.enumerated() {
                try db.execute("INSERT INTO destination_events (destination_id, position, url) VALUES (\(destination), \(position), \(url))")
            }
        }
    }

    /// The URL, trimmed, when it is a web address (`WebAddress`).
    public static func validURL(_ raw: String) throws(TripError) -> String {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard WebAddress.isValid(text) else { throw .notAnEventURL(String(text.prefix(200))) }
        return text
    }
}
