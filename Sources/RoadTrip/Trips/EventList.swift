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
        try database.fetchAll(
            """
            SELECT url FROM destination_events
            WHERE destination_id = \(destination) AND position BETWEEN \(pages.lowerBound - 1) AND \(pages.upperBound - 1)
            ORDER BY position
            """
        ) { try $0["url"] }
    }

    /// How many of the book's pages the server is fetching a copy of now (a first one, or a
    /// fresher one): one count over the job queue, however long the book. While the book's
    /// check (`SavedCopies.requestBook`) has not yet said which pages need one, every page counts.
    public func pagesBeingCopied(destination: Int64) throws -> Int {
        try database.fetchValue(
            """
            SELECT CASE
                WHEN EXISTS (SELECT 1 FROM jobs WHERE kind = \(JobKind.bookCopies.rawValue) AND key = \(String(destination)) AND \
                failed_at IS NULL)
                THEN (SELECT count(*) FROM destination_events WHERE destination_id = \(destination))
                ELSE (SELECT count(*) FROM destination_events e
                      JOIN jobs j ON j.kind = \(JobKind.offlineCopy.rawValue) AND j.key = e.url AND j.failed_at IS NULL
                      WHERE e.destination_id = \(destination))
            END
            """) ?? 0
    }

    public func all(destination: Int64) throws -> [String] {
        try database.fetchAll("SELECT url FROM destination_events WHERE destination_id = \(destination) ORDER BY position") {
            try $0["url"]
        }
    }

    /// Adds a page at the end: one row written, however long the book.
    public func add(_ rawURL: String, destination: Int64) throws {
        let url = try EventList.validURL(rawURL)
        try edit(destination) { db, count in
            guard count < EventList.maximumEvents else { throw TripError.tooManyEvents(limit: EventList.maximumEvents) }
            try db.execute("INSERT INTO destination_events (destination_id, position, url) VALUES (\(destination), \(count), \(url))")
        }
    }

    /// Removes page `number` (1-based); the pages after it move up (only they are written).
    public func remove(page number: Int, destination: Int64) throws {
        try edit(destination) { db, count in
            guard 1 <= number, number <= count else { throw TripError.noSuchEvent }
            let position = number - 1
            try db.execute("DELETE FROM destination_events WHERE destination_id = \(destination) AND position = \(position)")
            try shift(destination, positions: (position + 1)..<count, by: -1, in: db)
        }
    }

    /// Moves page `number` to `newNumber` (both 1-based), the others closing up around it: only
    /// the pages between the two are written.
    public func move(page number: Int, to newNumber: Int, destination: Int64) throws {
        try edit(destination) { db, count in
            guard 1 <= number, number <= count, 1 <= newNumber, newNumber <= count else { throw TripError.noSuchEvent }
            let (from, to) = (number - 1, newNumber - 1)
            guard from != to else { return }
            // The page stands aside (a position no page has), the others shift, and it goes to its place.
            try db.execute("UPDATE destination_events SET position = -1 WHERE destination_id = \(destination) AND position = \(from)")
            if from < to {
                try shift(destination, positions: (from + 1)..<(to + 1), by: -1, in: db)
            } else {
                try shift(destination, positions: to..<from, by: 1, in: db)
            }
            try db.execute("UPDATE destination_events SET position = \(to) WHERE destination_id = \(destination) AND position = -1")
        }
    }

    /// Moves the pages at `positions` by `offset`, into places left free. A page's position is
    /// unique at every row an UPDATE writes, so they go through negative positions (which no page
    /// holds) first: two statements over the moved range, never the whole book.
    private func shift(_ destination: Int64, positions: Range<Int>, by offset: Int, in db: any Connection) throws {
        guard !positions.isEmpty else { return }
        try db.execute(
            """
            UPDATE destination_events SET position = -position - 2
            WHERE destination_id = \(destination) AND position BETWEEN \(positions.lowerBound) AND \(positions.upperBound - 1)
            """)
        try db.execute(
            "UPDATE destination_events SET position = -position - 2 + \(offset) WHERE destination_id = \(destination) AND position <= -2")
    }

    /// One transaction; refused for a sample's generated book. `change` is given the page count
    /// (the last position's successor, read from the key's index, not by counting rows).
    private func edit(_ destination: Int64, _ change: (any Connection, Int) throws -> Void) throws {
        try database.write { db in
            guard let row = try db.fetchOne("SELECT sample_pages FROM destinations WHERE id = \(destination)") else {
                throw TripError.noSuchDestination
            }
            guard (try row["sample_pages"] as Int?) == nil else { throw TripError.sampleIsGenerated }
            let last: Int? = try db.fetchValue("SELECT max(position) FROM destination_events WHERE destination_id = \(destination)")
            try change(db, last.map { $0 + 1 } ?? 0)
        }
    }

    /// The URL, trimmed, when it is a web address (`WebAddress`).
    public static func validURL(_ raw: String) throws(TripError) -> String {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard WebAddress.isValid(text) else { throw .notAnEventURL(String(text.prefix(200))) }
        return text
    }
}
