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
    /// XMP sidecars of no photo or video found.
    public private(set) var unmatchedSidecars: [String] = []
    /// An iCloud export's lists found in the folders (`ICloudExport.isExportFile`).
    public private(set) var exportFiles: [String] = []
    /// Files found but not to be imported (an export's trash), each with why.
    public var leftOut: [(source: ImportSource, reason: String)] = []

    public init() {}

    /// How the list of import runs names it: "Files from ~/Pictures/2019" or "Files from
    /// ~/a, ~/b and 3 more".
    public var label: String {
        let shown = paths.prefix(2).joined(separator: ", ")
        return "Files from " + (paths.count > 2 ? "\(shown) and \(paths.count - 2) more" : shown)
    }

    /// Its files' paths and sizes: the same files imported again continue the run they began.
    public var key: String {
        ImportRuns.key(
            of: found.map { source in
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
        // Each folder's XMP sidecars by lower-cased name, listed once however many of its files are named.
        var besideFiles: [String: [String: String]] = [:]
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
                // A file named on its own is taken whatever it is; a photo's sidecar is looked for beside it.
                let url = URL(fileURLWithPath: path)
                let folder = url.deletingLastPathComponent().path
                let sidecars =
                    besideFiles[folder]
                    ?? {
                        let beside = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                        let found = Dictionary(
                            beside.filter { ImportFileKind.fileExtension(of: $0) == "xmp" }.map { ($0.lowercased(), $0) },
                            uniquingKeysWith: { first, _ in first })
                        besideFiles[folder] = found
                        return found
                    }()
                let sidecar =
                    ImportFileKind.fileExtension(of: path) == "xmp" ? nil : Self.sidecar(of: url.lastPathComponent, among: sidecars)
                found.append(
                    ImportSource(path: path, sidecar: sidecar.map { url.deletingLastPathComponent().appendingPathComponent($0).path }))
            }
        }
    }

    /// The XMP sidecar of the file `name` among a folder's (by lower-cased name): `IMG_1.JPG.xmp`
    /// (darktable, digiKam) before `IMG_1.xmp` (Lightroom, Apple Photos), any case.
    static func sidecar(of name: String, among sidecars: [String: String]) -> String? {
        let lowered = name.lowercased()
        let stem = (lowered as NSString).deletingPathExtension
        return sidecars[lowered + ".xmp"] ?? sidecars[stem + ".xmp"]
    }

    static let videoRefusal = "it is a video in a form RoadTrip does not take (\(SkippedFiles.videoReason))"

    private mutating func addFolder(_ path: String) {
        let folder = URL(fileURLWithPath: path)
        let enumerator = FileManager.default.enumerator(
            at: folder, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        var files: [String] = []
        // Each folder's XMP sidecars, by lower-cased name.
        var sidecars: [String: [String: String]] = [:]
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let kind = ImportFileKind(fileName: url.lastPathComponent)
            if kind == .image || kind == .video {
                files.append(url.path)
            } else if ImportFileKind.fileExtension(of: url.lastPathComponent) == "xmp" {
                sidecars[url.deletingLastPathComponent().path, default: [:]][url.lastPathComponent.lowercased()] = url.lastPathComponent
            } else if ICloudExport.isExportFile(url.path) {
                exportFiles.append(url.path)
            } else {
                skipped.add(fileName: url.lastPathComponent)
            }
        }
        var claimed: Set<String> = []
        for path in files.sorted() {
            let url = URL(fileURLWithPath: path)
            let folder = url.deletingLastPathComponent().path
            let sidecar = Self.sidecar(of: url.lastPathComponent, among: sidecars[folder] ?? [:]).map { folder + "/" + $0 }
            if let sidecar { claimed.insert(sidecar) }
            found.append(ImportSource(path: path, sidecar: sidecar))
        }
        for (folder, names) in sidecars {
            for name in names.values where !claimed.contains(folder + "/" + name) {
                unmatchedSidecars.append(folder + "/" + name)
            }
        }
        unmatchedSidecars.sort()
    }
}
