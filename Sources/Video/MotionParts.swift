/// RoadTrip's own bounded readers of what pairs a still with its motion, in bytes that came
/// from outside: a Live Photo's content identifier (the still's Apple MakerNote, the MOV's
/// QuickTime metadata), and where a Motion Photo's video lies inside its JPEG. Each reads
/// at most what it is given, follows no offset outside it, and answers nil for anything it
/// does not recognise — never a trap (fuzzed: the `motion-parts` target).
public enum MotionParts {
    /// The most a content identifier may be: Apple's are UUIDs, 36 characters.
    static let identifierLength = 1...64

    // MARK: - Apple's MakerNote (the still)

    /// The content identifier in an Apple MakerNote (EXIF's MakerNote, "Apple iOS\0…"): tag
    /// 0x0011 of its IFD, an ASCII string such as "FFCBAC24-E547-4BBC-AF47-38B1A3D845E3".
    public static func contentIdentifier(makerNote bytes: [UInt8]) -> String? {
        let header = Array("Apple iOS\0".utf8)
        // "Apple iOS\0", a version (2 bytes), the byte order ("MM" or "II"), then the IFD.
        guard bytes.count >= 16, Array(bytes[0..<10]) == header else { return nil }
        let bigEndian: Bool
        switch (bytes[12], bytes[13]) {
        case (0x4D, 0x4D): bigEndian = true
        case (0x49, 0x49): bigEndian = false
        default: return nil
        }
        let reader = ByteReader(bytes: bytes, bigEndian: bigEndian)
        guard let count = reader.uint16(at: 14), count <= 512 else { return nil }
        for index in 0..<Int(count) {
            let entry = 16 + index * 12
            guard let tag = reader.uint16(at: entry), let type = reader.uint16(at: entry + 2),
                let length = reader.uint32(at: entry + 4)
            else { return nil }
            guard tag == 0x0011, type == 2, length >= 2, length <= 128 else { continue }
            // Longer than 4 bytes, the value lies at an offset from the MakerNote's start.
            let start = length <= 4 ? entry + 8 : reader.uint32(at: entry + 8).map(Int.init) ?? -1
            guard start >= 0, let value = reader.bytes(at: start, count: Int(length)) else { return nil }
            return identifier(value)
        }
        return nil
    }

    // MARK: - QuickTime metadata (the motion)

    /// The value of `com.apple.quicktime.content.identifier` in a QuickTime file's `moov` box
    /// (given whole, as `topLevelBox` finds it): its `meta` box's (or its `udta`'s) `keys` name
    /// the key, its `ilst` holds the value under the key's number.
    public static func contentIdentifier(movie bytes: [UInt8]) -> String? {
        let boxes = Boxes(bytes: bytes)
        guard let moov = boxes.children(in: 0..<bytes.count).first(where: { $0.type == "moov" }) else { return nil }
        // An iPhone's `meta` is the movie's own; other writers (FFmpeg) put it in `udta`.
        let movie = boxes.children(in: moov.body)
        let metas =
            movie.filter { $0.type == "meta" }
            + movie.filter { $0.type == "udta" }.flatMap { boxes.children(in: $0.body).filter { $0.type == "meta" } }
        for meta in metas {
            // QuickTime's `meta` is a plain box; ISO's (MP4's) a full box, 4 bytes of version and flags first.
            var parts = boxes.children(in: meta.body)
            if !parts.contains(where: { $0.type == "keys" }), meta.body.count >= 4 {
                parts = boxes.children(in: (meta.body.lowerBound + 4)..<meta.body.upperBound)
            }
            guard let keys = parts.first(where: { $0.type == "keys" }), let list = parts.first(where: { $0.type == "ilst" }),
                let number = keyNumber("com.apple.quicktime.content.identifier", in: keys.body, of: bytes)
            else { continue }
            for item in boxes.children(in: list.body) where item.number == number {
                for data in boxes.children(in: item.body) where data.type == "data" && data.body.count > 8 {
                    // A type indicator (1: UTF-8) and a locale, then the value.
                    return identifier(Array(bytes[(data.body.lowerBound + 8)..<data.body.upperBound]))
                }
            }
        }
        return nil
    }

    /// The content identifier of the QuickTime or MP4 file at `path`: its `moov` box (at most
    /// 16 MiB; an iPhone's is a few kilobytes) read and parsed. Nil when it has none or cannot be read.
    public static func contentIdentifier(movieAt path: String) -> String? {
        OutsideFile.reading(path) { file in
            guard let moov = topLevelBox("moov", fileSize: file.size, limit: 16 << 20, read: file.read) else { return nil }
            let bytes = file.read(moov.offset, Int(moov.size))
            return bytes.count == Int(moov.size) ? contentIdentifier(movie: bytes) : nil
        }
    }

    /// The 1-based number of `name` in a `keys` box's body (version and flags, a count, then
    /// each key: its size, its namespace, its name).
    static func keyNumber(_ name: String, in body: Range<Int>, of bytes: [UInt8]) -> UInt32? {
        let reader = ByteReader(bytes: bytes, bigEndian: true)
        guard let count = reader.uint32(at: body.lowerBound + 4), (1...4096).contains(count) else { return nil }
        var at = body.lowerBound + 8
        let wanted = Array(name.utf8)
        for number in 1...count {
            guard let size = reader.uint32(at: at).map(Int.init), size >= 8, at + size <= body.upperBound else { return nil }
            if size - 8 == wanted.count, Array(bytes[(at + 8)..<(at + size)]) == wanted { return number }
            at += size
        }
        return nil
    }

    /// Where the `moov` box of a file lies, from the sizes of its top-level boxes, read a box
    /// header at a time by `read(offset, count)`; nil when there is none within `limit` bytes
    /// of size or 64 boxes.
    public static func topLevelBox(
        _ type: String, fileSize: UInt64, limit: UInt64 = 64 << 20,
        read: (UInt64, Int) -> [UInt8]?
    ) -> (offset: UInt64, size: UInt64)? {
        var offset: UInt64 = 0
        for _ in 0..<64 {
            guard offset + 8 <= fileSize, let head = read(offset, 16), head.count >= 8 else { return nil }
            let reader = ByteReader(bytes: head, bigEndian: true)
            guard let small = reader.uint32(at: 0) else { return nil }
            var size = UInt64(small)
            if small == 1 {
                guard let large = reader.uint64(at: 8) else { return nil }
                size = large
            } else if small == 0 {
                size = fileSize - offset
            }
            guard size >= 8, size <= fileSize - offset else { return nil }
            if String(decoding: head[4..<8], as: UTF8.self) == type { return size <= limit ? (offset, size) : nil }
            offset += size
        }
        return nil
    }

    // MARK: - Motion Photos (Google's and Samsung's)

    /// Where the video of a Motion Photo lies in its JPEG of `fileSize` bytes, from its XMP
    /// packet: Google's `Container:Directory` (the MotionPhoto item's `Item:Length`, the last
    /// thing in the file) or the older `GCamera:MicroVideoOffset` (bytes from the end). Nil when
    /// the XMP names none, or a length that cannot be.
    public static func motionPhotoVideo(xmp: String, fileSize: UInt64) -> (offset: UInt64, length: UInt64)? {
        let text = String(xmp.prefix(256 << 10))
        var length: UInt64?
        // The directory's item whose Semantic is MotionPhoto (its attributes in any order; the
        // description's own GCamera:MotionPhoto="1" comes first and is no item).
        if let semantic = text.range(of: "Semantic=\"MotionPhoto\""),
            let start = text[..<semantic.lowerBound].lastIndex(of: "<"),
            let end = text[semantic.upperBound...].firstIndex(of: ">"),
            let item = text[start..<end].range(of: "Length=\"")
        {
            length = number(after: item.upperBound, in: text)
        }
        if length == nil, let offset = text.range(of: "MicroVideoOffset=\"") {
            length = number(after: offset.upperBound, in: text)
        }
        if length == nil, let element = text.range(of: "<GCamera:MicroVideoOffset>") {
            length = number(after: element.upperBound, in: text)
        }
        guard let length, length >= 32, length < fileSize else { return nil }
        return (fileSize - length, length)
    }

    /// Where the video of a Samsung Motion Photo lies: after the "MotionPhoto_Data" marker its
    /// trailer holds, found in `tail` (the file's last bytes, `tailOffset` into it).
    public static func samsungMotionVideo(tail: [UInt8], tailOffset: UInt64, fileSize: UInt64) -> (offset: UInt64, length: UInt64)? {
        let marker = Array("MotionPhoto_Data".utf8)
        guard tail.count >= marker.count else { return nil }
        var found: Int?
        for start in stride(from: tail.count - marker.count, through: 0, by: -1) where tail[start] == marker[0] {
            if Array(tail[start..<(start + marker.count)]) == marker { found = start; break }
        }
        guard let found else { return nil }
        let offset = tailOffset + UInt64(found + marker.count)
        guard offset + 32 <= fileSize else { return nil }
        // The video runs to the trailer's index (its "SEFH" header) when there is one, else to the end.
        var end = fileSize
        let index = Array("SEFH".utf8)
        if let at = (found..<max(found, tail.count - index.count)).first(where: { Array(tail[$0..<($0 + index.count)]) == index }) {
            end = tailOffset + UInt64(at)
        }
        guard end > offset + 32 else { return nil }
        return (offset, end - offset)
    }

    private static func number(after index: String.Index, in text: String) -> UInt64? {
        let digits = text[index...].prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 15 else { return nil }
        return UInt64(digits)
    }

    /// An identifier as stored: printable ASCII, its NUL terminator and spaces dropped.
    static func identifier(_ value: [UInt8]) -> String? {
        let text = value.prefix { $0 != 0 }
        guard identifierLength.contains(text.count), text.allSatisfy({ (0x21...0x7E).contains($0) }) else { return nil }
        return String(decoding: text, as: UTF8.self).uppercased()
    }
}

/// Integers read from bytes within their bounds; nil past them.
struct ByteReader {
    let bytes: [UInt8]
    let bigEndian: Bool

    func bytes(at offset: Int, count: Int) -> [UInt8]? {
        guard offset >= 0, count >= 0, offset <= bytes.count - count else { return nil }
        return Array(bytes[offset..<(offset + count)])
    }

    func uint16(at offset: Int) -> UInt16? {
        bytes(at: offset, count: 2).map { bigEndian ? UInt16($0[0]) << 8 | UInt16($0[1]) : UInt16($0[1]) << 8 | UInt16($0[0]) }
    }

    func uint32(at offset: Int) -> UInt32? {
        bytes(at: offset, count: 4).map { value in
            (bigEndian ? value : value.reversed()).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        }
    }

    func uint64(at offset: Int) -> UInt64? {
        bytes(at: offset, count: 8).map { value in
            (bigEndian ? value : value.reversed()).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        }
    }
}

/// The boxes of an ISO base media file held in memory.
struct Boxes {
    let bytes: [UInt8]

    struct Box {
        let type: String
        /// Its four type bytes as a number: an `ilst` item's key number.
        let number: UInt32
        let body: Range<Int>
    }

    /// The boxes laid end to end in `range`; those after a box whose size cannot be are left out.
    func children(in range: Range<Int>) -> [Box] {
        let reader = ByteReader(bytes: bytes, bigEndian: true)
        var boxes: [Box] = []
        var at = range.lowerBound
        while at + 8 <= range.upperBound, boxes.count < 1024 {
            guard let small = reader.uint32(at: at), let number = reader.uint32(at: at + 4) else { break }
            var header = 8
            var size = Int(small)
            if small == 1 {
                guard let large = reader.uint64(at: at + 8), large <= UInt64(range.upperBound - at) else { break }
                size = Int(large)
                header = 16
            } else if small == 0 {
                size = range.upperBound - at
            }
            guard size >= header, size <= range.upperBound - at else { break }
            boxes.append(
                Box(type: String(decoding: bytes[(at + 4)..<(at + 8)], as: UTF8.self), number: number, body: (at + header)..<(at + size)))
            at += size
        }
        return boxes
    }
}
