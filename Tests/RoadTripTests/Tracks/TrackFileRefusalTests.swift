import Foundation
import Testing
@testable import RoadTrip

/// Hostile and broken track files are refused with a reason a person can act on, or bounded.
@Suite struct TrackFileRefusalTests {
    private func refusal(_ text: String, fileName: String = "ride.gpx") -> String? {
        refusal(Data(text.utf8), fileName: fileName)
    }

    private func refusal(_ data: Data, fileName: String = "ride.gpx") -> String? {
        do {
            _ = try TrackFile.read(data, fileName: fileName)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func entitiesAreNeverExpanded() {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
            <gpx><trk><name>&lol2;</name><trkseg><trkpt lat="1" lon="1"/></trkseg></trk></gpx>
            """
        #expect(refusal(laughs)?.hasPrefix("ride.gpx, line 2: declares a document type (<!DOCTYPE>)") == true)
        let external = #"<gpx><trk><name>&xxe;</name><trkseg><trkpt lat="1" lon="1"/></trkseg></trk></gpx>"#
        #expect(refusal(external) == "ride.gpx, line 1: not well-formed XML: &xxe; is an entity no track file declares")
    }

    @Test func positionsOffTheGlobeAreRefusedWithThePoint() {
        let huge = """
            <gpx><trk><trkseg>
            <trkpt lat="1" lon="1"/>
            <trkpt lat="1e308" lon="1"/>
            </trkseg></trk></gpx>
            """
        #expect(refusal(huge) == "ride.gpx, line 3: point 2 has latitude 1e+308, which is not on Earth")
        #expect(refusal(#"<gpx><wpt lat="1" lon="1e400"/></gpx>"#) == "ride.gpx, line 1: point 1 has longitude inf, which is not on Earth")
        #expect(refusal(#"<gpx><wpt lat="nan" lon="1"/></gpx>"#) == "ride.gpx, line 1: point 1 has latitude nan, which is not on Earth")
        #expect(refusal(#"<gpx><wpt lon="1"/></gpx>"#) == "ride.gpx, line 1: point 1 has no latitude and longitude")
        let geojson = #"{"type": "LineString", "coordinates": [[1, 2], [200, 2]]}"#
        #expect(refusal(geojson, fileName: "a.geojson") == "a.geojson: position 2 has longitude 200.0, which is not on Earth")
    }

    @Test func aMillionPointsAreRefusedAtTheLimit() {
        let point = #"<trkpt lat="1" lon="1"/>"#
        var text = "<gpx><trk><trkseg>"
        text.reserveCapacity(point.utf8.count * (TrackFile.maximumPoints + 1) + 40)
        for _ in 0...TrackFile.maximumPoints { text += point }
        text += "</trkseg></trk></gpx>"
        #expect(refusal(text) == "ride.gpx, line 1: holds more than 500,000 points; split it into several files")
    }

    @Test func brokenXMLSaysWhereAndWhy() {
        let cases: [(String, String)] = [
            ("<gpx>\n<trk>\n</gpx>", "ride.gpx, line 3: not well-formed XML: </gpx> closes <trk>"),
            ("<gpx><trk>", "ride.gpx, line 1: not well-formed XML: the document ends inside <trk>"),
            ("<gpx a='1' a='2'/>", "ride.gpx, line 1: not well-formed XML: <gpx> has two a attributes"),
            ("<gpx/><gpx/>", "ride.gpx, line 1: not well-formed XML: a second root element"),
            ("<gpx lat=1/>", "ride.gpx, line 1: not well-formed XML: an attribute's value is not quoted"),
            ("<gpx><!-- never closed", "ride.gpx, line 1: not well-formed XML: a comment is not closed"),
            ("<gpx>&#0;</gpx>", "ride.gpx, line 1: not well-formed XML: &#0; is not a character"),
            ("<html><body/></html>", "ride.gpx, line 1: is <html>, neither GPX nor KML"),
            ("<gpx></gpx>", "ride.gpx: holds no track, route or point"),
            ("hello", "ride.gpx: is not a GPX, KML or GeoJSON file"),
            (
                "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><gpx/>",
                "ride.gpx, line 1: says it is in another encoding than UTF-8 (ISO-8859-1); save it as UTF-8"
            ),
            (
                "<gpx><wpt lat=\"1\" lon=\"1\"><time>soon</time></wpt></gpx>",
                "ride.gpx, line 1: point 1 has the time \"soon\", which is not a date and time"
            ),
        ]
        for (text, expected) in cases {
            #expect(refusal(text) == expected, "\(text)")
        }
        #expect(refusal(Data([0xFF, 0xFE, 0x3C, 0x00])) == "ride.gpx: is UTF-16 text; save it as UTF-8")
        #expect(refusal(Data([0x3C, 0x67, 0xC3, 0x28])) == "ride.gpx: is not UTF-8 text")
        let deep = String(repeating: "<a>", count: 200) + String(repeating: "</a>", count: 200)
        #expect(refusal("<gpx>\(deep)</gpx>") == "ride.gpx, line 1: not well-formed XML: elements nested more than 100 deep")
    }

    @Test func kmlAndGeoJSONThatDoNotAddUpAreRefused() {
        let kml = """
            <kml><Placemark><gx:Track><when>2024-10-20T10:00:00Z</when><when>2024-10-20T10:01:00Z</when>
            <gx:coord>11 43 0</gx:coord></gx:Track></Placemark></kml>
            """
        #expect(refusal(kml, fileName: "a.kml") == "a.kml, line 2: a gx:Track has 2 times for 1 positions")
        let times =
            #"""
            {"type": "Feature", "properties": {"name": "Loop", "coordTimes": ["2024-07-01T17:00:00Z"]}, "geometry": {"type": \#
            "LineString", "coordinates": [[1, 2], [1, 3]]}}
            """#
        #expect(refusal(times, fileName: "a.geojson") == "a.geojson: “Loop” has 1 times for 2 positions")
        #expect(refusal(#"{"type": "FeatureCollection"}"#, fileName: "a.geojson")?.hasPrefix("a.geojson: is not valid GeoJSON: ") == true)
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(
            refusal(#"{"type": "LineString", "coordinates": \#(deep)}"#, fileName: "a.geojson")?.hasPrefix(
                "a.geojson, line 1: is not valid GeoJSON") == true)
    }

    @Test func aLongOrControlFilledNameIsCleanedAndCut() throws {
        let name = "Day\u{202E} 2\n\t" + String(repeating: "x", count: 500)
        let file = try TrackFile.read(Data("<gpx><trk><name>\(name)</name><trkseg><trkpt lat=\"1\" lon=\"1\"/></trkseg></trk></gpx>".utf8))
        #expect(file.tracks[0].name.hasPrefix("Day 2 xxx"))
        #expect(file.tracks[0].name.count == TrackFile.maximumNameLength)
    }
}
