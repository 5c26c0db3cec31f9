import Glibc
import SystemCalls

/// Where a Motion Photo's video lies in its JPEG file: Google's (its XMP's `Container:Directory`
/// or `MicroVideoOffset`) or Samsung's (its trailer's "MotionPhoto_Data"), checked to begin as
/// an MP4 does. RoadTrip's own bounded reading of a file that came from outside: at most the
/// JPEG's first 256 KiB for its XMP and, in a file that ends as Samsung's do, its last 16 MiB.
public enum MotionPhotoFile {
    /// The most read from the start for the XMP packet (after an EXIF of up to 64 KiB).
    static let headLength = 256 << 10
    /// The most read from the end for Samsung's trailer (a phone's few seconds are 2–8 MB).
    static let tailLength = 16 << 20

    /// The embedded video's place in the file at `path`, or nil when it holds none that can be.
    public static func embeddedVideo(inStillAt path: String) -> (offset: UInt64, length: UInt64)? {
        OutsideFile.reading(path) { file in
            guard file.size > 64 else { return nil }
            var found = xmpPacket(inJPEG: file.read(0, headLength)).flatMap { MotionParts.motionPhotoVideo(xmp: $0, fileSize: file.size) }
            // Samsung's trailer ends the file with "SEFT": only such a file's tail is read (a
            // plain JPEG costs four bytes here, not its last 16 MiB again).
            if found == nil, file.read(file.size - 4, 4) == Array("SEFT".utf8) {
                let tailOffset = file.size - min(file.size, UInt64(tailLength))
                found = MotionParts.samsungMotionVideo(
                    tail: file.read(tailOffset, Int(file.size - tailOffset)), tailOffset: tailOffset,
                    fileSize: file.size)
            }
            // An MP4 begins with its `ftyp` box.
            guard let found, VideoContainer(sniffing: file.read(found.offset, VideoContainer.sniffLength))?.isISOMedia == true else {
                return nil
            }
            return found
        }
    }

    /// The XMP packet of a JPEG whose first bytes are `head`: the APP1 segment named by Adobe's
    /// namespace, found by walking the segments before the image data.
    public static func xmpPacket(inJPEG head: [UInt8]) -> String? {
        let name = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
        guard head.count >= 4, head[0] == 0xFF, head[1] == 0xD8 else { return nil }
        var at = 2
        for _ in 0..<64 {
            guard at + 4 <= head.count, head[at] == 0xFF else { return nil }
            let marker = head[at + 1]
            // Image data (SOS) or its end (EOI): no metadata after.
            if marker == 0xDA || marker == 0xD9 { return nil }
            let length = Int(head[at + 2]) << 8 | Int(head[at + 3])
            guard length >= 2, at + 2 + length <= head.count else { return nil }
            let payload = head[(at + 4)..<(at + 2 + length)]
            if marker == 0xE1, payload.starts(with: name) {
                return String(decoding: payload.dropFirst(name.count), as: UTF8.self)
            }
            at += 2 + length
        }
        return nil
    }
}

extension MotionPhotoFile {
    /// Copies `range` of the file at `path` into a new file at `output`, a mebibyte at a time.
    public static func copy(from path: String, range: (offset: UInt64, length: UInt64), to output: String) throws(SystemError) {
        let source = try FileDescriptor.open(path, flags: O_RDONLY | O_CLOEXEC)
        defer { try? source.close() }
        let target = try FileDescriptor.open(output, flags: O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: 0o600)
        defer { try? target.close() }
        var done: UInt64 = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while done < range.length {
            let wanted = Int(min(UInt64(buffer.count), range.length - done))
            if wanted < buffer.count { buffer = [UInt8](repeating: 0, count: wanted) }
            let filled = try source.read(into: &buffer, at: Int(range.offset + done))
            guard filled == wanted else { throw SystemError(call: "read", errno: EIO) }
            try target.writeAll(buffer)
            done += UInt64(filled)
        }
    }
}
