import Foundation
import SQLDatabase
import SQLite

/// The checks a foreign file passes before it becomes a vacation.
struct VacationInspection {
    let path: String
    /// Where a fresh document is made to compare schemas with.
    let template: URL
    /// The format's migrations this RoadTrip knows (`VacationFormat.migrations`).
    let migrations: [Migration]

    /// Photo and tag ids a vacation numbers itself, the largest plus one: room for every id a
    /// RoadTrip ever gives, none that the next one could overflow.
    static let largestID: Int64 = Int64(Int32.max)

    /// The vacation's name inside the file, when every check passes.
    func check() throws -> String {
        let connection: Connection
        do {
            connection = try SQLiteConnection(path: path, readOnly: true, journal: .rollback)
        } catch {
            throw VacationError.notADocument("it cannot be opened as a database")
        }
        do {
            let integrity = try connection.fetchAll("PRAGMA integrity_check") { try $0[0] as String }
            guard integrity == ["ok"] else {
                throw VacationError.notADocument("it is damaged (\(integrity.first ?? "integrity check failed"))")
            }
            let application: Int32 = try connection.fetchValue("PRAGMA application_id") ?? 0
            guard application == VacationFormat.applicationID else {
                throw VacationError.notADocument("it is a database of another program")
            }
            let version: Int = try connection.fetchValue("PRAGMA user_version") ?? 0
            guard (1...migrations.count).contains(version) else {
                let known = migrations.count == 1 ? "version 1" : "versions 1 to \(migrations.count)"
                throw VacationError.notADocument("it is of format version \(version); this RoadTrip reads \(known)")
            }
            guard try schema(of: connection) == expectedSchema(version: version) else {
                throw VacationError.notADocument("it holds tables or triggers a vacation does not have")
            }
            let foreignKeys = try connection.fetchAll("PRAGMA foreign_key_check") { _ in 1 }
            guard foreignKeys.isEmpty else { throw VacationError.notADocument("its photos point at places or tags it does not have") }
            let photos: Int = try connection.fetchValue("SELECT count(*) FROM photos") ?? 0
            guard photos <= VacationFormat.maximumPhotos else { throw VacationError.tooManyPhotos(limit: VacationFormat.maximumPhotos) }
            let bad: Int =
                try connection.fetchValue(
                    """
                    SELECT count(*) FROM photos WHERE typeof(preview) != 'blob' OR length(preview) > 50000000
                        OR typeof(thumbnail) != 'blob' OR length(thumbnail) > 5000000
                        OR substr(preview, 1, 3) != x'FFD8FF'
                        OR substr(thumbnail, 1, 4) != CAST('RIFF' AS BLOB) OR substr(thumbnail, 9, 4) != CAST('WEBP' AS BLOB)
                        OR sha256 GLOB '*[^0-9a-f]*' OR length(sha256) != 64 OR id NOT BETWEEN 1 AND \(Self.largestID)
                        OR typeof(width) != 'integer' OR typeof(height) != 'integer' OR width NOT BETWEEN 1 AND 100000 OR height \
                        NOT BETWEEN 1 AND 100000
                    """) ?? 0
            guard bad == 0 else { throw VacationError.notADocument("\(bad) of its photos are damaged") }
            try Self.checkPositions(in: connection)
            let badTags: Int = try connection.fetchValue("SELECT count(*) FROM tags WHERE id NOT BETWEEN 1 AND \(Self.largestID)") ?? 0
            guard badTags == 0 else { throw VacationError.notADocument("\(badTags) of its tags are damaged") }
            guard let name: String = try connection.fetchValue("SELECT name FROM vacation WHERE id = 1") else {
                throw VacationError.notADocument("it has no name")
            }
            return name
        } catch let error as VacationError {
            throw error
        } catch {
            throw VacationError.notADocument("it cannot be read (\(error))")
        }
    }

    /// Every schema object as SQLite keeps it: the file must hold exactly what a new document holds.
    private func schema(of connection: Connection) throws -> Set<String> {
        Set(
            try connection.fetchAll("SELECT type, name, tbl_name, coalesce(sql, '') AS sql FROM sqlite_schema") { row in
                "\(try row["type"] as String)|\(try row["name"] as String)|\(try row["tbl_name"] as String)|\(try row["sql"] as String)"
            })
    }

    /// What a new document of `version` holds: one is made, read and removed.
    private func expectedSchema(version: Int) throws -> Set<String> {
        let path = template.appendingPathComponent(".template-\(UInt64.random(in: 0...UInt64.max)).vacation").path
        defer { for suffix in VacationStore.sideFileSuffixes { unlink(path + suffix) } }
        return try schema(of: try VacationDocumentWriter.create(at: path, migrations: Array(migrations.prefix(version))))
    }
}
