import Compression
import Foundation
import Geo
import HTTPServer
import RoadTrip
import TestSupport
import Testing
@testable import RoadTripWeb

/// `--basemap FILE`: the pack's index read and checked whole at start (a damaged file refused
/// with the reason), a tile's bytes served as they are, the open sea as 204, and no address
/// outside the pack's zooms and grid.
@Suite struct BasemapPackTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder("roadtrip-basemap")
    }

    /// A pack as scripts/make-basemap-tiles.py writes it: the tiles' (z, x, y) and bodies.
    static func pack(_ tiles: [(z: UInt8, x: UInt32, y: UInt32, body: [UInt8])], offsetShift: Int = 0, magic: String = "RTBASEMAP2")
        -> [UInt8]
    {
        var bytes = Array(magic.utf8) + le(UInt32(tiles.count))
        var offset = UInt64(bytes.count + tiles.count * 24)
        for tile in tiles {
            bytes += [tile.z, 0, 0, 0] + le(tile.x) + le(tile.y) + le(UInt64(Int(offset) + offsetShift)) + le(UInt32(tile.body.count))
            offset += UInt64(tile.body.count)
        }
        for tile in tiles { bytes += tile.body }
        return bytes
    }

    static func le<T: FixedWidthInteger>(_ value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian, Array.init)
    }

    func write(_ bytes: [UInt8]) throws -> URL {
        let file = URL(fileURLWithPath: folder.file("basemap-\(UUID().uuidString).pack"))
        try Data(bytes).write(to: file)
        return file
    }

    @Test func theTilesOfThePackAreServedAndTheSeaIsNoContent() throws {
        let manhattan: [UInt8] = [0x1F, 0x8B, 1, 2, 3]
        let pack = try BasemapPack(file: try write(Self.pack([(0, 0, 0, [9, 9]), (8, 75, 96, manhattan)])))
        let web = try WebFixture(basemap: pack)
        let visitor = web.visitor()  // no session: the tiles are public, as the stylesheets are

        // MUT
        let tile = visitor.get(Route.basemapTile(BasemapTile(z: 8, x: 75, y: 96)!, version: pack.version).path)
        let sea = visitor.get("/map/basemap/8-0-0")
        let deeper = visitor.get("/map/basemap/9-150-192")
        let outside = visitor.get("/map/basemap/2-4-0")
        let padded = visitor.get("/map/basemap/08-75-96")

        // validate
        #expect(pack.tileCount == 2)
        #expect(tile.status == .ok && tile.bodyBytes == manhattan)
        #expect(tile.headers["Content-Type"] == "application/octet-stream")
        #expect(tile.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(sea.status == .noContent && sea.bodyBytes.isEmpty)
        #expect([deeper.status, outside.status, padded.status] == [.notFound, .notFound, .notFound])
    }

    @Test func withoutAPackThereAreNoTilesAndTheMapsSayNone() throws {
        let web = try WebFixture()
        let visitor = try web.signedIn()

        #expect(visitor.get("/map/basemap/0-0-0").status == .notFound)
        #expect(!visitor.get(Route.photoMap.path).bodyText.contains("data-basemap-tiles"))
        let with = try WebFixture(basemap: try BasemapPack(file: try write(Self.pack([(0, 0, 0, [1])]))))
        #expect(try with.signedIn().get(Route.photoMap.path).bodyText.contains("data-basemap-tiles=\"/map/basemap/{tile}?v="))
    }

    @Test(arguments: [
        (pack([(0, 0, 0, [1])], magic: "RTBASEMAP3"), "is not a basemap pack"),
        (pack([(0, 0, 0, [1])], magic: "ROADTRIP!!"), "is not a basemap pack"),
        (pack([(0, 0, 0, [1])], magic: "RTBASEMAP1"), "was made by an older RoadTrip"),
        (Array(pack([(0, 0, 0, [1])]).prefix(20)), "its index does not fit the file"),
        (pack([(0, 0, 0, [1])], offsetShift: 5), "tile 1 of 1 is out of place"),
        (pack([(0, 0, 0, [1]), (3, 8, 0, [1])]), "tile 2 of 2 is out of place"),
        (pack([(9, 0, 0, [1])]), "tile 1 of 1 is out of place"),
        (pack([(1, 1, 1, [1]), (1, 1, 1, [2])]), "tile 2 of 2 is out of place"),
        (pack([(0, 0, 0, [])]), "tile 1 of 1 is out of place"),
    ])
    func aDamagedPackIsRefusedAtStartWithTheReason(bytes: [UInt8], reason: String) throws {
        let file = try write(bytes)
        #expect {
            try BasemapPack(file: file)
        } throws: { error in
            "\(error)" == "--basemap \(file.path): \(reason); make it again with scripts/make-basemap-tiles.py (make basemap)"
        }
    }
}

extension BasemapPackTests {
    /// A tile's layers as the script writes them: each part's points, zigzag LEB128 steps.
    static func tile(land: [[(Int, Int)]]) -> [UInt8] {
        func varint(_ value: Int) -> [UInt8] {
            var zigzag = UInt32(bitPattern: Int32((value << 1) ^ (value >> 63)))
            var bytes: [UInt8] = []
            repeat {
                bytes.append(UInt8(zigzag & 0x7F) | (zigzag > 0x7F ? 0x80 : 0))
                zigzag >>= 7
            } while zigzag > 0
            return bytes
        }
        var bytes = Array("RTB2".utf8) + le(UInt32(land.count))
        for ring in land {
            bytes += le(UInt32(ring.count))
            var last = (0, 0)
            for point in ring {
                bytes += varint(point.0 - last.0) + varint(point.1 - last.1)
                last = point
            }
        }
        return bytes + le(UInt32(0)) + le(UInt32(0)) + le(UInt32(0))  // no rivers, borders or places
    }

    @Test func aPrintedMapsLandIsTheTilesRingsOverItsBoxAndADamagedTileGivesNone() throws {
        // setup: zoom 1's north-west tile (the zoom a map of most of the world is drawn at), a
        // square of land in its middle; a tile cut short
        let square = [(4096, 4096), (12288, 4096), (12288, 12288), (4096, 12288)]
        let body = Self.tile(land: [square])
        let gzip = ContentCoding.gzip.encode(body)
        let pack = try BasemapPack(file: try write(Self.pack([(1, 0, 0, gzip)])))

        // MUT
        let rings = pack.land(south: -80, west: -170, north: 80, east: 170)
        let cut = BasemapPack.landRings(Array(body.prefix(body.count - 16)), z: 0, x: 0, y: 0)
        let none = BasemapPack.landRings(Array("NOPE".utf8) + body, z: 0, x: 0, y: 0)

        // validate: an eighth of the world's width and height from its north-west corner
        #expect(rings.count == 1 && rings.first?.count == 4)
        let corner = try #require(rings.first?.first)
        #expect(abs(corner.longitude + 135) < 0.001 && abs(corner.latitude - 79.17) < 0.01, "\(corner)")
        #expect(cut.count <= 1 && (cut.first?.count ?? 0) < 4, "what a cut tile holds before its end, and no trap")
        #expect(none.isEmpty)
    }
}

extension BasemapPackTests {
    @Test func aDeviceKeepsTheTilesOverItsPlacesAtEveryZoomThatFitsAndEachPlacesOwnDeepestTile() throws {
        let manhattan = try #require(Coordinate(latitude: 40.758, longitude: -73.9855))
        let lisbon = try #require(Coordinate(latitude: 38.7223, longitude: -9.1393))
        let tokyo = try #require(Coordinate(latitude: 35.6762, longitude: 139.6503))

        // MUT
        let city = BasemapPack.tilesToKeep(over: [manhattan])
        let world = BasemapPack.tilesToKeep(over: [lisbon, tokyo])

        // validate: a city's box and a tile around it at every zoom, Manhattan's tile in the middle of zoom 8's
        let byZoom = Dictionary(grouping: city, by: \.z)
        #expect(Set(byZoom.keys) == Set(0...BasemapPack.maxZoom) && byZoom[0]?.count == 1)
        #expect(Set(byZoom[8] ?? []) == Set((74...76).flatMap { x in (95...97).compactMap { y in BasemapTile(z: 8, x: x, y: y) } }))
        #expect(city.count == Set(city).count, "each tile once")
        // Lisbon to Tokyo: the zooms whose box fits in 64 tiles, then only each city's own deepest tile
        let zooms = Dictionary(grouping: world, by: \.z).mapValues(\.count)
        #expect(zooms.values.allSatisfy { $0 <= BasemapPack.keptPerZoom }, "\(zooms)")
        #expect(zooms[8] == 2 && zooms[7] == nil && zooms[2] != nil, "\(zooms)")
        #expect(BasemapPack.tilesToKeep(over: []).isEmpty)
    }

    @Test func aVacationAcrossTheAntimeridianKeepsTheTilesOnBothSidesOfIt() throws {
        let suva = try #require(Coordinate(latitude: -18.1416, longitude: 178.4419))  // Fiji
        let apia = try #require(Coordinate(latitude: -13.8333, longitude: -171.7667))  // Samoa

        // MUT
        let tiles = BasemapPack.tilesToKeep(over: [suva, apia])

        // validate: the 10 degrees between them, not the 350 round the other way; zoom 7's box
        // holds the world's last column and its first
        let sevens = Set(tiles.filter { $0.z == 7 }.map(\.x))
        #expect(sevens.contains(127) && sevens.contains(0) && !sevens.contains(64), "\(sevens.sorted())")
        let span = BasemapPack.narrowestSpan([0.9957, 0.0229])
        #expect(abs(span.west - 0.9957) < 1e-9 && abs(span.east - 1.0229) < 1e-9)
        #expect(BasemapPack.narrowestSpan([0.2, 0.4, 0.3]) == (0.2, 0.4))
    }
}
