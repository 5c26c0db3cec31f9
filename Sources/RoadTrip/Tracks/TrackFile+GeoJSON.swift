extension TrackFile {
    /// GeoJSON (RFC 7946): a FeatureCollection, a Feature or a bare geometry. A LineString or
    /// MultiLineString is a track, timed by its properties' `coordTimes` or `times` (ISO strings
    /// or milliseconds since 1970, one per position; for a MultiLineString one list per line), as
    /// togeojson, Strava and others export; a Point is a named point. Other geometries are skipped.
    ///
    /// Read as it streams past (`JSONTokenizer`): each position is counted as it is read, so a
    /// file of ten million is refused at its 500,001st having kept no more. Members come in any
    /// order (files written with sorted keys put `type` last): a feature's geometry and properties
    /// are paired when it ends, and a geometry's `type` is looked ahead for when its
    /// `coordinates` come first. Times that are not times refuse the file, saying which.
    static func readGeoJSON(_ bytes: [UInt8]) throws(TrackFileError) -> TrackFile {
        var reader = GeoJSONReader(tokens: JSONTokenizer(bytes))
        return try reader.read()
    }
}

/// The GeoJSON types read; any other (Polygon, MultiPolygon, a misspelling) is `other`, skipped.
enum GeoJSONType: String {
    case featureCollection = "FeatureCollection", feature = "Feature", geometryCollection = "GeometryCollection"
    case point = "Point", multiPoint = "MultiPoint", lineString = "LineString", multiLineString = "MultiLineString"
    case other

    init(_ name: String?) {
        self = name.flatMap(GeoJSONType.init(rawValue:)) ?? .other
    }

    var isGeometry: Bool { self != .featureCollection && self != .feature }
}

/// The lines and points of a geometry (a GeometryCollection's members' together) until its
/// feature ends; every point in them has been counted.
struct GeoJSONGeometry {
    var lines: [[TrackPoint]] = []
    var points: [TrackPoint] = []

    mutating func append(contentsOf other: GeoJSONGeometry) {
        lines += other.lines
        points += other.points
    }
}

/// One GeoJSON document read token by token into a `TrackFileBuilder`.
struct GeoJSONReader {
    var tokens: JSONTokenizer
    var builder = TrackFileBuilder()
    /// Positions read so far, to name one in a message ("position 12").
    var positionNumber = 0
    /// Times read and kept so far: as bounded as points are.
    var timeCount = 0

    /// Where an object is, which decides what its members mean: a feature's `type` is not read
    /// (no exporter's is wrong, and today's files were never refused for it), a geometry has no
    /// `features`, and only the document may be any of the three.
    enum Role { case document, feature, geometry }

    /// What one object's members held, in whatever order they came.
    struct Members {
        var type: GeoJSONType?
        var hasFeatures = false
        var hasCoordinates = false
        var hasGeometries = false
        /// What looking ahead for its `type` found, once: an object of a million `coordinates`
        /// before its `type` must not look ahead a million times.
        var typeAhead: GeoJSONType??
        /// Its `geometry`: a Feature's.
        var geometry = GeoJSONGeometry()
        var properties = GeoJSONProperties()
        /// Its own `coordinates`, and its `geometries`: a geometry's.
        var coordinates = GeoJSONGeometry()
        var geometries = GeoJSONGeometry()
    }

    mutating func read() throws(TrackFileError) -> TrackFile {
        guard try tokens.next() == .beginObject else { throw tokens.failure("the document is not an object") }
        var document = try readObject(as: .document)
        _ = try tokens.next()  // refuses anything after the document
        switch document.type {
        case nil:
            throw TrackFileError(reason: "is not valid GeoJSON: the document has no “type”")
        case .featureCollection?:
            guard document.hasFeatures else {
                throw TrackFileError(reason: "is not valid GeoJSON: a FeatureCollection has no “features”")
            }
        case .feature?:
            // Features read before the type came are not this document's.
            builder.forgetKept()
            try emit(&document.geometry, document.properties)
        case let type?:
            builder.forgetKept()
            var geometry = try self.geometry(of: document, type: type)
            try emit(&geometry, GeoJSONProperties())
        }
        return builder.file(.geojson)
    }

    /// The members of the object just begun, up to its end.
    mutating func readObject(as role: Role) throws(TrackFileError) -> Members {
        var members = Members()
        while case .key(let key)? = try tokens.next() {
            let type = members.type
            let mayBeFeature = role == .feature || (role == .document && (type == nil || type == .feature))
            switch try tokens.shortText(key) {
            case "type" where role != .feature:
                guard case .string(let name) = try tokens.nextValue() else { throw tokens.failure("a “type” is not a string") }
                members.type = GeoJSONType(try tokens.shortText(name))
            case "features" where role == .document && (type == nil || type == .featureCollection):
                try readFeatures()
                members.hasFeatures = true
            case "geometry" where mayBeFeature:
                members.geometry = try readGeometryMember()
            case "properties" where mayBeFeature:
                members.properties = try readProperties()
            case "coordinates" where role != .feature && type?.isGeometry != false:
                if type == nil, members.typeAhead == nil { members.typeAhead = .some(typeAhead()) }
                if let type = type ?? members.typeAhead ?? nil {
                    members.coordinates = try readCoordinates(of: type)
                } else {
                    try countPositions()
                }
                members.hasCoordinates = true
            case "geometries" where role != .feature && (type == nil || type == .geometryCollection):
                members.geometries = try readGeometries()
                members.hasGeometries = true
            default:
                try tokens.skipValue()
            }
        }
        return members
    }

    /// A FeatureCollection's features, each kept as it ends.
    private mutating func readFeatures() throws(TrackFileError) {
        guard try tokens.nextValue() == .beginArray else { throw tokens.failure("“features” is not a list") }
        while let token = try tokens.next(), token != .endArray {
            guard token == .beginObject else { throw tokens.failure("a feature is not an object") }
            var feature = try readObject(as: .feature)
            try emit(&feature.geometry, feature.properties)
        }
    }

    /// A feature's lines become a track, timed by its properties; its points, named points.
    /// Times are set in place, so a line is not copied to be timed.
    mutating func emit(_ geometry: inout GeoJSONGeometry, _ properties: GeoJSONProperties) throws(TrackFileError) {
        let name = properties.name ?? ""
        let times = try properties.lineTimes(of: name.isEmpty ? "a feature" : "“\(name)”")
        var segments: [[TrackPoint]] = []
        for index in geometry.lines.indices {
            let count = geometry.lines[index].count
            if index < times.count, !times[index].isEmpty {
                guard times[index].count == count else {
                    let line = name.isEmpty ? "a line" : "“\(name)”"
                    throw TrackFileError(reason: "\(line) has \(times[index].count) times for \(count) positions")
                }
                for offset in 0..<count { geometry.lines[index][offset].time = times[index][offset] }
            }
            if count > 0 { segments.append(geometry.lines[index]) }
        }
        geometry.lines = []
        if !segments.isEmpty { try builder.add(ParsedTrack(name: name, segments: segments), line: nil) }
        let time = properties.time ?? (times.first?.count == 1 ? times.first?.first : nil)
        for var point in geometry.points {
            point.time = time
            try builder.add(TrackWaypoint(name: name.isEmpty ? "Point \(builder.waypoints.count + 1)" : name, point: point), line: nil)
        }
    }
}
