import NetworkAddress
/// What the callbacks of one transfer share with the fetch that started it. The fetch keeps
/// it alive for the whole transfer and hands curl an unretained pointer; curl calls back only
/// on the thread running `curl_easy_perform`, so the fields need no lock.
final class TransferState {
    let maximumBytes: Int
    let admits: (IPAddress) -> Bool
    private(set) var body: [UInt8] = []
    /// Set when the body grew past `maximumBytes` and the transfer was cut off.
    private(set) var exceededLimit = false
    /// The first address curl wanted to connect to and was refused.
    private(set) var refusedAddress: String?

    init(maximumBytes: Int, admits: @escaping (IPAddress) -> Bool) {
        self.maximumBytes = maximumBytes
        self.admits = admits
    }

    /// Keeps a piece of the decoded body, or reports that it would pass the limit.
    func receive(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count <= maximumBytes - body.count else {
            exceededLimit = true
            return false
        }
        body.append(contentsOf: bytes)
        return true
    }

    /// Whether a connection to `address` may be opened; remembers the first refusal.
    func mayConnect(to address: IPAddress?) -> Bool {
        if let address, admits(address) { return true }
        if refusedAddress == nil { refusedAddress = address?.description ?? "an address that is neither IPv4 nor IPv6" }
        return false
    }
}
