import Crypto
import Foundation
import SQLDatabase
import Synchronization

/// One import run, as the list of runs shows it.
public struct ImportRun: Sendable, Equatable {
    public let id: Int64
    public let accountID: AccountID?
    /// What it imported: "Google Takeout, 2 parts", "3 files and folders".
    public let source: String
    public let startedAt: Int64
    /// Nil: it stopped before its end (killed, or still running).
    public let finishedAt: Int64?
    public let undoneAt: Int64?
    /// The photos and videos it brought that were new to the library, and those it had already.
    public let made: Int
    public let found: Int
    /// The vacations it made of albums.
    public let vacations: Int
    /// The tracks it made of location histories.
    public let tracks: Int

    /// What it brought, as `--runs` and the Import screen say it: "1998 new, 2 already there, 5
    /// vacations, 31 tracks".
    public var counts: String {
        var line = "\(made) new, \(found) already there"
        if vacations > 0 { line += ", \(vacations) \(vacations == 1 ? "vacation" : "vacations")" }
        if tracks > 0 { line += ", \(tracks) \(tracks == 1 ? "track" : "tracks")" }
        return line
    }
}

/// What Undo did: the photos and videos it removed, those it kept because another import also
/// brought them, and the vacations it removed.
public struct ImportUndo: Sendable, Equatable {
    public var removed = 0
    public var kept = 0
    public var vacations = 0
    public var tracks = 0
    /// The photos the library had whose date, position or caption it gave were taken back (`PhotoFill`).
    public var unfilled = 0
    /// The edited copies it kept beneath photos that stay, taken away (`PhotoVersion`).
    public var versions = 0

    /// What it did, as `roadtrip import --undo` and the Import screen say it: "Undid import run 3:
    /// removed 40 photos and videos and 2 vacations. Kept 1 that another import brought too."
    public func sentence(run id: Int64) -> String {
        var gone = ["\(removed) \(removed == 1 ? "photo or video" : "photos and videos")"]
        if vacations > 0 { gone.append("\(vacations) \(vacations == 1 ? "vacation" : "vacations")") }
        if tracks > 0 { gone.append("\(tracks) \(tracks == 1 ? "track" : "tracks") (and the positions they gave)") }
        var line = "Undid import run \(id): removed \(gone.listedInASentence)."
        if kept > 0 { line += " Kept \(kept) that another import brought too." }
        if unfilled > 0 { line += " Took back what it gave \(unfilled) \(unfilled == 1 ? "photo" : "photos") the library had already." }
        if versions > 0 {
            line += " Took away \(versions) \(versions == 1 ? "edited copy" : "edited copies") it kept with photos the library had already."
        }
        return line
    }
}

/// What a run's location history became: tracks, and the photos they placed.
public struct ImportedHistory: Sendable, Equatable {
    public var tracks = 0
    /// Of those, new to the library (a history imported before adds nothing).
    public var added = 0
    public var placed = 0
    /// Each file that is no location history, with why.
    public var refused: [(source: String, reason: String)] = []

    public static func == (left: ImportedHistory, right: ImportedHistory) -> Bool {
        (left.tracks, left.added, left.placed) == (right.tracks, right.added, right.placed)
            && left.refused.map(\.source) == right.refused.map(\.source) && left.refused.map(\.reason) == right.refused.map(\.reason)
    }
}

/// Why an import run cannot be undone.
public enum ImportRunError: Error, Equatable, CustomStringConvertible {
    case noSuchRun(Int64)
    case alreadyUndone(Int64)

    public var description: String {
        switch self {
        case .noSuchRun(let id): "there is no import run \(id) (`roadtrip import --runs` lists them)"
        case .alreadyUndone(let id): "import run \(id) was undone already"
        }
    }
}

/// The library's import runs (`ImportSchema`): each batch imported is recorded item by item as
/// it goes, so that the same import run again after a stop continues where it stopped, and Undo
/// removes what a run brought and nothing else.
public struct ImportRuns: Sendable {
    let library: Library

    /// The digest naming an import's files (their names and sizes, in any order): the same
    /// files imported again have the same key.
    public static func key(of files: [(name: String, size: Int64)]) -> String {
        SHA256.hexDigest(files.map { "\($0.name)\u{0}\($0.size)\n" }.sorted().joined().utf8)
    }

    /// The run to record an import of `source` in: the run of the same `key` that stopped before
    /// its end (continued: what it did is not done again), or a new one.
    public func begin(source: String, key: String, by account: AccountID?) throws -> ImportRunRecorder {
        let database = library.database
        return try database.write { db in
            let unfinished: Int64? = try db.fetchValue(
                """
                SELECT id FROM import_runs WHERE source_key = \(key) AND finished_at IS NULL AND undone_at IS NULL
                ORDER BY id DESC LIMIT 1
                """)
            if let unfinished {
                let done = try db.fetchAll("SELECT item, photo_id FROM import_run_items WHERE run_id = \(unfinished)") {
                    (try $0["item"] as String, try $0["photo_id"] as Int64)
                }
                let albums = try db.fetchAll("SELECT album, vacation_id FROM import_run_vacations WHERE run_id = \(unfinished)") {
                    (try $0["album"] as String, try $0["vacation_id"] as Int64)
                }
                return ImportRunRecorder(
                    id: unfinished, database: database, continued: true,
                    done: Dictionary(done, uniquingKeysWith: { first, _ in first }),
                    albums: Dictionary(albums, uniquingKeysWith: { first, _ in first }))
            }
            let id = try db.insertReturningID(
                """
                INSERT INTO import_runs (account_id, source, source_key, started_at)
                VALUES (\(account?.rawValue), \(source), \(key), \(library.clock.seconds))
                """)
            return ImportRunRecorder(id: id, database: database, continued: false, done: [:], albums: [:])
        }
    }

    /// Notes a photo or video uploaded in the browser in the account's run of the day's uploads
    /// ("Uploads in the browser, 2026-12-07"), so that Undo of another run keeps what an upload
    /// brought too, and a day's uploads can be undone as one. A refusal is not noted.
    public func noteUpload(_ outcome: ImportOutcome, fileName: String, by account: AccountID?) throws {
        let photo: Photo
        switch outcome {
        case .imported(let imported, _): photo = imported
        case .alreadyThere(let there, _), .paired(let there), .stacked(let there): photo = there
        case .refused: return
        }
        let now = library.clock.seconds
        let day = String(PhotoStore.timestampText(now).prefix(10))
        let key = Self.key(of: [("uploads in the browser \(day) by \(account?.rawValue ?? 0)", 0)])
        try library.database.write { db in
            let run =
                try db.fetchValue("SELECT id FROM import_runs WHERE source_key = \(key) AND undone_at IS NULL ORDER BY id DESC LIMIT 1")
                as Int64?
                ?? db.insertReturningID(
                    """
                    INSERT INTO import_runs (account_id, source, source_key, started_at, finished_at)
                    VALUES (\(account?.rawValue), \("Uploads in the browser, " + day), \(key), \(now), \(now))
                    """)
            var made = false
            if case .imported = outcome { made = true }
            try db.execute(
                """
                INSERT INTO import_run_items (run_id, item, photo_id, made) VALUES (\(run), \("\(fileName) #\(photo.id)"), \
                \(photo.id), \(made))
                ON CONFLICT (run_id, item) DO NOTHING
                """)
            try db.execute("UPDATE import_runs SET finished_at = \(now) WHERE id = \(run)")
        }
    }

    /// Takes back what the run `id` filled in photos the library had (`PhotoFill`), where it is
    /// still as the fill left it: a date, position or caption a person gave since stays.
    private func unfill(run id: Int64) throws -> Int {
        try library.database.write { db in
            // A photo the run made itself (one copy stored, another found it and filled it) goes
            // with the run, or stays as another import brought it: nothing of it to take back.
            try db.execute(
                """
                DELETE FROM import_run_fills
                WHERE run_id = \(id) AND photo_id IN (SELECT photo_id FROM import_run_items WHERE run_id = \(id) AND made = 1)
                """)
            let count: Int =
                try db.fetchValue(
                    """
                    SELECT count(*) FROM import_run_fills fills JOIN photos ON photos.id = fills.photo_id
                    WHERE fills.run_id = \(id) AND (fills.taken_at = photos.taken_at OR fills.caption = photos.description OR \
                    fills.favorite = 1
                        OR (fills.latitude = photos.latitude AND fills.longitude = photos.longitude AND photos.placement_id IS NULL
                            AND photos.position_source = \(PositionSource.camera.rawValue)))
                    """) ?? 0
            try db.execute(
                """
                UPDATE photos SET taken_at = NULL, taken_offset = NULL,
                    sorted_at = (SELECT was_sorted_at FROM import_run_fills WHERE run_id = \(id) AND photo_id = photos.id)
                WHERE EXISTS (SELECT 1 FROM import_run_fills fills
                              WHERE fills.run_id = \(id) AND fills.photo_id = photos.id AND fills.taken_at = photos.taken_at
                                  AND fills.was_sorted_at IS NOT NULL)
                """)
            try db.execute(
                """
                UPDATE photos SET latitude = NULL, longitude = NULL, place_id = NULL, position_source = NULL
                WHERE placement_id IS NULL AND position_source = \(PositionSource.camera.rawValue)
                    AND EXISTS (SELECT 1 FROM import_run_fills fills
                                WHERE fills.run_id = \(id) AND fills.photo_id = photos.id
                                    AND fills.latitude = photos.latitude AND fills.longitude = photos.longitude)
                """)
            try db.execute(
                """
                UPDATE photos SET description = NULL
                WHERE EXISTS (SELECT 1 FROM import_run_fills fills
                              WHERE fills.run_id = \(id) AND fills.photo_id = photos.id AND fills.caption = photos.description)
                """)
            try db.execute(
                """
                DELETE FROM photo_favorites WHERE account_id = (SELECT account_id FROM import_runs WHERE id = \(id))
                    AND photo_id IN (SELECT photo_id FROM import_run_fills WHERE run_id = \(id) AND favorite = 1)
                """)
            return count
        }
    }

    /// Every run, the newest first.
    public func all() throws -> [ImportRun] {
        try runs(where: "TRUE")
    }

    /// The run `id`, if there is one.
    public func run(_ id: Int64) throws -> ImportRun? {
        try runs(where: "runs.id = \(id)").first
    }

    private func runs(where condition: SQL) throws -> [ImportRun] {
        try library.database.fetchAll(
            """
            SELECT runs.id, runs.account_id, runs.source, runs.started_at, runs.finished_at, runs.undone_at,
                (SELECT count(DISTINCT photo_id) FROM import_run_items WHERE run_id = runs.id AND made = 1) AS made,
                (SELECT count(DISTINCT photo_id) FROM import_run_items found WHERE found.run_id = runs.id AND found.made = 0
                    AND NOT EXISTS (SELECT 1 FROM import_run_items maker
                                    WHERE maker.run_id = runs.id AND maker.photo_id = found.photo_id AND maker.made = 1)) AS found,
                (SELECT count(*) FROM import_run_vacations WHERE run_id = runs.id) AS vacations,
                (SELECT count(*) FROM import_run_tracks WHERE run_id = runs.id) AS tracks
            FROM import_runs runs WHERE \(sql: condition) ORDER BY runs.id DESC
            """
        ) { row in
            ImportRun(
                id: try row["id"], accountID: (try row["account_id"] as Int64?).map(AccountID.init), source: try row["source"],
                startedAt: try row["started_at"], finishedAt: try row["finished_at"], undoneAt: try row["undone_at"],
                made: try row["made"], found: try row["found"], vacations: try row["vacations"],
                tracks: try row["tracks"])
        }
    }

    /// Imports location histories (`LocationHistory`) as tracks of the run's, then places the
    /// photos without a position from those tracks (no estimates), as "Place from tracks" does.
    public func importLocationHistory(
        _ files: [(name: String, bytes: () throws -> [UInt8])], by account: AccountID?,
        recorder: ImportRunRecorder
    ) throws -> ImportedHistory {
        var result = ImportedHistory()
        var trackIDs: [Int64] = []
        for (name, bytes) in files {
            do {
                let imported = try library.tracks.importLocationHistory(
                    try bytes(), fileName: (name as NSString).lastPathComponent, by: account)
                result.tracks += imported.tracks.count
                result.added += imported.added
                trackIDs += imported.tracks.map(\.id)
            } catch let error as TrackFileError {
                result.refused.append((name, error.reason))
            } catch {
                result.refused.append((name, "it could not be read: \(error)"))
            }
        }
        guard !trackIDs.isEmpty else { return result }
        try library.database.write { db in
            for track in trackIDs {
                try db.execute(
                    """
                    INSERT INTO import_run_tracks (run_id, track_id) VALUES (\(recorder.id), \(track)) ON CONFLICT (run_id, \
                    track_id) DO NOTHING
                    """
                )
            }
        }
        var request = PlacementRequest(trackIDs: trackIDs)
        request.estimate = false
        if let placement = try library.placer.apply(try library.placer.plan(request), by: account) {
            result.placed = placement.photoCount
            try library.database.write { db in
                try db.execute("UPDATE import_runs SET placement_id = \(placement.id) WHERE id = \(recorder.id)")
            }
        }
        return result
    }

    /// Undoes the run `id`: removes the vacations it made, and the photos and videos it brought
    /// that no other import (not undone) brought too and that the library did not have before an
    /// import made them; everything else stays as it is. Vacations keep their own copies of
    /// photos a person added to them.
    public func undo(_ id: Int64) throws -> ImportUndo {
        let database = library.database
        guard let undone: Int64? = try database.fetchOne("SELECT undone_at FROM import_runs WHERE id = \(id)").map({ try $0["undone_at"] })
        else {
            throw ImportRunError.noSuchRun(id)
        }
        guard undone == nil else { throw ImportRunError.alreadyUndone(id) }
        var result = ImportUndo()
        // The positions its tracks gave go back to what they were, then the tracks go.
        if let placement: Int64 = try database.fetchValue("SELECT placement_id FROM import_runs WHERE id = \(id)") {
            _ = try library.placer.undo(placement)
        }
        // A track another run (not undone) imported too stays.
        for track in try database.fetchAll(
            """
            SELECT mine.track_id FROM import_run_tracks mine WHERE mine.run_id = \(id) AND NOT EXISTS (
                SELECT 1 FROM import_run_tracks others JOIN import_runs runs ON runs.id = others.run_id
                WHERE others.track_id = mine.track_id AND others.run_id <> \(id) AND runs.undone_at IS NULL)
            """, { try $0["track_id"] as Int64 })
        {
            if try library.tracks.delete(id: track) { result.tracks += 1 }
        }
        let vacations = try database.fetchAll(
            """
            SELECT made.vacation_id, vacations.account_id FROM import_run_vacations made JOIN vacations ON vacations.id = made.vacation_id
            WHERE made.run_id = \(id)
            """
        ) { (try $0["vacation_id"] as Int64, AccountID(try $0["account_id"])) }
        for (vacation, owner) in vacations {
            do {
                try library.vacations.delete(vacation, for: owner)
                result.vacations += 1
            } catch VacationError.noSuchVacation {
                continue
            }
        }
        result.unfilled = try unfill(run: id)
        let photos = try database.fetchAll(
            """
            SELECT mine.photo_id, mine.made,
                EXISTS (SELECT 1 FROM import_run_items others JOIN import_runs runs ON runs.id = others.run_id
                        WHERE others.photo_id = mine.photo_id AND others.run_id <> \(id) AND runs.undone_at IS NULL) AS elsewhere,
                EXISTS (SELECT 1 FROM import_run_items makers WHERE makers.photo_id = mine.photo_id AND makers.made = 1) AS made_by_import
            FROM import_run_items mine WHERE mine.run_id = \(id)
            """
        ) { row in
            (
                id: try row["photo_id"] as Int64, made: try row["made"] as Bool, elsewhere: try row["elsewhere"] as Bool,
                madeByImport: try row["made_by_import"] as Bool
            )
        }
        let going = Set(photos.filter { !$0.elsewhere && $0.madeByImport }.map(\.id))
        result.kept = Set(photos.filter { $0.made && $0.elsewhere }.map(\.id)).count
        result.versions = try library.photos.removeVersions(keptBy: id, sparing: going)
        result.removed = try library.photos.remove(ids: going.sorted())
        try database.write { db in
            try db.execute("UPDATE import_runs SET undone_at = \(library.clock.seconds) WHERE id = \(id)")
        }
        return result
    }
}

/// Records one run's items as they are imported, from any worker thread.
public final class ImportRunRecorder: Sendable {
    public let id: Int64
    /// Whether it continues a run that stopped before its end.
    public let continued: Bool
    private let database: Database
    /// Each item done, and the photo it became.
    private let done: Mutex<[String: Int64]>
    /// Each album's vacation.
    private let albums: Mutex<[String: Int64]>

    init(id: Int64, database: Database, continued: Bool, done: [String: Int64], albums: [String: Int64]) {
        self.id = id
        self.database = database
        self.continued = continued
        self.done = Mutex(done)
        self.albums = Mutex(albums)
    }

    /// The photo `item` became, if the run did it already.
    public func photo(of item: String) -> Int64? {
        done.withLock { $0[item] }
    }

    /// Notes what `item` became. A photo refused is not noted: the run tries it again. In a run
    /// continued, a photo found in the library that no run noted and that came since the run
    /// began was made by it (killed between the photo's row and its note), and is noted so. Two copies of one photo in
    /// a run may both be noted as made by it (a worker finds the photo another worker made before
    /// that one noted it): what a run made and found is counted by photo, not by item.
    public func record(_ item: String, _ outcome: ImportOutcome) throws {
        let photo: Photo
        var made = false
        var fill: PhotoFill?
        switch outcome {
        case .imported(let imported, _): (photo, made) = (imported, true)
        case .alreadyThere(let there, let filled): (photo, fill) = (there, filled)
        case .paired(let there), .stacked(let there): photo = there
        case .refused: return
        }
        try database.write { db in
            // Only a run that stopped can have been killed between a row and its note.
            if case .alreadyThere = outcome, continued {
                made =
                    try db.fetchValue(
                        """
                        SELECT NOT EXISTS (SELECT 1 FROM import_run_items WHERE photo_id = \(photo.id))
                            AND (SELECT imported_at FROM photos WHERE id = \(photo.id)) >= (SELECT started_at FROM import_runs \
                            WHERE id = \(id))
                        """) ?? false
            }
            try db.execute(
                """
                INSERT INTO import_run_items (run_id, item, photo_id, made) VALUES (\(id), \(item), \(photo.id), \(made))
                ON CONFLICT (run_id, item) DO NOTHING
                """)
            if case .stacked = outcome {
                try db.execute("INSERT INTO import_run_versions (run_id, photo_id) VALUES (\(id), \(photo.id)) ON CONFLICT DO NOTHING")
            }
            if let fill {
                try db.execute(
                    """
                    INSERT INTO import_run_fills (run_id, photo_id, taken_at, taken_offset, was_sorted_at, latitude, longitude, \
                    caption, favorite)
                    VALUES (\(id), \(photo.id), \(fill.takenAt), \(fill.takenOffset), \(fill.wasSortedAt), \(fill.latitude),
                        \(fill.longitude), \(fill.caption), \(fill.favorite))
                    ON CONFLICT (run_id, photo_id) DO UPDATE SET
                        taken_at = coalesce(import_run_fills.taken_at, excluded.taken_at),
                        taken_offset = coalesce(import_run_fills.taken_offset, excluded.taken_offset),
                        was_sorted_at = coalesce(import_run_fills.was_sorted_at, excluded.was_sorted_at),
                        latitude = coalesce(import_run_fills.latitude, excluded.latitude),
                        longitude = coalesce(import_run_fills.longitude, excluded.longitude),
                        caption = coalesce(import_run_fills.caption, excluded.caption),
                        favorite = CASE WHEN import_run_fills.favorite = 1 OR excluded.favorite = 1 THEN 1 ELSE 0 END
                    """)
            }
        }
        done.withLock { $0[item] = photo.id }
    }

    /// The vacation the run made of `album`, if it made one.
    func vacation(ofAlbum album: String) -> Int64? {
        albums.withLock { $0[album] }
    }

    func recordVacation(_ vacation: Int64, ofAlbum album: String) throws {
        try database.write { db in
            try db.execute("INSERT INTO import_run_vacations (run_id, album, vacation_id) VALUES (\(id), \(album), \(vacation))")
        }
        albums.withLock { $0[album] = vacation }
    }

    /// The run reached its end: the same import again is a new run.
    public func finish(at seconds: Int64) throws {
        try database.write { db in
            try db.execute("UPDATE import_runs SET finished_at = \(seconds) WHERE id = \(id)")
        }
    }
}
