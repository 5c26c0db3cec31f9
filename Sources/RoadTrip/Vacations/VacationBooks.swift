import Crypto
import Foundation
import PrintedBook
import SQLDatabase

/// A vacation's printed book as asked for in the browser: what was asked, how far it is, and
/// once written its report. The PDF is `cache/books/ID.pdf` in the data folder, kept while the
/// vacation is as it was when the book was made (`contentsKey`).
public struct PrintedVacationBook: Sendable, Equatable {
    public enum State: String, Sendable {
        case waiting, making, ready, failed, cancelled
    }

    public let vacationID: Int64
    public let request: BookRequest
    public let state: State
    public let page: Int
    public let pages: Int
    /// The report's lines once ready; why it failed.
    public let report: [String]
    public let error: String?
    public let madeAt: Int64?

    /// "Laying out page 40 of 96", "Waiting to start".
    public var progress: String {
        pages > 0 ? "Laying out page \(page) of \(pages)" : "Waiting to start"
    }

    static let columns = "vacation_id, size, cover, title, subtitle, photos, chosen, map, state, page, pages, report, error, made_at"

    init(row: Row) throws {
        vacationID = try row["vacation_id"]
        var request = BookRequest(
            size: BookSize(rawValue: try row["size"]) ?? .a4, cover: try row["cover"], title: try row["title"],
            subtitle: try row["subtitle"],
            photos: BookRequest.Photos(rawValue: try row["photos"]) ?? .all, map: try row["map"] as Int != 0)
        request.chosen = (try row["chosen"] as String?)?.split(separator: ",").compactMap { Int64($0) } ?? []
        self.request = request
        state = State(rawValue: try row["state"]) ?? .failed
        page = try row["page"]
        pages = try row["pages"]
        report = (try row["report"] as String?)?.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) ?? []
        error = try row["error"]
        madeAt = try row["made_at"]
    }

    /// The table (SQLite 026, PostgreSQL 022): one book a vacation, its last asked for; its
    /// photos chosen since SQLite 028 and PostgreSQL 024 (`chosenPhotos`).
    static func schema(integer: String) -> String {
        """
        CREATE TABLE vacation_books (
            vacation_id \(integer) PRIMARY KEY REFERENCES vacations(id) ON DELETE CASCADE,
            account_id \(integer) NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            size TEXT NOT NULL,
            cover \(integer),
            title TEXT,
            subtitle TEXT,
            photos TEXT NOT NULL CHECK (photos IN ('all', 'favorites')),
            map \(integer) NOT NULL CHECK (map IN (0, 1)),
            state TEXT NOT NULL CHECK (state IN ('waiting', 'making', 'ready', 'failed', 'cancelled')),
            page \(integer) NOT NULL DEFAULT 0,
            pages \(integer) NOT NULL DEFAULT 0,
            report TEXT,
            error TEXT,
            contents_key TEXT,
            asked_at \(integer) NOT NULL,
            made_at \(integer)
        );
        """
    }

    /// Chosen photos (`BookRequest.chosen`, their ids joined by commas) beside all and favourites.
    /// SQLite changes a CHECK by making the table again.
    static let chosenPhotos = (
        sqlite: """
        ALTER TABLE vacation_books RENAME TO vacation_books_026;
        \(schema(integer: "INTEGER").replacingOccurrences(of: "IN ('all', 'favorites')", with: "IN ('all', 'favorites', 'chosen')")
                .replacingOccurrences(of: "    map INTEGER", with: "    chosen TEXT,\n    map INTEGER"))
        INSERT INTO vacation_books (vacation_id, account_id, size, cover, title, subtitle, photos, map, state, page, pages, report, error,
            contents_key, asked_at, made_at)
        SELECT vacation_id, account_id, size, cover, title, subtitle, photos, map, state, page, pages, report, error, \
        contents_key, asked_at, made_at
        FROM vacation_books_026;
        DROP TABLE vacation_books_026;
        """,
        postgreSQL: """
        ALTER TABLE vacation_books DROP CONSTRAINT vacation_books_photos_check;
        ALTER TABLE vacation_books ADD CONSTRAINT vacation_books_photos_check CHECK (photos IN ('all', 'favorites', 'chosen'));
        ALTER TABLE vacation_books ADD COLUMN chosen TEXT;
        """
    )
}

/// The books asked for in the browser, and the worker that writes them one at a time.
public struct VacationBooks: Sendable {
    let library: Library
    /// The basemap's land under the route's map; nil: the map without it.
    let land: LandShapes?

    public init(library: Library, land: LandShapes? = nil) {
        (self.library, self.land) = (library, land)
    }

    /// Where the vacation's book is written.
    public func file(of vacation: Int64) -> String {
        library.folder.appendingPathComponent("cache/books/\(vacation).pdf").path
    }

    /// The vacation's book as it stands for `account` (who may open the vacation); a book made
    /// of the vacation before it changed is gone (its file removed) and nil.
    public func book(of vacation: Int64, for account: AccountID) throws -> PrintedVacationBook? {
        guard try library.vacations.vacation(vacation, of: account) != nil,
            let row = try library.database.fetchOne(
                "SELECT \(raw: PrintedVacationBook.columns), contents_key FROM vacation_books WHERE vacation_id = \(vacation)")
        else {
            return nil
        }
        let book = try PrintedVacationBook(row: row)
        if book.state == .ready, try row["contents_key"] as String? != contentsKey(of: vacation, for: account, book.request) {
            try forget(vacation)
            return nil
        }
        return book
    }

    /// Asks for the vacation's book (another asked before is replaced); false when the account
    /// has no such vacation.
    @discardableResult
    public func ask(_ request: BookRequest, vacation: Int64, for account: AccountID) throws -> Bool {
        guard try library.vacations.vacation(vacation, of: account) != nil else { return false }
        unlink(file(of: vacation))
        let now = library.clock.seconds
        try library.database.write { db in
            try db.execute("DELETE FROM vacation_books WHERE vacation_id = \(vacation)")
            try db.execute(
                """
                INSERT INTO vacation_books (vacation_id, account_id, size, cover, title, subtitle, photos, chosen, map, state, asked_at)
                VALUES (\(vacation), \(account.rawValue), \(request.size.rawValue), \(request.cover), \(request.title), \(request.subtitle),
                    \(request.photos.rawValue), \(Self.chosenText(request)), \(request.map ? 1 : 0), 'waiting', \(now))
                """)
            _ = try library.jobs.enqueue(.printedBook, key: String(vacation), in: db)
        }
        return true
    }

    /// The chosen photos as the table keeps them: their ids in order, joined by commas; nil unless chosen.
    static func chosenText(_ request: BookRequest) -> String? {
        request.photos == .chosen ? request.chosen.sorted().map(String.init).joined(separator: ",") : nil
    }

    /// Stops the book being made (the worker stops at its next page) or waiting.
    public func cancel(_ vacation: Int64, for account: AccountID) throws {
        guard try library.vacations.vacation(vacation, of: account) != nil else { return }
        try library.database.write { db in
            try db.execute(
                "UPDATE vacation_books SET state = 'cancelled' WHERE vacation_id = \(vacation) AND state IN ('waiting', 'making')")
        }
    }

    private func forget(_ vacation: Int64) throws {
        unlink(file(of: vacation))
        try library.database.write { db in try db.execute("DELETE FROM vacation_books WHERE vacation_id = \(vacation)") }
    }

    /// What the book is made of, as a digest: the vacation's name, its photos and their captions,
    /// places and dates, and what was asked. Another digest: the vacation changed since.
    func contentsKey(of vacation: Int64, for account: AccountID, _ request: BookRequest) throws -> String? {
        guard let (name, contents) = try library.vacations.vacation(vacation, of: account) else { return nil }
        return try contentsKey(of: contents, name: name, request, favoritesOf: account)
    }

    /// The digest of what the book of `contents` under `name` is made of.
    public func contentsKey(of contents: VacationContents, name: String, _ request: BookRequest, favoritesOf account: AccountID? = nil)
        throws -> String
    {
        var text = [
            name, request.size.rawValue, String(request.cover ?? 0), request.title ?? "", request.subtitle ?? "", request.photos.rawValue,
            String(request.map), String(request.showWhere), String(request.showDates), Self.chosenText(request) ?? "",
        ].joined(separator: "\u{1F}")
        let photos = try contents.photos(.all)
        for photo in photos {
            text +=
                "\u{1E}"
                + [photo.sha256, photo.subtitle ?? "", photo.takenAt ?? "", String(photo.placeID ?? 0)].joined(separator: "\u{1F}")
        }
        if request.photos == .favorites, let account {
            text += "\u{1E}" + (try library.favorites.among(sha256s: photos.map(\.sha256), for: account)).sorted().joined(separator: ",")
        }
        return SHA256.hex(SHA256.hash(Array(text.utf8)))
    }

    /// Writes the book the job names, telling its row each page and stopping when it is cancelled;
    /// then the book asked for again while it was being made (the job was held: that ask queued
    /// none). A job claimed again after its worker died takes up the book it was making.
    public func run(_ job: Job) throws {
        guard let vacation = Int64(job.key) else { return }
        var resuming = job.attempts > 1
        while let row = try library.database.fetchOne(
            """
            SELECT \(raw: PrintedVacationBook.columns), account_id FROM vacation_books WHERE vacation_id = \(vacation)
            """)
        {
            let asked = try PrintedVacationBook(row: row)
            guard asked.state == .waiting || (resuming && asked.state == .making) else { return }
            resuming = false
            try make(vacation, asked.request, for: AccountID(try row["account_id"] as Int64))
        }
    }

    private func make(_ vacation: Int64, _ request: BookRequest, for account: AccountID) throws {
        let database = library.database
        try database.write { db in
            try db.execute("UPDATE vacation_books SET state = 'making', page = 0, pages = 0 WHERE vacation_id = \(vacation)")
        }
        try FileManager.default.createDirectory(
            atPath: (file(of: vacation) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let key = try contentsKey(of: vacation, for: account, request)
        do {
            let printed = try library.printBook(ofVacation: vacation, for: account, request, to: file(of: vacation), land: land) {
                page, pages in
                let state: String? = try? database.write { db in
                    try db.execute("UPDATE vacation_books SET page = \(page), pages = \(pages) WHERE vacation_id = \(vacation)")
                    return try db.fetchValue("SELECT state FROM vacation_books WHERE vacation_id = \(vacation)")
                }
                return state == "making"
            }
            guard let report = printed?.report else { return try forget(vacation) }
            try database.write { db in
                try db.execute(
                    """
                    UPDATE vacation_books SET state = 'ready', report = \(report.sentences.joined(separator: "\n")), contents_key = \(key),
                        made_at = \(library.clock.seconds) WHERE vacation_id = \(vacation) AND state = 'making'
                    """)
            }
        } catch let error as BookError where error == .cancelled {
            unlink(file(of: vacation))
        } catch {
            unlink(file(of: vacation))
            try database.write { db in
                try db.execute(
                    """
                    UPDATE vacation_books SET state = 'failed', error = \(String(describing: error)) WHERE vacation_id = \
                    \(vacation) AND state = 'making'
                    """)
            }
        }
    }
}

extension Library {
    public var printedBooks: VacationBooks { VacationBooks(library: self) }

    /// The worker that writes the books asked for in the browser: one at a time (a book's
    /// photos are decoded one after another within the decode budget), the map over `land`.
    public func bookWorker(land: LandShapes?, log: @escaping @Sendable (String) -> Void) -> JobRunner {
        let books = VacationBooks(library: self, land: land)
        return JobRunner(queue: jobs, kinds: [.printedBook], workers: 1, log: log) { job in try books.run(job) }
    }
}
