import Foundation
import Imaging
import Testing

/// `roadtrip tracks import`, `list` and `place`, as docs/using.md shows them.
extension CommandLineTests {
    @Test func tracksAreImportedListedAndPlacePhotosAndARefusedFileSaysWhy() throws {
        // setup: a walk in Lisbon on 1 June 2024, 08:00–08:09 UTC, and a photo taken at 09:04:30 UTC+01:00.
        let data = try scratch.startedData()
        let points = (0..<10).map {
            #"<trkpt lat="\#(38.70 + Double($0) * 0.001)" lon="-9.15"><time>2024-06-01T08:0\#($0):00Z</time></trkpt>"#
        }
        let ride = scratch.url.appendingPathComponent("ride.gpx")
        try Data("<gpx version=\"1.1\"><trk><name>Tram 28</name><trkseg>\(points.joined())</trkseg></trk></gpx>".utf8).write(to: ride)
        let hostile = scratch.url.appendingPathComponent("laughs.gpx")
        try Data(#"<!DOCTYPE gpx [<!ENTITY a "aaaa">]><gpx>&a;</gpx>"#.utf8).write(to: hostile)
        let photo = scratch.url.appendingPathComponent("tram.jpg").path
        try SyntheticPhoto.write(
            to: photo, format: .jpeg, width: 64, height: 48,
            metadata: PhotoMetadata(takenAt: "2024-06-01T09:04:30", cameraMake: "Apple", cameraModel: "iPhone 15", takenOffset: 60), seed: 7
        )
        #expect(try run("import", photo, "--data", data).status == 0)

        // MUT
        // The reader's zone is the machine's: Lisbon's summer time is an hour ahead of UTC.
        let imported = try run("tracks", "import", ride.path, hostile.path, "--data", data, environment: ["TZ": "Europe/Lisbon"])
        let list = try run("tracks", "list", "--data", data, environment: ["TZ": "UTC"])
        let dryRun = try run("tracks", "place", "--dry-run", "--data", data)
        let place = try run("tracks", "place", "--data", data)

        // validate
        #expect(imported.status == 2)
        #expect(
            imported.standardOutput.contains("ride.gpx: Tram 28 · 1 Jun 2024, 09:00–09:09 UTC+01:00 · 10 points · 1.0 km · 9 min"),
            "\(imported.standardOutput)")
        #expect(
            imported.standardOutput.contains("refused laughs.gpx, line 1: declares a document type (<!DOCTYPE>)"),
            "\(imported.standardOutput)")
        #expect(imported.standardError.contains("1 of 2 files were not imported"))
        #expect(list.standardOutput.hasPrefix("1  Tram 28 · 1 Jun 2024, 08:00–08:09 UTC ·"), "\(list.standardOutput)")
        #expect(dryRun.standardOutput.contains("Apple iPhone 15: 1 photos"), "\(dryRun.standardOutput)")
        #expect(dryRun.standardOutput.contains("From tracks 1, estimated 0"), "\(dryRun.standardOutput)")
        #expect(!dryRun.standardOutput.contains("Placed"))
        #expect(
            place.status == 0 && place.standardOutput.contains("Placed 1 photos (placement 1)."),
            "\(place.standardOutput)\(place.standardError)")
        #expect(try run("tracks", "place", "--dry-run", "--data", data).standardOutput.contains("From tracks 0"))
    }

    @Test(arguments: [
        (["tracks", "--data", "DATA"], "usage: roadtrip tracks import FILE..."),
        (["tracks", "import", "--data", "DATA"], "usage: roadtrip tracks import FILE..."),
        (["tracks", "place", "--tolerance", "-1", "--data", "DATA"], "--tolerance must be minutes from 0 to 1440, not '-1'"),
        (["tracks", "place", "--track", "x", "--data", "DATA"], "--track must be a track's number (see roadtrip tracks list), not 'x'"),
    ])
    func aTracksCommandMisusedIsAUsageError(arguments: [String], message: String) throws {
        let data = scratch.url.appendingPathComponent("data").path
        let result = try RoadTripProcess.run(arguments.map { $0 == "DATA" ? data : $0 }, scratch: scratch.url)
        #expect(result.status == 64, "\(result.standardError)")
        #expect(result.standardError.contains(message), "\(result.standardError)")
    }
}
