import Foundation

extension Gazetteer {
    /// Reads the gzip'd TSV written by `scripts/make-gazetteer.py`. A damaged file is refused
    /// whole, with an error naming the file and the offending line, rather than loaded in part.
    public convenience init(contentsOf url: URL, borders: CountryBorders? = nil) throws(GazetteerError) {
        let bytes = try GzipFile.contents(of: url)
        var parser = GazetteerFileParser(path: url.path)
        let places = try bytes.withUnsafeBufferPointer { (buffer) throws(GazetteerError) in
            try parser.parse(buffer)
        }
        self.init(places: places, borders: borders)
    }

    /// The places shipped with RoadTrip: GeoNames' cities1000 extract (places of 1,000 people
    /// or more, and seats of administrative divisions), 170,391 places.
    /// Each call reads the file again (about 0.1 s in a release build, 0.5 s in a debug build),
    /// so load it once at start-up and pass it to whatever needs it.
    /// With the country borders shipped beside it (`CountryBorders.bundled`).
    public static func bundled() throws(GazetteerError) -> Gazetteer {
        guard let url = Bundle.module.url(forResource: "cities1000.tsv", withExtension: "gz") else {
            throw GazetteerError("the bundled gazetteer cities1000.tsv.gz is missing from the Geo resources")
        }
        return try Gazetteer(contentsOf: url, borders: try CountryBorders.bundled())
    }
}
