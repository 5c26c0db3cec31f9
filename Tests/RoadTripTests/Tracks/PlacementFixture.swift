import Crypto
import Foundation
import SQLDatabase
import Testing
@testable import RoadTrip

/// Photos written straight into the library's rows (the placement reads rows, not files: drawing
/// and importing each would only make the tests slower), and tracks made from GPX text.
extension PhotosFixture {
    struct Camera {
        let make: String?
        let model: String?
        static let phone = Camera(make: "Apple", model: "iPhone 15")
        static let olympus = Camera(make: "OLYMPUS", model: "E-M10")
        static let scanner = Camera(make: nil, model: nil)
    }

    @discardableResult
    func row(
        _ title: String, takenAt: String?, offset: Int? = nil, gpsTime: Int64? = nil, camera: Camera = .phone,
        at position: (Double, Double)? = nil
    ) throws -> Int64 {
        let sortedAt = takenAt ?? "2026-01-01T00:00:00"
        return try library.database.write { db in
            try db.insertReturningID(
                """
                INSERT INTO photos (sha256, format, byte_count, width, height, title, taken_at, sorted_at, latitude, longitude,
                    camera_make, camera_model, imported_at, taken_offset, gps_at, position_source)
                VALUES (\(SHA256.hexDigest(Array(title.utf8))), 'jpeg', 1, 4, 3, \(title), \(takenAt), \(sortedAt), \
                \(position?.0), \(position?.1),
                    \(camera.make), \(camera.model), 0, \(offset), \(gpsTime), \(position == nil ? nil : "camera"))
                """)
        }
    }

    /// A GPX track of one segment through `points` (latitude, longitude, UTC time).
    @discardableResult
    func track(_ name: String, _ points: [(Double, Double, String)]) throws -> Track {
        let body = points.map { #"<trkpt lat="\#($0.0)" lon="\#($0.1)"><time>\#($0.2)</time></trkpt>"# }.joined(separator: "\n")
        let gpx = "<gpx version=\"1.1\"><trk><name>\(name)</name><trkseg>\n\(body)\n</trkseg></trk></gpx>"
        return try #require(try library.tracks.importFile(Data(gpx.utf8), fileName: "\(name).gpx", by: nil).tracks.first)
    }

    /// A track heading north: `count` points `minutes` apart from `start` (milliseconds since
    /// 1970, UTC), each `step` degrees of latitude past the one before.
    @discardableResult
    func northbound(
        _ name: String, from start: Int64, points count: Int, minutes: Int64, latitude: Double, longitude: Double, step: Double
    ) throws -> Track {
        let points: [(Double, Double, String)] = (0..<count).map { (index: Int) -> (Double, Double, String) in
            (latitude + Double(index) * step, longitude, TrackTime.text(start + Int64(index) * minutes * 60_000))
        }
        return try track(name, points)
    }

    func position(of id: Int64) throws -> (latitude: Double, longitude: Double)? {
        guard let photo = try photos.photo(id: id), let latitude = photo.latitude, let longitude = photo.longitude else { return nil }
        return (latitude, longitude)
    }
}
