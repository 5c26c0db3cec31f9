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

    init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }

    static let notAcceptedFormat = ImagingError(.notAnImage, "not a JPEG, PNG, WebP or HEIC image")

    static func tooManyPixels(width: Int, height: Int, limit: Int) -> ImagingError {
        let limitText = limit % 1_000_000 == 0 ? "\(limit / 1_000_000) megapixels" : "\(limit) pixels"
        return ImagingError(.tooManyPixels, "\(width) × \(height) pixels is over the limit of \(limitText)")
    }

    /// The image library failed on data that looked like an image. `detail` is libvips' text,
    /// cut to its first line with the path taken out.
    static func corrupt(_ detail: String) -> ImagingError {
        ImagingError(.corrupt, detail.isEmpty ? "the image data is damaged" : "the image data is damaged (\(detail))")
    }

    static func unreadable(errno code: Int32) -> ImagingError {
        ImagingError(.unreadable, "cannot read the file: \(SystemError.message(code))")
    }

    static func writeFailed(errno code: Int32) -> ImagingError {
        ImagingError(.writeFailed, "cannot write the file: \(SystemError.message(code))")
    }
}
