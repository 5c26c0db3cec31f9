import Foundation
import Testing
@testable import RoadTrip

/// The streaming GeoJSON reader reads what Foundation's decoder read (members in any order,
/// every geometry of today), and refuses what it silently dropped.
@Suite struct GeoJSONReaderTests {
    private func read(_ text: String) throws(TrackFileError) -> TrackFile {
        try TrackFile.read(Data(text.utf8), fileName: "a.geojson")
    }

    private func refusal(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func membersInAnyOrderReadAlike() throws {
        // setup: as togeojson writes it, and as a writer with sorted keys does (type last everywhere)
        let written = """
            {"type": "FeatureCollection", "features": [
             {"type": "Feature", "properties": {"name": "Loop", "coordTimes": ["2024-07-01T17:00:00Z", "2024-07-01T17:10:00Z"]},
              "geometry": {"type": "LineString", "coordinates": [[8.54, 47.36, 410], [8.55, 47.37]]}},
             {"type": "Feature", "properties": {"name": "View", "time": "2024-07-01T17:05:00Z"}, "geometry": {"type": "Point", \
             "coordinates": [8.5, 47.3]}}]}
            """
        let sorted = """
            {"features": [
             {"geometry": {"coordinates": [[8.54, 47.36, 410], [8.55, 47.37]], "type": "LineString"},
              "properties": {"coordTimes": ["2024-07-01T17:00:00Z", "2024-07-01T17:10:00Z"], "name": "Loop"}, "type": "Feature"},
             {"geometry": {"coordinates": [8.5, 47.3], "type": "Point"}, "properties": {"name": "View", "time": \
             "2024-07-01T17:05:00Z"}, "type": "Feature"}],
             "type": "FeatureCollection"}
            """
        // MUT
        let file = try read(written)
        // validate
        #expect(try read(sorted) == file)
        #expect(
            file.tracks == [
                ParsedTrack(
                    name: "Loop",
                    segments: [
                        [
                            TrackPoint(latitude: 47.36, longitude: 8.54, time: try TrackFileTests.utc("2024-07-01T17:00:00Z")),
                            TrackPoint(latitude: 47.37, longitude: 8.55, time: try TrackFileTests.utc("2024-07-01T17:10:00Z")),
                        ]
                    ])
            ])
        #expect(
            file.waypoints == [
                TrackWaypoint(
                    name: "View", point: TrackPoint(latitude: 47.3, longitude: 8.5, time: try TrackFileTests.utc("2024-07-01T17:05:00Z")))
            ])
    }

    @Test func everyGeometryOfTodayIsRead() throws {
        let collection = try read(
            """
            {"type": "GeometryCollection", "geometries": [
             {"type": "Point", "coordinates": [1, 2]},
             {"type": "MultiLineString", "coordinates": [[[1, 2], [1, 3]], [], [[2, 2]]]},
             {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [1, 1], [0, 0]]]},
             {"type": "GeometryCollection", "geometries": [{"type": "MultiPoint", "coordinates": [[5, 6], [7, 8]]}]}]}
            """)
        #expect(collection.tracks.map { $0.segments.map(\.count) } == [[2, 1]])
        #expect(collection.waypoints.map(\.name) == ["Point 1", "Point 2", "Point 3"])
        #expect(collection.waypoints.map(\.point.longitude) == [1, 5, 7])
        #expect(refusal(#"{"type": "Feature", "geometry": null}"#) == "a.geojson: holds no track, route or point")
        #expect(try read(#"{"type": "Feature", "geometry": {"coordinates": [[1, 2], [3, 4]], "type": "LineString"}}"#).tracks.count == 1)
    }

    @Test func timesAreReadAsStringsOrMillisecondsFlatOrOneListALine() throws {
        let file = try read(
            """
            {"type": "Feature", "geometry": {"type": "MultiLineString", "coordinates": [[[8, 47], [8, 47.01]], [[8, 47.02]]]},
             "properties": {"times": [[1719910800000, 1719911100000], [1719918000000.4]], "name": "Two legs"}}
            """)
        #expect(file.tracks[0].segments.map { $0.map(\.time) } == [[1_719_910_800_000, 1_719_911_100_000], [1_719_918_000_000]])
        let coordTimesWin = try read(
            """
            {"type": "Feature", "properties": {"times": ["not read"], "coordTimes": [1000, 2000], "time": null},
             "geometry": {"type": "LineString", "coordinates": [[8, 47], [8, 47.01]]}}
            """)
        #expect(coordTimesWin.tracks[0].segments[0].map(\.time) == [1000, 2000])
    }

    @Test func timesThatAreNotTimesRefuseTheFileWithTheReason() {
        // Until now each of these dropped the times, and the name with them, silently.
        func feature(_ properties: String) -> String {
            #"{"type": "Feature", "properties": {\#(properties)}, "geometry": {"type": "LineString", "coordinates": [[1, 2], [1, 3]]}}"#
        }
        #expect(
            refusal(feature(#""name": "Loop", "coordTimes": ["2024-07-01T17:00:00Z", "soon"]"#))
                == "a.geojson: “Loop” has the time \"soon\", which is not a date and time")
        #expect(
            refusal(feature(#""coordTimes": ["2024-07-01T17:00:00Z", 1000], "name": "Loop""#))
                == "a.geojson: the “coordTimes” of “Loop” is not a list of times")
        #expect(
            refusal(feature(#""times": [1e300, 0]"#))
                == "a.geojson: a feature has the time 1e+300, which is not a time in milliseconds since 1970")
        #expect(refusal(feature(#""times": {"start": 0}"#)) == "a.geojson: the “times” of a feature is not a list of times")
        #expect(
            refusal(feature(#""time": "tomorrow", "name": "Loop""#))
                == "a.geojson: “Loop” has the time \"tomorrow\", which is not a date and time")
        #expect(refusal(feature(#""name": "Loop", "coordTimes": [0, 1000, 2000]"#)) == "a.geojson: “Loop” has 3 times for 2 positions")
    }

    @Test func brokenJSONSaysWhereAndWhy() {
        let cases: [(String, String)] = [
            ("{\"type\": \"LineString\",\n \"coordinates\": [[1, 2],]}", "a.geojson, line 2: is not valid GeoJSON: expected a value"),
            (
                #"{"type": "LineString", "coordinates": [[1, 2]]} x"#,
                "a.geojson, line 1: is not valid GeoJSON: more text after the end of the document"
            ),
            (#"{"type": "LineString", "coordinates": [[01, 2]]}"#, "a.geojson, line 1: is not valid GeoJSON: a number with a leading zero"),
            (#"{"type": "LineString", "coordinates": [[1, 2]"#, "a.geojson, line 1: is not valid GeoJSON: the document ends inside a list"),
            (
                #"{"type": "LineString", "coordinates": [[1, "2"]]}"#,
                "a.geojson, line 1: is not valid GeoJSON: a position holds something other than numbers"
            ),
            (
                #"{"type": "LineString", "coordinates": [1, 2]}"#,
                "a.geojson, line 1: is not valid GeoJSON: a position is not a list of numbers"
            ),
            (#"{"type": "LineString"}"#, "a.geojson, line 1: is not valid GeoJSON: a LineString has no “coordinates”"),
            (#"{"coordinates": [[1, 2]]}"#, "a.geojson: is not valid GeoJSON: the document has no “type”"),
            (#"{"type": "Feature", "name": "a\u0001"}"#, "a.geojson: holds no track, route or point"),
            (
                "{\"type\": \"Feature\", \"name\": \"a\u{1}\"}",
                "a.geojson, line 1: is not valid GeoJSON: a control character inside a string"
            ),
            (
                #"{"type": "Point", "coordinates": [1\#(String(repeating: "0", count: 400)), 2]}"#,
                "a.geojson, line 1: is not valid GeoJSON: a number of more than 400 characters"
            ),
        ]
        for (text, expected) in cases {
            #expect(refusal(text) == expected, "\(text)")
        }
    }

    @Test func nestingIsBoundedWhereverItIs() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        for text in [
            #"{"type": "Point", "extra": \#(deep)}"#, #"{"type": "Feature", "properties": {"times": \#(deep)}}"#,
            #"{"coordinates": \#(deep)}"#,
        ] {
            #expect(
                refusal(text) == "a.geojson, line 1: is not valid GeoJSON: lists and objects nested more than 64 deep", "\(text.prefix(50))"
            )
        }
    }

    @Test func escapesAreDecodedInNamesAndMemberNames() throws {
        let file = try read(
            #"""
            {"type": "Feature", "properties": {"na\u006de": "Caf\u00e9 \ud83d\ude00\n\"ride\""}, "geometry": {"type": "Point", \#
            "coordinates": [1, 2]}}
            """#
        )
        #expect(file.waypoints.map(\.name) == ["Café 😀 \"ride\""])
    }
}
