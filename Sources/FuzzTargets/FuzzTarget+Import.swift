import CZlib
import RoadTrip
import ZipArchive

extension FuzzTarget {
    /// A Google Takeout from outside: a zip part, read with its limits (no member that may be
    /// read has a name that climbs out, each holds what it declares or is refused), and a JSON
    /// sidecar, whose facts are possible or none.
    static let takeout = FuzzTarget(name: "takeout", seeds: ImportInput.seeds) { bytes in
        if let sidecar = try? TakeoutSidecar(json: bytes) {
            if let seconds = sidecar.takenAt {
                precondition(seconds >= -2_208_988_800 && seconds <= 253_402_300_799, "taken at \(seconds)")
            }
            precondition((sidecar.latitude == nil) == (sidecar.longitude == nil), "half a position")
            if let latitude = sidecar.latitude, let longitude = sidecar.longitude {
                precondition(abs(latitude) <= 90 && abs(longitude) <= 180 && (latitude != 0 || longitude != 0), "\(latitude), \(longitude)")
            }
        }
        var limits = ZipLimits()
        limits.maxMembers = 64
        limits.maxMemberSize = 1 << 20
        guard let archive = try? ZipArchive(bytes: bytes, limits: limits) else { return }
        for member in archive.members.prefix(8) {
            precondition(ZipArchive.reason(refusingName: member.name) == nil, "\(member.name) should have been refused")
            if let read = try? archive.bytes(of: member, limit: 1 << 20) {
                precondition(Int64(read.count) == member.size, "\(read.count) bytes read of \(member.size) declared")
            }
            let names = archive.members.map(\.fileName)
            if let sidecar = TakeoutNames.sidecar(for: member.fileName, among: names) {
                precondition(names.contains(sidecar), "\(sidecar) is no member")
            }
        }
    }
}

enum ImportInput {
    static func seeds() -> [FuzzTarget.Seed] {
        let sidecar = Array(
            """
            {"title": "IMG_1234.JPG", "description": "Harbour", "photoTakenTime": {"timestamp": "1559990000", "formatted": "8 Jun 2019"},
             "geoData": {"latitude": 0.0, "longitude": 0.0}, "geoDataExif": {"latitude": 38.7071, "longitude": -9.1355}, "favorited": true}
            """.utf8)
        return [
            .init("sidecar", sidecar),
            .init(
                "zip",
                storedZip([
                    ("Takeout/Google Photos/Trip/IMG_1234.JPG", [0xFF, 0xD8, 0xFF, 0xD9]),
                    ("Takeout/Google Photos/Trip/IMG_1234.JPG.json", sidecar), ("../x", [1]),
                ])),
        ]
    }

    /// A zip of stored (uncompressed) members, written by hand: the local headers, the central
    /// directory and its end record.
    static func storedZip(_ members: [(name: String, bytes: [UInt8])]) -> [UInt8] {
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(value >> (8 * $0) & 0xFF) } }
        var body: [UInt8] = [], directory: [UInt8] = []
        for (name, bytes) in members {
            let crc = UInt32(bytes.withUnsafeBufferPointer { CZlib.crc32(0, $0.baseAddress, uInt($0.count)) }),
                size = le32(UInt32(bytes.count)), nameBytes = Array(name.utf8)
            let common = le16(20) + le16(0) + le16(0) + le16(0) + le16(0) + le32(crc) + size + size + le16(nameBytes.count) + le16(0)
            directory +=
                le32(0x0201_4B50) + le16(20) + common + le16(0) + le16(0) + le16(0) + le32(0) + le32(UInt32(body.count)) + nameBytes
            body += le32(0x0403_4B50) + common + nameBytes + bytes
        }
        let end =
            le32(0x0605_4B50) + le16(0) + le16(0) + le16(members.count) + le16(members.count)
            + le32(UInt32(directory.count)) + le32(UInt32(body.count)) + le16(0)
        return body + directory + end
    }
}

extension FuzzTarget {
    /// Sidecars of an export from outside (XMP, iCloud's CSV files) and Google's location history:
    /// whatever they say is possible or none.
    static let exportSidecars = FuzzTarget(name: "export-sidecars", seeds: ExportSidecarInput.seeds) { bytes in
        if let rows = try? CSVReader.rows(bytes) {
            precondition(rows.allSatisfy { $0.allSatisfy { $0.utf8.count <= CSVReader.longestField } }, "a field past the limit")
        }
        if let points = try? LocationHistory.points(bytes) {
            precondition(points.allSatisfy { abs($0.latitude) <= 90 && abs($0.longitude) <= 180 && $0.time != nil }, "an impossible point")
            precondition(zip(points, points.dropFirst()).allSatisfy { ($0.time ?? 0) <= ($1.time ?? 0) }, "points out of time order")
            precondition(LocationHistory.days(points).reduce(0) { $0 + $1.pointCount } == points.count, "points lost between days")
        }
        let export = ICloudExport(lists: [("Photo Details.csv", .success(bytes)), ("Albums/Trip.csv", .success(bytes))])
        for detail in export.details.values {
            if let seconds = detail.takenAt { precondition(seconds >= -2_208_988_800 && seconds <= 253_402_300_799, "taken at \(seconds)") }
        }
        guard let xmp = try? XMPSidecar(xml: bytes) else { return }
        precondition((xmp.latitude == nil) == (xmp.longitude == nil), "half a position")
        if let latitude = xmp.latitude, let longitude = xmp.longitude {
            precondition(abs(latitude) <= 90 && abs(longitude) <= 180, "\(latitude), \(longitude)")
        }
        if let rating = xmp.rating { precondition((-1...5).contains(rating), "rating \(rating)") }
        if let taken = xmp.takenAt { precondition(XMPSidecar.clock(taken)?.0 == taken, "taken at \(taken)") }
        if let offset = xmp.takenOffset { precondition(xmp.takenAt != nil && abs(offset) <= 14 * 60, "offset \(offset)") }
        precondition(xmp.keywords.count <= 50 && xmp.keywords.allSatisfy { !$0.isEmpty && $0.count <= 60 }, "\(xmp.keywords)")
    }
}

enum ExportSidecarInput {
    static func seeds() -> [FuzzTarget.Seed] {
        [
            .init(
                "location-history",
                Array(
                    """
                    {"locations": [{"latitudeE7": 387071000, "longitudeE7": -91355000, "timestamp": "2019-06-08T10:00:00Z"}],
                     "semanticSegments": [{"timelinePath": [{"point": "38.7071°, -9.1355°", "time": "2024-05-01T10:00:00.000+01:00"}]}]}
                    """.utf8)),
            .init(
                "photo-details",
                Array(
                    """
                    imgName,fileChecksum,favorite,hidden,deleted,originalCreationDate,viewCount,importDate
                    IMG_0001.JPG,AbC=,yes,no,no,"Sunday June 9,2019 8:00 PM GMT",2,"Sunday June 9,2019 8:00 PM GMT"

                    """.utf8)),
            .init(
                "xmp",
                Array(
                    """
                    <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
                     <rdf:Description rdf:about="" xmp:Rating="4" exif:GPSLatitude="38,42.426N" exif:GPSLongitude="9,8.13W"
                       photoshop:DateCreated="2019-06-08T11:33:20+01:00">
                      <dc:description><rdf:Alt><rdf:li xml:lang="x-default">Tram 28</rdf:li></rdf:Alt></dc:description>
                      <dc:subject><rdf:Bag><rdf:li>tram</rdf:li></rdf:Bag></dc:subject>
                      <lr:hierarchicalSubject><rdf:Bag><rdf:li>Places|Portugal|Lisbon</rdf:li></rdf:Bag></lr:hierarchicalSubject>
                     </rdf:Description></rdf:RDF></x:xmpmeta>
                    """.utf8)),
        ]
    }
}
