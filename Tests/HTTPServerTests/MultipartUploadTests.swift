import Foundation
import HTTPServer
import TestSupport
import Testing

/// A form with `<input type=file multiple>` posted to a spooled route, as it works with
/// JavaScript off: the body goes to disk, the handler reads the form from there.
@Suite struct MultipartUploadTests {
    @Test func aFormPostedToASpooledRouteIsReadFromItsBodyFile() throws {
        try TemporaryFolder.with { folder in
            // setup
            let spool = folder.file("spool")
            let photos = folder.file("photos")
            try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: false)
            let server = try startServer(configure: { configuration in
                configuration.maximumBodySize = 1024
                configuration.spoolFolder = spool
                configuration.spoolsBody = { method, path in method == "POST" && path == "/upload" }
            }) { request in
                guard let file = request.bodyFile else { return .text("no body file", status: .badRequest) }
                do throws(MultipartError) {
                    let form = try MultipartForm(parsing: file, contentType: request.headers["Content-Type"] ?? "", into: photos)
                    let names = form.files.map { "\($0.fileName):\($0.size)" }.joined(separator: ",")
                    return .text("\(form.value("trip") ?? "-") \(names)")
                } catch {
                    return .text(error.description, status: error.status)
                }
            }
            defer { server.stop() }
            var stream = ByteStream(seed: 3)
            let first = stream.next(300_000), second = stream.next(200_000)
            var body = MultipartBody()
            body.field("trip", "Route 66")
            body.file("photos", fileName: "IMG_0001.HEIC", contentType: "image/heic", first)
            body.file("photos", fileName: "IMG_0002.JPG", contentType: "image/jpeg", second)
            body.close()
            var broken = MultipartBody()
            broken.field("trip", "Route 66")

            // MUT
            let response = try fetch(
                port: server.port, method: "POST", "/upload", headers: [("Content-Type", body.contentType)], body: body.bytes)
            let refused = try fetch(
                port: server.port, method: "POST", "/upload", headers: [("Content-Type", broken.contentType)], body: broken.bytes)

            // validate
            #expect(response.status == 200)
            #expect(response.text == "Route 66 IMG_0001.HEIC:300000,IMG_0002.JPG:200000")
            let stored = FileProbe.names(in: photos).map { FileProbe.contents(photos + "/" + $0) }
            #expect(stored.count == 2 && stored.contains(first) && stored.contains(second))
            #expect(refused.status == 400)
            #expect(refused.text == "the body ends before the closing boundary")
            #expect(FileProbe.names(in: photos).count == 2)
            #expect(eventually(within: 5) { FileProbe.names(in: spool).isEmpty })
        }
    }
}
