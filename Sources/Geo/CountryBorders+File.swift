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
        var start = 0
        // One pass over the bytes, a line at a time; a ring's numbers are read where they lie
        // (no string, no array a field): the file is 400,000 points.
        while start < bytes.count {
            lineNumber += 1
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            defer { start = end + 1 }
            if end == start { continue }
            func refuse(_ why: String) -> GazetteerError { GazetteerError("\(url.path), line \(lineNumber): \(why)") }
            let line = bytes[start..<end]
            switch line.first {
            case UInt8(ascii: "R"):
                guard !codes.isEmpty else { throw refuse("a ring needs a country before it and at least four points") }
                var points: [Int32] = []
                var west = Int32.max, south = Int32.max, east = Int32.min, north = Int32.min
                var index = line.startIndex + 1
                while index < line.endIndex {
                    guard line[index] == UInt8(ascii: "\t") else { throw refuse("a ring's numbers are separated by tabs") }
                    index += 1
                    var fieldEnd = index
                    while fieldEnd < line.endIndex, line[fieldEnd] != UInt8(ascii: "\t") { fieldEnd += 1 }
                    guard let value = Field(line[index..<fieldEnd]).integer else {
                        throw refuse("“\(Field(line[index..<fieldEnd]).text)” is not a whole number")
                    }
                    index = fieldEnd
                    let latitude = points.count % 2 == 1
                    let previous = points.count < 2 ? 0 : points[points.count - 2]
                    let (sum, overflow) = previous.addingReportingOverflow(value)
                    guard !overflow, abs(Int64(sum)) <= (latitude ? 900_000 : 1_800_000) else {
                        throw refuse(latitude ? "a latitude past 90°" : "a longitude past 180°")
                    }
                    points.append(sum)
                    if latitude {
                        (south, north) = (min(south, sum), max(north, sum))
                    } else {
                        (west, east) = (min(west, sum), max(east, sum))
                    }
                }
                guard points.count >= 8, points.count % 2 == 0 else {
                    throw refuse("a ring needs a country before it and at least four points")
                }
                rings.append(Ring(country: codes.count - 1, points: points, west: west, south: south, east: east, north: north))
            default:
                let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false).map { Field($0).text }
                switch fields[0] {
                case "V":
                    guard lineNumber == 1, fields.count == 4, fields[1] == "1", let count = Int(fields[3]) else {
                        throw refuse("not a version 1 borders file")
                    }
                    declared = count
                case "C":
                    guard declared != nil, fields.count == 2, fields[1].utf8.count == 2,
                        fields[1].utf8.allSatisfy({ (65...90).contains($0) })
                    else {
                        throw refuse("a country line needs a two-letter code")
                    }
                    codes.append(fields[1])
                default:
                    throw refuse("an unknown line")
                }
            }
        }
        guard let declared else { throw GazetteerError("\(url.path): empty, or no version line") }
        guard declared == rings.count else {
            throw GazetteerError("\(url.path): \(rings.count) rings where the file says \(declared): cut short?")
        }
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
