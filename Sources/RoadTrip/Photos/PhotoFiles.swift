import Foundation
import Imaging

/// Where a photo's files live in the data folder:
///
///     originals/ab/<sha256>.<ext>           as imported, never modified
///     cache/thumbnail/ab/<sha256>.webp      made from the original; safe to delete
///     cache/preview/ab/<sha256>.jpg
///
/// Paths are made from the digest and the format only: nothing a person typed reaches them.
public struct PhotoFiles: Sendable {
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    public func original(sha256: String, format: ImageFormat) -> String {
        precondition(PhotoFiles.isDigest(sha256), "not a SHA-256 digest")
        return folder.path + "/originals/\(sha256.prefix(2))/\(sha256).\(format.fileExtension)"
    }

    public func rendition(_ rendition: Rendition, sha256: String) -> String {
        precondition(PhotoFiles.isDigest(sha256), "not a SHA-256 digest")
        return folder.path + "/cache/\(rendition.name)/\(sha256.prefix(2))/\(sha256).\(rendition.format.fileExtension)"
    }

    /// Stores the original under its digest. A file already there with that name holds the
    /// same bytes (an earlier import, perhaps one that was killed before its row was written).
    func storeOriginal(from source: String, sha256: String, format: ImageFormat) throws(FileError) {
        let destination = original(sha256: sha256, format: format)
        if DurableFile.size(of: destination) != nil { return }
        try DurableFile.copy(from: source, to: destination)
    }

    /// Makes a rendition's file from the original at `source`, creating its folder first.
    func makeRendition(_ rendition: Rendition, sha256: String, from source: String, with processor: ImageProcessor) throws {
        let destination = self.rendition(rendition, sha256: sha256)
        try DurableFile.makeFolder((destination as NSString).deletingLastPathComponent)
        try processor.makeRendition(rendition, of: source, to: destination)
    }

    static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
