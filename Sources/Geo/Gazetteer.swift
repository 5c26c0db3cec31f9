import Foundation

/// The world's populated places, answering "where is this?" (nearest place to a photo's GPS
/// position) and "find a place by name". Immutable once built, so one instance is shared
/// freely between request threads.
public final class Gazetteer: Sendable {
    /// In the order given; internal so tests can cross-check lookups against a scan of every place.
    let places: [GazetteerPlace]
    private let positionsByID: [Int64: Int]
    private let spatialIndex: SpatialIndex
    private let nameIndex: NameIndex
    /// Which country a position is in: `locality` keeps to it.
    public let borders: CountryBorders?

    /// Indexes `places` for lookups. Where two places share an id, `place(id:)` returns the first.
    public init(places: [GazetteerPlace], borders: CountryBorders? = nil) {
        self.places = places
        self.borders = borders
        var positionsByID: [Int64: Int] = [:]
        positionsByID.reserveCapacity(places.count)
        for (position, place) in places.enumerated() where positionsByID[place.id] == nil {
            positionsByID[place.id] = position
        }
        self.positionsByID = positionsByID
        spatialIndex = SpatialIndex(places.map(\.coordinate))
        nameIndex = NameIndex(names: places.map(\.name), populations: places.map(\.population))
    }

    public var count: Int { places.count }

    public func place(id: Int64) -> GazetteerPlace? {
        positionsByID[id].map { places[$0] }
    }

    /// The nearest place within `maximumDistance` metres, nil when none is that close.
    /// Of places at exactly the same distance, the one given first to `init(places:)` wins.
    public func nearest(to coordinate: Coordinate, within maximumDistance: Double = 50_000) -> GazetteerPlace? {
        spatialIndex.nearest(to: coordinate, within: maximumDistance).map { places[$0] }
    }

    /// The place a photo taken at `coordinate` belongs to. GeoNames lists neighbourhoods as
    /// populated places too ("Paris 16 Passy", "Times Square"), so the nearest place is often a
    /// part of a city rather than the city. Of the places within `maximumDistance` metres this
    /// picks the best balance of nearness and size — the lowest (distance + 500 m) ÷ population^0.4 —
    /// so a photo by the Eiffel Tower is in Paris and one on the Golden Gate Bridge in San Francisco,
    /// while one in a small town far from any city stays in that town. Ties: the earlier place.
    /// With `borders`, only places in the country the position is in are weighed — a photo in
    /// Istria is in Croatia, however big Trieste is across the border — unless that country has
    /// none within reach (at sea, or a border drawn a little off): then every place is.
    public func locality(for coordinate: Coordinate, within maximumDistance: Double = 50_000) -> GazetteerPlace? {
        let country = borders?.country(at: coordinate)
        var best: (score: Double, position: Int)?
        var bestInCountry: (score: Double, position: Int)?
        func better(_ score: Double, _ position: Int, than current: (score: Double, position: Int)?) -> Bool {
            guard let current else { return true }
            return score < current.score || (score == current.score && position < current.position)
        }
        for (distance, position) in spatialIndex.all(around: coordinate, within: maximumDistance) {
            let score = (distance + 500) / pow(Double(max(places[position].population, 1_000)), 0.4)
            if better(score, position, than: best) { best = (score, position) }
            if places[position].countryCode == country, better(score, position, than: bestInCountry) { bestInCountry = (score, position) }
        }
        return (bestInCountry ?? best).map { places[$0.position] }
    }

    /// The IANA time zone a position keeps its clocks in: its nearest place's, of the places in the
    /// country it is in when `borders` knows it (near a border the nearest town may be across it,
    /// and in another zone), else of all within `maximumDistance` metres (at sea, near a coast).
    /// Nil where no place with a zone is that near. The data is GeoNames' zone of each place, so a
    /// position is right wherever its nearest town is on the same side of a zone's line.
    public func timeZone(at coordinate: Coordinate, within maximumDistance: Double = 300_000) -> String? {
        if let country = borders?.country(at: coordinate) {
            var nearest: (distance: Double, position: Int)?
            for (distance, position) in spatialIndex.all(around: coordinate, within: 100_000)
            where places[position].countryCode == country && places[position].timeZone != nil {
                if nearest.map({ distance < $0.distance || (distance == $0.distance && position < $0.position) }) ?? true {
                    nearest = (distance, position)
                }
            }
            if let nearest { return places[nearest.position].timeZone }
        }
        return spatialIndex.nearest(to: coordinate, within: maximumDistance).flatMap { places[$0].timeZone }
    }

    /// Places whose name matches `query` with accents and case ignored (`NameFolding`): names
    /// that start with it first, then names with a word that starts with it, then names that
    /// contain it; within each group by population, largest first. Empty or blank query → [].
    /// At most `limit`.
    public func search(_ query: String, limit: Int = 20) -> [GazetteerPlace] {
        var folded: [UInt8] = []
        var folder = NameFolder()
        folder.fold(query, into: &folded)
        return nameIndex.search(folded: folded, limit: limit).map { places[$0] }
    }
}
