import Glibc
import SystemCalls

/// A file that came from outside, read at offsets by RoadTrip's own bounded readers
/// (`MotionParts`, `MotionPhotoFile`): never past its end, a part that cannot be read read as nothing.
struct OutsideFile {
    let size: UInt64
    private let file: FileDescriptor

    /// Runs `body` with the file at `path` open; nil when it cannot be opened.
    static func reading<T>(_ path: String, _ body: (OutsideFile) -> T?) -> T? {
        guard let file = try? FileDescriptor.open(path, flags: O_RDONLY | O_CLOEXEC) else { return nil }
        defer { try? file.close() }
        guard let size = DurableFileSize.of(path) else { return nil }
        return body(OutsideFile(size: size, file: file))
    }

    /// At most `count` bytes from `offset`: fewer at the end of the file.
    func read(_ offset: UInt64, _ count: Int) -> [UInt8] {
        guard offset < size, count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: min(count, Int(clamping: size - offset)))
        let filled = (try? file.read(into: &bytes, at: Int(clamping: offset))) ?? 0
        return Array(bytes.prefix(filled))
    }
}
