extension TrackFile {
    /// KML: each Placemark with a line a track — `gx:Track` (its `when`s paired with its
    /// `gx:coord`s, "lon lat alt"), `gx:MultiTrack`, or `LineString` ("lon,lat,alt" tuples).
    /// A LineString has no times of its own: with the Placemark's `TimeSpan` its points are spread
    /// over the span by distance (the pace is unknown, so taken as even); with a `TimeStamp` or
    /// none it is drawn, but places nothing. A Placemark with a `Point` is a named point.
    static func readKML(_ reader: inout TrackXMLReader) throws(TrackFileError) -> TrackFile {
        var builder = TrackFileBuilder()
        var path = ["kml"]
        var text = ""
        var placemark: KMLPlacemark?
        var pointNumber = 0
        var whens: [Int64] = []
        var coords: [TrackPoint] = []
        func parent() -> String { path.count >= 2 ? path[path.count - 2] : "" }
        while let event = try reader.next() {
            switch event {
            case .start(let name, _):
                path.append(name)
                text = ""
                switch name {
                case "Placemark": placemark = KMLPlacemark(line: reader.line)
                case "Track": (whens, coords) = ([], [])
                default: break
                }
            case .text(let more):
                // The first piece is taken as it is, not appended: a long text is copied once.
                guard ["name", "when", "coord", "coordinates", "begin", "end"].contains(path.last) else { continue }
                if text.isEmpty { text = more } else { text += more }
            case .end(let name):
                let inside = parent()
                path.removeLast()
                guard placemark != nil else { continue }
                switch name {
                case "name" where inside == "Placemark":
                    placemark?.name = text
                case "when" where inside == "Track":
                    guard let time = instant(text) else {
                        throw TrackFileError(
                            line: reader.line, reason: "a gx:Track has the time \"\(text.prefix(40))\", which is not a date and time")
                    }
                    whens.append(time)
                case "coord" where inside == "Track":
                    pointNumber += 1
                    var numbers = KMLCoordinates(text)
                    let (longitude, latitude) = numbers.firstTwoWords()
                    try builder.count(line: reader.line)
                    coords.append(
                        try TrackFileBuilder.point(
                            latitude: latitude, longitude: longitude,
                            time: nil, what: "point \(pointNumber)", line: reader.line))
                case "Track":
                    guard whens.count == coords.count || whens.isEmpty else {
                        throw TrackFileError(line: reader.line, reason: "a gx:Track has \(whens.count) times for \(coords.count) positions")
                    }
                    placemark?.segments.append(
                        whens.isEmpty
                            ? coords : zip(coords, whens).map { TrackPoint(latitude: $0.latitude, longitude: $0.longitude, time: $1) })
                case "when" where inside == "TimeStamp":
                    placemark?.stamp = instant(text, dayAlone: true)
                case "begin" where inside == "TimeSpan":
                    placemark?.begin = instant(text, dayAlone: true)
                case "end" where inside == "TimeSpan":
                    placemark?.end = instant(text, dayAlone: true)
                case "coordinates" where inside == "LineString" || inside == "Point":
                    var points: [TrackPoint] = []
                    var tuples = KMLCoordinates(text)
                    let line = reader.line
                    while let (longitude, latitude) = tuples.nextTuple() {
                        pointNumber += 1
                        try builder.count(line: line)
                        points.append(
                            try TrackFileBuilder.point(
                                latitude: latitude, longitude: longitude,
                                time: nil, what: "point \(pointNumber)", line: line))
                    }
                    if inside == "Point" { placemark?.point = points.first } else if !points.isEmpty { placemark?.segments.append(points) }
                case "Placemark":
                    guard let finished = placemark else { break }
                    placemark = nil
                    let name = cleanName(finished.name) ?? ""
                    if let point = finished.point, finished.segments.isEmpty {
                        var stamped = point
                        stamped.time = finished.stamp
                        try builder.add(
                            TrackWaypoint(name: name.isEmpty ? "Point \(builder.waypoints.count + 1)" : name, point: stamped),
                            line: finished.line)
                    } else {
                        try builder.add(ParsedTrack(name: name, segments: finished.timedSegments), line: finished.line)
                    }
                default:
                    break
                }
            }
        }
        return builder.file(.kml)
    }

    private struct KMLPlacemark {
        var line: Int
        var name = ""
        var segments: [[TrackPoint]] = []
        var point: TrackPoint?
        var stamp: Int64?
        var begin: Int64?
        var end: Int64?

        init(line: Int) { self.line = line }

        /// Lines without times get the TimeSpan's, spread by distance from its begin to its end.
        var timedSegments: [[TrackPoint]] {
            guard let begin, let end, end >= begin else { return segments }
            let untimed = segments.allSatisfy { $0.allSatisfy { $0.time == nil } }
            guard untimed else { return segments }
            let length = ParsedTrack(name: "", segments: segments).distance
            let pointCount = segments.reduce(0) { $0 + $1.count }
            var travelled = 0.0
            var index = 0
            return segments.map { segment in
                segment.enumerated().map { offset, point in
                    if offset > 0 { travelled += segment[offset - 1].distance(to: point) }
                    defer { index += 1 }
                    let share = length > 0 ? travelled / length : (pointCount > 1 ? Double(index) / Double(pointCount - 1) : 0)
                    var timed = point
                    timed.time = begin + Int64((Double(end - begin) * share).rounded())
                    return timed
                }
            }
        }
    }
}
