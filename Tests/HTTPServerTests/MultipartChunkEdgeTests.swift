import Foundation
@testable import HTTPServer
import Testing

/// The parser reads the body a chunk at a time; wherever a chunk ends (inside a boundary, a
/// header line, the CR LF before a boundary), the form must read the same.
@Suite struct MultipartChunkEdgeTests {
    static func sampleForm() -> (body: MultipartBody, photo: [UInt8], scan: [UInt8]) {
        var body = MultipartBody()
        let photo = MultipartFormTests.trickyData(boundary: body.boundary, seed: 7)
        let scan = Array("\r\n--\(body.boundary.dropLast())X\r\n".utf8) + [UInt8].pattern(count: 300)
        body.raw("preamble\r\n")
        body.field("title", "Route 66 \r\n--")
        body.file("photos", fileName: "a.jpg", contentType: "image/jpeg", photo)
        body.file("photos", fileName: "", [])
        body.file("scans", fileName: "b.bin", scan)
        body.field("note", "")
        body.close()
        return (body, photo, scan)
    }

    /// Chunks of 1 to 90 bytes put an edge at every position of every boundary and header.
    @Test(arguments: Array(1...90) + [127, 1000, 4096])
    func everyChunkSizeReadsTheSameForm(chunkSize: Int) throws {
        try FormFolder.with { form in
            // setup
            let (body, photo, scan) = Self.sampleForm()

            // MUT
            let parsed = try form.parse(body, chunkSize: chunkSize)

            // validate
            #expect(parsed.fields.map(\.name) == ["title", "note"])
            #expect(parsed.fields.map(\.value) == ["Route 66 \r\n--", ""])
            #expect(parsed.files.map(\.fileName) == ["a.jpg", "b.bin"])
            #expect(parsed.files.map { FileProbe.contents($0.path) } == [photo, scan])
            #expect(form.filesLeft.count == 2)
        }
    }

    /// With the server's own chunk size, file parts sized so that the CR LF "--" boundary
    /// after them starts anywhere from a few bytes before the 256 KiB edge to past it.
    @Test func theDelimiterStraddlingTheServersChunkEdgeIsFoundAtEveryOffset() throws {
        try FormFolder.with { form in
            let boundary = "----RoadTripBoundary7MA4YWxkTrZu0gW"
            let head = Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"f\"; filename=\"f.bin\"\r\n\r\n".utf8)
            let edge = MultipartForm.defaultChunkSize
            var stream = ByteStream(seed: 9)
            let filler = stream.next(edge)
            for shift in -4...(boundary.count + 6) {
                // setup
                let data = Array(filler[..<(edge - head.count - shift)])
                var body = MultipartBody(boundary: boundary)
                body.raw(head)
                body.raw(data)
                body.raw("\r\n")
                body.close()

                // MUT
                let parsed = try form.parse(body)

                // validate
                #expect(parsed.files.map(\.size) == [data.count], "shift \(shift)")
                #expect(parsed.files.first.flatMap { FileProbe.contents($0.path) } == data, "shift \(shift)")
                for file in parsed.files { unlink(file.path) }
            }
        }
    }
}
