import SystemCalls

/// One request from its headers to its completion. libmicrohttpd calls back for one
/// connection on one thread at a time, so this is never shared between threads.
final class RequestState {
    let started = ContinuousClock.now
    let method: String
    let path: String
    /// `maximumSpooledBodySize` for a spooled request, `maximumBodySize` otherwise.
    let bodyLimit: Int
    /// Set for a request whose body goes to a file in this folder instead of `body`.
    let spoolFolder: String?
    var body: [UInt8] = []
    /// Made when the first byte of a spooled body arrives: an empty body makes no file.
    private(set) var spool: NewFile?
    private(set) var bytesReceived = 0
    /// The answer for a body that will not reach the handler (too large, or not storable).
    /// The rest of such a body is read and dropped, so the answer can still be sent.
    private(set) var refusal: Response?
    var status = 0
    /// The path as the answer asked the access log to write it (`Response.logPath`).
    var logPath: String?
    /// Where a spooled body's bytes are counted, so that all uploads together stay bounded.
    private let ledger: SpoolLedger
    /// Whose share of the spool the body counts against: set when it was admitted.
    private(set) var owner: String?
    /// Bytes held in the ledger for this request: its declared length, or what a chunked body
    /// brought so far. Given back when the request completes or its body is refused.
    private var reserved: UInt64 = 0
    private var freeSpaceCheckedAt = 0

    init(method: String, path: String, configuration: Configuration, ledger: SpoolLedger) {
        self.method = method
        self.path = path
        self.ledger = ledger
        let spools = configuration.spoolsBody(method, path)
        bodyLimit = spools ? configuration.maximumSpooledBodySize : configuration.maximumBodySize
        spoolFolder = spools ? configuration.spoolFolder : nil
    }

    /// Lets a spooled body in for `owner`: its declared length is reserved in the ledger and
    /// must leave the disk's reserve free, or it is refused before a byte is read.
    func admit(owner: String, declaredLength: UInt64?) throws(StorageError) {
        self.owner = owner
        guard let declaredLength, let spoolFolder else { return }
        try ledger.checkFreeSpace(for: declaredLength, in: spoolFolder)
        try ledger.reserve(declaredLength, for: owner)
        reserved = declaredLength
    }

    /// Gives the ledger back what this request held. Safe to call again.
    func releaseReservation() {
        if let owner { ledger.release(reserved, for: owner) }
        reserved = 0
    }

    deinit {
        // Only a backstop: requestCompleted discards the file; nothing may outlive the request.
        discardSpool()
    }

    /// Takes one piece of the body. False when the connection should be closed instead: a
    /// refused body (chunked, so of no announced size) that goes on past twice the limit, so
    /// that an endless upload cannot hold the connection.
    func receive(_ chunk: UnsafeRawBufferPointer) -> Bool {
        bytesReceived += chunk.count
        if refusal == nil, bytesReceived > bodyLimit {
            refuse(.tooLarge(bodyLimit))
        }
        if refusal != nil {
            return bytesReceived - bodyLimit <= bodyLimit
        }
        guard let spoolFolder else {
            body.append(contentsOf: chunk)
            return true
        }
        do throws(StorageError) {
            try account(for: spoolFolder)
        } catch {
            refuse(.insufficientStorage(error))
            return true
        }
        do throws(SystemError) {
            if spool == nil { spool = try NewFile.create(in: spoolFolder, prefix: "upload-") }
            try spool?.write(chunk)
        } catch {
            refuse(.insufficientStorage(StorageError(error)))
        }
        return true
    }

    /// Keeps a body within the ledger as it arrives: a chunked body reserves what it brings,
    /// and every few megabytes the disk's free space is looked at again (something else may
    /// be filling it).
    private func account(for folder: String) throws(StorageError) {
        let received = UInt64(bytesReceived)
        if received > reserved {
            try ledger.reserve(received - reserved, for: owner ?? "")
            if owner == nil { owner = "" }
            reserved = received
        }
        if bytesReceived - freeSpaceCheckedAt >= Self.freeSpaceCheckInterval {
            freeSpaceCheckedAt = bytesReceived
            try ledger.checkFreeSpace(for: reserved - received, in: folder)
        }
    }

    private static let freeSpaceCheckInterval = 8 << 20

    /// The file is closed before the handler reads it, so that a failing close (a delayed
    /// write error) is answered 507 instead of handing over a short file.
    func finishBody() -> Response? {
        if refusal == nil {
            do throws(SystemError) {
                try spool?.finishWriting()
            } catch {
                refuse(.insufficientStorage(StorageError(error)))
            }
        }
        return refusal
    }

    func refuse(_ response: Response) {
        refusal = response
        body = []
        discardSpool()
        releaseReservation()
    }

    /// Removes the spooled file: after the handler returned, or when the handler never ran
    /// (client gone mid-upload, body refused). Safe to call again.
    func discardSpool() {
        spool?.discard()
        spool = nil
    }
}
