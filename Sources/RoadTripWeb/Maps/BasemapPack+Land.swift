import Compression
import Foundation
import PrintedBook
import RoadTrip

extension BasemapPack {
    /// `land` as a printed book's map asks for it.
    public var landShapes: LandShapes {
        { [self] south, west, north, east in land(south: south, west: west, north: north, east: east) }
    }

    /// The land rings of the tiles over a box (south, west, north, east in degrees), at the
    /// zoom where the box spans a few tiles: what a printed book's route map fills under its
    /// tracks. At most 64 tiles; a tile that cannot be read or decoded is left out (the sea shows).
    public func land(south: Double, west: Double, north: Double, east: Double) -> [[BookPoint]] {
        let (x0, y0) = WebMercator.project(latitude: north, longitude: west),
            (x1, y1) = WebMercator.project(latitude: south, longitude: east)
        let span = max(x1 - x0, y1 - y0, 1e-6)
        let zoom = max(0, min(Self.maxZoom, Int(log2(1 / span).rounded(.down)) + 1))
        let count = 1 << zoom
        let columns = Int((x0 * Double(count)).rounded(.down))...Int((x1 * Double(count)).rounded(.down))
        let rows = max(0, Int((y0 * Double(count)).rounded(.down)))...min(count - 1, Int((y1 * Double(count)).rounded(.down)))
        guard columns.count * rows.count <= 64 else { return [] }
        var rings: [[BookPoint]] = []
        for column in columns {
            for row in rows {
                let x = ((column % count) + count) % count
                guard let tile = BasemapTile(z: zoom, x: x, y: row), let packed = try? bytes(of: tile),
                    let bytes = ContentCoding.gzip.decode(packed, limit: 16 << 20)
                else { continue }
                rings += Self.landRings(bytes, z: zoom, x: column, y: row)
            }
        }
        return rings
    }

    /// A tile's first layer (land rings) as positions: "RTB2", then per layer a u32 count of
    /// parts, each a u32 count of points and the points, 0 to 16383 across the tile, the first
    /// then each step from the one before, as zigzag LEB128 varints. Nothing from a tile that
    /// does not read so.
    static func landRings(_ bytes: [UInt8], z: Int, x: Int, y: Int) -> [[BookPoint]] {
        guard bytes.starts(with: Array("RTB2".utf8)) else { return [] }
        var at = 4
        func uint32() -> Int? {
            guard at + 4 <= bytes.count else { return nil }
            defer { at += 4 }
            return (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) }
        }
        func varint() -> Int? {
            var value = 0, shift = 0
            while at < bytes.count, shift < 35 {
                let byte = Int(bytes[at])
                at += 1
                value |= (byte & 0x7F) << shift
                if byte & 0x80 == 0 { return (value >> 1) ^ -(value & 1) }
                shift += 7
            }
            return nil
        }
        let scale = Double(1 << z) * 16384
        guard let parts = uint32(), parts <= 1_000_000 else { return [] }
        var rings: [[BookPoint]] = []
        for _ in 0..<parts {
            guard let points = uint32(), points <= bytes.count else { return rings }
            var ring: [BookPoint] = []
            var (px, py) = (0, 0)
            for index in 0..<points {
                guard let dx = varint(), let dy = varint() else { return rings }
                (px, py) = index == 0 ? (dx, dy) : (px + dx, py + dy)
                let worldX = (Double(x) * 16384 + Double(px)) / scale, worldY = (Double(y) * 16384 + Double(py)) / scale
                ring.append(BookPoint(latitude: atan(sinh(.pi * (1 - 2 * worldY))) * 180 / .pi, longitude: worldX * 360 - 180))
            }
            rings.append(ring)
        }
        return rings
    }
}
