/// Parses the decompressed gazetteer TSV (format described in scripts/make-gazetteer.py):
/// a version line, the time-zone, country and region tables, then one line per place. Every field is
/// checked, so a corrupt file stops at its first bad line instead of yielding odd places.
struct GazetteerFileParser {
    static let formatVersion = 2

    private struct Country {
        let code: String
        let name: String
        /// The zone of its places that name none.
        let zone: String?
    }

    private struct RegionKey: Hashable {
        let country: String
        let code: String
    }

    private let path: String
    private var lineNumber = 0
    private var expectedCount: Int?
    private var zones: [String] = []
    private var countries: [UInt16: Country] = [:]
    private var regions: [RegionKey: String] = [:]
    private var places: [GazetteerPlace] = []
    private var previousID: Int64 = 0

    init(path: String) {
        self.path = path
    }

    mutating func parse(_ text: UnsafeBufferPointer<UInt8>) throws(GazetteerError) -> [GazetteerPlace] {
        var fields = Fields(text: text)
        var lineStart = 0
        while lineStart < text.count {
            lineNumber += 1
            var position = lineStart
            fields.startLine(at: lineStart)
            while position < text.count, text[position] != UInt8(ascii: "\n") {
                if text[position] == UInt8(ascii: "\t") { fields.endField(at: position) }
                position += 1
            }
            fields.endField(at: position)
            try parseLine(fields)
            lineStart = position + 1
        }
        guard let expectedCount else { throw failure("no version line; this is not a gazetteer file") }
        guard places.count == expectedCount else {
            throw failure("the file ends after \(places.count) places; its version line promises \(expectedCount)")
        }
        return places
    }

    private mutating func parseLine(_ fields: Fields) throws(GazetteerError) {
        guard let first = fields.firstByte else { throw failure("empty line") }
        switch first {
        case UInt8(ascii: "#"):
            return
        case UInt8(ascii: "V"):
            try parseVersion(fields)
        case UInt8(ascii: "Z"), UInt8(ascii: "C"), UInt8(ascii: "R"):
            guard expectedCount != nil else { throw failure("the version line must come first") }
            guard places.isEmpty else { throw failure("time-zone, country and region lines must come before the places") }
            switch first {
            case UInt8(ascii: "Z"): try parseZone(fields)
            case UInt8(ascii: "C"): try parseCountry(fields)
            default: try parseRegion(fields)
            }
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard expectedCount != nil else { throw failure("the version line must come first") }
            try parsePlace(fields)
        default:
            throw failure("unrecognised line")
        }
    }

    private mutating func parseVersion(_ fields: Fields) throws(GazetteerError) {
        guard expectedCount == nil, countries.isEmpty else { throw failure("a second version line") }
        guard fields.count == 4, fields.text(0) == "V" else { throw failure("expected V, format, source, count") }
        guard fields.integer(1) == Int64(Self.formatVersion) else {
            throw failure("format \(fields.text(1) ?? "?") is not \(Self.formatVersion); rebuild it with scripts/make-gazetteer.py")
        }
        guard let count = fields.integer(3) else { throw failure("the place count is not a number") }
        expectedCount = Int(count)
        places.reserveCapacity(Int(count))
    }

    private mutating func parseZone(_ fields: Fields) throws(GazetteerError) {
        guard countries.isEmpty else { throw failure("time-zone lines must come before the countries") }
        guard fields.count == 2, fields.text(0) == "Z", let zone = fields.text(1), !zone.isEmpty else {
            throw failure("expected Z, a time zone's name")
        }
        zones.append(zone)
    }

    private mutating func parseCountry(_ fields: Fields) throws(GazetteerError) {
        guard fields.count == 4, fields.text(0) == "C", let key = fields.countryKey(1),
            let code = fields.text(1), let name = fields.text(2), !name.isEmpty
        else {
            throw failure("expected C, a two-letter country code, a name, a time zone")
        }
        countries[key] = Country(code: code, name: name, zone: try zone(fields, 3))
    }

    /// The zone a field numbers, nil when it is empty.
    private func zone(_ fields: Fields, _ index: Int) throws(GazetteerError) -> String? {
        if fields.isEmpty(index) { return nil }
        guard let number = fields.integer(index), number < zones.count else {
            throw failure("time zone \(fields.text(index) ?? "?") is not one of the \(zones.count) Z lines")
        }
        return zones[Int(number)]
    }

    private mutating func parseRegion(_ fields: Fields) throws(GazetteerError) {
        guard fields.count == 4, fields.text(0) == "R", let countryKey = fields.countryKey(1),
            let code = fields.text(2), !code.isEmpty, let name = fields.text(3), !name.isEmpty
        else {
            throw failure("expected R, a country code, a region code, a name")
        }
        guard let country = countries[countryKey] else { throw failure("region of unknown country \(fields.text(1) ?? "?")") }
        regions[RegionKey(country: country.code, code: code)] = name
    }

    private mutating func parsePlace(_ fields: Fields) throws(GazetteerError) {
        guard fields.count == 8 else { throw failure("expected 8 fields, found \(fields.count)") }
        guard let delta = fields.integer(0), delta > 0, delta <= Int64.max - previousID else {
            throw failure("the id step is not a positive number (ids must rise)")
        }
        guard let countryKey = fields.countryKey(1), let country = countries[countryKey] else {
            throw failure("unknown country code \(fields.text(1) ?? "?")")
        }
        var region: String?
        if !fields.isEmpty(2) {
            guard let code = fields.text(2), let name = regions[RegionKey(country: country.code, code: code)] else {
                throw failure("unknown region \(fields.text(2) ?? "?") in \(country.code)")
            }
            region = name
        }
        guard let latitude = fields.decimal(3), let longitude = fields.decimal(4),
            let coordinate = Coordinate(latitude: latitude, longitude: longitude)
        else {
            throw failure("bad coordinate \(fields.text(3) ?? "?"), \(fields.text(4) ?? "?")")
        }
        guard let population = fields.integer(5) else { throw failure("the population is not a number") }
        let zone = try zone(fields, 6) ?? country.zone
        guard let name = fields.text(7), !name.isEmpty else { throw failure("the name is empty or not UTF-8") }
        previousID += delta
        places.append(
            GazetteerPlace(
                id: previousID, name: name, region: region, country: country.name,
                countryCode: country.code, coordinate: coordinate, population: Int(population), timeZone: zone
            ))
    }

    private func failure(_ problem: String) -> GazetteerError {
        GazetteerError("\(path), line \(lineNumber): \(problem)")
    }
}
