import Foundation
import Geo
import HTTPServer
import RoadTrip

/// The photo map's data: what a view of the map shows, for the signed-in.
package struct PhotoMapController: Controller {
    let app: App
    let context: RequestContext

    /// The zooms a map asks for: Leaflet's 0 (the world in 256 pixels) to 20 (a street).
    static let zooms = 0...20

    /// `{"level":L,"clusters":[[latitude,longitude,count,x,y,photo],…],"photos":[[id,latitude,longitude],…],
    /// "tracks":[[id,"name",[[latitude,longitude,latitude,longitude,…],…]],…]}`: the tracks in view simplified to about a pixel;
    /// at most `PhotoStore.mapPointLimit` photos, and clusters for a bounded number of cells, each
    /// with one of its photos to draw it by (null past `PhotoStore.mapClusterPictureLimit` clusters).
    func data(bbox: String?, zoom: String?) throws -> Response {
        let (box, zoom) = try Self.view(bbox: bbox, zoom: zoom)
        let map = try app.library.photos.map(of: box, zoom: zoom)
        var json = "{\"level\":\(map.level),\"clusters\":["
        json += map.clusters.map {
            """
            [\(Self.degrees($0.latitude)),\(Self.degrees($0.longitude)),\($0.count),\($0.x),\($0.y),\
            \($0.photoID.map(String.init) ?? "null")]
            """
        }
        .joined(separator: ",")
        json += "],\"photos\":["
        json += map.points.map { "[\($0.photoID),\(Self.degrees($0.latitude)),\(Self.degrees($0.longitude))]" }.joined(separator: ",")
        json += "],\"tracks\":["
        json += try app.library.tracks.outlines(in: box, zoom: zoom).map(Self.trackJSON).joined(separator: ",")
        json += "]}"
        var response = Response(body: .bytes(Array(json.utf8)))
        response.headers["Content-Type"] = "application/json"
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    /// `[id,"name",[[latitude,longitude,…],…]]`: a track's line as the map draws it.
    static func trackJSON(_ track: TrackOutlineView) -> String {
        let name = (try? JSONEncoder().encode(track.name)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        let segments: [String] = track.segments.map { segment in
            "[" + segment.map { point in degrees(point.latitude) + "," + degrees(point.longitude) }.joined(separator: ",") + "]"
        }
        return "[\(track.id),\(name),[" + segments.joined(separator: ",") + "]]"
    }

    /// The box and zoom a request names; a 400 saying what is wrong otherwise.
    package static func view(bbox: String?, zoom: String?) throws -> (MapBox, Int) {
        let usage = "bbox=west,south,east,north in degrees and zoom=0…20"
        let numbers = (bbox ?? "").split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
        guard numbers.count == 4, let west = numbers[0], let south = numbers[1], let east = numbers[2], let north = numbers[3] else {
            throw HTTPError(status: .badRequest, message: "The map needs \(usage).")
        }
        guard let box = MapBox(south: south, west: west, north: north, east: east) else {
            throw HTTPError(status: .badRequest, message: "That is not a box on the map: \(usage), south below north, west before east.")
        }
        guard let zoom = zoom.flatMap({ Int($0) }), zooms.contains(zoom) else {
            throw HTTPError(status: .badRequest, message: "The map needs \(usage).")
        }
        return (box, zoom)
    }

    /// Five decimals (about a metre): enough for a map, and short. Written by hand: a view
    /// may hold 2,000 photos, and String(format:) was a tenth of answering one.
    /// The map only holds possible positions; one that is not anyway is JSON's null, never a trap.
    static func degrees(_ value: Double) -> String {
        guard let scaled = Int64(exactly: (abs(value) * 100_000).rounded()) else { return "null" }
        let fraction = String(scaled % 100_000)
        return (value < 0 && scaled != 0 ? "-" : "") + String(scaled / 100_000) + "." + String(repeating: "0", count: 5 - fraction.count)
            + fraction
    }
}
