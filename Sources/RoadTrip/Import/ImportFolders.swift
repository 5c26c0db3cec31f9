import Foundation

/// Where the owner's Import screen finds what to import: the parts and folders uploaded to the
/// library (`DIR/imports`, on the data folder every instance shares), and a folder on the server
/// named in the configuration (`--import-from DIR`, for a 50 GB Takeout copied there). Only the
/// entries at their top are chosen, by name; a name is never a path.
///
/// An upload arrives in pieces, each appended at the offset the browser says it starts at, to
/// `DIR/imports/.incoming/SIZE/NAME` (so a part whose upload broke continues where the file ends,
/// and another file of the name but not of the size never continues it), and is moved to
/// `DIR/imports/NAME` when its last piece is in.
public struct ImportFolders: Sendable {
    public let uploads: URL
    public let server: URL?

    /// The largest file an upload may bring (Google cuts a Takeout into parts of 50 GB at most).
    public static let maximumUpload: Int64 = 64 << 30
    /// The deepest an uploaded folder's file may lie (`Export/Albums/Trip.csv` is 3).
    static let maximumDepth = 8

    public init(library: URL, server: URL?) {
        uploads = library.appendingPathComponent("imports", isDirectory: true)
        self.server = server
    }

    /// Where an entry is.
    public enum Place: String, Sendable, Equatable {
        case uploaded, server
    }

    /// One file or folder at the top of a folder, as the screen lists it.
    public struct Entry: Sendable, Equatable {
        public let name: String
        public let place: Place
        public let isFolder: Bool
        /// A file's size; a folder's is nil (it may hold a library).
        public let size: Int64?
    }

    /// The entries of both folders, uploads first, each A to Z; an upload still arriving (a
    /// part, or a folder one of whose files is still arriving) is not listed, nor a link.
    public func entries() -> [Entry] {
        let parts = uploads.appendingPathComponent(".incoming")
        let arriving = Set(
            ((try? FileManager.default.contentsOfDirectory(atPath: parts.path)) ?? []).flatMap { size in
                (try? FileManager.default.contentsOfDirectory(atPath: parts.appendingPathComponent(size).path)) ?? []
            })
        return [(uploads, Place.uploaded), (server, .server)].flatMap { folder, place -> [Entry] in
            guard let folder, let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
            return names.filter { !$0.hasPrefix(".") }.sorted { $0.localizedStandardCompare($1) == .orderedAscending }.compactMap { name in
                var isFolder: ObjCBool = false
                let path = folder.appendingPathComponent(name).path
                // A link may lead anywhere on the server: never listed, so never imported from here.
                guard (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) != .typeSymbolicLink,
                    FileManager.default.fileExists(atPath: path, isDirectory: &isFolder),
                    place == .server || !(isFolder.boolValue && arriving.contains(name))
                else { return nil }
                return Entry(
                    name: name, place: place, isFolder: isFolder.boolValue,
                    size: isFolder.boolValue ? nil : DurableFile.size(of: path).map(Int64.init))
            }
        }
    }

    /// The path of the entry `name` of `place`: one the listing has, never one outside it.
    public func path(of name: String, in place: Place) throws(ImportFailure) -> String {
        try paths(of: [(place, name)])[0]
    }

    /// The paths of the entries chosen, the folders listed once.
    public func paths(of chosen: [(place: Place, name: String)]) throws(ImportFailure) -> [String] {
        let listed = entries()
        var paths: [String] = []
        for (place, name) in chosen { paths.append(try path(of: name, in: place, among: listed)) }
        return paths
    }

    private func path(of name: String, in place: Place, among listed: [Entry]) throws(ImportFailure) -> String {
        guard let folder = place == .uploaded ? uploads : server else {
            throw ImportFailure(message: "No folder on the server is named for imports (roadtrip serve --import-from DIR).")
        }
        guard listed.contains(where: { $0.name == name && $0.place == place }) else {
            throw ImportFailure(message: "“\(name)” is not among the files to import any more.")
        }
        return folder.appendingPathComponent(name).path
    }

    /// How much of the upload `name` of `total` bytes has arrived, and whether it is whole (an
    /// upload of the name there already: whole, whatever its size).
    public func received(_ name: String, total: Int64) throws(ImportFailure) -> (size: Int64, complete: Bool) {
        let relative = try Self.relativePath(name)
        if let size = DurableFile.size(of: uploads.appendingPathComponent(relative).path) { return (Int64(size), true) }
        return (DurableFile.size(of: incoming(relative, total: total).path).map(Int64.init) ?? 0, false)
    }

    /// Appends the piece at `piece` (a file the request's body was spooled to) to the upload
    /// `name` of `total` bytes, where the browser says it starts: at `offset`, which must be the
    /// size already received (else nothing is written, `accepted` is false, and the answer says
    /// where to go on from). The upload's last piece moves it into the folder.
    public func append(_ name: String, offset: Int64, total: Int64, piece: String) throws(ImportFailure) -> (
        size: Int64, complete: Bool, accepted: Bool
    ) {
        let relative = try Self.relativePath(name)
        guard total > 0, total <= Self.maximumUpload else {
            throw ImportFailure(
                message: "An upload may be up to \(ByteCount.text(Self.maximumUpload)); “\(name)” is said to be \(ByteCount.text(total)).")
        }
        let received = try self.received(name, total: total)
        guard !received.complete else {
            guard received.size == total else {
                throw ImportFailure(message: "Another “\(name)” was uploaded already; remove it first.", status: 409)
            }
            return (received.size, true, true)
        }
        guard offset == received.size else { return (received.size, false, false) }
        let pieceSize = Int64(DurableFile.size(of: piece) ?? 0)
        guard pieceSize > 0, offset + pieceSize <= total else {
            throw ImportFailure(message: "That piece of “\(name)” goes past the \(ByteCount.text(total)) it was said to be.")
        }
        let part = incoming(relative, total: total)
        let whole = uploads.appendingPathComponent(relative)
        do {
            try FileManager.default.createDirectory(at: part.deletingLastPathComponent(), withIntermediateDirectories: true)
            if !FileManager.default.fileExists(atPath: part.path) {
                // Its last piece was just put in by another request: whole, no part to start again.
                if let size = DurableFile.size(of: whole.path) { return (Int64(size), Int64(size) == total, Int64(size) == total) }
                _ = FileManager.default.createFile(atPath: part.path, contents: nil)
            }
            let output = try FileHandle(forWritingTo: part)
            defer { try? output.close() }
            // One piece at a time, whatever sends them (two tabs, two instances on one machine):
            // where the part ends is read again under the lock, and the piece written only there.
            guard flock(output.fileDescriptor, LOCK_EX) == 0 else { throw FileError("cannot lock", part.path) }
            let end = Int64(try output.seekToEnd())
            // Locked after another request moved it, whole, into the uploads.
            if end == total { return (end, true, false) }
            guard end == offset else { return (end, false, false) }
            let input = try FileHandle(forReadingFrom: URL(fileURLWithPath: piece))
            defer { try? input.close() }
            // A write cut short leaves a prefix of the piece: the next piece goes on from its end.
            while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty { try output.write(contentsOf: chunk) }
            try output.synchronize()
            let size = offset + pieceSize
            guard size == total else { return (size, false, true) }
            try FileManager.default.createDirectory(at: whole.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: part, to: whole)
            // The folders it arrived in, once empty: a folder upload is listed when nothing of it still arrives.
            var folder = part.deletingLastPathComponent()
            let root = uploads.appendingPathComponent(".incoming").standardizedFileURL.path
            while folder.standardizedFileURL.path.count > root.count,
                (try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.isEmpty == true
            {
                try? FileManager.default.removeItem(at: folder)
                folder = folder.deletingLastPathComponent()
            }
            return (size, true, true)
        } catch {
            throw ImportFailure(message: "“\(name)” could not be stored: \(error)")
        }
    }

    /// Removes an upload (a file or a folder) once it is imported, or was a mistake.
    public func remove(_ name: String) throws(ImportFailure) {
        let path = try path(of: name, in: .uploaded)
        do { try FileManager.default.removeItem(atPath: path) } catch {
            throw ImportFailure(message: "“\(name)” could not be removed: \(error)")
        }
    }

    private func incoming(_ relative: String, total: Int64) -> URL {
        uploads.appendingPathComponent(".incoming", isDirectory: true).appendingPathComponent(String(total), isDirectory: true)
            .appendingPathComponent(relative)
    }

    /// An upload's name as a path under the uploads: a file's name, or a folder's file
    /// (`iCloud Photos/Albums/Trip.csv`); no component empty, hidden, `..`, or with a control
    /// character, and not too deep.
    static func relativePath(_ name: String) throws(ImportFailure) -> String {
        let components = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard !name.isEmpty, name.utf8.count <= 1024, components.count <= maximumDepth,
            components.allSatisfy({
                !$0.isEmpty && !$0.hasPrefix(".") && $0.utf8.count <= 255
                    && !$0.unicodeScalars.contains { $0.properties.generalCategory == .control }
            })
        else {
            throw ImportFailure(
                message: "“\(name.prefix(200))” cannot be the name of an upload: a file's name, or a folder's files under it.")
        }
        return components.joined(separator: "/")
    }
}
