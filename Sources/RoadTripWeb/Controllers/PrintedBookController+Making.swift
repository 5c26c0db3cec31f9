import Foundation
import HTTPServer
import PrintedBook
import Synchronization

/// What the printed book's pages keep between requests: the content of the books being
/// previewed (a page of the preview draws from it rather than reading the vacation and copying
/// its photos again: a book of 2,000 photos reads them once, not once a page), and the share
/// links' books being made (a second first request is told to wait, not made to make it twice).
final class PrintedBookMaking: Sendable {
    private struct Kept {
        let key: String
        let content: BookContent
        /// Where the content's photos the library no longer has were copied; removed with it.
        let scratch: URL
    }

    /// Books previewed at once: each entry is a few hundred bytes a photo.
    static let keptContents = 4

    private let kept = Mutex<[Kept]>([])
    private let making = Mutex<Set<String>>([])

    /// The content kept under `key` (the vacation and when its book was made), or made by `make`
    /// into a scratch folder of its own under `folder` and kept; the least recently used goes.
    func content(_ key: String, in folder: URL, make: (URL) throws -> BookContent) throws -> BookContent {
        if let found = kept.withLock({ list -> BookContent? in
            guard let index = list.firstIndex(where: { $0.key == key }) else { return nil }
            let entry = list.remove(at: index)
            list.append(entry)
            return entry.content
        }) {
            return found
        }
        let scratch = folder.appendingPathComponent("preview-\(UUID().uuidString)")
        let content: BookContent
        do {
            content = try make(scratch)
        } catch {
            try? FileManager.default.removeItem(at: scratch)
            throw error
        }
        // Another request may have made and kept it meanwhile: that one is kept, this one goes.
        let (shown, gone) = kept.withLock { list -> (BookContent, [URL]) in
            if let earlier = list.first(where: { $0.key == key }) { return (earlier.content, [scratch]) }
            list.append(Kept(key: key, content: content, scratch: scratch))
            let over = max(0, list.count - Self.keptContents)
            defer { list.removeFirst(over) }
            return (content, list.prefix(over).map(\.scratch))
        }
        for folder in gone { try? FileManager.default.removeItem(at: folder) }
        return shown
    }

    /// Runs `make` unless another request is making `path`: then a 503 that asks to try again.
    func once<T>(_ path: String, _ make: () throws -> T) throws -> T {
        guard making.withLock({ $0.insert(path).inserted }) else {
            throw HTTPError(
                status: .serviceUnavailable, message: "The printed book is being made for another guest just now. Try again in a minute.",
                retryAfter: 30)
        }
        defer { _ = making.withLock { $0.remove(path) } }
        return try make()
    }
}
