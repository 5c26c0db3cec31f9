import Crypto
import Foundation
import Imaging
import SQLDatabase

/// The version an item keeps beneath the one it shows: an edited copy and its original are one
/// item, as Google Photos keeps them (`IMG_1234-edited.JPG` beside `IMG_1234.JPG` in a Takeout).
public enum PhotoVersionKind: String, Sendable, Equatable {
    /// The item shows its edited copy and keeps the original beneath: both arrived together.
    case original
    /// The item shows its original, which the library had before the edited copy came: a
    /// photo's picture never changes (its addresses are cached for ever), so the edit is kept beneath.
    case edited
}

/// The other version of an item: its file (named by its digest, as every original is), its size
/// in pixels and what it is.
public struct PhotoVersion: Sendable, Equatable {
    public let photoID: Int64
    public let sha256: String
    public let format: ImageFormat
    public let byteCount: Int
    public let width: Int
    public let height: Int
    public let orientation: Int
    public let kind: PhotoVersionKind

    static let columns = "photo_id, sha256, format, byte_count, width, height, orientation, kind"

    init(row: Row) throws {
        photoID = try row["photo_id"]
        sha256 = try row["sha256"]
        guard let format = ImageFormat(rawValue: try row["format"]), let kind = PhotoVersionKind(rawValue: try row["kind"]) else {
            throw FileError("cannot read the version of photo", String(photoID))
        }
        (self.format, self.kind) = (format, kind)
        byteCount = try row["byte_count"]
        width = try row["width"]
        height = try row["height"]
        orientation = try row["orientation"]
    }

    /// The table (SQLite 025, PostgreSQL 021): at most one version an item, whose file no other
    /// item or version has; and the photos each import run kept a version beneath, whose version
    /// its Undo takes away where the photo stays (one the run made goes whole).
    static func schema(integer: String) -> String {
        """
        CREATE TABLE photo_versions (
            photo_id \(integer) PRIMARY KEY REFERENCES photos(id) ON DELETE CASCADE,
            sha256 TEXT NOT NULL UNIQUE CHECK (length(sha256) = 64),
            format TEXT NOT NULL CHECK (format IN ('jpeg', 'png', 'webp', 'heic')),
            byte_count \(integer) NOT NULL CHECK (byte_count >= 0),
            width \(integer) NOT NULL,
            height \(integer) NOT NULL,
            orientation \(integer) NOT NULL DEFAULT 1,
            kind TEXT NOT NULL CHECK (kind IN ('original', 'edited'))
        );
        CREATE TABLE import_run_versions (
            run_id \(integer) NOT NULL REFERENCES import_runs(id) ON DELETE CASCADE,
            photo_id \(integer) NOT NULL REFERENCES photos(id) ON DELETE CASCADE,
            PRIMARY KEY (run_id, photo_id)
        );
        CREATE INDEX import_run_versions_by_photo ON import_run_versions(photo_id);
        """
    }
}

extension PhotoStore {
    /// Imports an edited copy with its original, as one item: the edited copy shown, titled as
    /// its original (`IMG_1234`), the original kept beneath it. When the library has the original
    /// already, that photo stays as it is and keeps the edited copy beneath it. Either file that
    /// cannot be one item with the other (a video, a photo with a version already) is imported on
    /// its own. Both outcomes, the original's first. Doing it again finds both there.
    public func importEdited(
        _ edited: (path: String, fileName: String), original: (path: String, fileName: String), by account: AccountID?,
        hints: ImportHints?, originalHints: ImportHints?
    ) -> (original: ImportOutcome, edited: ImportOutcome) {
        guard let digest = try? FileDigest.sha256(ofFileAt: original.path) else {
            return (
                importPhoto(at: original.path, fileName: original.fileName, by: account, hints: originalHints),
                importPhoto(at: edited.path, fileName: edited.fileName, by: account, hints: hints)
            )
        }
        if (try? storedPhoto(sha256: digest)) != nil {
            let first = importPhoto(at: original.path, fileName: original.fileName, by: account, hints: originalHints)
            guard case .alreadyThere(let item, _) = first, item.motion != .video else {
                return (first, importPhoto(at: edited.path, fileName: edited.fileName, by: account, hints: hints))
            }
            return (first, keep(edited, as: .edited, under: item, by: account, hints: hints))
        }
        let shown = importPhoto(at: edited.path, fileName: original.fileName, by: account, hints: hints ?? originalHints)
        let item: Photo
        switch shown {
        case .imported(let photo, _), .paired(let photo), .alreadyThere(let photo, _): item = photo
        case .refused, .stacked:
            return (importPhoto(at: original.path, fileName: original.fileName, by: account, hints: originalHints), shown)
        }
        guard item.motion != .video else {
            return (importPhoto(at: original.path, fileName: original.fileName, by: account, hints: originalHints), shown)
        }
        return (keep(original, as: .original, under: item, by: account, hints: originalHints), shown)
    }

    /// Keeps the file as `item`'s other version, its renditions made now (for "Show original");
    /// imported as an item of its own where `item` has a version already, or the file is no still.
    private func keep(
        _ file: (path: String, fileName: String), as kind: PhotoVersionKind, under item: Photo, by account: AccountID?,
        hints: ImportHints?
    ) -> ImportOutcome {
        let onItsOwn = { self.importPhoto(at: file.path, fileName: file.fileName, by: account, hints: hints) }
        guard let inspected = try? processor.inspect(fileAt: file.path) else { return onItsOwn() }
        do {
            let (sha256, copy) = try files.stageOriginal(from: file.path)
            if let existing = try storedPhoto(sha256: sha256) { return .alreadyThere(existing) }
            try files.makeCheckedRenditions([.thumbnail, .preview], sha256: sha256, from: file.path, with: processor)
            try files.storeOriginal(copy, sha256: sha256, format: inspected.header.format)
            let header = inspected.header
            let kept = try database.write { db in
                try db.execute(
                    """
                    INSERT INTO photo_versions (photo_id, sha256, format, byte_count, width, height, orientation, kind)
                    SELECT \(item.id), \(sha256), \(header.format.rawValue), \(DurableFile.size(of: file.path) ?? 0), \(header.width),
                        \(header.height), \(header.orientation), \(kind.rawValue)
                    WHERE EXISTS (SELECT 1 FROM photos WHERE id = \(item.id))
                    ON CONFLICT DO NOTHING
                    """)
                return db.changes > 0
            }
            return kept ? .stacked(item) : onItsOwn()
        } catch {
            return PhotoStore.refusal(error)
        }
    }

    /// The item with these bytes, as what it shows or as the version it keeps beneath: what an
    /// import finds already there.
    func storedPhoto(sha256: String) throws -> Photo? {
        if let photo = try photo(sha256: sha256) { return photo }
        return try database.fetchOne(
            """
            SELECT \(raw: Photo.columns) FROM photos WHERE id = (SELECT photo_id FROM photo_versions WHERE sha256 = \(sha256))
            """
        ).map(Photo.init)
    }

    /// The version `photo` keeps beneath the one it shows, if it keeps one.
    public func version(of photo: Photo) throws -> PhotoVersion? {
        try database.fetchOne("SELECT \(raw: PhotoVersion.columns) FROM photo_versions WHERE photo_id = \(photo.id)").map(PhotoVersion.init)
    }

    /// Takes away the versions the import run `run` kept beneath photos other than `going` (its
    /// Undo, which removes those whole), with their files; how many.
    func removeVersions(keptBy run: Int64, sparing going: Set<Int64>) throws -> Int {
        var paths: [String] = []
        let removed = try database.write { db in
            let versions = try db.fetchAll(
                """
                SELECT \(raw: PhotoVersion.columns) FROM photo_versions
                WHERE photo_id IN (SELECT photo_id FROM import_run_versions WHERE run_id = \(run))
                """, PhotoVersion.init
            ).filter { !going.contains($0.photoID) }
            for version in versions {
                paths += versionFiles(version.sha256, format: version.format)
                try db.execute("DELETE FROM photo_versions WHERE photo_id = \(version.photoID)")
            }
            return versions.count
        }
        for path in paths { unlink(path) }
        return removed
    }

    /// A still's files: its original and renditions.
    func versionFiles(_ sha256: String, format: ImageFormat) -> [String] {
        [files.original(sha256: sha256, format: format)] + [Rendition.thumbnail, .preview].map { files.rendition($0, sha256: sha256) }
    }
}
