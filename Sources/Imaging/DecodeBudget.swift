#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The memory that decoding images may take at once, shared by every decode of one process
/// (give every `ImageProcessor` of a process the same budget). A file's size says little about
/// what decoding it costs — a 100-megapixel 16-bit interlaced PNG of one colour is under a
/// megabyte on disk and 600 MB decoded — so each decode reserves what its header says it will
/// need (`DecodeEstimate`) before it starts and returns it when it ends. A decode that needs more
/// than the whole budget is refused at once; one that needs more than is free waits, first come
/// first served, for at most `longestWait`, and is then refused as busy. Other work on files from
/// outside that takes memory by their content (reading an uploaded track file) holds its share
/// of the same budget (`holding`), so uploads of every kind at once cannot add up past it.
public final class DecodeBudget: Sendable {
    public let capacity: Int
    public let longestWait: Duration
    private let ledger: BudgetLedger

    /// `capacity` in bytes; by default a quarter of the memory this process may use (the
    /// machine's, or its control group's limit when lower), at least 512 MiB and at most 2 GiB.
    public init(capacity: Int = DecodeBudget.defaultCapacity(), longestWait: Duration = .seconds(30)) {
        self.capacity = max(0, capacity)
        self.longestWait = longestWait
        ledger = BudgetLedger(capacity: self.capacity)
    }

    public static func defaultCapacity(usableMemory: Int = MemorySize.usable()) -> Int {
        min(max(usableMemory / 4, 512 << 20), 2 << 30)
    }

    /// Bytes reserved by decodes under way now.
    public var inUse: Int { ledger.inUse }
    /// Decodes waiting for memory now.
    var waiting: Int { ledger.waiting }

    /// Runs `body` holding `bytes` of the budget, which is returned however `body` ends.
    func spending<T>(_ bytes: Int, _ body: () throws(ImagingError) -> T) throws(ImagingError) -> T {
        try holding(
            bytes,
            refusedAs: { refusal in
                refusal == .busy ? .busy(needing: bytes) : .needsMoreMemory(bytes, than: capacity)
            }, body)
    }

    /// Runs `body` holding `bytes` of the budget, as a decode does, for other work whose memory
    /// must count against the same budget (reading an uploaded track file): uploads of either
    /// kind at once then never add up past it. `refusedAs` words the refusal in the caller's
    /// own error; the bytes are returned however `body` ends.
    public func holding<T, Failure: Error>(
        _ bytes: Int, refusedAs refusal: (BudgetRefusal) -> Failure, _ body: () throws(Failure) -> T
    ) throws(Failure) -> T {
        let bytes = max(0, bytes)
        guard bytes <= capacity else { throw refusal(.moreThanCapacity) }
        guard ledger.reserve(bytes, waitingAtMost: longestWait) else { throw refusal(.busy) }
        defer { ledger.release(bytes) }
        return try body()
    }
}

/// Why `DecodeBudget.holding` did not run its work.
public enum BudgetRefusal: Error, Sendable, Equatable {
    /// It needs more than the whole budget: it could never run.
    case moreThanCapacity
    /// Others held the memory for all of `longestWait`: it may run later.
    case busy
}

/// Byte counts for messages, in the units people read them in.
enum ByteCount {
    static func text(_ bytes: Int) -> String {
        bytes >= 1 << 30 && bytes % (1 << 30) == 0 ? "\(bytes >> 30) GB" : "\((bytes + (1 << 20) - 1) >> 20) MB"
    }
}

extension ImagingError {
    static func needsMoreMemory(_ bytes: Int, than capacity: Int) -> ImagingError {
        ImagingError(
            .tooLargeToDecode,
            """
            decoding it needs about \(ByteCount.text(bytes)) of memory, more than the \(ByteCount.text(capacity)) this server \
            allows for images
            """
        )
    }

    static func busy(needing bytes: Int) -> ImagingError {
        ImagingError(
            .busy,
            "the server is busy decoding other images (this one needs about \(ByteCount.text(bytes)) of memory); try again in a minute")
    }
}
