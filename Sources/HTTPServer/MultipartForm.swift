#if canImport(Glibc)
    import Glibc
#endif
import SystemCalls

/// What a multipart form may hold before it is refused.
public struct MultipartLimits: Sendable {
    public var maximumParts: Int
    /// Bytes of a non-file field's value.
    public var maximumFieldSize: Int
    /// Bytes of one part's header block.
    public var maximumHeaderSize: Int
    /// Bytes of one file part.
    public var maximumFileSize: Int

    public init(
        maximumParts: Int = 1000, maximumFieldSize: Int = 64 * 1024, maximumHeaderSize: Int = 8 * 1024, maximumFileSize: Int = 512 << 20
    ) {
        self.maximumParts = maximumParts
        self.maximumFieldSize = maximumFieldSize
        self.maximumHeaderSize = maximumHeaderSize
        self.maximumFileSize = maximumFileSize
    }
}

/// Why a multipart form could not be read, and the answer that fits: 400 for a malformed
/// form, 413 for one over a limit, 415 for a body that is not multipart/form-data, 507 when
/// the disk is full, 500 when reading the body or writing a file failed otherwise.
public struct MultipartError: Error, Sendable, CustomStringConvertible, Equatable {
    public let description: String
    public let status: Status

    init(_ description: String, status: Status = .badRequest) {
        self.description = description
        self.status = status
    }

    /// A failed system call on this machine: not the client's fault.
    init(_ what: String, _ error: SystemError) {
        let full = error.errno == ENOSPC || error.errno == EDQUOT
        self.init("\(what): \(error)", status: full ? .insufficientStorage : .internalServerError)
    }
}

/// A file part of a form, written to a file of its own.
public struct UploadedFile: Sendable {
    public let fieldName: String
    /// The name the browser sent, untrusted: only its last path component is kept, without
    /// control or text-direction characters; may be empty. Never use it as a path.
    public let fileName: String
    /// As sent, untrusted: the file's bytes are what tells what it is.
    public let contentType: String?
    /// A file the parser made in the folder it was given; the caller moves or removes it.
    public let path: String
    public let size: Int
}

/// A `multipart/form-data` body (RFC 7578), as an HTML form with `<input type=file>` sends it.
public struct MultipartForm: Sendable {
    /// Non-file parts in order.
    public let fields: [(name: String, value: String)]
    /// File parts in order; a file input with nothing chosen (empty file name, empty body)
    /// is left out.
    public let files: [UploadedFile]

    package static let defaultChunkSize = 256 * 1024

    /// Parses the body in `file` in fixed memory, reading it in chunks, and writes each file
    /// part to a new file in `folder` (mode 0600, named by the parser, never by the request).
    /// `contentType` is the request's Content-Type; its `boundary` parameter is required.
    /// On any error the files already written are removed before throwing.
    public init(parsing file: String, contentType: String, into folder: String, limits: MultipartLimits = MultipartLimits())
        throws(MultipartError)
    {
        try self.init(parsing: file, contentType: contentType, into: folder, limits: limits, chunkSize: MultipartForm.defaultChunkSize)
    }

    /// `chunkSize` is for tests, which move the chunk edges across every part of a form.
    package init(parsing file: String, contentType: String, into folder: String, limits: MultipartLimits, chunkSize: Int)
        throws(MultipartError)
    {
        let boundary = try MultipartForm.boundary(in: contentType)
        let parser = MultipartParser(boundary: boundary, folder: folder, limits: limits)
        try parser.parse(file: file, chunkSize: max(1, chunkSize))
        fields = parser.fields
        files = parser.files
    }

    /// The first field of that name.
    public func value(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// RFC 2046 §5.1.1: 1 to 70 characters from a small set, not ending in a space.
    package static func boundary(in contentType: String) throws(MultipartError) -> [UInt8] {
        let header = HeaderParameters(contentType)
        guard header.value.lowercased() == "multipart/form-data" else {
            throw MultipartError("the request is not multipart/form-data", status: .unsupportedMediaType)
        }
        guard let boundary = header.parameter("boundary") else { throw MultipartError("the form's boundary is missing") }
        let allowed = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'()+_,-./:=? ".utf8)
        let bytes = Array(boundary.utf8)
        guard (1...70).contains(bytes.count), bytes.allSatisfy(allowed.contains), bytes.last != 0x20 else {
            throw MultipartError("the form's boundary is not 1 to 70 letters, digits or '()+_,-./:=? characters")
        }
        return bytes
    }
}
