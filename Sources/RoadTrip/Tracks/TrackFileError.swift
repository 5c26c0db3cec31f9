/// Why a track file was refused, and where: the file and the line, when there is one.
public struct TrackFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var fileName: String?
    public var line: Int?
    public var reason: String

    public init(fileName: String? = nil, line: Int? = nil, reason: String) {
        self.fileName = fileName
        self.line = line
        self.reason = reason
    }

    /// `ride.gpx, line 12: point 4 has latitude 512, which is not on Earth`
    public var description: String {
        let place = [fileName, line.map { "line \($0)" }].compactMap { $0 }.joined(separator: ", ")
        return place.isEmpty ? reason : "\(place): \(reason)"
    }
}
