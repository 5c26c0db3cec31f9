import Foundation
import SQLDatabase
import Testing
@testable import RoadTrip

/// The photo map: clusters counted on the grid, the photos themselves where a view holds few,
/// on both engines.
@Suite struct PhotoMapTests {
    static let world = MapBox(south: -90, west: -180, north: 90, east: 180)!

    /// Photo rows at `positions` (latitude, longitude), written straight into the table: the map
    /// reads rows, not image files. Ids from `firstID`.
    static func place(_ positions: [(Double, Double)], in fixture: PhotosFixture, firstID: Int64 = 800_000_000) throws -> [Int64] {
        try fixture.photos.database.write { db in
            try positions.enumerated().map { index, position in
                let id = firstID + Int64(index)
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

    /// `count` positions spread over a small square around a point.
    static func crowd(_ count: Int, around latitude: Double, _ longitude: Double, spread: Double = 0.01) -> [(Double, Double)] {
        (0..<count).map { index in
            (latitude + spread * Double(index % 37) / 37, longitude + spread * Double(index % 41) / 41)
        }
    }

    @Test(arguments: DatabaseEngine.allCases) func theWorldViewCountsEveryPlacedPhotoInClusters(engine: DatabaseEngine) throws {
        // setup: 2,500 photos in Paris, 10 in Sydney, 1 in Anchorage; more than a view shows as photos
        let fixture = try PhotosFixture(engine: engine)
        let ids = try Self.place(
            Self.crowd(2500, around: 48.85, 2.35) + Self.crowd(10, around: -33.87, 151.21) + [(61.22, -149.9)], in: fixture)

        // MUT
        let map = try fixture.photos.map(of: Self.world, zoom: 1)

        // validate
        #expect(map.points.isEmpty)
        #expect(map.photoCount == 2511)
        #expect(map.clusters.map(\.count).sorted() == [1, 10, 2500])
        let paris = try #require(map.clusters.first { $0.count == 2500 })
        #expect(abs(paris.latitude - 48.855) < 0.01 && abs(paris.longitude - 2.355) < 0.01, "drawn at the photos' mean")
        #expect(map.level == 3)
        // Each cluster drawn by a photo of its own.
        let pictured = Dictionary(uniqueKeysWithValues: map.clusters.map { ($0.count, $0.photoID) })
        #expect(pictured[2500].flatMap { $0 }.map(ids[0..<2500].contains) == true)
        #expect(pictured[10].flatMap { $0 }.map(ids[2500..<2510].contains) == true)
        #expect(pictured[1] == ids[2510])
    }

    @Test(arguments: DatabaseEngine.allCases) func zoomingInSplitsAClusterAndAViewOfFewPhotosGetsThePhotos(engine: DatabaseEngine) throws {
        // setup: two groups 30 km apart, 1,500 photos each
        let fixture = try PhotosFixture(engine: engine)
        let ids = try Self.place(Self.crowd(1500, around: 48.85, 2.35) + Self.crowd(1500, around: 48.85, 2.75), in: fixture)
        let region = MapBox(south: 48, west: 1.5, north: 49.5, east: 3.5)!

        // MUT
        let far = try fixture.photos.map(of: Self.world, zoom: 2)
        let near = try fixture.photos.map(of: region, zoom: 9)
        let street = try fixture.photos.map(of: MapBox(south: 48.84, west: 2.34, north: 48.87, east: 2.37)!, zoom: 15)

        // validate
        #expect(far.clusters.map(\.count) == [3000], "one cluster from afar")
        #expect(near.clusters.map(\.count).sorted() == [1500, 1500], "two once near")
        #expect(street.clusters.isEmpty)
        #expect(street.points.map(\.photoID) == Array(ids[0..<1500]), "the view's photos themselves, no others")
    }

    @Test(arguments: DatabaseEngine.allCases) func aBoxAcrossTheAntimeridianSeesBothSides(engine: DatabaseEngine) throws {
        // setup: Fiji on both sides of 180°, and a photo in Greenwich far away
        let fixture = try PhotosFixture(engine: engine)
        let ids = try Self.place([(-17.8, 179.9), (-17.9, -179.9), (51.48, 0.0)], in: fixture)

        // MUT: Leaflet names a box panned across the line with east past 180
        let across = try fixture.photos.map(of: MapBox(south: -20, west: 175, north: -15, east: 185)!, zoom: 6)
        let wrapped = try fixture.photos.map(of: MapBox(south: -20, west: -185, north: -15, east: -175)!, zoom: 6)

        // validate
        #expect(across.points.map(\.photoID) == [ids[0], ids[1]])
        #expect(wrapped.points.map(\.photoID) == [ids[0], ids[1]])
    }

    @Test(arguments: DatabaseEngine.allCases) func thePolesAndTheEdgesOfTheGridHoldTheirPhotos(engine: DatabaseEngine) throws {
        let fixture = try PhotosFixture(engine: engine)
        let ids = try Self.place([(90, 180), (-90, -180), (89.99, 0), (-89.99, 0)], in: fixture)

        let map = try fixture.photos.map(of: Self.world, zoom: 0)
        let north = try fixture.photos.map(of: MapBox(south: 85, west: -180, north: 95, east: 180)!, zoom: 4)

        #expect(map.photoCount == 4)
        #expect(Set(map.points.map(\.photoID)) == Set(ids))
        #expect(Set(north.points.map(\.photoID)) == [ids[0], ids[2]], "a box past the pole is clamped to it")
    }

    @Test(arguments: DatabaseEngine.allCases) func anEmptyBoxOrLibraryHasNothing(engine: DatabaseEngine) throws {
        let fixture = try PhotosFixture(engine: engine)
        #expect(try fixture.photos.map(of: Self.world, zoom: 3) == PhotoMap(level: 5, clusters: [], points: []))

        _ = try Self.place([(48.85, 2.35)], in: fixture)
        #expect(try fixture.photos.map(of: MapBox(south: 10, west: 10, north: 11, east: 11)!, zoom: 8).photoCount == 0)
    }

    @Test(arguments: DatabaseEngine.allCases) func countsFollowPhotosThatGoAndPhotosWithoutAPositionAreNotOnTheMap(engine: DatabaseEngine)
        throws
    {
        // setup
        let fixture = try PhotosFixture(engine: engine)
        let ids = try Self.place(Self.crowd(2100, around: 40.7, -74.0), in: fixture)
        _ = try fixture.photos.database.write { db in
            try db.execute(
                """
                INSERT INTO photos (id, sha256, format, byte_count, width, height, title, sorted_at, imported_at)
                VALUES (\(1), \(String(repeating: "a", count: 64)), 'jpeg', 1, 1, 1, 'nowhere', '2024-05-01T10:00:00', 0)
                """)
        }
        #expect(try fixture.photos.map(of: Self.world, zoom: 1).clusters.map(\.count) == [2100])

        // MUT: 200 go
        try fixture.photos.database.write { try $0.execute("DELETE FROM photos WHERE id <= \(ids[199])") }

        // validate: 1,900 left, few enough to be the photos themselves
        let map = try fixture.photos.map(of: Self.world, zoom: 1)
        #expect(map.clusters.isEmpty)
        #expect(map.points.map(\.photoID) == Array(ids[200...]))
        let cells: Int = try fixture.photos.database.fetchValue("SELECT count(*) FROM photo_map_cells WHERE photo_count = 0") ?? -1
        #expect(cells == 0, "emptied cells are removed")
    }

    @Test func aBoxThatNoMapCouldAskForIsRefused() {
        #expect(MapBox(south: 10, west: 0, north: 5, east: 1) == nil)
        #expect(MapBox(south: 0, west: 5, north: 1, east: 1) == nil)
        #expect(MapBox(south: .nan, west: 0, north: 1, east: 1) == nil)
        #expect(MapBox(south: 0, west: -.infinity, north: 1, east: 1) == nil)
    }

    @Test func aViewOfTheWholeWorldAtAHighZoomReadsABoundedNumberOfCells() {
        // A client naming the world at zoom 18 would otherwise read level 16's 2³¹ cells.
        let level = PhotoStore.mapLevel(forZoom: 18)
        #expect(level == 16)
        var read = level
        while read > 2, PhotoStore.cellCount(of: Self.world, at: read) > Int64(PhotoStore.mapCellLimit * 4) { read -= 2 }
        #expect(PhotoStore.cellCount(of: Self.world, at: read) <= Int64(PhotoStore.mapCellLimit * 4))
    }

    @Test func theZOrderKeyInterleavesTheBitsAsTheDatabaseDoes() {
        #expect(PhotoMapGrid.interleave(x: 0, y: 0) == 0)
        #expect(PhotoMapGrid.interleave(x: 1, y: 0) == 1)
        #expect(PhotoMapGrid.interleave(x: 0, y: 1) == 2)
        #expect(PhotoMapGrid.interleave(x: 0xFFFF, y: 0x7FFF) == 0x7FFF_FFFF)
    }
}
