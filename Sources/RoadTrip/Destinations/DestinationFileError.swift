/// Why a catalogue file was refused, and where: the file, the line a value starts on (property
/// lists, and JSON syntax errors), and the key path of the value inside the file.
public struct DestinationFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public var fileName: String?
    public var line: Int?
    /// Where the value sits, as `DestinationData[0].DestinationLocation.Latitude`; nil for the whole file.
    public var keyPath: String?
    public var reason: String

    public init(fileName: String? = nil, line: Int? = nil, keyPath: String? = nil, reason: String) {
        self.fileName = fileName
        self.line = line
        self.keyPath = keyPath
        self.reason = reason
    }

    /// `Destinations.plist, line 18: DestinationData[0].DestinationLocation.Latitude: expected a number, found "abc"`
    public var description: String {
        let place = [fileName, line.map { "line \($0)" }].compactMap { $0 }.joined(separator: ", ")
        return [place.isEmpty ? nil : place, keyPath, reason].compactMap { $0 }.joined(separator: ": ")
    }
}
