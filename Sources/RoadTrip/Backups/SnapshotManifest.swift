import Foundation

/// What a snapshot holds, written last into it as `manifest.json`: every file with its size
/// and SHA-256, the RoadTrip that made it, and the schema its database is at. A restore
/// checks every file against it before it writes anything.
public struct SnapshotManifest: Codable, Sendable, Equatable {
    /// Names the format, so a folder of something else is told apart from a damaged snapshot.
    public static let format = "roadtrip-snapshot"
    /// This format's version: a newer one is refused rather than half understood.
    public static let formatVersion = 1
    /// RoadTrip's version, as `roadtrip --version` says it.
    public static let roadTripVersion = "0.1.0"
    public static let fileName = "manifest.json"

    public struct File: Codable, Sendable, Equatable {
        /// Relative to the snapshot, `/`-separated: `originals/ab/<sha256>.jpeg`.
        public let path: String
        public let size: Int64
        public let sha256: String
    }

    public enum Engine: String, Codable, Sendable {
        case sqlite, postgresql
    }

    public var format = SnapshotManifest.format
    public var formatVersion = SnapshotManifest.formatVersion
    public var roadTrip = SnapshotManifest.roadTripVersion
    /// When the database was copied, in UTC: the instant the snapshot is of.
    public var createdAt: Date
    public var engine: Engine
    /// The schema's migrations applied to the copied database, in order: its version.
    public var migrations: [String]
    public var photos: Int
    public var withRenditions: Bool
    public var files: [File]

    /// The database's file in the snapshot.
    public var databasePath: String { engine == .sqlite ? Self.sqliteFile : Self.postgreSQLFile }
    public static let sqliteFile = "library.sqlite"
    /// `pg_dump --format=custom`.
    public static let postgreSQLFile = "library.pgdump"

    public var byteCount: Int64 { files.reduce(0) { $0 + $1.size } }

    func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return Array(try encoder.encode(self))
    }

    /// A manifest is at most this big: 1,000,000 files at about 150 bytes each, and room.
    static let maximumSize = 512 << 20

    /// Reads and checks a snapshot's manifest: its format, and every path in it (relative,
    /// inside the snapshot, no `..`), which came from a folder anyone may have changed.
    static func read(from snapshot: URL) throws(BackupError) -> SnapshotManifest {
        let path = snapshot.appendingPathComponent(fileName).path
        guard let size = DurableFile.size(of: path) else {
            throw BackupError("\(snapshot.path) is not a RoadTrip snapshot: it has no \(fileName)")
        }
        guard size <= maximumSize else { throw BackupError("the snapshot's \(fileName) is \(size) bytes, more than any snapshot's") }
        let manifest: SnapshotManifest
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            manifest = try decoder.decode(SnapshotManifest.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw BackupError("the snapshot's \(fileName) is damaged: it cannot be read as a manifest")
        }
        guard manifest.format == format else {
            throw BackupError("\(snapshot.path) is not a RoadTrip snapshot (its manifest is a \"\(manifest.format)\")")
        }
        guard manifest.formatVersion <= formatVersion else {
            throw BackupError(
                """
                the snapshot was made by a newer RoadTrip (\(manifest.roadTrip), snapshot format \(manifest.formatVersion)); this \
                one reads format \(formatVersion)
                """
            )
        }
        var seen: Set<String> = []
        for file in manifest.files {
            guard isSafe(file.path), file.path != fileName else {
                throw BackupError("the snapshot's manifest names a file outside it: \(file.path.debugDescription)")
            }
            guard file.size >= 0, PhotoFiles.isDigest(file.sha256) else {
                throw BackupError("the snapshot's manifest is damaged at \(file.path)")
            }
            guard seen.insert(file.path).inserted else { throw BackupError("the snapshot's manifest names \(file.path) twice") }
        }
        guard seen.contains(manifest.databasePath) else {
            throw BackupError("the snapshot's manifest names no database (\(manifest.databasePath))")
        }
        return manifest
    }

    /// A relative path of plain names: no empty part, `.`, `..`, NUL, or leading `/`.
    static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, path.utf8.count < 4096, !path.utf8.contains(0) else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { $0 != "" && $0 != "." && $0 != ".." }
    }
}

/// Why a backup, a verification or a restore did not happen, in words for the person.
public struct BackupError: Error, Sendable, CustomStringConvertible {
    public let description: String
    /// The snapshot's files that do not match their manifest, each with what is wrong.
    public var damaged: [String] = []

    init(_ description: String, damaged: [String] = []) {
        self.description = description
        self.damaged = damaged
    }
}
