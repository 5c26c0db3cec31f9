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
                try db.execute(
                    """
                    INSERT INTO photos (id, sha256, format, byte_count, width, height, title, sorted_at, latitude, longitude, imported_at)
                    VALUES (\(id), \(String(format: "%064d", id)), 'jpeg', 1, 1, 1, 'map', '2024-05-01T10:00:00', \(position.0), \
                    \(position.1), 0)
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
        let clusters: [[Double?]]
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
        #expect(map.clusters.map { Int($0[2] ?? 0) }.reduce(0, +) == placed)
        #expect(map.clusters.allSatisfy { $0.count == 6 })
        // Each cluster names a photo of its own to draw it by, a placed one.
        let pictures = map.clusters.compactMap { $0[5].map(Int64.init) }
        #expect(pictures.count == map.clusters.count)
        let placedIDs: [Int64] = try web.library.database.fetchAll("SELECT id FROM photos WHERE latitude IS NOT NULL") { try $0["id"] }
        #expect(Set(pictures).isSubset(of: placedIDs))
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
        (
            "bbox=10,0,5,1&zoom=3",
            "That is not a box on the map: bbox=west,south,east,north in degrees and zoom=0…20, south below north, west before east."
        ),
        (
            "bbox=0,10,1,5&zoom=3",
            "That is not a box on the map: bbox=west,south,east,north in degrees and zoom=0…20, south below north, west before east."
        ),
        ("bbox=0,0,1,1&zoom=21", "The map needs bbox=west,south,east,north in degrees and zoom=0…20."),
        ("bbox=0,0,1,1", "The map needs bbox=west,south,east,north in degrees and zoom=0…20."),
        (
            "bbox=nan,0,1,1&zoom=2",
            "That is not a box on the map: bbox=west,south,east,north in degrees and zoom=0…20, south below north, west before east."
        ),
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

    @Test func theMapPageDrawsTheWorldWithAClusterLinkAndARowForEachCluster() throws {
        // setup: 2,100 photos in Tokyo, too many to show one by one
        _ = try place(Self.grid(around: 35.68, 139.76) + Self.grid(around: 35.70, 139.80).prefix(900))

        // MUT
        let page = ann.get(Route.photoMap.path)

        // validate
        #expect(page.status == .ok)
        let html = page.bodyText
        #expect(html.contains("data-script=\"photo-map\""))
        #expect(
            Markup.tags("image", in: html).compactMap { Markup.attribute("href", of: $0) }.allSatisfy { $0.hasPrefix("/static/map-world.") }
        )
        let clusterLinks = Markup.tags("a", in: html).filter { Markup.attribute("class", of: $0) == "map-cluster" }
        #expect(clusterLinks.count == 1)
        let cell = try #require(clusterLinks.first.flatMap { Markup.attribute("href", of: $0) })
        #expect(cell.hasPrefix("/map/cells/3-"))
        #expect(
            Markup.texts(ofClass: "row-title", element: "span", in: html) == ["Tracks", "2100 photos"],
            "the list beside the map: Tracks, then a row a cluster")
        #expect(
            Markup.tags("a", in: html).contains {
                Markup.attribute("href", of: $0) == "/map" && Markup.attribute("aria-current", of: $0) != nil
            },
            "the Map tab is the current one")
    }

    @Test func aClusterOpensAsAGridOfItsPhotosNewestFirst() throws {
        // setup
        let ids = try place([(48.8584, 2.2945), (48.8606, 2.3376), (35.68, 139.76)])
        let level = 12
        let size = 360.0 / Double(1 << level)
        let x = Int64(((2.3 + 180) / size).rounded(.down)), y = Int64(((48.86 + 90) / size).rounded(.down))

        // MUT
        let grid = ann.get(Route.photoMapCell(level: level, x: x, y: y).path)
        let empty = ann.get(Route.photoMapCell(level: level, x: x + 100, y: y).path)

        // validate
        #expect(grid.status == .ok)
        let cells = Markup.tags("a", in: grid.bodyText).filter { Markup.attribute("class", of: $0) == "photo-cell" }
        #expect(
            Set(cells.compactMap { Markup.attribute("href", of: $0) }) == [
                Route.photo(id: ids[0], inRecents: false).path, Route.photo(id: ids[1], inRecents: false).path,
            ])
        #expect(empty.status == .notFound)
    }

    @Test(arguments: [
        "/map/cells/17-0-0", "/map/cells/4-16-0", "/map/cells/4-0-8", "/map/cells/4-01-0", "/map/cells/4--1-0", "/map/cells/4-0",
        "/map/cells/x-0-0",
    ])
    func aCellThatIsNotOnTheGridIsNotFound(path: String) {
        #expect(ann.get(path).status == .notFound)
    }
}

@Test(arguments: [
    (48.8584, "48.85840"), (-0.000004, "0.00000"), (-0.00001, "-0.00001"), (-159.519654, "-159.51965"), (179.999996, "180.00000"),
    (0, "0.00000"),
])
func degreesAreWrittenWithFiveDecimals(value: Double, text: String) {
    #expect(PhotoMapController.degrees(value) == text)
}
