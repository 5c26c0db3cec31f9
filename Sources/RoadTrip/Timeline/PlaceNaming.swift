/// What a group of photos is called after the places they were taken at (each with at least a
/// fifth of the photos): "Florence" when one city, "Tuscany" when several cities of one region, "Italy" when several regions of one
/// country, "France and Italy" (the two most photographed, "and N more") when several countries.
enum PlaceNaming {
    static func title(of places: [(place: Place, count: Int)]) -> String? {
        let total = places.reduce(0) { $0 + max(0, $1.count) }
        // A place with a few of the photos (a morning at home before leaving) does not name the group.
        let sorted = places.filter { $0.count > 0 && $0.count * 5 >= total }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.place.name < $1.place.name }
        guard let top = sorted.first?.place else { return nil }
        let countries = ordered(sorted.map(\.place.country))
        if countries.count > 1 {
            let named = countries.prefix(2).joined(separator: " and ")
            return countries.count == 2 ? named : "\(countries[0]), \(countries[1]) and \(countries.count - 2) more"
        }
        let cities = Set(sorted.map(\.place.id))
        if cities.count == 1 { return top.name }
        let regions = Set(sorted.map { $0.place.region ?? "" })
        if regions.count == 1, let region = top.region, !region.isEmpty { return region }
        return regions.count == 1 ? top.name : top.country
    }

    /// The names in order of first appearance, once each.
    private static func ordered(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }
}
