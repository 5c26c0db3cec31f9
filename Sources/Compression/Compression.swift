import CBrotli
import CZlib

/// The content codings RoadTrip compresses with (RFC 9110 §8.4.1), ahead of time: made once
/// for what is served many times, never per request.
public enum ContentCoding: String, Sendable, CaseIterable {
    case brotli = "br"
    case gzip
    case identity

    /// `bytes` in this coding, at the smallest size the library makes (the slowest setting:
    /// it is paid once). Identity is `bytes` itself.
    public func encode(_ bytes: [UInt8]) -> [UInt8] {
        switch self {
        case .brotli: Self.brotli(bytes)
        case .gzip: Self.gzip(bytes)
        case .identity: bytes
        }
    }

    /// `bytes` decoded from this coding; nil when they are not a whole, valid stream of it, or
    /// when they decode to more than `limit` bytes (decoding stops there). What a client does
    /// with what RoadTrip sends: the tests check the variants with it, and RoadTrip checks the
    /// compressed assets it kept on disk.
    public func decode(_ bytes: [UInt8], limit: Int = .max) -> [UInt8]? {
        switch self {
        case .brotli: Self.unbrotli(bytes, limit: limit)
        case .gzip: Self.gunzip(bytes, limit: limit)
        case .identity: bytes.count <= limit ? bytes : nil
        }
    }

    private static func brotli(_ bytes: [UInt8]) -> [UInt8] {
        var size = BrotliEncoderMaxCompressedSize(bytes.count)
        var output = [UInt8](repeating: 0, count: size)
        let done = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                BrotliEncoderCompress(
                    BROTLI_MAX_QUALITY, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_TEXT,
                    input.count, input.baseAddress, &size, out.baseAddress
                )
            }
        }
        // Fails only when the output buffer is too small, which the bound above rules out.
        precondition(done == BROTLI_TRUE, "Brotli could not compress \(bytes.count) bytes")
        return Array(output[..<size])
    }

    /// A gzip member (RFC 1952), through zlib's deflate with its gzip wrapper.
    private static func gzip(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        // deflateInit2 is a macro; this is what it expands to. 15 + 16: a 32 KiB window, gzip wrapper.
        var status = deflateInit2_(
            &stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 9, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        precondition(status == Z_OK, "zlib could not start deflate: \(status)")
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        status = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        // deflateBound is enough for one Z_FINISH call, so anything but the end is a bug.
        precondition(status == Z_STREAM_END, "zlib could not compress \(bytes.count) bytes: \(status)")
        return Array(output[..<Int(stream.total_out)])
    }
}

extension ContentCoding {
    private static func unbrotli(_ bytes: [UInt8], limit: Int) -> [UInt8]? {
        guard let state = BrotliDecoderCreateInstance(nil, nil, nil) else { return nil }
        defer { BrotliDecoderDestroyInstance(state) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        return bytes.withUnsafeBufferPointer { input -> [UInt8]? in
            var available = input.count
            var next = input.baseAddress
            while true {
                var room = chunk.count
                let result = chunk.withUnsafeMutableBufferPointer { out -> BrotliDecoderResult in
                    var cursor = out.baseAddress
                    return BrotliDecoderDecompressStream(state, &available, &next, &room, &cursor, nil)
                }
                output += chunk[..<(chunk.count - room)]
                if output.count > limit { return nil }
                switch result {
                case BROTLI_DECODER_RESULT_SUCCESS: return available == 0 ? output : nil
                case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT: continue
                default: return nil  // an error, or the input ended before the stream did
                }
            }
        }
    }

    private static func gunzip(_ bytes: [UInt8], limit: Int) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        return bytes.withUnsafeBufferPointer { input -> [UInt8]? in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { out -> Int32 in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    return inflate(&stream, Z_NO_FLUSH)
                }
                output += chunk[..<(chunk.count - Int(stream.avail_out))]
                if output.count > limit { return nil }
                switch status {
                case Z_STREAM_END: return stream.avail_in == 0 ? output : nil
                case Z_OK: continue
                default: return nil  // damaged, or (Z_BUF_ERROR) cut short
                }
            }
        }
    }
}
