/// Byte strings laid end to end in one buffer and lent to C as an array of pointers into it,
/// nil for an absent value: one allocation, nothing to free one by one, and every pointer
/// valid for exactly as long as the call that uses it.
struct CValueArray {
    private var bytes: [UInt8] = []
    private var offsets: [Int?] = []
    /// The byte count of each value (0 for an absent one), for binary parameters.
    private(set) var lengths: [Int32] = []

    var count: Int { offsets.count }

    /// Appends `text` followed by a NUL, as C strings end.
    mutating func append(_ text: String) {
        append(bytes: Array(text.utf8))
    }

    /// Appends `value` and a NUL after it; a binary value's length excludes the NUL.
    mutating func append(bytes value: [UInt8]) {
        offsets.append(bytes.count)
        lengths.append(Int32(clamping: value.count))
        bytes += value
        bytes.append(0)
    }

    mutating func appendNil() {
        offsets.append(nil)
        lengths.append(0)
    }

    /// Lends the pointers; nil when there are none, which libpq takes for "no parameters".
    func withPointers<T>(_ body: (UnsafePointer<UnsafePointer<CChar>?>?) throws -> T) rethrows -> T {
        try bytes.withUnsafeBytes { buffer in
            let pointers: [UnsafePointer<CChar>?] = offsets.map { offset in
                offset.map { (buffer.baseAddress! + $0).assumingMemoryBound(to: CChar.self) }
            }
            return try pointers.withUnsafeBufferPointer { try body($0.baseAddress) }
        }
    }
}
