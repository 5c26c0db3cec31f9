import Foundation

/// The kinds of picture a destination may name, by its file name's extension.
public enum DestinationPictureFormat: String, Sendable {
    case svg, png, jpeg, webp

    init?(fileName: String) {
        switch (fileName as NSString).pathExtension.lowercased() {
        case "svg": self = .svg
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "webp": self = .webp
        default: return nil
        }
    }

    public var mediaType: String {
        switch self {
        case .svg: "image/svg+xml"
        case .png: "image/png"
        case .jpeg: "image/jpeg"
        case .webp: "image/webp"
        }
    }
}

/// Where destinations' pictures are found: the data folder's `destination-images/` first,
/// then the pictures bundled with the demo catalogue. The one place that decides, so that
/// `roadtrip destinations import` warns about exactly the pictures pages cannot show.
public struct DestinationPictures: Sendable {
    public let folders: [URL]

    public init(folders: [URL]) {
        self.folders = folders
    }

    /// Where a person puts the pictures their catalogue names.
    public static func importedFolder(in dataFolder: URL) -> URL {
        dataFolder.appendingPathComponent("destination-images")
    }

    /// Why a destination's picture cannot be shown.
    public enum Problem: Error, Sendable, Equatable {
        case missing
        case unsupportedFormat
    }

    /// The picture's file and format, or why there is none.
    public func picture(named imageName: String) -> Result<(path: String, format: DestinationPictureFormat), Problem> {
        guard let format = DestinationPictureFormat(fileName: imageName) else { return .failure(.unsupportedFormat) }
        // Import checked that the name is a plain file name; check again, a stored path is never trusted.
        guard !imageName.contains("/"), !imageName.hasPrefix("."), !imageName.isEmpty else { return .failure(.missing) }
        for folder in folders {
            let path = folder.appendingPathComponent(imageName).path
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                return .success((path, format))
            }
        }
        return .failure(.missing)
    }

    /// Each record whose picture cannot be shown, with why, in the records' order.
    public func problems(in records: [DestinationRecord]) -> [(record: DestinationRecord, problem: Problem)] {
        records.compactMap { record in
            if case .failure(let problem) = picture(named: record.imageName) { (record, problem) } else { nil }
        }
    }
}
