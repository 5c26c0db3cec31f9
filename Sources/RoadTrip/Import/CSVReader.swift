/// RFC 4180's comma-separated values, as iCloud's export writes them: fields separated by commas,
/// a field in double quotes may hold commas, line breaks and doubled quotes, lines end in CRLF or
/// LF, a UTF-8 byte order mark is skipped. Bounded: a field longer than `longestField` bytes or a
/// file of more than `maximumRows` rows is refused, and a quote left open is an error, so a
/// hostile file can neither hold the reader nor make it guess.
public enum CSVReader {
    public static let longestField = 4096
    static let maximumRows = 2_000_000

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Every row of `bytes`, each a list of fields (blank lines left out).
    public static func rows(_ bytes: [UInt8]) throws(Failure) -> [[String]] {
        var rows: [[String]] = []
        var row: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var quoteLine = 1
        func endField() throws(Failure) {
            guard let text = String(validating: field, as: UTF8.self) else {
                throw Failure(description: "line \(line): a field is not UTF-8 text")
            }
            row.append(text)
            field.removeAll(keepingCapacity: true)
        }
        func endRow() throws(Failure) {
            try endField()
            if row != [""] {
                guard rows.count < maximumRows else { throw Failure(description: "more than \(maximumRows) rows") }
                rows.append(row)
            }
            row = []
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A { line += 1 }
            if quoted {
                if byte == 0x22 {
                    if index < bytes.count, bytes[index] == 0x22 { field.append(0x22); index += 1 } else { quoted = false }
                } else {
                    field.append(byte)
                }
            } else {
                switch byte {
                case 0x22 where field.isEmpty: (quoted, quoteLine) = (true, line)
                case 0x2C: try endField()
                case 0x0D where index < bytes.count && bytes[index] == 0x0A: continue
                case 0x0A, 0x0D: try endRow()
                default: field.append(byte)
                }
            }
            guard field.count <= longestField else { throw Failure(description: "line \(line): a field longer than \(longestField) bytes") }
        }
        guard !quoted else { throw Failure(description: "line \(quoteLine): a quoted field is never closed") }
        if !field.isEmpty || !row.isEmpty { try endRow() }
        return rows
    }
}
