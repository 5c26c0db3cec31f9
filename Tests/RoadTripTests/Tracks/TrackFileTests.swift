import Foundation
import Testing
@testable import RoadTrip

/// The fixtures (`Fixtures/tracks/README.md` lists what each holds) read as their writers meant.
@Suite struct TrackFileTests {
    static func fixture(_ name: String) throws -> Data {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        return try Data(contentsOf: folder.appendingPathComponent("tracks/\(name)"))
    }

    /// 2024-10-19T08:00:00Z and the like, in milliseconds.
    static func utc(_ text: String) throws -> Int64 {
        try #require(TrackTime.milliseconds(text))
    }

    @Test func aPhoneAppsGPXHasItsSegmentsTimesAndWaypoints() throws {
        // MUT
        let file = try TrackFile.read(Self.fixture("phone-app.gpx"), fileName: "phone-app.gpx")

        // validate
        #expect(file.format == .gpx)
        try #require(file.tracks.count == 1)
        let track = file.tracks[0]
        #expect(track.name == "Day 2 \u{2013} Chianti")
        #expect(track.segments.map(\.count) == [31, 31])
        #expect(track.segments[0][15] == TrackPoint(latitude: 43.515, longitude: 11.25, time: try Self.utc("2024-10-19T08:15:00Z")))
        #expect(track.segments[1][30] == TrackPoint(latitude: 43.56, longitude: 11.25, time: try Self.utc("2024-10-19T09:30:00Z")))
        #expect(track.timeRange == (try Self.utc("2024-10-19T08:00:00Z"))...(try Self.utc("2024-10-19T09:30:00Z")))
        // 60 steps of 0.001° of latitude: about 111 m each.
        #expect(abs(track.distance - 60 * 111.2) < 60)
        #expect(file.waypoints.map(\.name) == ["Castellina", "Radda"])
        #expect(file.waypoints[1].point == TrackPoint(latitude: 43.545, longitude: 11.25, time: try Self.utc("2024-10-19T09:15:00Z")))
    }

    @Test func gpx10ReadsItsRouteAndTrack() throws {
        let file = try TrackFile.read(Self.fixture("gpx-1.0.gpx"))

        #expect(file.tracks.map(\.name) == ["Plan", "Morning walk"])
        #expect(file.tracks[0].segments.map(\.count) == [3])
        #expect(file.tracks[0].timeRange == nil)
        #expect(file.tracks[1].segments.map(\.count) == [11])
        #expect(
            file.tracks[1].segments[0][10] == TrackPoint(latitude: 51.502, longitude: -0.123, time: try Self.utc("2023-06-03T06:05:00Z")))
    }

    @Test func aKMLgxTrackPairsItsTimesWithItsCoordinatesInUTC() throws {
        let file = try TrackFile.read(Self.fixture("gx-track.kml"))

        #expect(file.format == .kml)
        try #require(file.tracks.count == 1)
        #expect(file.tracks[0].name == "Ride to Siena")
        #expect(file.tracks[0].segments.map(\.count) == [21])
        // "+02:00": 10:30 there is 08:30 UTC.
        let middle = file.tracks[0].segments[0][10]
        #expect(abs(middle.latitude - 43.38) < 1e-9 && abs(middle.longitude - 11.31) < 1e-9)
        #expect(middle.time == (try Self.utc("2024-10-20T08:30:00Z")))
    }

    @Test func aKMLLineStringIsSpreadOverItsTimeSpanAndAPointIsAWaypoint() throws {
        let file = try TrackFile.read(Self.fixture("linestring-timespan.kml"))

        try #require(file.tracks.count == 1)
        let points = file.tracks[0].segments[0]
        #expect(points.count == 5)
        #expect(points.first?.time == (try Self.utc("2024-10-21T14:00:00Z")))
        #expect(points.last?.time == (try Self.utc("2024-10-21T15:00:00Z")))
        // Evenly spaced points: evenly spaced times, to the second.
        let third = try #require(points[2].time)
        #expect(abs(third - (try Self.utc("2024-10-21T14:30:00Z"))) < 1000)
        #expect(
            file.waypoints == [
                TrackWaypoint(
                    name: "Hotel", point: TrackPoint(latitude: 43.772, longitude: 11.253, time: try Self.utc("2024-10-21T16:00:00Z")))
            ])
    }

    @Test func geoJSONReadsCoordTimesAndTimesPerLine() throws {
        let file = try TrackFile.read(Self.fixture("coord-times.geojson"))

        #expect(file.format == .geojson)
        #expect(file.tracks.map(\.name) == ["Lake loop", "Two legs"])
        #expect(file.tracks[0].segments.map(\.count) == [6])
        #expect(file.tracks[0].segments[0][5].time == (try Self.utc("2024-07-01T17:50:00Z")))
        #expect(file.tracks[1].segments.map(\.count) == [4, 3])
        #expect(file.tracks[1].segments[1][0].time == (try Self.utc("2024-07-02T11:00:00Z")))
        #expect(file.waypoints.map(\.name) == ["Viewpoint"])
    }

    @Test func timesReadAsTheStandardWritesThem() throws {
        #expect(TrackTime.milliseconds("1970-01-01T00:00:00Z") == 0)
        #expect(TrackTime.milliseconds("1970-01-01T00:00:01.5Z") == 1500)
        #expect(TrackTime.milliseconds("1970-01-01T01:00:00+01:00") == 0)
        #expect(TrackTime.milliseconds("1969-12-31T23:00:00-0100") == 0)
        #expect(TrackTime.milliseconds(" 2024-02-29T12:00:00Z\n") == (try Self.utc("2024-02-29T12:00:00Z")))
        #expect(TrackTime.milliseconds("2024-10-21", dayAlone: true) == (try Self.utc("2024-10-21T00:00:00Z")))
        for refused in [
            "2023-02-29T12:00:00Z", "2024-10-21", "2024-13-01T00:00:00Z", "2024-10-19T24:00:00Z", "2024-10-19T08:00:00+15:00",
            "2024-10-19T08:00:00ZZ", "0000-01-01T00:00:00Z", "2024-10-19T08:00:00.Z", "yesterday",
        ] {
            #expect(TrackTime.milliseconds(refused) == nil, "\(refused)")
        }
        #expect(TrackTime.text(try Self.utc("2024-10-19T08:15:00.900Z")) == "2024-10-19T08:15:00Z")
        #expect(TrackTime.text(-1) == "1969-12-31T23:59:59Z")
    }

    @Test func pointsOutOfOrderAreSortedByTime() throws {
        let gpx = """
            <gpx><trk><trkseg>
            <trkpt lat="1" lon="1"><time>2024-01-01T00:02:00Z</time></trkpt>
            <trkpt lat="0" lon="0"><time>2024-01-01T00:00:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        let file = try TrackFile.read(Data(gpx.utf8))
        #expect(file.tracks[0].segments[0].map(\.latitude) == [0, 1])
    }

    @Test func storedPointsReadBackAndADamagedRowReadsAsNothing() throws {
        let segments = [
            [TrackPoint(latitude: -89.9999999, longitude: 179.9999999, time: -5), TrackPoint(latitude: 0, longitude: -180, time: nil)], [],
        ]
        #expect(TrackFile.roundTrips(segments))
        let bytes = TrackPointCodec.encode(segments)
        #expect(TrackPointCodec.decode(Array(bytes.dropLast())) == nil)
        #expect(TrackPointCodec.decode(bytes + [0]) == nil)
        #expect(TrackPointCodec.decode([0xFF, 0xFF, 0xFF, 0xFF]) == nil)
        // A row changed behind RoadTrip's back: a time past year 9999, a latitude of 100°.
        #expect(TrackPointCodec.decode(TrackPointCodec.encode([[TrackPoint(latitude: 1, longitude: 1, time: Int64.max - 1)]])) == nil)
        #expect(TrackPointCodec.decode(TrackPointCodec.encode([[TrackPoint(latitude: 100, longitude: 1)]])) == nil)
    }

    @Test func anOutlineKeepsTheShapeWithinItsLimit() {
        // A zigzag of 20,000 points, 1 km wide: its corners stay, the straight runs go.
        let points = (0..<20_000).map { (index: Int) -> TrackPoint in
            let step = Double(index % 100) * 0.0001
            let across = (index / 100) % 2 == 0 ? step : 0.01 - step
            return TrackPoint(latitude: Double(index) * 0.00001, longitude: across)
        }
        let outline = TrackOutline.outline(of: [points])
        #expect(outline[0].count <= TrackOutline.maximumPoints)
        #expect(outline[0].count >= 200)
        #expect(outline[0].first == points.first && outline[0].last == points.last)
    }
}
