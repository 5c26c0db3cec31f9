import Foundation

extension CountryBorders {
    /// Reads the gzip'd TSV written by `scripts/make-country-borders.py`. A damaged file is
    /// refused whole, naming the file and the line, never loaded in part.
    public convenience init(contentsOf url: URL) throws(GazetteerError) {
        let bytes = try GzipFile.contents(of: url)
        var codes: [String] = []
        var rings: [Ring] = []
        var declared: Int?
        var lineNumber = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            if line.isEmpty { continue }
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map(Field.init)
            func refuse(_ why: String) -> GazetteerError { GazetteerError("\(url.path), line \(lineNumber): \(why)") }
            switch fields[0].text {
            case "V":
                guard lineNumber == 1, fields.count == 4, fields[1].text == "1", let count = Int(fields[3].text) else { throw refuse("not a version 1 borders file") }
                declared = count
            case "C":
                guard declared != nil, fields.count == 2, fields[1].bytes.count == 2, fields[1].bytes.allSatisfy({ (65...90).contains($0) }) else {
                    throw refuse("a country line needs a two-letter code")
                }
                codes.append(fields[1].text)
            case "R":
                guard !codes.isEmpty, fields.count >= 9, fields.count % 2 == 1 else { throw refuse("a ring needs a country before it and at least four points") }
                var points: [Int32] = []
                points.reserveCapacity(fields.count - 1)
                var west = Int32.max, south = Int32.max, east = Int32.min, north = Int32.min
                for (offset, field) in fields.dropFirst().enumerated() {
                    guard let value = field.integer else { throw refuse("“\(field.text)” is not a whole number") }
                    let latitude = offset % 2 == 1
                    let previous = offset < 2 ? 0 : points[offset - 2]
                    let (sum, overflow) = previous.addingReportingOverflow(value)
                    guard !overflow, abs(Int64(sum)) <= (latitude ? 900_000 : 1_800_000) else { throw refuse(latitude ? "a latitude past 90°" : "a longitude past 180°") }
                    points.append(sum)
                    if latitude { (south, north) = (min(south, sum), max(north, sum)) } else { (west, east) = (min(west, sum), max(east, sum)) }
                }
                rings.append(Ring(country: codes.count - 1, points: points, west: west, south: south, east: east, north: north))
            default:
                throw refuse("an unknown line")
            }
        }
        guard let declared else { throw GazetteerError("\(url.path): empty, or no version line") }
        guard declared == rings.count else { throw GazetteerError("\(url.path): \(rings.count) rings where the file says \(declared): cut short?") }
        self.init(codes: codes, rings: rings)
    }

    /// The borders shipped with RoadTrip (239 countries); each call reads the file again, so
    /// read it once (`Gazetteer.bundled` does).
    public static func bundled() throws(GazetteerError) -> CountryBorders {
        guard let url = Bundle.module.url(forResource: "countries.tsv", withExtension: "gz") else {
            throw GazetteerError("the bundled country borders countries.tsv.gz are missing from the Geo resources")
        }
        return try CountryBorders(contentsOf: url)
    }
}

/// One tab-separated field of a borders line, read as bytes: a ring's thousands of numbers are
/// parsed without a string each.
private struct Field {
    let bytes: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// A decimal Int32 with an optional minus sign; nil for anything else, or past Int32.
    var integer: Int32? {
        var index = bytes.startIndex
        let negative = index < bytes.endIndex && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        guard index < bytes.endIndex, bytes.endIndex - index <= 10 else { return nil }
        var value: Int64 = 0
        while index < bytes.endIndex {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int64(digit)
            index += 1
        }
        return Int32(exactly: negative ? -value : value)
    }
}
