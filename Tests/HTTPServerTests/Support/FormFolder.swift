import Foundation
import TestSupport
@testable import HTTPServer

/// A body written to `body` in a test's folder and parsed into its `files` folder, which
/// must be empty again after any error.
struct FormFolder {
    let folder: TemporaryFolder

    var bodyPath: String { folder.file("body") }
    var filesPath: String { folder.file("files") }

    /// `chunkSize` moves the parser's read edges; nil reads as the server does.
    func parse(
        _ body: [UInt8], contentType: String, limits: MultipartLimits = MultipartLimits(), chunkSize: Int? = nil
    ) throws -> MultipartForm {
        try Data(body).write(to: URL(fileURLWithPath: bodyPath))
        try FileManager.default.createDirectory(atPath: filesPath, withIntermediateDirectories: true)
        return try MultipartForm(
            parsing: bodyPath, contentType: contentType, into: filesPath, limits: limits,
            chunkSize: chunkSize ?? MultipartForm.defaultChunkSize
        )
    }

    func parse(_ body: MultipartBody, limits: MultipartLimits = MultipartLimits(), chunkSize: Int? = nil) throws -> MultipartForm {
        try parse(body.bytes, contentType: body.contentType, limits: limits, chunkSize: chunkSize)
    }

    /// The MultipartError a parse throws; nil when it succeeds.
    func error(_ body: [UInt8], contentType: String, limits: MultipartLimits = MultipartLimits(), chunkSize: Int? = nil) -> MultipartError?
    {
        do {
            _ = try parse(body, contentType: contentType, limits: limits, chunkSize: chunkSize)
            return nil
        } catch {
            return error as? MultipartError
        }
    }

    func error(_ body: MultipartBody, limits: MultipartLimits = MultipartLimits(), chunkSize: Int? = nil) -> MultipartError? {
        error(body.bytes, contentType: body.contentType, limits: limits, chunkSize: chunkSize)
    }

    var filesLeft: [String] { FileProbe.names(in: filesPath) }

    static func with<T>(_ body: (FormFolder) throws -> T) throws -> T {
        try TemporaryFolder.with { try body(FormFolder(folder: $0)) }
    }
}
