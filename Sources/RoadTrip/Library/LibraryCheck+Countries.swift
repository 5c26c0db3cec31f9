import Geo
import SQLDatabase

extension Library {
    /// How many re-filed photos the report names one by one; the rest are counted.
    static let refiledNamed = 20

    /// Photos filed under a place in another country than the one their position is in (an
    /// older RoadTrip chose the place by nearness and size alone, across borders: Istria's photos
    /// under Trieste). Noted with the way to fix them; with `fix`, each is filed under the best
    /// place inside its country (`Gazetteer.locality`), and the places' counts follow (triggers).
    func checkCountries(fix: Bool, into report: inout LibraryCheckReport) throws {
        let gazetteer = try photos.gazetteer.gazetteer()
        guard let borders = gazetteer.borders else { return }
        var wrong: [(photo: Int64, was: String, place: GazetteerPlace)] = []
        var after: Int64 = 0
        while true {
            let rows = try database.fetchAll(
                """
                SELECT photos.id, photos.latitude, photos.longitude, photos.place_id, places.name, places.country, places.country_code
                FROM photos JOIN places ON places.id = photos.place_id
                WHERE photos.id > \(after) AND photos.latitude IS NOT NULL ORDER BY photos.id LIMIT 1000
                """
            ) { row in
                (
                    id: try row["id"] as Int64, latitude: try row["latitude"] as Double?, longitude: try row["longitude"] as Double?,
                    name: try row["name"] as String, country: try row["country"] as String, code: try row["country_code"] as String
                )
            }
            guard let last = rows.last else { break }
            after = last.id
            for row in rows {
                guard let coordinate = Coordinate(latitude: row.latitude, longitude: row.longitude),
                    let country = borders.country(at: coordinate), country != row.code,
                    let place = gazetteer.locality(for: coordinate, within: PhotoStore.placeRadius), place.countryCode == country
                else { continue }
                wrong.append((row.id, "\(row.name), \(row.country)", place))
            }
        }
        guard !wrong.isEmpty else { return }
        guard fix else {
            let first = wrong[0]
            report.notes.append(
                """
                \(wrong.count) photos are filed in another country than the one they were taken in (photo \(first.photo), taken in \
                \(first.place.country), is under \(first.was)): `roadtrip check --fix` files them in their own
                """)
            return
        }
        for part in stride(from: 0, to: wrong.count, by: 500) {
            let batch = wrong[part..<min(part + 500, wrong.count)]
            try database.write { db in
                for move in batch {
                    try PhotoStore.record(move.place, in: db)
                    try db.execute("UPDATE photos SET place_id = \(move.place.id) WHERE id = \(move.photo)")
                }
            }
        }
        for move in wrong.prefix(Self.refiledNamed) {
            report.repairs.append("photos, photo \(move.photo), place: \(move.was) → \(move.place.name), \(move.place.country)")
        }
        if wrong.count > Self.refiledNamed {
            report.repairs.append("photos: \(wrong.count - Self.refiledNamed) more photos filed in the country they were taken in")
        }
    }
}
