import Foundation
import HTTPServer
import Imaging
import TestSupport

/// Photos drawn for a test and the request bodies an upload sends, written to files as the
/// server spools them.
final class PhotoUploads {
    private let files: TemporaryFolder
    var folder: URL { files.url }

    init() throws {
        files = try TemporaryFolder("roadtrip-uploads")
    }

    /// A photo drawn with the given position and description.
    func draw(
        _ name: String, format: ImageFormat = .jpeg, seed: UInt64 = 1, at coordinate: (Double, Double)? = (40.7752, -73.9716),
        takenAt: String = "2024-10-19T09:12:40", description: String? = nil, width: Int = 200, height: Int = 150,
        takenOffset: Int? = nil, appleMakerNote: [UInt8]? = nil
    ) throws -> String {
        let path = folder.appendingPathComponent(name).path
        let metadata = PhotoMetadata(
            takenAt: takenAt, latitude: coordinate?.0, longitude: coordinate?.1,
            cameraMake: "Fujifilm", cameraModel: "X-T5", imageDescription: description, takenOffset: takenOffset,
            appleMakerNote: appleMakerNote)
        try SyntheticPhoto.write(to: path, format: format, width: width, height: height, metadata: metadata, seed: seed)
        return path
    }

    func file(_ bytes: [UInt8], _ name: String) throws -> String {
        let path = folder.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A copy of `path` standing for the server's spooled body (the app may move or delete it).
    func spooled(_ path: String) throws -> String {
        let copy = folder.appendingPathComponent("spool-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        return copy
    }

    /// A multipart/form-data body as a browser sends the upload form: the token, then the files.
    func multipart(token: String?, files: [(name: String, path: String)], field: String = "photos") throws -> (
        path: String, contentType: String
    ) {
        let boundary = "----RoadTripTest\(UUID().uuidString.prefix(8))"
        var body = Data()
        if let token {
            body.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"csrf\"\r\n\r\n\(token)\r\n".utf8))
        }
        for file in files {
            body.append(
                Data(
                    """
                    --\(boundary)\r\nContent-Disposition: form-data; name=\"\(field)\"; filename=\"\(file.name)\"\r\nContent-Type: \
                    application/octet-stream\r\n\r\n
                    """
                    .utf8))
            body.append(try Data(contentsOf: URL(fileURLWithPath: file.path)))
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        let path = folder.appendingPathComponent("body-\(UUID().uuidString)").path
        try body.write(to: URL(fileURLWithPath: path))
        return (path, "multipart/form-data; boundary=\(boundary)")
    }
}
