import Foundation

/// A text compared with the one recorded for it in a file (a page's whole HTML, say): equal, or
/// a readable account of where they part. A snapshot is recorded when its file is missing (and
/// the comparison fails, so a snapshot never passes unseen: run again) or when the environment
/// has `RECORD_SNAPSHOTS=1` (then every compared text is written and passes; read the diff of
/// the files before committing them).
public enum Snapshot {
    /// Nil when `actual` is the text recorded in `file`; otherwise what differs.
    public static func mismatch(_ actual: String, recordedIn file: URL) -> String? {
        let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"
        guard !recording, let expected = try? String(contentsOf: file, encoding: .utf8) else {
            do {
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: file, options: .atomic)
            } catch {
                return "the snapshot could not be recorded at \(file.path): \(error)"
            }
            return recording ? nil : "no snapshot was recorded at \(file.path): recorded it now; read it, then run again"
        }
        guard expected != actual else { return nil }
        return "the text differs from \(file.lastPathComponent) (RECORD_SNAPSHOTS=1 records it again):\n" + difference(expected, actual)
    }

    /// The lines where `expected` and `actual` part: a few lines of context, then the recorded
    /// lines (`-`) and the new ones (`+`), at most `limit` of each.
    public static func difference(_ expected: String, _ actual: String, context: Int = 3, limit: Int = 20) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var start = 0
        while start < old.count, start < new.count, old[start] == new[start] { start += 1 }
        var (oldEnd, newEnd) = (old.count, new.count)
        while oldEnd > start, newEnd > start, old[oldEnd - 1] == new[newEnd - 1] { (oldEnd, newEnd) = (oldEnd - 1, newEnd - 1) }
        var lines = ["@@ line \(start + 1) @@"]
        lines += old[max(0, start - context)..<start].map { "  " + $0 }
        lines += old[start..<oldEnd].prefix(limit).map { "- " + $0 }
        if oldEnd - start > limit { lines.append("- … \(oldEnd - start - limit) more") }
        lines += new[start..<newEnd].prefix(limit).map { "+ " + $0 }
        if newEnd - start > limit { lines.append("+ … \(newEnd - start - limit) more") }
        lines += old[oldEnd..<min(old.count, oldEnd + context)].map { "  " + $0 }
        return lines.joined(separator: "\n")
    }
}
