import SystemCalls

/// Why a picture could not be read or written. `description` is for a person and never holds
/// the file's path: the caller knows which file it was and names it.
public struct ImagingError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The file could not be opened or read at all.
        case unreadable
        /// Its first bytes are not those of an accepted format.
        case notAnImage
        /// Its header claims more pixels than the processor's limit.
        case tooManyPixels
        /// It starts like an accepted image but its data is damaged or truncated.
        case corrupt
        /// Decoding it would take more memory than the whole decode budget.
        case tooLargeToDecode
        /// Other decodes held the budget for longer than a decode may wait; trying later may work.
        case busy
        /// The output could not be encoded or written.
        case writeFailed
    }

    public let kind: Kind
    public let description: String
    /// What the image library said, for a log: never shown as the reason (`description` is
    /// RoadTrip's own words).
    public let detail: String

    init(_ kind: Kind, _ description: String, detail: String = "") {
        self.kind = kind
        self.description = description
        self.detail = detail
    }

    public static let notAcceptedFormat = ImagingError(.notAnImage, "not a JPEG, PNG, WebP or HEIC image")

    static func tooManyPixels(width: Int, height: Int, limit: Int) -> ImagingError {
        let limitText = limit % 1_000_000 == 0 ? "\(limit / 1_000_000) megapixels" : "\(limit) pixels"
        return ImagingError(.tooManyPixels, "\(width) × \(height) pixels is over the limit of \(limitText)")
    }

    /// The image library failed on data that looked like an image. `detail` is libvips' text,
    /// cut to its first line with the path taken out: kept as `detail`, and read only to tell a
    /// file cut short from one damaged inside.
    static func corrupt(_ detail: String) -> ImagingError {
        ImagingError(
            .corrupt, cutShort(detail) ? cutShortReason : "the picture's data is damaged, and RoadTrip cannot read it", detail: detail)
    }

    /// What a file that ends before its picture does is, in a person's words.
    public static let cutShortReason = "the file ends before the picture does: it was copied or downloaded only in part"

    /// Whether the image library's text says the data ended early (libjpeg's "Premature end of
    /// JPEG file", "premature end of data segment"; libpng's "Not enough image data").
    static func cutShort(_ detail: String) -> Bool {
        let lowered = detail.lowercased()
        return ["premature end", "not enough image data", "truncated", "unexpected end"].contains { lowered.contains($0) }
    }

    static func unreadable(errno code: Int32) -> ImagingError {
        ImagingError(.unreadable, "cannot read the file: \(SystemError.message(code))")
    }

    static func writeFailed(errno code: Int32) -> ImagingError {
        ImagingError(.writeFailed, "cannot write the file: \(SystemError.message(code))")
    }
}
