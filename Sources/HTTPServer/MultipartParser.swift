#if canImport(Glibc)
    import Glibc
#endif
import SystemCalls

/// The streaming reader behind `MultipartForm`. It holds one chunk of the body plus what is
/// still undecided: the tail that could be the start of a boundary, an unfinished header line
/// (bounded by `maximumHeaderSize`), a field value (bounded by `maximumFieldSize`). File
/// data goes straight to its file.
final class MultipartParser {
    private enum State { case preamble, boundaryLine, headers, body, done }

    /// What ends a part's data: CR LF "--" boundary (RFC 2046). Until the first boundary
    /// line has been read it is LF "--" boundary, which also finds a boundary on the body's
    /// first line; that line's end then tells whether the body uses bare LF line ends, which
    /// are read too. Fixed per body, so a bare `\n--boundary` inside the data of a CR LF body
    /// is data, as the RFC has it.
    private var delimiter: [UInt8]
    private let boundary: [UInt8]
    private let folder: String
    private let limits: MultipartLimits
    private var state = State.preamble
    private(set) var fields: [(name: String, value: String)] = []
    private(set) var files: [UploadedFile] = []
    private var partCount = 0
    private var headerLines: [[UInt8]] = []
    private var headerBytes = 0
    private var part: MultipartPartHeaders?
    private var partFile: NewFile?
    private var fieldValue: [UInt8] = []
    /// Every file made, so that an error removes them all.
    private var made: [NewFile] = []

    init(boundary: [UInt8], folder: String, limits: MultipartLimits) {
        self.boundary = boundary
        delimiter = Array("\n--".utf8) + boundary
        self.folder = folder
        self.limits = limits
    }

    func parse(file path: String, chunkSize: Int) throws(MultipartError) {
        do throws(MultipartError) {
            let input = try Result { () throws(SystemError) in try FileDescriptor.open(path, flags: O_RDONLY) }
                .mapError { MultipartError("cannot read the body", $0) }.get()
            // A line end before the body, so a boundary on its first line is found like any other.
            var pending: [UInt8] = [UInt8(ascii: "\n")]
            var chunk = [UInt8](repeating: 0, count: chunkSize)
            while true {
                pending.removeFirst(try consume(pending))
                if state == .done { return }
                let count = try chunk.withUnsafeMutableBytes { buffer in Result { () throws(SystemError) in try input.read(into: buffer) } }
                    .mapError { MultipartError("cannot read the body", $0) }.get()
                guard count > 0 else {
                    throw MultipartError(
                        state == .preamble ? "the body does not contain the form's boundary" : "the body ends before the closing boundary")
                }
                pending.append(contentsOf: chunk[..<count])
            }
        } catch {
            for file in made { file.discard() }
            throw error
        }
    }

    /// Handles as much of `bytes` as can be decided now; returns how many are done with.
    private func consume(_ bytes: [UInt8]) throws(MultipartError) -> Int {
        var position = 0
        while true {
            switch state {
            case .preamble:
                guard let found = bytes.firstIndex(of: delimiter, from: position) else {
                    return max(position, bytes.count - delimiter.count + 1)
                }
                position = found + delimiter.count
                state = .boundaryLine
            case .boundaryLine:
                guard let next = try afterBoundary(bytes, from: position) else { return position }
                position = next
            case .headers:
                guard let lineEnd = bytes.firstIndex(of: [0x0A], from: position) else {
                    try checkHeaderSize(headerBytes + bytes.count - position)
                    return position
                }
                headerBytes += lineEnd + 1 - position
                try checkHeaderSize(headerBytes)
                let line = bytes[position..<lineEnd].last == 0x0D ? bytes[position..<(lineEnd - 1)] : bytes[position..<lineEnd]
                position = lineEnd + 1
                if line.isEmpty {
                    try beginPart()
                } else {
                    headerLines.append(Array(line))
                }
            case .body:
                guard let found = bytes.firstIndex(of: delimiter, from: position) else {
                    // Keep a tail that could be the start of a delimiter.
                    let end = max(position, bytes.count - delimiter.count + 1)
                    try take(bytes[position..<end])
                    return end
                }
                try take(bytes[position..<found])
                try endPart()
                position = found + delimiter.count
                state = .boundaryLine
            case .done:
                return bytes.count
            }
        }
    }

    /// After a delimiter, `--` closes the form (the epilogue is ignored); otherwise optional
    /// spaces and tabs (transport padding) and a line end start a part. Nil while too few
    /// bytes have arrived to tell.
    private func afterBoundary(_ bytes: [UInt8], from position: Int) throws(MultipartError) -> Int? {
        let rest = bytes[position...]
        if rest.starts(with: [0x2D, 0x2D]) {
            state = .done
            return bytes.count
        }
        if rest == [0x2D] { return nil }
        let isPadding = { (byte: UInt8) in byte == 0x20 || byte == 0x09 || byte == 0x0D }
        guard let lineEnd = rest.firstIndex(of: 0x0A) else {
            guard rest.allSatisfy(isPadding), rest.count <= 1024 else {
                throw MultipartError("a boundary line has text after the boundary")
            }
            return nil
        }
        guard bytes[position..<lineEnd].allSatisfy(isPadding) else { throw MultipartError("a boundary line has text after the boundary") }
        if partCount == 0, lineEnd > position, bytes[lineEnd - 1] == 0x0D {
            delimiter = Array("\r\n--".utf8) + boundary
        }
        partCount += 1
        guard partCount <= limits.maximumParts else {
            throw MultipartError("more than \(limits.maximumParts) parts", status: .contentTooLarge)
        }
        headerLines = []
        headerBytes = 0
        state = .headers
        return lineEnd + 1
    }

    private func checkHeaderSize(_ size: Int) throws(MultipartError) {
        guard size <= limits.maximumHeaderSize else {
            throw MultipartError("part \(partCount)'s headers are over \(limits.maximumHeaderSize) bytes", status: .contentTooLarge)
        }
    }

    private func beginPart() throws(MultipartError) {
        let headers = try MultipartPartHeaders(lines: headerLines, number: partCount)
        headerLines = []
        if headers.fileName != nil {
            let file = try Result { () throws(SystemError) in try NewFile.create(in: folder, prefix: "part-") }
                .mapError { MultipartError("cannot store the file of field \"\(AccessLog.printable(headers.fieldName))\"", $0) }.get()
            made.append(file)
            partFile = file
        }
        part = headers
        state = .body
    }

    private func take(_ data: ArraySlice<UInt8>) throws(MultipartError) {
        guard !data.isEmpty, let part else { return }
        var name: String { AccessLog.printable(part.fieldName) }
        guard let file = partFile else {
            guard fieldValue.count + data.count <= limits.maximumFieldSize else {
                throw MultipartError("field \"\(name)\" is over \(limits.maximumFieldSize) bytes", status: .contentTooLarge)
            }
            fieldValue.append(contentsOf: data)
            return
        }
        guard file.size + data.count <= limits.maximumFileSize else {
            throw MultipartError("the file of field \"\(name)\" is over \(limits.maximumFileSize) bytes", status: .contentTooLarge)
        }
        try data.withUnsafeBytes { buffer in Result { () throws(SystemError) in try file.write(buffer) } }
            .mapError { MultipartError("cannot store the file of field \"\(name)\"", $0) }.get()
    }

    private func endPart() throws(MultipartError) {
        guard let part else { return }
        self.part = nil
        let name = AccessLog.printable(part.fieldName)
        guard let file = partFile else {
            defer { fieldValue = [] }
            guard let value = String(validating: fieldValue, as: UTF8.self) else {
                throw MultipartError("field \"\(name)\" is not valid UTF-8 text")
            }
            guard !fieldValue.contains(0) else { throw MultipartError("field \"\(name)\" contains a NUL character") }
            fields.append((part.fieldName, value))
            return
        }
        partFile = nil
        try Result { () throws(SystemError) in try file.finishWriting() }
            .mapError { MultipartError("cannot store the file of field \"\(name)\"", $0) }.get()
        if part.fileName == "", file.size == 0 {
            // A file input with nothing chosen: browsers still send an empty part for it.
            file.discard()
            made.removeAll { $0 === file }
            return
        }
        files.append(
            UploadedFile(
                fieldName: part.fieldName, fileName: part.fileName ?? "", contentType: part.contentType, path: file.path, size: file.size))
    }
}

extension Array where Element == UInt8 {
    /// Where `pattern` first starts at or after `start`; memchr finds the candidates.
    func firstIndex(of pattern: [UInt8], from start: Int) -> Int? {
        guard !pattern.isEmpty, start >= 0, count - start >= pattern.count else { return nil }
        return withUnsafeBytes { haystack in
            pattern.withUnsafeBytes { needle in
                let base = haystack.baseAddress!
                var index = start
                while index <= haystack.count - needle.count {
                    guard let hit = memchr(base + index, Int32(needle[0]), haystack.count - needle.count + 1 - index) else { return nil }
                    let offset = UnsafeRawPointer(hit) - base
                    if memcmp(base + offset, needle.baseAddress!, needle.count) == 0 { return offset }
                    index = offset + 1
                }
                return nil
            }
        }
    }
}
