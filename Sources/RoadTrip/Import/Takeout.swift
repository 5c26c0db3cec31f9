import Foundation
import SystemCalls
import ZipArchive

/// A Google Takeout given as its zip parts (`takeout-*.zip`), read in place, never unpacked:
/// its photos and videos, each with what its JSON sidecar says (found by Google's names for
/// it, in whichever part it is: a photo and its sidecar are often in two), and the rest counted
/// as skipped or refused with why. The parts' members are checked before any is read
/// (`ZipArchive`); a member is read only to import it, one at a time.
public final class Takeout: @unchecked Sendable {
    /// A photo or a video of the Takeout.
    public struct Item: Sendable {
        /// The part it is in (an index of `parts`), and its member there.
        let part: Int
        let member: ZipMember
        /// How a summary names it: "takeout-1.zip: Takeout/Google Photos/Trip/IMG_1234.JPG".
        public let source: ImportSource
        /// What its sidecar says, and its member's time.
        public let hints: ImportHints
        /// Its sidecar's name, if it has one.
        public let sidecar: String?
        /// In the trash, or archived, by its sidecar or its folder.
        let trashed: Bool
        let archived: Bool
    }

    /// Google's names for the trash's and the archive's folders, in the Takeout's language.
    static let trashFolders: Set<String> = ["trash", "bin", "corbeille", "papierkorb", "papelera", "cestino", "lixeira", "prullenbak"]
    static let archiveFolders: Set<String> = ["archive", "archiv", "archives", "archivo", "archivio", "arquivo", "archief"]

    /// An album's title, in the Takeout's language.
    static let albumFiles: Set<String> = [
        "metadata.json", "métadonnées.json", "metadaten.json", "metadatos.json", "metadati.json", "metadados.json", "metagegevens.json",
    ]
    /// Google's own files beside the photos: an album's title, and lists of the account's:
    /// never a photo's sidecar.
    static let ownFiles: Set<String> = albumFiles.union([
        "print-subscriptions.json", "shared_album_comments.json", "user-generated-memory-titles.json",
    ])

    /// Each part's file name (how a summary names it) and its archive.
    private let parts: [(label: String, archive: ZipArchive)]
    /// libzip's archives are read by one thread at a time.
    private let reading = NSLock()
    public private(set) var items: [Item] = []
    /// Members no zip check passed, and sidecars that could not be read, each with why.
    public private(set) var refused: [(source: ImportSource, reason: String)] = []
    public private(set) var skipped = SkippedFiles()
    /// Sidecars no photo of the Takeout claimed (a photo Google left out of the parts).
    public private(set) var unmatchedSidecars: [String] = []
    /// Google's folders of location history, in the Takeout's language.
    static let locationFolders: Set<String> = [
        "location history", "location history (timeline)", "standortverlauf", "standortverlauf (timeline)", "historique des positions",
        "historial de ubicaciones", "cronologia delle posizioni", "histórico de localização", "locatiegeschiedenis",
    ]

    /// Its location history's files (`LocationHistory`), read only when imported.
    private var locationFiles: [(part: Int, member: ZipMember)] = []

    /// Photos and videos not to be imported (the trash, the archive), each with why.
    public private(set) var leftOut: [(source: ImportSource, reason: String)] = []
    /// Its albums with photos, by title: folders with Google's album metadata beside their
    /// photos (year folders, "Photos from 2019", have none), titled as the metadata says.
    public private(set) var albums: [ImportAlbum] = []
    /// How the list of import runs names it: "Google Takeout, 2 parts".
    public let label: String
    /// Its parts' names and sizes: the same parts imported again continue the run they began.
    public let key: String

    /// Whether the file at `path` is a zip file: its first bytes, never its name.
    public static func isZip(_ path: String) -> Bool {
        PhotoStore.head(of: path)?.starts(with: [0x50, 0x4B, 0x03, 0x04]) ?? false
    }

    /// The Takeout to import into `library`: a member may be as large as a video may be
    /// (`--max-video-size`), and 4 GiB at least.
    public convenience init(parts paths: [String], for library: PhotoStore) throws(ImportError) {
        var limits = ZipLimits()
        limits.maxMemberSize = max(limits.maxMemberSize, Int64(clamping: library.video.maximumSize))
        try self.init(parts: paths, limits: limits)
    }

    /// Opens every part and pairs each photo with its sidecar; throws, naming the part, when a
    /// part is no zip or is over its limits.
    public init(parts paths: [String], limits: ZipLimits = ZipLimits()) throws(ImportError) {
        var parts: [(label: String, archive: ZipArchive)] = []
        var files: [(name: String, size: Int64)] = []
        for path in paths {
            do {
                parts.append((URL(fileURLWithPath: path).lastPathComponent, try ZipArchive(path: path, limits: limits)))
            } catch {
                throw ImportError("\(path): \(error)")
            }
            files.append((URL(fileURLWithPath: path).lastPathComponent, Int64(DurableFile.size(of: path) ?? 0)))
        }
        self.parts = parts
        label = "Google Takeout, \(paths.count == 1 ? "1 part" : "\(paths.count) parts")"
        key = ImportRuns.key(of: files)
        sort()
    }

    private func sort() {
        // Every part's sidecars by folder first: a photo's may be in a later part.
        var sidecars: [String: [String: (part: Int, member: ZipMember)]] = [:]
        var media: [(part: Int, member: ZipMember)] = []
        var albumFiles: [String: (part: Int, member: ZipMember)] = [:]
        for (index, part) in parts.enumerated() {
            refused += part.archive.refused.map { (ImportSource(path: "\(part.label): \($0.name)", fileName: $0.name), $0.reason) }
            for member in part.archive.members {
                let name = member.fileName
                if name.lowercased().hasSuffix(".json") {
                    let folders = member.folder.split(separator: "/").map { $0.lowercased() }
                    if folders.contains(where: Takeout.locationFolders.contains) || name == "Records.json" {
                        // Its settings say nothing of where anyone was.
                        if name.lowercased().contains("settings") {
                            skipped.add(fileName: name)
                        } else {
                            locationFiles.append((index, member))
                        }
                    } else if Takeout.albumFiles.contains(name.lowercased()) {
                        albumFiles[member.folder] = (index, member)
                    } else if Takeout.ownFiles.contains(name.lowercased()) {
                        skipped.add(fileName: name)
                    } else {
                        sidecars[member.folder, default: [:]][name] = (index, member)
                    }
                    continue
                }
                switch ImportFileKind(fileName: name) {
                case .image, .video: media.append((index, member))
                case .otherVideo, .other: skipped.add(fileName: name)
                }
            }
        }
        var claimed: Set<String> = []
        for (index, member) in media {
            let source = ImportSource(path: "\(parts[index].label): \(ZipArchive.shown(member.name))", fileName: member.fileName)
            let folderName = member.folder.split(separator: "/").last.map { $0.lowercased() } ?? ""
            let (inTrash, inArchive) = (Takeout.trashFolders.contains(folderName), Takeout.archiveFolders.contains(folderName))
            let folder = sidecars[member.folder] ?? [:]
            guard let name = TakeoutNames.sidecar(for: member.fileName, among: folder.keys), let found = folder[name] else {
                items.append(
                    Item(
                        part: index, member: member, source: source, hints: ImportHints(fileTime: member.modified), sidecar: nil,
                        trashed: inTrash, archived: inArchive))
                continue
            }
            claimed.insert(found.member.name)
            do {
                let sidecar = try TakeoutSidecar(json: parts[found.part].archive.bytes(of: found.member, limit: TakeoutSidecar.byteLimit))
                // The sidecar's title is the name the photo had before Google cut it to fit.
                items.append(
                    Item(
                        part: index, member: member, source: ImportSource(path: source.path, fileName: sidecar.title ?? member.fileName),
                        hints: ImportHints(sidecar, fileTime: member.modified), sidecar: found.member.name,
                        trashed: inTrash || sidecar.trashed, archived: inArchive || sidecar.archived))
            } catch {
                refused.append(
                    (
                        ImportSource(path: "\(parts[found.part].label): \(ZipArchive.shown(found.member.name))", fileName: name),
                        "this sidecar cannot be read (its photo is imported without it): \(error)"
                    ))
                items.append(
                    Item(
                        part: index, member: member, source: source, hints: ImportHints(fileTime: member.modified), sidecar: nil,
                        trashed: inTrash, archived: inArchive))
            }
        }
        unmatchedSidecars = sidecars.values.flatMap(\.values).map(\.member.name).filter { !claimed.contains($0) }.sorted()
        shareHints()
        findAlbums(albumFiles)
    }

    /// The folders with an album's metadata, titled by it (else by the folder's name), with the
    /// photos and videos in them; an album's metadata that cannot be read is refused, and its
    /// folder's name is its title.
    private func findAlbums(_ files: [String: (part: Int, member: ZipMember)]) {
        var byFolder: [String: [String]] = [:]
        for item in items { byFolder[item.member.folder, default: []].append(item.source.path) }
        for (folder, file) in files.sorted(by: { $0.key < $1.key }) {
            guard let members = byFolder[folder] else { continue }
            var title: String?
            do {
                title = try TakeoutSidecar(json: parts[file.part].archive.bytes(of: file.member, limit: TakeoutSidecar.byteLimit)).title
            } catch {
                refused.append(
                    (
                        ImportSource(
                            path: "\(parts[file.part].label): \(ZipArchive.shown(file.member.name))", fileName: file.member.fileName),
                        "this album's title cannot be read (the folder's name is used): \(error)"
                    ))
            }
            let name = title ?? folder.split(separator: "/").last.map(String.init) ?? folder
            albums.append(ImportAlbum(title: name, key: folder, items: members))
        }
        albums.sort { ($0.title.lowercased(), $0.key) < ($1.title.lowercased(), $1.key) }
    }

    /// A photo in an album is in the Takeout twice (its year's folder and the album's), each copy
    /// with a sidecar of its own, and Google's album copy often says less (no position, no
    /// description). Whichever copy is imported first makes the item, so every copy carries what
    /// any of them says: copies are known by the name and the time their sidecars give.
    private func shareHints() {
        func key(_ item: Item) -> String? {
            guard item.sidecar != nil, let takenAt = item.hints.takenAt else { return nil }
            return "\(item.source.fileName.lowercased())\u{0}\(takenAt)"
        }
        var shared: [String: ImportHints] = [:]
        for item in items {
            guard let key = key(item) else { continue }
            shared[key] = shared[key].map { $0.filled(from: item.hints) } ?? item.hints
        }
        items = items.map { item in
            guard let key = key(item), let shared = shared[key] else { return item }
            var hints = item.hints.filled(from: shared)
            hints.fileTime = item.hints.fileTime
            return Item(
                part: item.part, member: item.member, source: item.source, hints: hints, sidecar: item.sidecar,
                trashed: item.trashed, archived: item.archived)
        }
    }

    /// Leaves out what was in the trash (unless `withTrash`) or archived (unless `withArchive`),
    /// each with why; its albums keep only what is imported.
    public func leaveOut(withTrash: Bool, withArchive: Bool) {
        var kept: [Item] = []
        for item in items {
            if item.trashed && !withTrash {
                leftOut.append((item.source, "it was in the trash (--with-trash imports it)"))
            } else if item.archived && !withArchive {
                leftOut.append((item.source, "it was archived (--with-archive imports it)"))
            } else {
                kept.append(item)
            }
        }
        items = kept
        let imported = Set(kept.map(\.source.path))
        albums = albums.map { ImportAlbum(title: $0.title, key: $0.key, items: $0.items.filter(imported.contains)) }.filter {
            !$0.items.isEmpty
        }
    }

    /// Its location history's files, each named as a summary names it, read when asked (one
    /// member at a time, whatever thread asks).
    public var locationHistories: [(name: String, bytes: () throws -> [UInt8])] {
        locationFiles.map { file in
            (
                "\(parts[file.part].label): \(ZipArchive.shown(file.member.name))",
                { [self] in
                    try reading.withLock { try parts[file.part].archive.bytes(of: file.member, limit: LocationHistory.maximumBytes) }
                }
            )
        }
    }

    /// Hands `item`'s bytes to `body` a piece at a time (one member at a time, whatever thread asks).
    public func read(_ item: Item, into body: (UnsafeRawBufferPointer) throws -> Void) throws {
        try reading.withLock { try parts[item.part].archive.read(item.member, into: body) }
    }

    /// Writes `item`'s bytes to a new file at `path` (one member at a time, whatever thread asks).
    public func extract(_ item: Item, to path: String) throws {
        try reading.withLock { try parts[item.part].archive.extract(item.member, to: path) }
    }
}

/// Why an import cannot start (a Takeout part that is no zip, or over its limits).
public struct ImportError: Error, Equatable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension PhotoImporter {
    /// Imports a Takeout's photos and videos, each with its sidecar's hints, on the workers:
    /// each member is copied out to a file of its own in `folder` (one at a time), imported, and
    /// removed. `folder` should be on the library's disk (`Library.uploadsFolder`, whose leftovers a
    /// killed import leaves are removed later): a member may be a 4 GiB video, and a temporary
    /// folder may be memory.
    public func run(
        _ takeout: Takeout, by account: AccountID? = nil, in folder: String, recorder: ImportRunRecorder? = nil,
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }
    ) -> ImportSummary {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let items = takeout.items
        // An edited copy is named by its sidecar as its original is: paired by the members' names.
        return run(
            items.map(\.source), names: items.map(\.member.fileName), folders: items.map(\.member.folder), recorder: recorder,
            progress: progress
        ) { index in
            let item = items[index], path = Self.memberFile(in: folder)
            defer { unlink(path) }
            do { try takeout.extract(item, to: path) } catch { return Self.unread(error) }
            return library.importPhoto(at: path, fileName: item.source.fileName, by: account, hints: item.hints)
        } importingEdited: { original, edited in
            let (first, second) = (items[original], items[edited])
            let (originalPath, editedPath) = (Self.memberFile(in: folder), Self.memberFile(in: folder))
            defer { unlink(originalPath); unlink(editedPath) }
            var failures: (original: ImportOutcome?, edited: ImportOutcome?) = (nil, nil)
            do { try takeout.extract(first, to: originalPath) } catch { failures.original = Self.unread(error) }
            do { try takeout.extract(second, to: editedPath) } catch { failures.edited = Self.unread(error) }
            switch failures {
            case (nil, nil):
                return library.importEdited(
                    (editedPath, second.source.fileName), original: (originalPath, first.source.fileName), by: account,
                    hints: second.hints, originalHints: first.hints)
            case (let refused?, nil):
                return (refused, library.importPhoto(at: editedPath, fileName: second.source.fileName, by: account, hints: second.hints))
            case (nil, let refused?):
                return (library.importPhoto(at: originalPath, fileName: first.source.fileName, by: account, hints: first.hints), refused)
            case (let one?, let other?): return (one, other)
            }
        }
    }

    private static func unread(_ error: any Error) -> ImportOutcome {
        .refused("it could not be read from its part: \(error)")
    }

    /// A new file's name in `folder` for a member copied out.
    private static func memberFile(in folder: String) -> String {
        (folder as NSString).appendingPathComponent("takeout-\(UUID().uuidString)")
    }
}
