extension GeoJSONReader {
    /// A `geometry` member: an object, or null for a feature without one.
    mutating func readGeometryMember() throws(TrackFileError) -> GeoJSONGeometry {
        switch try tokens.nextValue() {
        case .null: return GeoJSONGeometry()
        case .beginObject: return try readGeometryObject()
        default: throw tokens.failure("a “geometry” is neither an object nor null")
        }
    }

    /// The geometry object just begun, up to its end.
    mutating func readGeometryObject() throws(TrackFileError) -> GeoJSONGeometry {
        let members = try readObject(as: .geometry)
        guard let type = members.type else { throw tokens.failure("a geometry has no “type”") }
        return try geometry(of: members, type: type)
    }

    /// What a geometry's members hold for its type: nothing for a type not read here.
    func geometry(of members: Members, type: GeoJSONType) throws(TrackFileError) -> GeoJSONGeometry {
        switch type {
        case .point, .multiPoint, .lineString, .multiLineString:
            guard members.hasCoordinates else { throw tokens.failure("a \(type.rawValue) has no “coordinates”") }
            return members.coordinates
        case .geometryCollection:
            guard members.hasGeometries else { throw tokens.failure("a GeometryCollection has no “geometries”") }
            return members.geometries
        case .feature, .featureCollection, .other:
            return GeoJSONGeometry()
        }
    }

    /// A GeometryCollection's members. Nested collections recurse, as deep as the tokenizer's
    /// bound on nesting lets them (two levels each): the stack cannot run out.
    mutating func readGeometries() throws(TrackFileError) -> GeoJSONGeometry {
        guard try tokens.nextValue() == .beginArray else { throw tokens.failure("“geometries” is not a list") }
        var collection = GeoJSONGeometry()
        while let token = try tokens.next(), token != .endArray {
            guard token == .beginObject else { throw tokens.failure("a member of “geometries” is not an object") }
            collection.append(contentsOf: try readGeometryObject())
        }
        return collection
    }

    /// A `coordinates` member as its type shapes it: a position (Point), a list of them
    /// (LineString, MultiPoint) or a list of lists (MultiLineString). Any other is skipped,
    /// its positions neither kept nor counted.
    mutating func readCoordinates(of type: GeoJSONType) throws(TrackFileError) -> GeoJSONGeometry {
        var geometry = GeoJSONGeometry()
        switch type {
        case .point:
            geometry.points = [try readPosition(startingWith: try tokens.nextValue())]
        case .multiPoint:
            geometry.points = try readPositions(startingWith: try tokens.nextValue())
        case .lineString:
            geometry.lines = [try readPositions(startingWith: try tokens.nextValue())]
        case .multiLineString:
            guard try tokens.nextValue() == .beginArray else {
                throw tokens.failure("the “coordinates” of a MultiLineString are not a list of lines")
            }
            while let token = try tokens.next(), token != .endArray {
                geometry.lines.append(try readPositions(startingWith: token))
            }
        default:
            try tokens.skipValue()
        }
        return geometry
    }

    private mutating func readPositions(startingWith token: JSONTokenizer.Token) throws(TrackFileError) -> [TrackPoint] {
        guard token == .beginArray else { throw tokens.failure("a line is not a list of positions") }
        var positions: [TrackPoint] = []
        while let token = try tokens.next(), token != .endArray {
            positions.append(try readPosition(startingWith: token))
        }
        return positions
    }

    /// `[longitude, latitude]`, perhaps an altitude and more numbers after them: counted as it
    /// ends (the 500,001st is refused here), then checked.
    private mutating func readPosition(startingWith token: JSONTokenizer.Token) throws(TrackFileError) -> TrackPoint {
        guard token == .beginArray else { throw tokens.failure("a position is not a list of numbers") }
        var numbers: (longitude: Double?, latitude: Double?, count: Int) = (nil, nil, 0)
        while true {
            switch try tokens.nextValue() {
            case .number(let range):
                if numbers.count < 2 {
                    let value = tokens.number(range)
                    if numbers.count == 0 { numbers.longitude = value } else { numbers.latitude = value }
                }
                numbers.count += 1
            case .endArray:
                positionNumber += 1
                try builder.count(line: nil)
                return try TrackFileBuilder.point(
                    latitude: numbers.latitude, longitude: numbers.longitude, time: nil,
                    what: "position \(positionNumber)", line: nil)
            default:
                throw tokens.failure("a position holds something other than numbers")
            }
        }
    }

    /// `coordinates` whose type is not known (none follows, or what follows is broken): each
    /// list of numbers in them is counted as a position and dropped, so that a broken file still
    /// meets its first fault in the order it is written, the limit's included.
    mutating func countPositions() throws(TrackFileError) {
        let start = tokens.depth
        var holdsNumbers = false
        repeat {
            switch try tokens.nextValue() {
            case .number:
                holdsNumbers = true
            case .endArray where holdsNumbers:
                holdsNumbers = false
                positionNumber += 1
                try builder.count(line: nil)
            default:
                holdsNumbers = false
            }
        } while tokens.depth > start
    }

    /// The `type` of the object being read, found among the members after the current one
    /// without keeping anything: for a geometry whose `coordinates` come before its `type` (as
    /// files written with sorted keys have it), whose positions cannot be told from its lines
    /// until then. Read on a copy of the tokenizer, so reading goes on from here; nil when there
    /// is none, or the rest of the object is not JSON (reading it then fails in turn).
    func typeAhead() -> GeoJSONType? {
        var ahead = tokens
        do throws(TrackFileError) {
            try ahead.skipValue()
            while case .key(let key)? = try ahead.next() {
                guard try ahead.shortText(key) == "type" else {
                    try ahead.skipValue()
                    continue
                }
                guard case .string(let name) = try ahead.nextValue() else { return nil }
                return GeoJSONType(try ahead.shortText(name))
            }
        } catch {
            return nil
        }
        return nil
    }
}
