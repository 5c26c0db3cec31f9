/// One populated place from the gazetteer.
public struct GazetteerPlace: Sendable, Hashable, Identifiable {
    /// The GeoNames id, stable across GeoNames releases.
    public let id: Int64
    public let name: String
    /// The first-level region ("California") where the data names it; nil elsewhere.
    public let region: String?
    /// The country's English name ("United States").
    public let country: String
    /// The ISO 3166-1 alpha-2 code ("US").
    public let countryCode: String
    public let coordinate: Coordinate
    public let population: Int
    /// Its IANA time zone ("America/Los_Angeles"); nil where the data names none.
    public let timeZone: String?

    public init(
        id: Int64, name: String, region: String?, country: String, countryCode: String,
        coordinate: Coordinate, population: Int, timeZone: String? = nil
    ) {
        self.id = id
        self.name = name
        self.region = region
        self.country = country
        self.countryCode = countryCode
        self.coordinate = coordinate
        self.population = population
        self.timeZone = timeZone
    }
}
