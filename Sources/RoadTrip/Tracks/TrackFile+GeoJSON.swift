import Foundation

extension TrackFile {
    /// GeoJSON (RFC 7946): a FeatureCollection, a Feature or a bare geometry. A LineString or
    /// MultiLineString is a track, timed by its properties' `coordTimes` or `times` (ISO strings
    /// or milliseconds since 1970, one per position; for a MultiLineString one list per line), as
    /// togeojson, Strava and others export; a Point is a named point. Other geometries are skipped.
    static func readGeoJSON(_ data: Data) throws(TrackFileError) -> TrackFile {
        let document: GeoJSONObject
        do {
            document = try JSONDecoder().decode(GeoJSONObject.self, from: data)
        } catch let error as TrackFileError {
            throw error
        } catch let DecodingError.dataCorrupted(context) {
            throw TrackFileError(reason: "is not valid GeoJSON: \(describe(context))")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context), let DecodingError.keyNotFound(_, context) {
            throw TrackFileError(reason: "is not valid GeoJSON: \(describe(context))")
        } catch {
            throw TrackFileError(reason: "is not valid GeoJSON")
        }
        var builder = TrackFileBuilder()
        let features = document.features ?? [GeoJSONFeature(geometry: document.geometry ?? document.asGeometry, properties: document.properties)]
        var pointNumber = 0
        for feature in features {
            guard let geometry = feature.geometry else { continue }
            let name = cleanName(feature.properties?.name ?? "") ?? ""
            let times = feature.properties?.times ?? []
            var segments: [[TrackPoint]] = []
            for (index, line) in geometry.lines.enumerated() {
                let lineTimes = times.count > index ? times[index] : []
                guard lineTimes.isEmpty || lineTimes.count == line.count else {
                    throw TrackFileError(reason: "\(name.isEmpty ? "a line" : "“\(name)”") has \(lineTimes.count) times for \(line.count) positions")
                }
                var segment: [TrackPoint] = []
                for (offset, position) in line.enumerated() {
                    pointNumber += 1
                    try builder.count(line: nil)
                    segment.append(try TrackFileBuilder.point(latitude: position.count > 1 ? position[1] : nil, longitude: position.first,
                                                              time: lineTimes.isEmpty ? nil : lineTimes[offset], what: "position \(pointNumber)", line: nil))
                }
                if !segment.isEmpty { segments.append(segment) }
            }
            if !segments.isEmpty { try builder.add(ParsedTrack(name: name, segments: segments), line: nil) }
            for position in geometry.points {
                pointNumber += 1
                try builder.count(line: nil)
                let point = try TrackFileBuilder.point(latitude: position.count > 1 ? position[1] : nil, longitude: position.first,
                                                       time: feature.properties?.time, what: "position \(pointNumber)", line: nil)
                try builder.add(TrackWaypoint(name: name.isEmpty ? "Point \(builder.waypoints.count + 1)" : name, point: point), line: nil)
            }
        }
        return builder.file(.geojson)
    }

    private static func describe(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        let reason = context.debugDescription.prefix(120)
        return path.isEmpty ? String(reason) : "\(path.hasPrefix(".") ? String(path.dropFirst()) : path): \(reason)"
    }
}

/// The parts of a GeoJSON object read here; anything else it holds is skipped.
private struct GeoJSONObject: Decodable {
    var features: [GeoJSONFeature]?
    var geometry: GeoJSONGeometry?
    var properties: GeoJSONProperties?
    /// The object itself, when it is a bare geometry.
    var asGeometry: GeoJSONGeometry?

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: GeoJSONKey.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "FeatureCollection":
            features = try container.decode([GeoJSONFeature].self, forKey: .features)
        case "Feature":
            geometry = try container.decodeIfPresent(GeoJSONGeometry.self, forKey: .geometry)
            properties = try? container.decodeIfPresent(GeoJSONProperties.self, forKey: .properties)
        default:
            asGeometry = try GeoJSONGeometry(from: decoder)
        }
    }
}

private enum GeoJSONKey: String, CodingKey {
    case type, features, geometry, geometries, properties, coordinates
}

private struct GeoJSONFeature: Decodable {
    var geometry: GeoJSONGeometry?
    var properties: GeoJSONProperties?

    init(geometry: GeoJSONGeometry?, properties: GeoJSONProperties?) {
        (self.geometry, self.properties) = (geometry, properties)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: GeoJSONKey.self)
        geometry = try container.decodeIfPresent(GeoJSONGeometry.self, forKey: .geometry)
        properties = try? container.decodeIfPresent(GeoJSONProperties.self, forKey: .properties)
    }
}

/// Lines and points of a geometry; a GeometryCollection's members' together.
private struct GeoJSONGeometry: Decodable {
    var lines: [[[Double]]] = []
    var points: [[Double]] = []

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: GeoJSONKey.self)
        switch try container.decode(String.self, forKey: .type) {
        case "LineString": lines = [try container.decode([[Double]].self, forKey: .coordinates)]
        case "MultiLineString": lines = try container.decode([[[Double]]].self, forKey: .coordinates)
        case "Point": points = [try container.decode([Double].self, forKey: .coordinates)]
        case "MultiPoint": points = try container.decode([[Double]].self, forKey: .coordinates)
        case "GeometryCollection":
            for member in try container.decode([GeoJSONGeometry].self, forKey: .geometries) {
                lines += member.lines
                points += member.points
            }
        default: break
        }
    }
}

/// A feature's name, and the times of its positions under either name exporters use.
private struct GeoJSONProperties: Decodable {
    var name: String?
    /// One list of times a line.
    var times: [[Int64]] = []
    /// A Point's own time (`time`, or the first of `coordTimes`).
    var time: Int64?

    private enum Key: String, CodingKey { case name, coordTimes, times, time }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        name = try? container.decodeIfPresent(String.self, forKey: .name)
        for key in [Key.coordTimes, .times] where container.contains(key) {
            times = try Self.times(in: container, forKey: key)
            break
        }
        if let text = try? container.decodeIfPresent(String.self, forKey: .time) {
            time = try Self.instant(text)
        } else if let single = times.first, single.count == 1 {
            time = single.first
        }
    }

    private static func times(in container: KeyedDecodingContainer<Key>, forKey key: Key) throws -> [[Int64]] {
        if let nested = try? container.decode([[String]].self, forKey: key) { return try nested.map { try $0.map(instant) } }
        if let flat = try? container.decode([String].self, forKey: key) { return [try flat.map(instant)] }
        if let nested = try? container.decode([[Double]].self, forKey: key) { return try nested.map { try $0.map(milliseconds) } }
        if let flat = try? container.decode([Double].self, forKey: key) { return [try flat.map(milliseconds)] }
        throw TrackFileError(reason: "its “\(key.rawValue)” is not a list of times")
    }

    private static func instant(_ text: String) throws -> Int64 {
        guard let time = TrackTime.milliseconds(text) else {
            throw TrackFileError(reason: "has the time \"\(text.prefix(40))\", which is not a date and time")
        }
        return time
    }

    /// Milliseconds since 1970, as some exporters write times: whole, and within years 1 to 9999.
    private static func milliseconds(_ value: Double) throws -> Int64 {
        guard let whole = Int64(exactly: value.rounded()), (-62_135_596_800_000...253_402_300_799_000).contains(whole) else {
            throw TrackFileError(reason: "has the time \(value), which is not a time in milliseconds since 1970")
        }
        return whole
    }
}
