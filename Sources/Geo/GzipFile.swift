import CZlib
import Foundation

/// Whole-file gzip reading through zlib's gz* functions, which also check the CRC and
/// length in the trailer: a flipped bit or a cut-off download is an error here, never
/// a silently shorter gazetteer.
enum GzipFile {
    static func contents(of url: URL) throws(GazetteerError) -> [UInt8] {
        let path = url.path
        guard let file = gzopen(path, "rb") else {
            throw GazetteerError("\(path): cannot open (\(String(cString: strerror(errno))))")
        }
        var closed = false
        defer { if !closed { gzclose(file) } }
        // A bigger buffer than zlib's 8 KiB default halves the time spent in read(2).
        _ = gzbuffer(file, 1 << 18)
        // zlib passes files without a gzip header through unchanged ("transparent" mode);
        // a plain or foreign file must be refused instead of parsed.
        if gzdirect(file) != 0 {
            var byte: UInt8 = 0
            let empty = gzread(file, &byte, 1) == 0
            throw GazetteerError("\(path): \(empty ? "empty file" : "not a gzip file")")
        }

        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { gzread(file, $0.baseAddress, UInt32($0.count)) }
            if count < 0 { throw GazetteerError("\(path): \(problem(file) ?? "read failed")") }
            if count == 0 { break }
            contents.append(contentsOf: chunk[..<Int(count)])
        }
        if let problem = problem(file) { throw GazetteerError("\(path): \(problem)") }
        closed = true
        // A stream that stops before its trailer is reported by gzclose alone.
        switch gzclose(file) {
        case Z_OK: return contents
        case Z_BUF_ERROR: throw GazetteerError("\(path): truncated (the gzip data ends early)")
        case let code: throw GazetteerError("\(path): gzip error \(code) on close")
        }
    }

    /// zlib's pending error in plain words; nil when there is none.
    private static func problem(_ file: gzFile) -> String? {
        var code: Int32 = Z_OK
        let message = gzerror(file, &code)
        // gzerror prefixes the path, which the caller adds itself.
        let detail = message.map { String(cString: $0) }?.split(separator: ": ").last.map(String.init) ?? ""
        switch code {
        case Z_OK: return nil
        case Z_BUF_ERROR: return "truncated (the gzip data ends early)"
        case Z_DATA_ERROR: return "damaged (\(detail))"
        case Z_ERRNO: return "read error (\(String(cString: strerror(errno))))"
        default: return "gzip error \(code) (\(detail))"
        }
    }
}
