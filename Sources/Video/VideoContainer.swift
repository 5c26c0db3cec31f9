/// The video files RoadTrip takes, recognised by their first bytes, never by their names.
public enum VideoContainer: String, Sendable, CaseIterable {
    case mp4, mov, m4v
    case threeGP = "3gp"
    case webm, mkv

    /// How many bytes `init(sniffing:)` reads.
    public static let sniffLength = 64

    /// An ISO base media file (MP4, QuickTime, M4V, 3GP) by its `ftyp` box's major brand, an
    /// older QuickTime file by its first box, or Matroska/WebM by EBML's magic and its DocType.
    /// HEIF's brands are images (`ImageFormat`), not videos: nil.
    public init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(Self.sniffLength))
        guard head.count >= 12 else { return nil }
        if head[0..<4] == [0x1A, 0x45, 0xDF, 0xA3] {
            // EBML: the DocType ("webm" or "matroska") comes within the header's first bytes.
            self = Self.contains(head, "webm") ? .webm : Self.contains(head, "matroska") ? .mkv : .mkv
            return
        }
        let box = String(decoding: head[4..<8], as: UTF8.self)
        if box == "ftyp" {
            let brand = String(decoding: head[8..<12], as: UTF8.self)
            switch brand {
            case "qt  ": self = .mov
            case "M4V ", "M4VH", "M4VP": self = .m4v
            case "3gp4", "3gp5", "3gp6", "3gp7", "3ge6", "3ge7", "3gg6", "3g2a", "3g2b", "3g2c": self = .threeGP
            case "isom", "iso2", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1", "dash", "mmp4", "MSNV", "XAVC", "NDAS", "f4v ": self = .mp4
            default: return nil
            }
            return
        }
        // QuickTime files written before `ftyp` begin with one of these boxes.
        guard ["moov", "mdat", "wide", "free", "skip", "pnot"].contains(box) else { return nil }
        self = .mov
    }

    private static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { Array(bytes[$0..<($0 + needle.count)]) == needle }
    }

    public var fileExtension: String { rawValue }

    /// What a browser is told the original is.
    public var mediaType: String {
        switch self {
        case .mp4: "video/mp4"
        case .mov: "video/quicktime"
        case .m4v: "video/x-m4v"
        case .threeGP: "video/3gpp"
        case .webm: "video/webm"
        case .mkv: "video/x-matroska"
        }
    }

    /// Whether a browser can play an H.264/AAC stream from this container as it is (after
    /// `faststart`): the ISO base media files.
    public var isISOMedia: Bool { [.mp4, .mov, .m4v, .threeGP].contains(self) }
}
