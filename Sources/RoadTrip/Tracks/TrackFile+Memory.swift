#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Imaging
import SystemCalls

extension TrackFile {
    /// What reading and storing a file may take for each point it keeps, at most: the point (32
    /// bytes) in an array up to twice its length, and the old array while it grows; its time
    /// until paired; a copy sorted by time; storing's encoding (16 bytes) and outline. Measured
    /// by bench/tracks at about 80 (110 with every point out of order); the rest is margin
    /// for the allocator (`read(bytes:fileName:)` has the figures).
    public static let bytesPerPoint = 256

    /// The memory importing a file of `size` bytes may take at most, its bytes included: the
    /// bytes, one copy of its text, and `bytesPerPoint` for each point it may keep (a point takes
    /// 4 bytes of a file at the least: "0,0 " in a KML line). What an import holds of the budget.
    public static func memoryNeeded(forFileOf size: Int) -> Int {
        let size = max(0, min(size, maximumBytes))
        return 2 * size + min(maximumPoints, size / 4 + 1) * bytesPerPoint
    }

    /// Runs `body` with the bytes of the file at `path`: its size checked before a byte is read,
    /// then read whole into one array while holding `memoryNeeded` of `budget` (the one the
    /// process's image decodes share), which is returned when `body` ends. Refused, saying so,
    /// when the budget is too small for the file or busy for longer than its wait.
    static func withBytes<T>(ofFileAt path: String, fileName: String, budget: DecodeBudget, _ body: ([UInt8]) throws -> T) throws -> T {
        let file = try FileDescriptor.open(path, flags: O_RDONLY)
        var status = stat()
        try systemCall("fstat") { fstat(file.rawValue, &status) }
        let size = Int(clamping: status.st_size)
        guard size <= maximumBytes else { throw tooLarge(size, fileName: fileName) }
        let needed = memoryNeeded(forFileOf: size)
        return try budget.holding(
            needed,
            refusedAs: { refusal -> any Error in
                TrackFileError.noMemory(refusal, needing: needed, budget: budget.capacity, fileName: fileName)
            }
        ) { () throws -> T in
            // One byte more than its size: a file that grew since is refused, not cut short.
            var bytes = [UInt8](repeating: 0, count: size + 1)
            let count = try file.readFully(into: &bytes)
            guard count <= size else { throw TrackFileError(fileName: fileName, reason: "changed while it was read; try again") }
            bytes.removeLast(bytes.count - count)
            return try body(bytes)
        }
    }
}

extension TrackFileError {
    /// A file refused for want of memory: the budget the server's image decodes and uploads share.
    static func noMemory(_ refusal: BudgetRefusal, needing bytes: Int, budget: Int, fileName: String) -> TrackFileError {
        let needs = ByteCount.text(Int64(bytes))
        return switch refusal {
        case .busy:
            TrackFileError(
                fileName: fileName,
                reason: """
                    cannot be read now: the server is busy with other uploads (reading it needs about \(needs) of memory); try \
                    again in a minute
                    """)
        case .moreThanCapacity:
            TrackFileError(
                fileName: fileName,
                reason: """
                    needs about \(needs) of memory to read, more than the \(ByteCount.text(Int64(budget))) this server allows for \
                    uploads at once
                    """)
        }
    }
}
