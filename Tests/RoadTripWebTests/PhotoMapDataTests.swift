import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// `/map/photos`: what the map's script reads, for the signed-in only.
@Suite struct PhotoMapDataTests {
    let web: WebFixture
    let ann: Visitor

    init() throws {
        web = try WebFixture()
        ann = try web.signedIn()
    }

    /// Photo rows at `positions`, written straight into the table.
    private func place(_ positions: [(Double, Double)]) throws -> [Int64] {
        try web.library.database.write { db in
            try positions.enumerated().map { index, position in
                let id = Int64(700_000_000 + index)
                try db.execute("""
                    INSERT INTO photos (id, sha256, format, byte_count, width, height, title, sorted_at, latitude, longitude, imported_at)
                    VALUES (\(id), \(String(format: "%064d", id)), 'jpeg', 1, 1, 1, 'map', '2024-05-01T10:00:00', \(position.0), \(position.1), 0)
                    """)
                return id
            }
        }
    }

    /// 1,200 positions a metre or so apart, 30 by 40, from a corner.
    private static func grid(around latitude: Double, _ longitude: Double) -> [(Double, Double)] {
        var positions: [(Double, Double)] = []
        for index in 0..<1200 {
            let row = Double(index % 30)
            let column = Double(index / 30)
            positions.append((latitude + row / 1000, longitude + column / 1000))
        }
        return positions
    }

    private struct Answer: Decodable {
        let level: Int
        let clusters: [[Double]]
        let photos: [[Double]]
    }

    private func answer(_ response: Response) throws -> Answer {
        try JSONDecoder().decode(Answer.self, from: Data(response.bodyBytes))
    }

    @Test func aViewOfTheWorldGetsClustersThatAddUpToThePhotosPlaced() throws {
        // setup: the demo's placed photos, and 2,400 more in Paris and Tokyo
        _ = try place(Self.grid(around: 48.85, 2.35) + Self.grid(around: 35.68, 139.76))
        try web.library.loadDemoPhotosOnFirstStart()

        // MUT
        let response = ann.get(Route.photoMapData(bbox: "-180,-90,180,90", zoom: "1").path)

        // validate
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/json")
        let map = try answer(response)
        #expect(map.photos.isEmpty)
        let placed: Int = try web.library.database.fetchValue("SELECT count(*) FROM photos WHERE latitude IS NOT NULL") ?? 0
        #expect(placed > 2400, "the demo's placed photos too")
        #expect(map.clusters.map { Int($0[2]) }.reduce(0, +) == placed)
        #expect(map.clusters.allSatisfy { $0.count == 5 })
    }

    @Test func aViewOfFewPhotosGetsThePhotosThemselves() throws {
        let ids = try place([(48.8584, 2.2945), (48.8606, 2.3376), (51.5, -0.12)])

        let map = try answer(ann.get(Route.photoMapData(bbox: "2.2,48.8,2.4,48.9", zoom: "13").path))

        #expect(map.clusters.isEmpty)
        #expect(map.photos.map { Int64($0[0]) } == [ids[0], ids[1]])
        #expect(map.photos[0][1] == 48.8584 && map.photos[0][2] == 2.2945)
    }

    @Test(arguments: [
        ("bbox=1,2,3&zoom=3", "The map needs bbox=west,south,east,north in degrees and zoom=0…20."),
        ("bbox=a,b,c,d&zoom=3", "The map needs bbox=west,south,east,north in degrees and zoom=0…20."),
        ("zoom=3", "The map needs bbox=west,south,east,north in degrees and zoom=0…20."),
        ("bbox=10,0,5,1&zoom=3", "That is not a box on the map: bbox=west,south,east,north in degrees and zoom=0…20, south below north, west before east."),
        ("bbox=0,10,1,5&zoom=3", "That is not a box on the map: bbox=west,south,east,north in degrees and zoom=0…20, south below north, west before east."),
        ("bbox=0,0,1,1&zoom=21", "The map needs bbox=west,south,east,north in degrees and zoom=0…20."),
        ("bbox=0,0,1,1", "The map needs bbox=west,south,east,north in degrees and zoom=0…20."),
        ("bbox=nan,0,1,1&zoom=2", "That is not a box on the map: bbox=west,south,east,north in degrees and zoom=0…20, south below north, west before east."),
    ])
    func aViewNoMapCouldAskForIsABadRequestThatSaysWhy(query: String, message: String) throws {
        let response = ann.get("/map/photos?\(query)")

        #expect(response.status == .badRequest)
        #expect(response.bodyText.contains(message))
    }

    @Test func positionsAreForTheSignedInOnly() throws {
        _ = try place([(48.8584, 2.2945)])

        let response = web.visitor().get(Route.photoMapData(bbox: "-180,-90,180,90", zoom: "2").path)

        #expect(response.status == .seeOther)
        #expect(!response.bodyText.contains("48.85"))
    }
}
