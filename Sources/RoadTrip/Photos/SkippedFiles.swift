/// The files of a folder that were not photos or videos by their name, counted by kind so that
/// one line can say what was left out: "skipped 14 other files: 9 .xmp, 3 videos (AVI, MPEG
/// and .mts videos are not imported), 2 more".
public struct SkippedFiles: Sendable, Equatable {
    /// Lower-cased extension ("" for none) → how many files.
    public private(set) var countsByExtension: [String: Int] = [:]

    public init() {}

    public var count: Int { countsByExtension.values.reduce(0, +) }

    mutating func add(fileName: String) {
        countsByExtension[ImportFileKind.fileExtension(of: fileName), default: 0] += 1
    }

    static let videoReason = "only MP4, MOV, M4V, 3GP, WebM and Matroska videos are imported"

    /// How many groups are named before the rest is summed up as "N more".
    static let namedGroups = 3

    /// The line to show, or nil when nothing was skipped. Videos in forms not taken are one
    /// group and always named, with why; the other groups are named most common first (ties by name).
    public var summary: String? {
        guard count > 0 else { return nil }
        var videos = 0
        var others: [(label: String, count: Int)] = []
        for (fileExtension, count) in countsByExtension {
            if ImportFileKind.otherVideoExtensions.contains(fileExtension) {
                videos += count
            } else {
                others.append((fileExtension.isEmpty ? "without extension" : "." + fileExtension, count))
            }
        }
        others.sort { $0.count != $1.count ? $0.count > $1.count : $0.label < $1.label }
        var parts: [String] = []
        if videos > 0 { parts.append("\(videos) \(videos == 1 ? "video" : "videos") (\(Self.videoReason))") }
        let budget = Self.namedGroups - parts.count
        // One group left over is named: "2 .json" says more than "2 more" in the same room.
        let room = others.count <= budget + 1 ? others.count : budget
        parts += others.prefix(room).map { "\($0.count) \($0.label)" }
        let rest = others.dropFirst(room).reduce(0) { $0 + $1.count }
        if rest > 0 { parts.append("\(rest) more") }
        return "skipped \(count) other \(count == 1 ? "file" : "files"): " + parts.joined(separator: ", ")
    }
}
