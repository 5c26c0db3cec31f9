import Foundation
import SQLDatabase
import SQLite

/// One edit of a vacation document, read from the fuzz input: a byte choosing the table, one the
/// column, one the row (of the first four), one the kind of value, then the value — 8 bytes of an
/// integer or of a double's bits (so that every NaN and infinity can be written), or a length
/// byte and that many bytes of text or blob.
struct VacationEdit {
    let sql: SQL

    /// The template's tables and their columns, in a fixed order.
    static let columns: [(table: String, columns: [String])] = {
        do {
            let path = Scratch.file("template.vacation", VacationInput.template)
            let document = try SQLiteConnection(path: path, readOnly: true, journal: .rollback)
            let tables: [String] = try document.fetchAll("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").map {
                try $0["name"]
            }
            return try tables.map { table in
                (table, try document.fetchAll("SELECT name FROM pragma_table_info(\(table)) ORDER BY cid").map { try $0["name"] })
            }
        } catch {
            fatalError("cannot read the template document's tables: \(error)")
        }
    }()

    init?(reading input: inout ArraySlice<UInt8>) {
        guard input.count >= 4 else { return nil }
        let (table, columns) = Self.columns[Int(input.removeFirst()) % Self.columns.count]
        let column = columns[Int(input.removeFirst()) % columns.count]
        let row = Int(input.removeFirst()) % 4
        let value: SQLValue
        switch input.removeFirst() % 5 {
        case 0: value = .null
        case 1: value = .integer(Int64(bitPattern: Self.word(&input)))
        case 2: value = .real(Double(bitPattern: Self.word(&input)))
        case 3: value = .text(String(decoding: Self.bytes(&input), as: UTF8.self))
        default: value = .blob(Self.bytes(&input))
        }
        sql =
            """
            UPDATE \(raw: table) SET \(raw: column) = \(value) WHERE rowid IN (SELECT rowid FROM \(raw: table) ORDER BY rowid \
            LIMIT 1 OFFSET \(row))
            """
    }

    private static func word(_ input: inout ArraySlice<UInt8>) -> UInt64 {
        var word: UInt64 = 0
        for _ in 0..<8 { word = word << 8 | UInt64(input.popFirst() ?? 0) }
        return word
    }

    private static func bytes(_ input: inout ArraySlice<UInt8>) -> [UInt8] {
        let count = Int(input.popFirst() ?? 0)
        defer { input = input.dropFirst(count) }
        return Array(input.prefix(count))
    }

    /// An unedited document, and edits of a size and of a text, for the fuzzer to vary.
    static func seeds() -> [FuzzTarget.Seed] {
        func edit(_ table: String, _ column: String, row: UInt8 = 0, kind: UInt8, _ value: [UInt8]) -> [UInt8] {
            guard let tableIndex = columns.firstIndex(where: { $0.table == table }),
                let columnIndex = columns[tableIndex].columns.firstIndex(of: column)
            else { return [] }
            return [UInt8(tableIndex), UInt8(columnIndex), row, kind] + value
        }
        let title = Array("Lisbon \u{202E}gpj.exe".utf8)
        return [
            .init("unedited", []),
            .init(
                "negative-size",
                edit("photos", "width", kind: 2, withUnsafeBytes(of: (-1.0).bitPattern.bigEndian, Array.init))
                    + edit("photos", "height", row: 2, kind: 1, withUnsafeBytes(of: Int64(4_000_000_000).bigEndian, Array.init))),
            .init(
                "text",
                edit("photos", "title", row: 1, kind: 3, [UInt8(title.count)] + title) + edit("tags", "name", kind: 4, [2, 0xFF, 0x00])),
        ]
    }
}
