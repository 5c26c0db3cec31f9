import Foundation
import Imaging
import SQLDatabase

extension Library {
    /// A photo's stored orientation, size and date that no photo has, which an older RoadTrip or
    /// a hand-edited database could hold: each is said, and repaired where the truth is at hand.
    /// An orientation outside EXIF's 1…8 becomes 1 (upright, as import reads it); a size that is
    /// not positive, or more pixels than the import allows, is read again from the original's
    /// header (a problem when the original cannot be read); a date taken that is no calendar
    /// date goes, the photo sorted by when it was imported. A vacation's photo has no original
    /// here: its impossible size is reported, its impossible date goes.
    func repairImpossiblePhotoNumbers(into report: inout LibraryCheckReport) throws {
        let suspects = try database.fetchAll(
            """
            SELECT id, format, sha256, width, height, orientation, taken_at, imported_at FROM photos ORDER BY id
            """
        ) { row in try StoredPhotoNumbers(row: row) }.filter { $0.isImpossible(pixelLimit: photos.processor.pixelLimit) }
        var sizes: [Int64: ImageHeader] = [:]
        for photo in suspects where !photo.hasPossibleSize(pixelLimit: photos.processor.pixelLimit) {
            let original = photos.files.original(sha256: photo.sha256, format: ImageFormat(rawValue: photo.format) ?? .jpeg)
            do {
                sizes[photo.id] = try photos.processor.inspect(fileAt: original).header
            } catch {
                report.problems.append(
                    "photos, photo \(photo.id): its size \(photo.size) is no picture's, and its original cannot be read again: \(error)")
            }
        }
        let vacationPhotos = try database.fetchAll(
            """
            SELECT vacation_id, id, width, height, taken_at FROM vacation_photos ORDER BY vacation_id, id
            """
        ) { row in (vacation: try row["vacation_id"] as Int64, photo: try StoredPhotoNumbers(row: row)) }
        report.repairs += try database.write { db in
            var repairs: [String] = []
            for photo in suspects {
                let name = "photos, photo \(photo.id)"
                if !(1...8).contains(photo.orientation ?? 0) {
                    try db.execute("UPDATE photos SET orientation = 1 WHERE id = \(photo.id)")
                    repairs.append("\(name): its orientation \(photo.orientationText) is not one of EXIF's 1 to 8; it is now 1 (upright)")
                }
                if let header = sizes[photo.id] {
                    try db.execute("UPDATE photos SET width = \(header.width), height = \(header.height) WHERE id = \(photo.id)")
                    repairs.append(
                        """
                        \(name): its size \(photo.size) is no picture's; it is now \(header.width) × \(header.height), read again \
                        from its original
                        """
                    )
                }
                if let date = photo.impossibleDate {
                    let sorted = PhotoStore.timestamp(Date(timeIntervalSince1970: TimeInterval(photo.importedAt)))
                    try db.execute("UPDATE photos SET taken_at = NULL, sorted_at = \(sorted) WHERE id = \(photo.id)")
                    repairs.append(
                        "\(name): its date taken “\(date)” is not a real date and time; it now has none (sorted by when it was imported)")
                }
            }
            for (vacation, photo) in vacationPhotos {
                let name = "vacation_photos, vacation \(vacation) photo \(photo.id)"
                if let date = photo.impossibleDate {
                    try db.execute("UPDATE vacation_photos SET taken_at = NULL WHERE vacation_id = \(vacation) AND id = \(photo.id)")
                    try VacationContents.changed(vacation, in: db)
                    repairs.append("\(name): its date taken “\(date)” is not a real date and time; it now has none")
                }
            }
            return repairs
        }
        for (vacation, photo) in vacationPhotos where !photo.hasPossibleSize(pixelLimit: photos.processor.pixelLimit) {
            report.problems.append(
                "vacation_photos, vacation \(vacation) photo \(photo.id): its size \(photo.size) is no picture's "
                    + "(export the vacation's photos from their library again)")
        }
    }
}

/// The numbers of one stored photo row, read whatever type they were stored as.
private struct StoredPhotoNumbers {
    let id: Int64
    let format: String
    let sha256: String
    let width: SQLValue
    let height: SQLValue
    let orientation: Int64?
    let orientationText: String
    let takenAt: String?
    let importedAt: Int64

    init(row: Row) throws {
        id = try row["id"]
        format = (try? row["format"] as String) ?? ""
        sha256 = (try? row["sha256"] as String) ?? ""
        width = try row["width"]
        height = try row["height"]
        let orientation = (try? row["orientation"] as SQLValue) ?? .integer(1)
        if case .integer(let number) = orientation { self.orientation = number } else { self.orientation = nil }
        orientationText = Self.text(orientation)
        takenAt = try? row["taken_at"] as String?
        importedAt = (try? row["imported_at"] as Int64) ?? 0
    }

    var size: String { "\(Self.text(width)) × \(Self.text(height))" }

    /// Positive whole sides whose product (without overflow) is within the import's pixel limit.
    func hasPossibleSize(pixelLimit: Int) -> Bool {
        guard case .integer(let width) = width, case .integer(let height) = height, width > 0, height > 0 else { return false }
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        return !overflow && pixels <= Int64(pixelLimit)
    }

    /// The stored date taken when it is not the calendar date and time it should be.
    var impossibleDate: String? {
        guard let takenAt, ExifDate.normalised(takenAt) != takenAt else { return nil }
        return String(takenAt.prefix(40))
    }

    func isImpossible(pixelLimit: Int) -> Bool {
        !(1...8).contains(orientation ?? 0) || !hasPossibleSize(pixelLimit: pixelLimit) || impossibleDate != nil
    }

    private static func text(_ value: SQLValue) -> String {
        switch value {
        case .integer(let number): String(number)
        case .real(let number): String(number)
        case .text(let text): "“\(text.prefix(20))”"
        case .null: "none"
        default: "not a number"
        }
    }
}
