import Foundation
import RoadTrip

extension FuzzTarget {
    /// Track files: GPX, KML and GeoJSON through `TrackFile.read` (the format is the content's).
    /// Whatever is read must be what the library can store: every point on the globe, within the
    /// file's limits, and its points' encoding reads back as they were. An input in three parts
    /// parted by NUL bytes is a file far past the point limit (`TrackInput.pastTheLimit`).
    static let tracks = FuzzTarget(name: "tracks", seeds: TrackInput.seeds) { bytes in
        guard let file = try? TrackFile.read(bytes: TrackInput.pastTheLimit(bytes) ?? bytes) else { return }
        let points = file.tracks.flatMap { $0.segments.flatMap { $0 } } + file.waypoints.map(\.point)
        precondition(points.count <= TrackFile.maximumPoints, "more points than the limit")
        precondition(file.tracks.count <= TrackFile.maximumTracks, "more tracks than the limit")
        for point in points {
            precondition((-90...90).contains(point.latitude) && (-180...180).contains(point.longitude), "a point off the globe")
        }
        for track in file.tracks {
            precondition(track.name.count <= TrackFile.maximumNameLength, "a name past the limit")
            precondition(track.distance.isFinite, "a distance that is not a number")
            precondition(TrackFile.roundTrips(track.segments), "points that do not read back")
        }
    }
}

enum TrackInput {
    /// `head NUL unit NUL tail` as the file `head`, `unit` repeated, `tail`: repeated 500,001
    /// times, or as many as fit in 16 MB, so that one position a unit passes the limit. No track
    /// file holds a NUL (XML and JSON both refuse it), so no other input is taken for one; and
    /// libFuzzer's own inputs, 4 KB at most by default, never come near the limit.
    static func pastTheLimit(_ bytes: [UInt8]) -> [UInt8]? {
        let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[1].isEmpty, !parts[2].contains(0) else { return nil }
        let count = min(TrackFile.maximumPoints + 1, (16 << 20) / parts[1].count)
        var file = Array(parts[0])
        file.reserveCapacity(parts[0].count + parts[1].count * count + parts[2].count)
        for _ in 0..<count { file += parts[1] }
        file += parts[2]
        return file
    }

    static func seeds() -> [FuzzTarget.Seed] {
        let gpx = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
            <wpt lat="43.5" lon="11.25"><time>2024-10-19T08:15:00Z</time><name>Castellina &amp; co</name></wpt>
            <trk><name>Day 2 &#x2013; Chianti</name><trkseg>
            <trkpt lat="43.5" lon="11.25"><ele>420</ele><time>2024-10-19T08:00:00Z</time></trkpt>
            <trkpt lat="43.501" lon="11.25"><time>2024-10-19T08:01:00.000Z</time><extensions><x:s xmlns:x="u">1</x:s></extensions></trkpt>
            </trkseg><trkseg><trkpt lat="-43.6" lon="-179.9"><time>2024-10-19T09:00:00+02:00</time></trkpt></trkseg></trk>
            <rte><name>Plan</name><rtept lat="51.5" lon="-0.12"/><rtept lat="51.6" lon="-0.13"/></rte>
            </gpx>
            """
        let kml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Document><name>D</name>
            <Placemark><name>Ride</name><gx:Track><when>2024-10-20T10:00:00+02:00</when><when>2024-10-20T10:03:00+02:00</when>
            <gx:coord>11.3 43.4 300</gx:coord><gx:coord>11.301 43.398 300</gx:coord></gx:Track></Placemark>
            <Placemark><name>Bus</name><TimeSpan><begin>2024-10-21T14:00:00Z</begin><end>2024-10-21</end></TimeSpan>
            <LineString><coordinates>11.33,43.32,0 11.3114,43.4324,0
            11.2558, 43.7696</coordinates></LineString></Placemark>
            <Placemark><name>Hotel</name><TimeStamp><when>2024-10-21T16:00:00Z</when></TimeStamp><Point><coordinates>11.253,\
            43.772</coordinates></Point></Placemark>
            <!-- a comment --><![CDATA[x]]></Document></kml>
            """
        let geojson = """
            {"type": "FeatureCollection", "features": [
             {"type": "Feature", "properties": {"name": "Lake loop", "coordTimes": ["2024-07-01T17:00:00Z", "2024-07-01T17:10:00Z"]},
              "geometry": {"type": "LineString", "coordinates": [[8.54, 47.36, 410], [8.55, 47.36, 411]]}},
             {"type": "Feature", "properties": {"name": "Two legs", "times": [[1719910800000, 1719911100000], [1719918000000]]},
              "geometry": {"type": "MultiLineString", "coordinates": [[[8.0, 47.0], [8.0, 47.01]], [[8.0, 47.02]]]}},
             {"type": "Feature", "properties": {"name": "Viewpoint", "time": "2024-07-01T17:05:00Z"},
              "geometry": {"type": "Point", "coordinates": [8.565, 47.365]}}]}
            """
        return [.init("gpx", gpx), .init("kml", kml), .init("geojson", geojson)] + streamingSeeds()
    }

    /// GeoJSON as the streaming reader must take it (members in any order, every geometry,
    /// escapes), and templates of files past the limit (`pastTheLimit`) in GeoJSON and KML.
    private static func streamingSeeds() -> [FuzzTarget.Seed] {
        let sortedKeys = #"""
            {"features": [{"geometry": {"coordinates": [[[8.0, 47.0], [8.0, 47.01]], [[8.0, 47.02]]], "type": "MultiLineString"},
              "properties": {"name": "Two legs", "times": [[1719910800000, 1719911100000], [1719918000000]]}, "type": "Feature"},
             {"geometry": {"coordinates": [8.565, 47.365], "type": "Point"},
              "properties": {"name": "Caf\u00e9 \ud83d\ude00\n", "time": "2024-07-01T17:05:00Z"}, "type": "Feature"}],
             "type": "FeatureCollection"}
            """#
        let geometries = """
            {"type": "GeometryCollection", "geometries": [{"type": "MultiPoint", "coordinates": [[1, 2], [3.5e0, -4]]},
             {"type": "Polygon", "coordinates": [[[0, 0], [1, 0], [0, 0]]]},
             {"type": "GeometryCollection", "geometries": [{"type": "LineString", "coordinates": [[-179.9, -89.9, 1], [179.9, 89.9]]}]}]}
            """
        // Units as short as positions come: every repeated byte costs microseconds under the sanitizers.
        let line =
            #"{"type": "Feature", "properties": {"name": "Far", "coordTimes": []}, "geometry": {"type": "LineString", "#
            + #""coordinates": [[0, 0]\#u{0},[1,2]\#u{0}]}}"#
        let times =
            #"{"type": "Feature", "properties": {"times": [0\#u{0},1\#u{0}]}, "#
            + #""geometry": {"type": "Point", "coordinates": [1, 2]}}"#
        let kml = "<kml><Placemark><name>Far</name><LineString><coordinates>0,0\u{0} 1,2\u{0}</coordinates></LineString></Placemark></kml>"
        return [
            .init("geojson-sorted-keys", sortedKeys), .init("geojson-geometries", geometries),
            .init("geojson-past-limit", line), .init("geojson-times-past-limit", times),
            .init("kml-past-limit", kml),
        ]
    }
}
