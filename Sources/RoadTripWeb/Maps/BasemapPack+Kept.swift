import Geo
import PrintedBook

extension BasemapPack {
    /// The most tiles of one zoom a device keeps for a set: past it, a map of that zoom and deeper
    /// ones draw the countries' outlines offline (what the open sea and 64 tiles of a city weigh:
    /// a few megabytes at most).
    static let keptPerZoom = 64

    /// The tiles a device keeps to draw the maps of `positions` offline (a vacation's places, a
    /// trip's destination): at each zoom from 0 down to `maxZoom`, the tiles over their box and one
    /// more on every side (a map's view reaches past its points), while a zoom needs at most
    /// `keptPerZoom` of them; and each position's own tile of `maxZoom` (the first `keptPerZoom`
    /// positions' apart), which every deeper zoom is drawn from. The open sea's tiles too: kept,
    /// they tell the map there is nothing to draw.
    static func tilesToKeep(over positions: [Coordinate]) -> [BasemapTile] {
        guard !positions.isEmpty else { return [] }
        let points = positions.map { WebMercator.project(latitude: $0.latitude, longitude: $0.longitude) }
        let (west, east) = narrowestSpan(points.map(\.x))
        let north = points.map(\.y).min() ?? 0, south = points.map(\.y).max() ?? 0
        // A position's tile at a zoom: its column and row, inside the world's grid (a column one
        // world further east where the box crosses the antimeridian).
        func index(_ value: Double, _ count: Int, upTo limit: Double = 1) -> Int {
            max(0, min(Int(limit) * count - 1, Int((min(max(value, 0), limit) * Double(count)).rounded(.down))))
        }
        var kept: [BasemapTile] = []
        var seen: Set<BasemapTile> = []
        func keep(_ tile: BasemapTile?) {
            if let tile, seen.insert(tile).inserted { kept.append(tile) }
        }
        for z in 0...maxZoom {
            let count = 1 << z
            let columns = (index(west, count) - 1)...(index(east, count, upTo: 2) + 1)
            let rows = max(0, index(north, count) - 1)...min(count - 1, index(south, count) + 1)
            guard columns.count * rows.count <= keptPerZoom else { break }
            for row in rows {
                // A column past the world's edge is its other side's (the map repeats the world).
                for column in columns { keep(BasemapTile(z: z, x: (column + count) % count, y: row)) }
            }
        }
        let deepest = 1 << maxZoom
        var ownTiles: Set<BasemapTile> = []
        for point in points {
            guard let tile = BasemapTile(z: maxZoom, x: index(point.x, deepest), y: index(point.y, deepest)) else { continue }
            ownTiles.insert(tile)
            guard ownTiles.count <= keptPerZoom else { break }
            keep(tile)
        }
        return kept
    }

    /// The west and east edges (Web Mercator x, 0 to 1) of the narrowest span that holds every
    /// one of `xs`: across the antimeridian where that is narrower (Fiji and Samoa), east then
    /// past 1, one world further.
    static func narrowestSpan(_ xs: [Double]) -> (west: Double, east: Double) {
        let sorted = xs.sorted()
        guard let first = sorted.first, let last = sorted.last else { return (0, 0) }
        // The widest gap between neighbours, the one round the back of the world included: the
        // span is the rest of the circle.
        var gap = (width: first + 1 - last, west: first, east: last)
        for (a, b) in zip(sorted, sorted.dropFirst()) where b - a > gap.width {
            gap = (b - a, b, a + 1)
        }
        return (gap.west, gap.east)
    }
}
