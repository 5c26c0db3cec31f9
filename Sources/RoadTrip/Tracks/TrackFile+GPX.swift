extension TrackFile {
    /// GPX 1.0 and 1.1 (the two differ in what a point may hold, not in what is read here): each
    /// `trk` a track of its `trkseg`s, each `rte` a track of one segment, each `wpt` a named point.
    /// Namespaces are not checked (files declare 1.0's, 1.1's, or none); `ele`, `extensions` and
    /// everything else is skipped.
    static func readGPX(_ reader: inout TrackXMLReader, attributes: [(name: String, value: String)]) throws(TrackFileError) -> TrackFile {
        var builder = TrackFileBuilder()
        var path = ["gpx"]
        var text = ""
        var track: ParsedTrack?
        var segment: [TrackPoint] = []
        var point: GPXPoint?
        var pointNumber = 0
        while let event = try reader.next() {
            switch event {
            case .start(let name, let attributes):
                path.append(name)
                text = ""
                switch name {
                case "trk" where path.count == 2, "rte" where path.count == 2:
                    track = ParsedTrack(name: "", segments: [])
                    segment = []
                case "trkseg" where track != nil:
                    segment = []
                case "trkpt", "rtept", "wpt":
                    pointNumber += 1
                    func number(_ key: String) -> Double? { attributes.first { $0.name == key }.flatMap { Double($0.value) } }
                    point = GPXPoint(latitude: number("lat"), longitude: number("lon"), number: pointNumber, line: reader.line)
                default:
                    break
                }
            case .text(let more):
                if ["name", "time"].contains(path.last) { text += more }
            case .end(let name):
                let parent = path.count >= 2 ? path[path.count - 2] : ""
                path.removeLast()
                switch name {
                case "name" where ["trk", "rte"].contains(parent):
                    track?.name = cleanName(text) ?? ""
                case "name" where ["trkpt", "rtept", "wpt"].contains(parent):
                    point?.name = text
                case "time" where ["trkpt", "rtept", "wpt"].contains(parent):
                    guard let time = TrackTime.milliseconds(text) else {
                        throw TrackFileError(
                            line: reader.line,
                            reason: "point \(pointNumber) has the time \"\(text.prefix(40))\", which is not a date and time")
                    }
                    point?.time = time
                case "trkpt" where track != nil, "rtept" where track != nil:
                    guard let read = point else { break }
                    try builder.count(line: read.line)
                    segment.append(try read.trackPoint())
                    point = nil
                case "wpt":
                    guard let read = point else { break }
                    try builder.count(line: read.line)
                    try builder.add(
                        TrackWaypoint(name: cleanName(read.name ?? "") ?? "Point \(read.number)", point: try read.trackPoint()),
                        line: read.line)
                    point = nil
                case "trkseg":
                    if !segment.isEmpty { track?.segments.append(segment) }
                    segment = []
                case "rte":
                    if !segment.isEmpty { track?.segments.append(segment) }
                    fallthrough
                case "trk":
                    if let finished = track { try builder.add(finished, line: reader.line) }
                    track = nil
                default:
                    break
                }
            }
        }
        return builder.file(.gpx)
    }

    /// A `trkpt`, `rtept` or `wpt` being read.
    private struct GPXPoint {
        var latitude: Double?
        var longitude: Double?
        var number: Int
        var line: Int
        var time: Int64?
        var name: String?

        init(latitude: Double?, longitude: Double?, number: Int, line: Int) {
            (self.latitude, self.longitude, self.number, self.line) = (latitude, longitude, number, line)
        }

        func trackPoint() throws(TrackFileError) -> TrackPoint {
            try TrackFileBuilder.point(latitude: latitude, longitude: longitude, time: time, what: "point \(number)", line: line)
        }
    }
}
