#if canImport(Glibc)
    import Glibc
#endif

extension Response {
    /// A regular file, sent from its descriptor, with an `ETag` and `Last-Modified` built from
    /// its size and modification time, answered `304 Not Modified` when the client's copy is
    /// current. Nil when `path` is not a readable regular file. `variant` names what the caller
    /// makes of the file (a page with a script written in), so that a new one is a new ETag.
    ///
    /// With `ranges`, a GET's `Range` of one span is answered `206 Partial Content` with those
    /// bytes alone (a video seeking), `416` when it starts past the end, and the whole file when
    /// an `If-Range` names an older copy (RFC 9110 §14).
    public static func file(
        at path: String, contentType: String, cacheControl: String = "no-cache", variant: String = "", ranges: Bool = false,
        for request: Request
    ) -> Response? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, access(path, R_OK) == 0 else { return nil }
        let modified = Int(info.st_mtim.tv_sec)
        let (length, nanoseconds) = (String(UInt64(info.st_size), radix: 16), String(info.st_mtim.tv_nsec, radix: 16))
        let etag = "\"\(length)-\(String(modified, radix: 16))-\(nanoseconds)\(variant.isEmpty ? "" : "-" + variant)\""
        var headers: Headers = [
            "ETag": etag,
            "Last-Modified": HTTPDate.format(secondsSince1970: modified),
            "Cache-Control": cacheControl,
        ]
        if isUnchanged(request: request, etag: etag, modified: modified) {
            return Response(status: .notModified, headers: headers)
        }
        headers["Content-Type"] = contentType
        let size = UInt64(info.st_size)
        guard ranges else { return Response(status: .ok, headers: headers, body: .file(path: path, size: size)) }
        headers["Accept-Ranges"] = "bytes"
        guard request.isGetOrHead, let asked = request.headers["Range"],
            rangeStillApplies(request: request, etag: etag, modified: modified)
        else {
            return Response(status: .ok, headers: headers, body: .file(path: path, size: size))
        }
        switch ByteRange(header: asked, size: size) {
        case .whole:
            return Response(status: .ok, headers: headers, body: .file(path: path, size: size))
        case .unsatisfiable:
            headers["Content-Range"] = "bytes */\(size)"
            headers["Content-Type"] = "text/plain; charset=utf-8"
            return Response(
                status: .rangeNotSatisfiable, headers: headers, body: .bytes(Array("The range asked for is outside the file.\n".utf8)))
        case .span(let offset, let length):
            headers["Content-Range"] = "bytes \(offset)-\(offset + length - 1)/\(size)"
            return Response(
                status: .partialContent, headers: headers, body: .fileRange(path: path, size: size, offset: offset, length: length))
        }
    }

    /// Whether a range may be answered: no `If-Range`, or one naming this copy (its strong ETag,
    /// or exactly its modification time).
    static func rangeStillApplies(request: Request, etag: String, modified: Int) -> Bool {
        guard let condition = request.headers["If-Range"].map({ Substring($0).trimmingSpaces }) else { return true }
        if condition.hasPrefix("\"") { return condition == etag }
        if condition.hasPrefix("W/") { return false }
        return HTTPDate.parse(condition) == modified
    }

    /// Whether the client's copy, named by its `If-None-Match` or `If-Modified-Since`, is the
    /// one with `etag` and `modified` (a 304 then). `If-None-Match` wins over `If-Modified-Since`
    /// when both are sent (RFC 9110 §13.2.2).
    public static func isUnchanged(request: Request, etag: String, modified: Int) -> Bool {
        guard request.isGetOrHead else { return false }
        if let tags = request.headers["If-None-Match"] {
            return tags.split(separator: ",").contains { candidate in
                let tag = candidate.trimmingSpaces
                return tag == "*" || tag == etag || tag == "W/" + etag
            }
        }
        if let since = request.headers["If-Modified-Since"].flatMap(HTTPDate.parse) {
            return modified <= since
        }
        return false
    }
}

extension Substring {
    /// Without surrounding spaces and tabs (HTTP's optional whitespace). Works on the UTF-8
    /// view: going through Characters and reversed collections cost an eighth of a page's time.
    var trimmingSpaces: String {
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }),
            let last = bytes.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })
        else { return "" }
        return String(self[first...last])
    }
}

/// What a `Range` header asks of a file of `size` bytes, for the one form RoadTrip answers:
/// a single span of bytes (`bytes=0-499`, `bytes=500-`, `bytes=-500`). Anything else — another
/// unit, several spans, a malformed value — is answered with the whole file, as RFC 9110 allows.
public enum ByteRange: Equatable, Sendable {
    case whole
    case unsatisfiable
    case span(offset: UInt64, length: UInt64)

    public init(header: String, size: UInt64) {
        let value = Substring(header).trimmingSpaces
        guard value.count <= 200, value.lowercased().hasPrefix("bytes="), !value.contains(",") else {
            self = .whole
            return
        }
        let spec = value.dropFirst("bytes=".count)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            self = .whole
            return
        }
        let first = parts[0].trimmingSpaces
        let last = parts[1].trimmingSpaces
        func number(_ text: String) -> UInt64? {
            text.isEmpty || text.count > 19 || !text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) ? nil : UInt64(text)
        }
        if first.isEmpty {
            // The last N bytes.
            guard let suffix = number(last) else {
                self = .whole
                return
            }
            guard suffix > 0, size > 0 else {
                self = .unsatisfiable
                return
            }
            let length = min(suffix, size)
            self = .span(offset: size - length, length: length)
            return
        }
        guard let start = number(first) else {
            self = .whole
            return
        }
        guard start < size else {
            self = .unsatisfiable
            return
        }
        if last.isEmpty {
            self = .span(offset: start, length: size - start)
            return
        }
        guard let end = number(last), end >= start else {
            self = .whole
            return
        }
        self = .span(offset: start, length: min(end, size - 1) - start + 1)
    }
}
