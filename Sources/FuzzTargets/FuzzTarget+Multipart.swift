import Foundation
import HTTPServer

extension FuzzTarget {
    /// `multipart/form-data` bodies. Input: one byte choosing the chunk size, the Content-Type
    /// line, LF, the body. The streaming parser must read a body alike whatever its chunk edges:
    /// the same fields, files and refusal as read in the default chunks.
    static let multipart = FuzzTarget(name: "multipart", seeds: MultipartInput.seeds) { bytes in
        guard let first = bytes.first else { return }
        let rest = bytes.dropFirst()
        let lineEnd = rest.firstIndex(of: 0x0A) ?? rest.endIndex
        let contentType = String(decoding: rest[..<lineEnd], as: UTF8.self)
        let body = Scratch.file("multipart-body", rest[lineEnd...].dropFirst())
        let chunked = MultipartInput.read(body, contentType: contentType, chunkSize: Int(first) + 1)
        let whole = MultipartInput.read(body, contentType: contentType, chunkSize: MultipartForm.defaultChunkSize)
        precondition(chunked == whole, "read in chunks of \(Int(first) + 1) bytes: \(chunked); whole: \(whole)")
    }
}

/// What a form read as, for comparing two readings.
enum MultipartInput: Equatable, CustomStringConvertible {
    case form(fields: [String], files: [String])
    case refused(String, Status)

    /// Small limits, so that every one of them is reached.
    static let limits = MultipartLimits(maximumParts: 16, maximumFieldSize: 1024, maximumHeaderSize: 512, maximumFileSize: 8192)

    static func read(_ body: String, contentType: String, chunkSize: Int) -> MultipartInput {
        let folder = Scratch.folder("multipart-parts")
        do {
            let form = try MultipartForm(parsing: body, contentType: contentType, into: folder, limits: limits, chunkSize: chunkSize)
            let files = form.files.map { file in
                let bytes = FileManager.default.contents(atPath: file.path) ?? Data()
                precondition(bytes.count == file.size, "file \(file.fieldName) holds \(bytes.count) bytes, not \(file.size)")
                return "\(file.fieldName)|\(file.fileName)|\(file.contentType ?? "-")|\(Array(bytes))"
            }
            return .form(fields: form.fields.map { "\($0.name)=\($0.value)" }, files: files)
        } catch {
            let left = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            precondition(left.isEmpty, "a refused form left files behind: \(left)")
            return .refused(error.description, error.status)
        }
    }

    var description: String {
        switch self {
        case .form(let fields, let files): "fields \(fields), files \(files)"
        case .refused(let reason, let status): "refused (\(status)): \(reason)"
        }
    }

    static func seeds() -> [FuzzTarget.Seed] {
        let type = "multipart/form-data; boundary=----RoadTripFuzz"
        let form = [
            "------RoadTripFuzz",
            "Content-Disposition: form-data; name=\"token\"",
            "",
            "abc123",
            "------RoadTripFuzz",
            "Content-Disposition: form-data; name=\"photos\"; filename=\"caf\u{E9}.jpg\"; filename*=UTF-8''caf%C3%A9.jpg",
            "Content-Type: image/jpeg",
            "",
            "\u{FF}\u{D8}\u{FF}\u{E0} not really a JPEG",
            "------RoadTripFuzz",
            "Content-Disposition: form-data; name=\"empty\"; filename=\"\"",
            "Content-Type: application/octet-stream",
            "",
            "",
            "------RoadTripFuzz--",
            "",
        ]
        return [
            .init("crlf-form", [7] + Array("\(type)\n\(form.joined(separator: "\r\n"))".utf8)),
            .init("lf-form", [0] + Array("\(type)\n\(form.joined(separator: "\n"))".utf8)),
            .init(
                "windows-path",
                [3]
                    + Array(
                        """
                        multipart/form-data; boundary="a b"
                        --a b\r\nContent-Disposition: form-data; name="f"; filename="C:\\\\photos\\\\a.jpg"\r\n\r\nxy\r\n--a b--
                        """.utf8)),
        ]
    }
}
