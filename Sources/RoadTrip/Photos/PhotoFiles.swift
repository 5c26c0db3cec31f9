import Crypto
import Foundation
import Imaging
import SystemCalls
import Video

/// Where a photo's files live in the data folder:
///
///     originals/ab/<sha256>.<ext>           as imported, never modified
///     cache/thumbnail/ab/<sha256>.webp      made from the original; safe to delete
///     cache/preview/ab/<sha256>.jpg
///     originals/ab/<sha256>.mp4             a video as imported (.mov, .webm, …); its poster is
///                                           the JPEG original of the same digest
///     cache/video/ab/<sha256>.mp4           its rendition, which every browser plays
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

    /// A video file as imported.
    public func video(sha256: String, container: VideoContainer) -> String {
        precondition(PhotoFiles.isDigest(sha256), "not a SHA-256 digest")
        return folder.path + "/originals/\(sha256.prefix(2))/\(sha256).\(container.fileExtension)"
    }

    /// A video's rendition: H.264/AAC in MP4, its index first.
    public func videoRendition(sha256: String) -> String {
        precondition(PhotoFiles.isDigest(sha256), "not a SHA-256 digest")
        return folder.path + "/cache/video/\(sha256.prefix(2))/\(sha256).mp4"
    }

    /// Names a staged video by its digest, as `storeOriginal` does a photo.
    func storeVideo(_ copy: StagedFile, sha256: String, container: VideoContainer) throws(FileError) {
        try place(copy, at: video(sha256: sha256, container: container))
    }

    private func place(_ copy: StagedFile, at destination: String) throws(FileError) {
        if DurableFile.size(of: destination) != nil { return }
        try DurableFile.makeFolder((destination as NSString).deletingLastPathComponent)
        do throws(SystemError) { try copy.place(at: destination) } catch { throw FileError("cannot save", destination, errno: error.errno) }
    }

    /// The original, copied into the library under a temporary name while its digest is
    /// computed: one read of the file. `storeOriginal(_:format:)` then names it by the digest;
    /// dropped without that, the copy goes.
    func stageOriginal(from source: String) throws -> (sha256: String, copy: StagedFile) {
        let folder = self.folder.path + "/originals"
        try DurableFile.makeFolder(folder)
        let copy: StagedFile
        do throws(SystemError) { copy = try StagedFile(in: folder, mode: 0o600) } catch {
            throw FileError("cannot save", folder, errno: error.errno)
        }
        return (try FileDigest.sha256(ofFileAt: source, copyingInto: copy.file), copy)
    }

    /// Names a staged original by its digest. A file already there under that name holds the
    /// same bytes (an earlier import, perhaps one killed before its row was written) and stays.
    func storeOriginal(_ copy: StagedFile, sha256: String, format: ImageFormat) throws(FileError) {
        try place(copy, at: original(sha256: sha256, format: format))
    }

    /// Makes a rendition's file from the original at `source`, creating its folder first.
    func makeRendition(_ rendition: Rendition, sha256: String, from source: String, with processor: ImageProcessor) throws {
        try makeRenditions([rendition], sha256: sha256, from: source, with: processor)
    }

    /// Makes several renditions' files from one decode of the original (the smaller from the larger).
    func makeRenditions(_ renditions: [Rendition], sha256: String, from source: String, with processor: ImageProcessor) throws {
        try makeFolders(for: renditions, sha256: sha256)
        try processor.makeRenditions(renditions, of: source) { self.rendition($0, sha256: sha256) }
    }

    /// The same for a file being imported, whose completeness is checked in the same decode
    /// where it can be (`ImageProcessor.makeCheckedRenditions`).
    func makeCheckedRenditions(_ renditions: [Rendition], sha256: String, from source: String, with processor: ImageProcessor) throws {
        try makeFolders(for: renditions, sha256: sha256)
        try processor.makeCheckedRenditions(renditions, of: source) { self.rendition($0, sha256: sha256) }
    }

    private func makeFolders(for renditions: [Rendition], sha256: String) throws {
        for rendition in renditions {
            try DurableFile.makeFolder((self.rendition(rendition, sha256: sha256) as NSString).deletingLastPathComponent)
        }
    }

    static func isDigest(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
