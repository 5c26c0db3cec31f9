import Foundation
import Imaging
import Synchronization

/// Makes thumbnails and previews: on demand when a request finds one missing, and in the
/// background as `renditions` jobs (see `Library.renditionWorkers`), for photos imported
/// through the browser. Two requests for the same missing file make it once; the second waits
/// for the first. At most one decode per core runs at once.
public final class RenditionMaker: Sendable {
    let files: PhotoFiles
    let processor: ImageProcessor
    private let inProgress = Mutex<[String: DispatchGroup]>([:])
    private let gate: DispatchSemaphore

    public init(files: PhotoFiles, processor: ImageProcessor, workers: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.files = files
        self.processor = processor
        gate = DispatchSemaphore(value: max(1, workers))
    }

    /// The rendition's file, made first if it is missing.
    public func file(_ rendition: Rendition, of photo: Photo) throws -> String {
        try file(rendition, sha256: photo.sha256, format: photo.format)
    }

    /// The rendition's file of the still whose original has this digest and format (a photo's,
    /// or the version it keeps beneath), made first if it is missing.
    public func file(_ rendition: Rendition, sha256: String, format: ImageFormat) throws -> String {
        let destination = files.rendition(rendition, sha256: sha256)
        if DurableFile.size(of: destination) != nil { return destination }
        let (waiters, isFirst) = inProgress.withLock { table in
            if let existing = table[destination] { return (existing, false) }
            let created = DispatchGroup()
            created.enter()
            table[destination] = created
            return (created, true)
        }
        if !isFirst {
            waiters.wait()
            if DurableFile.size(of: destination) != nil { return destination }
        }
        defer {
            if isFirst {
                inProgress.withLock { table in table[destination] = nil }
                waiters.leave()
            }
        }
        let original = files.original(sha256: sha256, format: format)
        gate.wait()
        defer { gate.signal() }
        try files.makeRendition(rendition, sha256: sha256, from: original, with: processor)
        return destination
    }
}
