import Foundation
import Synchronization
import Imaging

/// A file found for import: where it is, the name it is listed under, and its XMP sidecar's path
/// when it has one.
public struct ImportSource: Sendable, Equatable {
    public let path: String
    public let fileName: String
    public var sidecar: String?
    /// What an export's lists say of it (iCloud's `Photo Details.csv`).
    public var exportHints: ImportHints?

    public init(path: String, fileName: String? = nil, sidecar: String? = nil) {
        self.path = path
        self.fileName = fileName ?? URL(fileURLWithPath: path).lastPathComponent
        self.sidecar = sidecar
    }
}

/// How a batch is going, reported after each file.
public struct ImportProgress: Sendable {
    public let done: Int
    public let total: Int
    public let started: ContinuousClock.Instant
}

/// What a batch came to: imported (with what was left out of each), already there, refused
/// (each with its reason).
public struct ImportSummary: Sendable {
    public var imported: [ImportSource] = []
    public var alreadyThere: [ImportSource] = []
    public var refused: [(source: ImportSource, reason: String)] = []
    /// An imported file's EXIF fields that were impossible, so left out, one sentence each.
    public var warnings: [(source: ImportSource, warning: String)] = []
    /// Done by the run this one continued, before it stopped: not read again.
    public var doneBefore: [ImportSource] = []
    /// Of those already there, each that lacked what its export gave beside it, and was given it.
    public var filled: [(source: ImportSource, fill: PhotoFill)] = []
    /// Of those imported, each kept as the other version of an item (an edited copy and its original).
    public var stacked: [ImportSource] = []

    /// What the imported files made, item by item: a still, a video, a Live Photo or a Motion
    /// Photo (a Live Photo's two files are one item, whichever came first).
    private var items: [Int64: Motion?] = [:]
    /// The items that a Live Photo's second half completed: what they became is final.
    private var completed: Set<Int64> = []

    public init() {}

    /// How many items of each kind the imported files made.
    public var importedItems: (photos: Int, videos: Int, livePhotos: Int, motionPhotos: Int) {
        let kinds = Array(items.values)
        return (
            kinds.filter { $0 == nil }.count, kinds.filter { $0 == .video }.count,
            kinds.filter { $0 == .live }.count, kinds.filter { $0 == .motion }.count
        )
    }

    /// "2 photos, 1 video and 3 Live Photos" when anything but photos came; nil for photos alone
    /// (the count says it all).
    public var importedKinds: String? {
        let (photos, videos, live, motion) = importedItems
        guard videos + live + motion > 0 else { return nil }
        func counted(_ count: Int, _ one: String, _ many: String) -> String? { count == 0 ? nil : "\(count) \(count == 1 ? one : many)" }
        let parts = [
            counted(photos, "photo", "photos"), counted(videos, "video", "videos"),
            counted(live, "Live Photo", "Live Photos"), counted(motion, "Motion Photo", "Motion Photos"),
        ].compactMap { $0 }
        return parts.listedInASentence
    }

    mutating func add(_ outcome: ImportOutcome, for source: ImportSource) {
        switch outcome {
        case .imported(let photo, let warnings):
            imported.append(source)
            if !completed.contains(photo.id) { items[photo.id] = photo.motion }
            self.warnings += warnings.map { (source, $0) }
        case .paired(let photo):
            imported.append(source)
            items[photo.id] = photo.motion
            completed.insert(photo.id)
        case .stacked:
            imported.append(source)
            stacked.append(source)
        case .alreadyThere(_, let fill):
            alreadyThere.append(source)
            if let fill { filled.append((source, fill)) }
        case .refused(let reason): refused.append((source, reason))
        }
    }
}

/// Imports many files with one worker more than there are cores, each on a thread of its own:
/// a worker waiting for its files' and rows' fsyncs would otherwise leave its core idle (2 cores:
/// 3.3 → 2.8 s for the benchmark's photos; two more workers were slower). Each file is imported on its own
/// (`PhotoStore.importPhoto`), so one bad file never stops the batch.
public struct PhotoImporter: Sendable {
    public let library: PhotoStore
    public let workers: Int

    public init(library: PhotoStore, workers: Int = ProcessInfo.processInfo.activeProcessorCount + 1) {
        self.library = library
        self.workers = max(1, workers)
    }

    /// Readies a process that will do nothing but import (`roadtrip import`): with a worker
    /// more than cores, glibc's per-thread malloc arenas took the peak from 166 to 229 MB on the
    /// benchmark; limited to one a core it is 160 MB, and no slower.
    public static func prepareImportOnlyProcess() {
        ImageProcessor.limitAllocatorArenas()
    }

    /// Imports `sources`; with `recorder`, each is noted in its import run as it is done, and
    /// those the run did before it stopped are passed over. An edited copy beside its original
    /// (`IMG_1234-edited.JPG` and `IMG_1234.JPG` in one folder) is one item with it.
    public func run(
        _ sources: [ImportSource], by account: AccountID? = nil, recorder: ImportRunRecorder? = nil,
        progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }
    ) -> ImportSummary {
        let folders = sources.map { ($0.path as NSString).deletingLastPathComponent }
        return run(sources, names: sources.map(\.fileName), folders: folders, recorder: recorder, progress: progress) { index in
            let (hints, unread) = Self.hints(of: sources[index])
            let outcome = library.importPhoto(at: sources[index].path, fileName: sources[index].fileName, by: account, hints: hints)
            guard let unread, case .imported(let photo, let warnings) = outcome else { return outcome }
            return .imported(photo, warnings: warnings + [unread])
        } importingEdited: { original, edited in
            let (originalHints, _) = Self.hints(of: sources[original]), (editedHints, _) = Self.hints(of: sources[edited])
            return library.importEdited(
                (sources[edited].path, sources[edited].fileName), original: (sources[original].path, sources[original].fileName),
                by: account, hints: editedHints, originalHints: originalHints)
        }
    }

    /// What a file's export says of it (its sidecar's, else its lists'), with its file's time; and
    /// why its XMP sidecar was not read, when it could not be.
    private static func hints(of source: ImportSource) -> (ImportHints, unread: String?) {
        // Its file's time files it where nothing in it says when it was taken.
        let modified = (try? FileManager.default.attributesOfItem(atPath: source.path)[.modificationDate]) as? Date
        var hints = source.exportHints ?? ImportHints()
        hints.fileTime = modified.map { Int64($0.timeIntervalSince1970.rounded(.down)) }
        guard let sidecar = source.sidecar else { return (hints, nil) }
        do {
            return (ImportHints(try XMPSidecar(contentsOf: sidecar)).filled(from: hints), nil)
        } catch {
            let name = URL(fileURLWithPath: sidecar).lastPathComponent
            return (hints, "its XMP sidecar \(name) cannot be read (it was imported without it): \(error)")
        }
    }

    /// Each edited copy's original among `names`, by their indexes (original → edited): a still
    /// named as Google names an edited copy (`TakeoutNames.original(ofEdited:)`) whose original's
    /// name is in the same folder.
    static func editedCopies(names: [String], folders: [String]) -> [Int: Int] {
        let isStill = { (name: String) in ImportFileKind(fileName: name) != .video }
        var stills: [String: Int] = [:]
        for (index, name) in names.enumerated() where isStill(name) && stills[folders[index] + "/" + name.lowercased()] == nil {
            stills[folders[index] + "/" + name.lowercased()] = index
        }
        var edits: [Int: Int] = [:]
        for (index, name) in names.enumerated() where isStill(name) {
            guard let originalName = TakeoutNames.original(ofEdited: name),
                let original = stills[folders[index] + "/" + originalName.lowercased()], edits[original] == nil
            else { continue }
            edits[original] = index
        }
        return edits
    }

    /// Imports each of `sources` with `importing` (given its index), on the workers; an edited
    /// copy and its original (`editedCopies`, by their files' `names` and `folders`) together with `importingEdited`.
    func run(
        _ sources: [ImportSource], names: [String], folders: [String], recorder: ImportRunRecorder?,
        progress: @escaping @Sendable (ImportProgress) -> Void,
        importing: @escaping @Sendable (Int) -> ImportOutcome,
        importingEdited: @escaping @Sendable (_ original: Int, _ edited: Int) -> (ImportOutcome, ImportOutcome)
    ) -> ImportSummary {
        let started = ContinuousClock.now
        let edits = Self.editedCopies(names: names, folders: folders)
        let copies = Set(edits.values)
        let units = sources.indices.filter { !copies.contains($0) }.map { index in [index] + (edits[index].map { [$0] } ?? []) }
        let state = Mutex<(next: Int, done: Int, outcomes: [ImportOutcome?], unnoted: [Int: String])>(
            (0, 0, Array(repeating: nil, count: sources.count), [:]))
        // Threads of their own: Dispatch's concurrentPerform runs no more iterations at once
        // than there are cores, and the extra worker would wait for the others to finish.
        Worker.runAll(min(workers, units.count)) {
            while true {
                let next: Int? = state.withLock { state in
                    guard state.next < units.count else { return nil }
                    defer { state.next += 1 }
                    return state.next
                }
                guard let next else { return }
                let unit = units[next]
                // Nil: its run did it before it stopped.
                let doneBefore = unit.map { recorder?.photo(of: sources[$0].path) != nil }
                var outcomes: [ImportOutcome?] = unit.map { _ in nil }
                if doneBefore.contains(false) {
                    if unit.count == 2 {
                        let (original, edited) = importingEdited(unit[0], unit[1])
                        outcomes = [original, edited]
                    } else {
                        outcomes = [importing(unit[0])]
                    }
                }
                var unnoted: [Int: String] = [:]
                for (position, index) in unit.enumerated() where !doneBefore[position] {
                    guard let outcome = outcomes[position], let recorder else { continue }
                    do { try recorder.record(sources[index].path, outcome) } catch {
                        unnoted[index] = "its import run could not note it (Undo will leave it): \(error)"
                    }
                }
                let done = state.withLock { state in
                    for (position, index) in unit.enumerated() where !doneBefore[position] { state.outcomes[index] = outcomes[position] }
                    state.unnoted.merge(unnoted) { first, _ in first }
                    state.done += unit.count
                    return state.done
                }
                progress(ImportProgress(done: done, total: sources.count, started: started))
            }
        }
        var summary = ImportSummary()
        let (outcomes, unnoted) = state.withLock { ($0.outcomes, $0.unnoted) }
        for (index, (source, outcome)) in zip(sources, outcomes).enumerated() {
            if let outcome { summary.add(outcome, for: source) } else { summary.doneBefore.append(source) }
            if let note = unnoted[index] { summary.warnings.append((source, note)) }
        }
        return summary
    }
}

/// Threads that each run one closure, waited for together.
enum Worker {
    static func runAll(_ count: Int, _ body: @escaping @Sendable () -> Void) {
        let finished = DispatchGroup()
        for index in 0..<count {
            finished.enter()
            let thread = Thread {
                body()
                finished.leave()
            }
            thread.name = "roadtrip import \(index + 1)"
            // libvips decodes on these threads' stacks and its own; 8 MiB as the main thread.
            thread.stackSize = 8 << 20
            thread.start()
        }
        finished.wait()
    }
}
