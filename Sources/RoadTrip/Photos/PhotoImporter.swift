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

    /// What the imported files made, item by item: a still, a video, a Live Photo or a Motion
    /// Photo (a Live Photo's two files are one item, whichever came first).
    private var items: [Int64: Motion?] = [:]
    /// The items that a Live Photo's second half completed: what they became is final.
    private var completed: Set<Int64> = []

    public init() {}

    /// How many items of each kind the imported files made.
    public var importedItems: (photos: Int, videos: Int, livePhotos: Int, motionPhotos: Int) {
        let kinds = Array(items.values)
        return (kinds.filter { $0 == nil }.count, kinds.filter { $0 == .video }.count,
                kinds.filter { $0 == .live }.count, kinds.filter { $0 == .motion }.count)
    }

    /// "2 photos, 1 video and 3 Live Photos" when anything but photos came; nil for photos alone
    /// (the count says it all).
    public var importedKinds: String? {
        let (photos, videos, live, motion) = importedItems
        guard videos + live + motion > 0 else { return nil }
        func counted(_ count: Int, _ one: String, _ many: String) -> String? { count == 0 ? nil : "\(count) \(count == 1 ? one : many)" }
        let parts = [counted(photos, "photo", "photos"), counted(videos, "video", "videos"),
                     counted(live, "Live Photo", "Live Photos"), counted(motion, "Motion Photo", "Motion Photos")].compactMap { $0 }
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
    /// those the run did before it stopped are passed over.
    public func run(_ sources: [ImportSource], by account: AccountID? = nil, recorder: ImportRunRecorder? = nil,
                    progress: @escaping @Sendable (ImportProgress) -> Void = { _ in }) -> ImportSummary {
        run(sources, recorder: recorder, progress: progress) { index in
            let source = sources[index]
            // Its file's time files it where nothing in it says when it was taken.
            let modified = (try? FileManager.default.attributesOfItem(atPath: source.path)[.modificationDate]) as? Date
            var hints = source.exportHints ?? ImportHints()
            hints.fileTime = modified.map { Int64($0.timeIntervalSince1970.rounded(.down)) }
            guard let sidecar = source.sidecar else {
                return library.importPhoto(at: source.path, fileName: source.fileName, by: account, hints: hints)
            }
            do {
                let xmp = ImportHints(try XMPSidecar(contentsOf: sidecar)).filled(from: hints)
                return library.importPhoto(at: source.path, fileName: source.fileName, by: account, hints: xmp)
            } catch {
                let outcome = library.importPhoto(at: source.path, fileName: source.fileName, by: account, hints: hints)
                guard case .imported(let photo, let warnings) = outcome else { return outcome }
                let name = URL(fileURLWithPath: sidecar).lastPathComponent
                return .imported(photo, warnings: warnings + ["its XMP sidecar \(name) cannot be read (it was imported without it): \(error)"])
            }
        }
    }

    /// Imports each of `sources` with `importing` (given its index), on the workers.
    func run(_ sources: [ImportSource], recorder: ImportRunRecorder?, progress: @escaping @Sendable (ImportProgress) -> Void,
             importing: @escaping @Sendable (Int) -> ImportOutcome) -> ImportSummary {
        let started = ContinuousClock.now
        let state = Mutex<(next: Int, done: Int, outcomes: [ImportOutcome?], unnoted: [Int: String])>(
            (0, 0, Array(repeating: nil, count: sources.count), [:]))
        // Threads of their own: Dispatch's concurrentPerform runs no more iterations at once
        // than there are cores, and the extra worker would wait for the others to finish.
        Worker.runAll(min(workers, sources.count)) {
            while true {
                let index: Int? = state.withLock { state in
                    guard state.next < sources.count else { return nil }
                    defer { state.next += 1 }
                    return state.next
                }
                guard let index else { return }
                let path = sources[index].path
                // Nil: its run did it before it stopped.
                let outcome = recorder?.photo(of: path) != nil ? nil : importing(index)
                var unnoted: String?
                if let outcome, let recorder {
                    do { try recorder.record(path, outcome) } catch { unnoted = "its import run could not note it (Undo will leave it): \(error)" }
                }
                let done = state.withLock { state in
                    state.outcomes[index] = outcome
                    state.unnoted[index] = unnoted
                    state.done += 1
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
