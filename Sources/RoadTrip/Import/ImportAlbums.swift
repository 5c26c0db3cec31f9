import Foundation
import TextRules

/// An album of an export (a Takeout's folder with album metadata, an iCloud export's album list).
public struct ImportAlbum: Sendable, Equatable {
    public let title: String
    /// What names it in the import run (its folder, its list's file name).
    public let key: String
    /// Its photos' and videos' sources (`ImportSource.path`), in the export's order.
    public let items: [String]
}

/// What an album became: the vacation's name, and how many of its photos and videos went in.
public struct ImportedAlbum: Sendable, Equatable {
    public let album: String
    public let vacation: String
    public let added: Int
    /// Why some did not go in (the vacation's photo limit), nil when all did.
    public let problem: String?
}

extension ImportRuns {
    /// Makes each album a vacation of `account`'s, shared with no one, named after it (with a
    /// number when the account has a vacation of that name already), holding the album's photos
    /// and videos that the run imported or found, in date order. A run continued adds to the
    /// vacations it made before it stopped, never makes a second. An album none of whose photos
    /// came makes nothing.
    public func makeVacations(of albums: [ImportAlbum], for account: AccountID, recorder: ImportRunRecorder) throws -> [ImportedAlbum] {
        var made: [ImportedAlbum] = []
        for album in albums {
            // An edited copy and its original are one item: once.
            var seen: Set<Int64> = []
            let ids = album.items.compactMap(recorder.photo(of:)).filter { seen.insert($0).inserted }
            guard !ids.isEmpty else { continue }
            let vacation: (id: Int64, name: String)
            if let id = recorder.vacation(ofAlbum: album.key),
                let name: String = try library.database.fetchValue("SELECT name FROM vacations WHERE id = \(id)")
            {
                vacation = (id, name)
            } else {
                vacation = try createVacation(named: album.title, for: account)
                try recorder.recordVacation(vacation.id, ofAlbum: album.key)
            }
            var photos: [Photo] = []
            for start in stride(from: 0, to: ids.count, by: 500) {
                photos += try library.photos.photos(ids: Array(ids[start..<min(start + 500, ids.count)]))
            }
            photos.sort { ($0.takenAt ?? "", $0.id) < ($1.takenAt ?? "", $1.id) }
            var added = 0
            var problem: String?
            for photo in photos {
                do {
                    if try library.vacations.visit(photo, into: vacation.id, for: account, library: library) { added += 1 }
                } catch let error as VacationError {
                    problem = error.description
                    break
                }
            }
            made.append(ImportedAlbum(album: album.title, vacation: vacation.name, added: added, problem: problem))
        }
        return made
    }

    /// A new vacation named after an album: its unseen characters out, cut to fit a number after
    /// it, "Album" when nothing is left; "Lisbon 2019 (2)" when the account has "Lisbon 2019".
    private func createVacation(named title: String, for account: AccountID) throws -> (id: Int64, name: String) {
        let cleaned = UnseenCharacters.removed(from: title).trimmingCharacters(in: .whitespacesAndNewlines)
        return try library.vacations.create(namedLike: cleaned.isEmpty ? "Album" : cleaned, for: account)
    }
}
