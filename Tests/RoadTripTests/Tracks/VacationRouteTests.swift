import Foundation
import TestDatabases
import TestSupport
import Testing
@testable import RoadTrip

/// A vacation's route: the tracks over its dates, and its GPX, valid against GPX 1.1's schema.
@Suite(.onEachEngine) struct VacationRouteTests {
    let fixture: PhotosFixture

    init() throws {
        fixture = try PhotosFixture(engine: .current)
    }

    @Test func theRouteHoldsTheTracksOverItsDatesAndItsGPXValidates() throws {
        // setup: two photos in Lisbon on 1–2 June (one with its zone, one without), a track each
        // day, and one a month later that is not the vacation's.
        let ann = try fixture.account("Ann & Co")
        let tagus = try #require(
            fixture.importPhoto(
                try fixture.draw(
                    "Tagus <dusk>.jpg", width: 64, height: 48, at: (38.7, -9.15),
                    takenAt: "2024-06-01T20:15:00", takenOffset: 60)
            ).photo)
        let alfama = try #require(
            fixture.importPhoto(
                try fixture.draw(
                    "Alfama.jpg", width: 64, height: 48, seed: 2, at: (38.712, -9.13),
                    takenAt: "2024-06-02T11:00:00")
            ).photo)
        let vacation = try fixture.vacations.create(named: "Lisbon & \"friends\"", for: ann.id)
        for photo in [tagus, alfama] { try fixture.vacations.visit(photo, into: vacation, for: ann.id, library: fixture.library) }
        func day(_ date: String, from latitude: Double) throws -> [(Double, Double, String)] {
            let start = try #require(TrackTime.milliseconds("\(date)T09:00:00Z"))
            return (0...20).map { (index: Int) -> (Double, Double, String) in
                (latitude + Double(index) * 0.002, -9.14, TrackTime.text(start + Int64(index) * 300_000))
            }
        }
        try fixture.track("Day 1", try day("2024-06-01", from: 38.70))
        try fixture.track("Day 2 &lt;tram&gt;", try day("2024-06-02", from: 38.71))
        try fixture.track("July", try day("2024-07-02", from: 38.71))

        // MUT
        let route = try fixture.library.tracks.route(ofVacation: vacation)
        let gpx = try fixture.library.tracks.gpx(ofVacation: vacation, name: "Lisbon & \"friends\"", created: fixture.clock.seconds * 1000)

        // validate
        #expect(route.tracks.map(\.name) == ["Day 1", "Day 2 <tram>"])
        #expect(route.days == 2)
        #expect(abs(route.distance - 2 * 20 * 222.4) < 20)
        #expect(
            gpx.contains(
                #"""
                <wpt lat="38.7000000" lon="-9.1500000"><time>2024-06-01T19:15:00Z</time><name>Tagus &lt;dusk&gt;</name><type>\#
                photo</type></wpt>
                """#
            ), "\(gpx)")
        #expect(
            gpx.contains("<name>Alfama</name><desc>Taken 2024-06-02 11:00:00 (camera time)</desc>"), "without a zone, no time is made up")
        #expect(gpx.contains("<trk><name>Day 2 &lt;tram&gt;</name>"))
        #expect(gpx.components(separatedBy: "<trkpt ").count - 1 == 42)
        #expect(!gpx.contains("<link"))
        try Self.validate(gpx)
    }

    /// `xmllint --schema` with Topografix's GPX 1.1 schema (Fixtures/tracks/gpx-1.1.xsd).
    static func validate(_ gpx: String) throws {
        let folder = try TemporaryFolder("roadtrip-gpx")
        let file = folder.url.appendingPathComponent("vacation.gpx")
        try Data(gpx.utf8).write(to: file)
        let schema = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)).appendingPathComponent(
            "tracks/gpx-1.1.xsd")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
        process.arguments = ["--noout", "--schema", schema.path, file.path]
        let output = Pipe()
        process.standardError = output
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0 && message.contains("validates"), "\(message)")
    }

    @Test func theWriterKeepsEveryPositionWithinTheSchemasRanges() throws {
        let gpx = GPXWriter.document(
            name: "Edge\u{0}s", created: 0,
            waypoints: [
                GPXWriter.Waypoint(name: "Date line", latitude: 90, longitude: 180, time: nil, description: nil),
                GPXWriter.Waypoint(name: "South", latitude: -90, longitude: -180, time: -1000, description: "a\u{1}b"),
            ], tracks: [GPXWriter.Track(name: "Empty", segments: [[]])])
        #expect(gpx.contains(#"<wpt lat="90.0000000" lon="-180.0000000">"#))
        #expect(gpx.contains("<name>Edges</name>") && gpx.contains("<desc>ab</desc>"))
        try Self.validate(gpx)
    }
}
