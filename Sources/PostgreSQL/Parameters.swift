import SQLDatabase
internal import CPostgreSQL

/// Type OIDs of the built-in types this engine sends and reads (pg_type.dat; they never change).
enum TypeOID {
    static let unknown: Oid = 0
    static let bool: Oid = 16
    static let bytea: Oid = 17
    static let int8: Oid = 20
    static let int2: Oid = 21
    static let int4: Oid = 23
    static let text: Oid = 25
    static let oid: Oid = 26
    static let float4: Oid = 700
    static let float8: Oid = 701
    static let numeric: Oid = 1700
}

/// A statement's arguments in libpq's terms: a type, a value and a format for each.
///
/// Integers, reals and text go as text, which PostgreSQL parses exactly (a Double's
/// description reads back as the same Double); blobs go as binary, so bytes are sent as they
/// are. NULL is a nil value of unknown type, which the server infers from where it is used.
///
/// Every integer is a bigint: PostgreSQL widens it to nothing smaller on its own, so a
/// function that takes an `integer` (`pg_terminate_backend`, `substr`) needs a CAST.
struct Parameters {
    private(set) var types: [Oid] = []
    private(set) var values = CValueArray()
    private(set) var formats: [Int32] = []

    private static let textFormat: Int32 = 0
    private static let binaryFormat: Int32 = 1
    /// bytea's own limit; also keeps a length within libpq's `int`.
    private static let largestBlob = 1 << 30 - 1

    init(_ arguments: [SQLValue], sql: String) throws {
        for argument in arguments {
            try append(argument, sql: sql)
        }
    }

    var count: Int32 { Int32(types.count) }

    private mutating func append(_ value: SQLValue, sql: String) throws {
        switch value {
        case .null:
            types.append(TypeOID.unknown)
            values.appendNil()
            formats.append(Self.textFormat)
        case .integer(let integer):
            append(String(integer), type: TypeOID.int8)
        case .real(let real):
            append(Self.text(of: real), type: TypeOID.float8)
        case .text(let text):
            guard !text.utf8.contains(0) else {
                throw DatabaseError.postgreSQL(
                    .misuse, code: "22021", "text holding a NUL character cannot be stored in PostgreSQL", sql: sql)
            }
            append(text, type: TypeOID.text)
        case .blob(let bytes):
            guard bytes.count <= Self.largestBlob else {
                throw DatabaseError.postgreSQL(
                    .misuse, code: "54000", "a blob of \(bytes.count) bytes is larger than PostgreSQL stores (1 GB)", sql: sql)
            }
            types.append(TypeOID.bytea)
            values.append(bytes: bytes)
            formats.append(Self.binaryFormat)
        }
    }

    private mutating func append(_ text: String, type: Oid) {
        types.append(type)
        values.append(text)
        formats.append(Self.textFormat)
    }

    /// PostgreSQL's spelling of the values a Double's description writes as "inf" and "nan".
    private static func text(of real: Double) -> String {
        if real.isNaN { return "NaN" }
        if real.isInfinite { return real < 0 ? "-Infinity" : "Infinity" }
        return real.description
    }

    /// Lends the values, their lengths and formats, as libpq's exec functions take them.
    func withCArrays<T>(
        _ body: (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?) throws -> T
    ) rethrows -> T {
        try values.withPointers { pointers in
            try values.lengths.withUnsafeBufferPointer { lengths in
                try formats.withUnsafeBufferPointer { formats in
                    try body(pointers, lengths.baseAddress, formats.baseAddress)
                }
            }
        }
    }
}
