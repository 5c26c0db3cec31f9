import Foundation

/// What a file's name says it is, before a byte of it is read. Only a folder's contents are
/// sorted by name: a photo folder holds sidecars, videos and notes beside its photos, and
/// those are skipped. Whether an image-named file really is an image is still decided by
/// its first bytes when it is imported.
public enum ImportFileKind: Sendable, Equatable {
    case image
    case video
    case other

    /// The names JPEG, PNG, WebP and HEIC files go by.
    static let imageExtensions: Set<String> = ["jpg", "jpeg", "png", "webp", "heic", "heif"]
    /// Named so a person is told why they were not imported, rather than just "other".
    static let videoExtensions: Set<String> = [
        "mov", "mp4", "m4v", "avi", "3gp", "3g2", "mkv", "webm", "mts", "m2ts", "wmv", "mpg", "mpeg", "flv",
    ]

    public init(fileName: String) {
        let fileExtension = ImportFileKind.fileExtension(of: fileName)
        if ImportFileKind.imageExtensions.contains(fileExtension) {
            self = .image
        } else if ImportFileKind.videoExtensions.contains(fileExtension) {
            self = .video
        } else {
            self = .other
        }
    }

    /// "IMG_1.JPG" → "jpg"; "README" → "".
    static func fileExtension(of fileName: String) -> String {
        (fileName as NSString).pathExtension.lowercased()
    }
}
