import Foundation
@testable import RoadTrip
import SQLDatabase
import Testing
import TestSupport

/// Google's location history in its three forms, made tracks that place photos, and undone.
@Suite struct LocationHistoryTests {
    /// The older Takeout's: every five minutes from 10:00 to 12:00 UTC on 8 June 2019, walking
    /// east through Lisbon; a point of the next day; one without a time, one at 0,0.
    static let records: String = {
        let points = (0...24).map { step in
            #"""
            {"latitudeE7": 387071000, "longitudeE7": \#(-91355000 + step * 10000), "accuracy": 12, "timestamp": \#
            "2019-06-08T\#(10 + step / 12):\#(String(format: "%02d", step % 12 * 5)):00Z"}
            """#
        }
        let others = [
            #"{"latitudeE7": 387071000, "longitudeE7": -91355000, "timestampMs": "1560074400000"}"#,
            #"{"latitudeE7": 387071000, "longitudeE7": -91355000}"#,
            #"{"latitudeE7": 0, "longitudeE7": 0, "timestamp": "2019-06-08T10:00:00Z"}"#,
        ]
        return #"{"locations": ["# + (points + others).joined(separator: ",\n") + "]}"
    }()

    static let semantic = """
        {"timelineObjects": [{"activitySegment": {"startLocation": {"latitudeE7": 387071000, "longitudeE7": -91355000},
          "duration": {"startTimestamp": "2019-06-08T10:00:00.000Z", "endTimestamp": "2019-06-08T10:30:00.000Z"},
          "simplifiedRawPath": {"points": [{"latE7": 387071000, "lngE7": -91355000, "timestamp": "2019-06-08T10:00:00Z"},
                                           {"latE7": 387081000, "lngE7": -91345000, "timestamp": "2019-06-08T10:30:00Z"}]}}},
          {"placeVisit": {"location": {"latitudeE7": 387081000, "longitudeE7": -91345000, "name": "Café"}}}]}
        """

    static let timeline = """
        {"semanticSegments": [{"startTime": "2024-05-01T10:00:00.000+01:00", "endTime": "2024-05-01T11:00:00.000+01:00",
          "timelinePath": [{"point": "38.7071°, -9.1355°", "time": "2024-05-01T10:00:00.000+01:00"},
                           {"point": "38.7081°, -9.1345°", "time": "2024-05-01T10:20:00.000+01:00"}]}],
         "rawSignals": [{"position": {"LatLng": "38.7091°, -9.1335°", "accuracyMeters": 10, "timestamp": "2024-05-01T10:40:00.000+01:00"}}]}
        """

    @Test func eachFormsPointsAreReadInTimeOrderAndImpossibleOnesLeftOut() throws {
        // MUT
        let records = try LocationHistory.points(Array(Self.records.utf8))
        let semantic = try LocationHistory.points(Array(Self.semantic.utf8))
        let timeline = try LocationHistory.points(Array(Self.timeline.utf8))

        // validate
        #expect(records.count == 26, "25 that day and one the next; the untimed and the 0,0 left out")
        #expect(records.first == TrackPoint(latitude: 38.7071, longitude: -9.1355, time: 1_559_988_000_000))
        #expect(
            semantic.map(\.time) == [1_559_988_000_000, 1_559_989_800_000], "the raw path's timed points; the visit has no time of its own")
        #expect(timeline.map(\.latitude) == [38.7071, 38.7081, 38.7091] && timeline.first?.time == 1_714_554_000_000)
        let days = LocationHistory.days(records)
        #expect(days.map(\.name) == ["Location history, 8 Jun 2019", "Location history, 9 Jun 2019"] && days[0].pointCount == 25)
        #expect(throws: TrackFileError.self) { try LocationHistory.points(Array("{\"locations\": [".utf8)) }
    }

    @Test(arguments: DatabaseEngine.allCases)
    func aHistoryBecomesTracksThatPlacePhotosAndUndoTakesBothBack(engine: DatabaseEngine) throws {
        // setup: two photos without a position taken during the walk (their clock's offset known)
        let fixture = try PhotosFixture(engine: engine)
        for (index, time) in ["2019-06-08T10:30:00", "2019-06-08T11:30:00"].enumerated() {
            _ = fixture.importPhoto(try fixture.draw("walk\(index).jpg", seed: UInt64(index + 1), takenAt: time, takenOffset: 0))
        }
        let run = try fixture.library.imports.begin(source: "Location history", key: ImportRuns.key(of: [("Records.json", 1)]), by: nil)

        // MUT
        let imported = try fixture.library.imports.importLocationHistory(
            [("Records.json", { Array(Self.records.utf8) }), ("Settings.json", { Array(#"{"deviceSettings": []}"#.utf8) })],
            by: nil, recorder: run)
        let placed = try fixture.photos.photos(ids: [1, 2])
        let undone = try fixture.library.imports.undo(run.id)

        // validate: a track a day, both photos placed on the walk; the file without points named
        #expect(
            imported
                == ImportedHistory(
                    tracks: 2, added: 2, placed: 2,
                    refused: [("Settings.json", "holds no point with a position and a time: it is no location history")]))
        #expect(placed.allSatisfy { abs(($0.latitude ?? 0) - 38.7071) < 0.001 && $0.placeID == PhotosFixture.lisbon.id })
        #expect(undone.tracks == 2 && undone.removed == 0)
        #expect(try fixture.library.tracks.all().isEmpty)
        #expect(try fixture.photos.photos(ids: [1, 2]).allSatisfy { $0.latitude == nil && $0.placeID == nil })
    }
}
