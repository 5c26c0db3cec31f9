import Foundation

/// What a file's name says it is, before a byte of it is read. Only a folder's contents are
/// sorted by name: a photo folder holds sidecars and notes beside its photos and videos, and
/// those are skipped. Whether a file really is a photo or a video is still decided by its
/// first bytes when it is imported.
public enum ImportFileKind: Sendable, Equatable {
    case image
    case video
    /// A video in a form RoadTrip does not take (AVI, MPEG, AVCHD's .mts, …): named apart, so a
    /// person is told why it was not imported rather than just "other".
    case otherVideo
    case other

    /// The names JPEG, PNG, WebP and HEIC files go by.
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "webp", "heic", "heif"]
    /// The names of the videos RoadTrip takes: MP4, QuickTime, M4V, 3GP, WebM and Matroska — and
    /// the motion of a Pixel's Motion Photo as a Takeout names it, `PXL_….MP` (or `.MP~2` for a
    /// second copy), an MP4 without its extension.
    static let videoExtensions: Set<String> = ["mov", "mp4", "m4v", "3gp", "3g2", "mkv", "webm", "qt", "mp"]
    static let otherVideoExtensions: Set<String> = ["avi", "mts", "m2ts", "wmv", "mpg", "mpeg", "flv", "vob", "ogv"]

    public init(fileName: String) {
        let fileExtension = ImportFileKind.fileExtension(of: fileName)
        if ImportFileKind.imageExtensions.contains(fileExtension) {
            self = .image
        } else if ImportFileKind.videoExtensions.contains(fileExtension) || fileExtension.wholeMatch(of: /mp~[0-9]{1,3}/) != nil {
            self = .video
        } else if ImportFileKind.otherVideoExtensions.contains(fileExtension) {
            self = .otherVideo
        } else {
            self = .other
        }
    }

    /// "IMG_1.JPG" → "jpg"; "README" → "".
    static func fileExtension(of fileName: String) -> String {
        (fileName as NSString).pathExtension.lowercased()
    }
}
