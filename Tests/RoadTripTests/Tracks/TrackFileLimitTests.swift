import Foundation
import Testing
@testable import RoadTrip

/// GeoJSON and KML are refused at the 500,001st point while they are read: what follows it is
/// never read, which a file broken just after it proves (it still gets the limit's message).
@Suite struct TrackFileLimitTests {
    private static let limit = "holds more than 500,000 points; split it into several files"

    private func refusal(_ bytes: [UInt8], _ fileName: String) -> String? {
        do {
            _ = try TrackFile.read(bytes: bytes, fileName: fileName)
            return nil
        } catch {
            return error.description
        }
    }

    /// `head`, then `unit` `count` times, then `tail`, built in place.
    private func repeated(_ head: String, _ unit: String, _ count: Int, _ tail: String) -> [UInt8] {
        var bytes = Array(head.utf8)
        bytes.reserveCapacity(head.utf8.count + unit.utf8.count * count + tail.utf8.count)
        for _ in 0..<count { bytes += unit.utf8 }
        bytes += tail.utf8
        return bytes
    }

    @Test func aGeoJSONLineOfOneMorePositionThanTheLimitIsRefused() {
        let file = repeated(#"{"type": "LineString", "coordinates": [[0, 0]"#, ", [8.5, 47.25]", TrackFile.maximumPoints, "]}")
        #expect(refusal(file, "a.geojson") == "a.geojson: \(Self.limit)")
        let atTheLimit = repeated(#"{"type": "LineString", "coordinates": [[0, 0]"#, ", [8.5, 47.25]", TrackFile.maximumPoints - 1, "]}")
        #expect(refusal(atTheLimit, "a.geojson") == nil)
    }

    @Test func aGeoJSONBrokenAfterTheLimitIsRefusedForTheLimit() {
        // Read to its end, this file would be refused as broken JSON and as a position off the globe.
        let file = repeated(
            #"{"features": [{"geometry": {"coordinates": [[0, 0]"#, ", [8.5, 47.25]", TrackFile.maximumPoints, ", [500, 1], [1, oops")
        #expect(refusal(file, "a.geojson") == "a.geojson: \(Self.limit)")
    }

    @Test func aGeoJSONTimesListPastTheLimitIsRefusedAsItIsRead() {
        let file = repeated(#"{"type": "Feature", "properties": {"times": [0"#, ", 1000", TrackFile.maximumPoints, ", oops")
        #expect(refusal(file, "a.geojson") == "a.geojson: holds more than 500,000 times; split it into several files")
    }

    @Test func aKMLLineOfOneMoreTupleThanTheLimitIsRefused() {
        let file = repeated(
            "<kml><Placemark><LineString><coordinates>\n0,0,0", " 8.5,47.25,0", TrackFile.maximumPoints,
            "\n</coordinates></LineString></Placemark></kml>")
        #expect(refusal(file, "a.kml") == "a.kml, line 3: \(Self.limit)")
    }

    @Test func aKMLLineBrokenAfterTheLimitIsRefusedForTheLimit() {
        // Read to its end: a tuple without a latitude, then a document that never closes.
        let file = repeated(
            "<kml><Placemark><LineString><coordinates>0,0", " 8.5,47.25", TrackFile.maximumPoints, " 1,oops</coordinates><Placemark>")
        #expect(refusal(file, "a.kml") == "a.kml, line 1: \(Self.limit)")
    }

    @Test func kmlTuplesAreReadAsTheyWereSplit() throws {
        let kml = """
            <kml><Placemark><LineString><coordinates>1,2,3 4,5
            \t6, 7\u{A0}8,9,10,11</coordinates></LineString></Placemark>
            <Placemark><gx:Track><gx:coord>  12 13 14 15 </gx:coord></gx:Track></Placemark></kml>
            """
        let file = try TrackFile.read(Data(kml.utf8))
        #expect(
            file.tracks.map { $0.segments.map { $0.map { [$0.longitude, $0.latitude] } } } == [
                [[[1, 2], [4, 5], [6, 7], [8, 9]]], [[[12, 13]]],
            ])
        #expect(
            refusal(Array("<kml><Placemark><LineString><coordinates>1,\n2</coordinates></LineString></Placemark></kml>".utf8), "a.kml")
                == "a.kml, line 2: point 1 has no latitude and longitude")
    }
}
