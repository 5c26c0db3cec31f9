import Foundation
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
    static func pack(_ tiles: [(z: UInt8, x: UInt32, y: UInt32, body: [UInt8])], offsetShift: Int = 0, magic: String = "RTBASEMAP1") -> [UInt8] {
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
        (pack([(0, 0, 0, [1])], magic: "RTBASEMAP2"), "is not a basemap pack"),
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
