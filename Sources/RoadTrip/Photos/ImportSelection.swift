import Foundation

/// What the paths given to an import came to before any file is read: the files to import,
/// the paths that do not exist, the files refused by their name alone, and the other files
/// of folders that were skipped.
public struct ImportSelection: Sendable {
    public var found: [ImportSource] = []
    public var missing: [String] = []
    /// Named on their own, and refused by their name (a video): never handed to the importer.
    public var refused: [(source: ImportSource, reason: String)] = []
    public var skipped = SkippedFiles()
    /// The paths given, as the list of import runs names them.
    public private(set) var paths: [String] = []

    public init() {}

    /// How the list of import runs names it: "Files from ~/Pictures/2019" or "Files from
    /// ~/a, ~/b and 3 more".
    public var label: String {
        let shown = paths.prefix(2).joined(separator: ", ")
        return "Files from " + (paths.count > 2 ? "\(shown) and \(paths.count - 2) more" : shown)
    }

    /// Its files' paths and sizes: the same files imported again continue the run they began.
    public var key: String {
        ImportRuns.key(of: found.map { source in
            let size = (try? FileManager.default.attributesOfItem(atPath: source.path)[.size]) as? Int64
            return (URL(fileURLWithPath: source.path).standardizedFileURL.path, size ?? -1)
        })
    }

    /// Files of `paths`, folders searched recursively (hidden files and folders skipped), in
    /// a stable order. Inside a folder only files with a photo's or a video's name are taken and
    /// the rest are counted as skipped; a file named on its own is always taken (and refused
    /// with its reason if it is neither), since the person asked for that very file.
    public init(paths: [String]) {
        self.paths = paths
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                missing.append(path)
                continue
            }
            if isFolder.boolValue {
                addFolder(path)
            } else if ImportFileKind(fileName: path) == .otherVideo {
                refused.append((ImportSource(path: path), ImportSelection.videoRefusal))
            } else {
                found.append(ImportSource(path: path))
            }
        }
    }

    static let videoRefusal = "it is a video in a form RoadTrip does not take (\(SkippedFiles.videoReason))"

    private mutating func addFolder(_ path: String) {
        let folder = URL(fileURLWithPath: path)
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        var files: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let kind = ImportFileKind(fileName: url.lastPathComponent)
            if kind == .image || kind == .video {
                files.append(url.path)
            } else {
                skipped.add(fileName: url.lastPathComponent)
            }
        }
        found += files.sorted().map { ImportSource(path: $0) }
    }
}
