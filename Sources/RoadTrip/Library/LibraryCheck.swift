import Crypto
import Foundation
import Imaging
import SQLDatabase
import Video

/// What `roadtrip check` found: problems (something is missing or wrong) and notes (worth
/// knowing, nothing lost).
public struct LibraryCheckReport: Sendable {
    public var photos = 0
    public var problems: [String] = []
    /// What was wrong and has been put right (the table, the row, the field, and what it became).
    public var repairs: [String] = []
    public var notes: [String] = []
}

extension Library {
    /// Temporary files younger than this may belong to a write under way on another instance.
    static let leftoverAge: TimeInterval = 3600

    /// Looks for what a crash, a killed instance or a lost disk could have left inconsistent:
    /// photos whose original is missing or of another size (or, with `hashes`, other bytes),
    /// places whose photo count is wrong, half-written files left under temporary names, and
    /// background jobs that were given up: these it only reports. Positions no place on Earth
    /// has, and photos' orientations, sizes and dates no photo has, which an older RoadTrip
    /// stored, it also repairs (`repairImpossiblePositions`, `repairImpossiblePhotoNumbers`),
    /// first, so that the counts checked after are of the repaired library.
    /// Photos filed in another country than the one they were taken in are noted, and with `fix`
    /// filed in their own (`checkCountries`), before the places' counts are checked.
    public func check(hashes: Bool = false, fix: Bool = false) throws -> LibraryCheckReport {
        var report = LibraryCheckReport()
        try repairImpossiblePositions(into: &report)
        try repairImpossiblePhotoNumbers(into: &report)
        try checkCountries(fix: fix, into: &report)
        try checkOriginals(hashes: hashes, into: &report)
        try checkVersions(hashes: hashes, into: &report)
        try checkVideoRenditions(into: &report)
        let miscounted: Int =
            try database.fetchValue(
                """
                SELECT count(*) FROM places WHERE photo_count <> (SELECT count(*) FROM photos WHERE photos.place_id = places.id)
                """) ?? 0
        if miscounted > 0 { report.problems.append("\(miscounted) places count their photos wrongly") }
        try checkCounters(into: &report)
        try checkTimelineCounts(into: &report)
        for leftover in leftoverTemporaryFiles() {
            report.problems.append("a half-written file was left behind: \(leftover)")
        }
        for (job, reason) in try jobs.failures() {
            report.notes.append("a \(job.kind.rawValue) job for \(job.key) was given up after \(job.attempts) attempts: \(reason)")
        }
        return report
    }

    private func checkOriginals(hashes: Bool, into report: inout LibraryCheckReport) throws {
        var after: Int64 = 0
        while true {
            let rows = try database.fetchAll(
                """
                SELECT p.id, p.sha256, p.format, p.byte_count, v.container FROM photos p
                LEFT JOIN videos v ON v.photo_id = p.id AND p.motion = 'video' WHERE p.id > \(after) ORDER BY p.id LIMIT 1000
                """
            ) { row in
                (
                    id: try row["id"] as Int64, sha256: try row["sha256"] as String, format: try row["format"] as String,
                    size: try row["byte_count"] as Int, video: (try row["container"] as String?).flatMap(VideoContainer.init(rawValue:))
                )
            }
            guard let last = rows.last else { return }
            after = last.id
            report.photos += rows.count
            for photo in rows {
                let image = photos.files.original(sha256: photo.sha256, format: ImageFormat(rawValue: photo.format) ?? .jpeg)
                // A video's original is its file; the image of its digest is its poster.
                if photo.video != nil, DurableFile.size(of: image) == nil {
                    report.problems.append("photo \(photo.id): its poster \(image) is missing")
                }
                let path = photo.video.map { photos.files.video(sha256: photo.sha256, container: $0) } ?? image
                guard let size = DurableFile.size(of: path) else {
                    report.problems.append("photo \(photo.id): its original \(path) is missing")
                    continue
                }
                if size != photo.size {
                    report.problems.append("photo \(photo.id): its original is \(size) bytes, not the \(photo.size) imported")
                } else if hashes, (try? FileDigest.sha256(ofFileAt: path)) != photo.sha256 {
                    report.problems.append("photo \(photo.id): its original's bytes are not the ones imported")
                }
            }
        }
    }

    /// The versions photos keep beneath them (an edited copy and its original): each one's file.
    private func checkVersions(hashes: Bool, into report: inout LibraryCheckReport) throws {
        for version in try database.fetchAll("SELECT \(raw: PhotoVersion.columns) FROM photo_versions ORDER BY photo_id", PhotoVersion.init)
        {
            let path = photos.files.original(sha256: version.sha256, format: version.format)
            guard let size = DurableFile.size(of: path) else {
                report.problems.append("photo \(version.photoID): the \(version.kind.rawValue) version kept with it, \(path), is missing")
                continue
            }
            if size != version.byteCount {
                report.problems.append(
                    """
                    photo \(version.photoID): the \(version.kind.rawValue) version kept with it is \(size) bytes, not the \
                    \(version.byteCount) imported
                    """
                )
            } else if hashes, (try? FileDigest.sha256(ofFileAt: path)) != version.sha256 {
                report.problems.append(
                    "photo \(version.photoID): the bytes of the \(version.kind.rawValue) version kept with it are not the ones imported")
            }
        }
    }

    /// Files under temporary names (`.incoming-…`, `.making-…`, `.….tmp`) older than an hour
    /// anywhere in the data folder: a write that never finished.
    /// The counts the Places screen reads instead of counting: each country's places and photos
    /// (from its places' counts) and the photos without a place.
    private func checkCounters(into report: inout LibraryCheckReport) throws {
        let countries: Int =
            try database.fetchValue(
                """
                SELECT count(*) FROM place_countries c
                WHERE place_count <> (SELECT count(*) FROM places p WHERE p.country_code = c.country_code AND p.photo_count > 0)
                   OR photo_count <> (SELECT coalesce(sum(photo_count), 0) FROM places p WHERE p.country_code = c.country_code)
                """) ?? 0
        let uncounted: Int =
            try database.fetchValue(
                """
                SELECT count(DISTINCT country_code) FROM places
                WHERE photo_count > 0 AND country_code NOT IN (SELECT country_code FROM place_countries)
                """) ?? 0
        if countries + uncounted > 0 { report.problems.append("\(countries + uncounted) countries count their places or photos wrongly") }
        let kept: Int = try database.fetchValue("SELECT photo_count FROM photos_without_place") ?? 0
        let actual: Int = try database.fetchValue("SELECT count(*) FROM photos WHERE place_id IS NULL") ?? 0
        if kept != actual { report.problems.append("the count of photos without a place is \(kept), not \(actual)") }
        // The map's cells, counted afresh from the photos' positions: a cell counted wrongly,
        // and a counted cell no photo is in.
        let cells = """
            SELECT l.level AS level, p.map_y >> (\(PhotoMapGrid.finestLevel) - l.level) AS cell_y,
                   p.map_x >> (\(PhotoMapGrid.finestLevel) - l.level) AS cell_x, count(*) AS photo_count
            FROM photos p, photo_map_levels l WHERE p.map_z IS NOT NULL GROUP BY 1, 2, 3
            """
        let miscounted: Int =
            try database.fetchValue(
                """
                SELECT count(*) FROM (\(raw: cells)) a LEFT JOIN photo_map_cells c
                    ON c.level = a.level AND c.cell_y = a.cell_y AND c.cell_x = a.cell_x
                WHERE c.photo_count IS NULL OR c.photo_count <> a.photo_count
                """) ?? 0
        let empty: Int =
            try database.fetchValue(
                """
                SELECT count(*) FROM photo_map_cells c WHERE NOT EXISTS (
                    SELECT 1 FROM (\(raw: cells)) a WHERE a.level = c.level AND a.cell_y = c.cell_y AND a.cell_x = c.cell_x)
                """) ?? 0
        if miscounted + empty > 0 { report.problems.append("\(miscounted + empty) cells of the photo map count their photos wrongly") }
    }

    private func leftoverTemporaryFiles() -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        // The system's clock, not the library's: it is the one that dated the files.
        let cutoff = Date().addingTimeInterval(-Self.leftoverAge).timeIntervalSince1970
        var found: [String] = []
        for case let relative as String in walker {
            let name = (relative as NSString).lastPathComponent
            guard name.hasPrefix(".incoming-") || name.hasPrefix(".making-") || (name.hasPrefix(".") && name.hasSuffix(".tmp")) else {
                continue
            }
            let path = folder.appendingPathComponent(relative).path
            var info = stat()
            if stat(path, &info) == 0, Double(info.st_mtim.tv_sec) < cutoff { found.append(path) }
        }
        return found.sorted()
    }
}
