import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// The bounds on spooled bodies that no single request's limit gives: bytes on disk across all
/// requests at once, bytes per owner, and free space left on the spool's disk.
public struct SpoolLimits: Sendable, Equatable {
    /// Bytes of spooled bodies that may be on disk at once, all requests together.
    public var total: UInt64
    /// Bytes one owner's requests may have on disk at once.
    public var perOwner: UInt64
    /// Free space the spool's disk keeps: a body that would leave less is refused.
    public var freeSpaceReserve: UInt64

    public init(total: UInt64 = 4 << 30, perOwner: UInt64 = 2 << 30, freeSpaceReserve: UInt64 = 512 << 20) {
        self.total = total
        self.perOwner = perOwner
        self.freeSpaceReserve = freeSpaceReserve
    }
}

/// Counts the bytes each request may still write to the spool, so that uploads together stay
/// within `SpoolLimits`. A request reserves its declared length when its headers arrive (or,
/// for a chunked body, each chunk as it comes) and gives everything back when it completes.
final class SpoolLedger: Sendable {
    let limits: SpoolLimits
    private let state = Mutex<(total: UInt64, owners: [String: UInt64])>((0, [:]))

    init(limits: SpoolLimits) {
        self.limits = limits
    }

    /// Adds `bytes` to `owner`'s reservation, or refuses with the reason when a bound would be
    /// passed; nothing is reserved then.
    func reserve(_ bytes: UInt64, for owner: String) throws(StorageError) {
        try state.withLock { (ledger) throws(StorageError) in
            let owned = ledger.owners[owner, default: 0]
            guard ledger.total + bytes <= limits.total else { throw .serverBusy }
            guard owned + bytes <= limits.perOwner else { throw .ownerBusy }
            ledger.total += bytes
            ledger.owners[owner] = owned + bytes
        }
    }

    func release(_ bytes: UInt64, for owner: String) {
        guard bytes > 0 else { return }
        state.withLock { ledger in
            ledger.total -= min(bytes, ledger.total)
            let left = ledger.owners[owner, default: 0] - min(bytes, ledger.owners[owner, default: 0])
            ledger.owners[owner] = left == 0 ? nil : left
        }
    }

    var reservedBytes: UInt64 { state.withLock { $0.total } }

    /// Refuses `bytes` more when they would leave the spool's disk with less than the reserve.
    func checkFreeSpace(for bytes: UInt64, in folder: String) throws(StorageError) {
        var info = statvfs()
        guard statvfs(folder, &info) == 0 else { return }
        let free = UInt64(info.f_bavail) &* UInt64(info.f_frsize)
        if bytes > free { throw StorageError("there is not enough free disk space for it") }
        if free - bytes < limits.freeSpaceReserve { throw .diskNearlyFull(keeping: limits.freeSpaceReserve) }
    }
}

extension StorageError {
    static let serverBusy = StorageError(
        "the server is already taking in as many uploads as it holds at once; try again when they have finished")
    static let ownerBusy = StorageError(
        "you already have as many uploads in progress as one account may; try again when they have finished")

    static func diskNearlyFull(keeping reserve: UInt64) -> StorageError {
        StorageError("the server's disk is nearly full (it keeps \(reserve >> 20) MiB free), so no upload is taken now")
    }
}
