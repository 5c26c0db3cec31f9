import Foundation
import HTTPServer
import Testing

/// Forms as browsers send them, read back exactly.
@Suite struct MultipartFormTests {
    /// File data that looks like the form's own syntax: line ends, dashes, the boundary
    /// without its last character, a boundary not at a line start, every byte value.
    static func trickyData(boundary: String, seed: UInt64) -> [UInt8] {
        var stream = ByteStream(seed: seed)
        var data = stream.next(3000)
        // A bare LF before the boundary is data in a CR LF body (RFC 2046 reserves CR LF "--" boundary only).
        data += Array("\r\n--\(boundary.dropLast())\r\n--\r\n\r\n\r\n-- \(boundary)--\n--\(boundary)\r\n\r--\(boundary)\r\r\n".utf8)
        data += [UInt8].pattern(count: 512) + stream.next(2000) + [0x0D]
        return data
    }

    @Test func fieldsAndSeveralFilesAreReadExactlyAndInOrder() throws {
        try FormFolder.with { form in
            // setup
            var body = MultipartBody()
            let first = Self.trickyData(boundary: body.boundary, seed: 1)
            let second = Self.trickyData(boundary: body.boundary, seed: 2) + [0x0D, 0x0A]
            body.field("title", "Route 66")
            body.file("photos", fileName: "first.jpg", contentType: "image/jpeg", first)
            body.field("note", "café\r\nsecond line --")
            body.file("photos", fileName: "second.png", contentType: "image/png", second)
            body.field("title", "")
            body.close()

            // MUT
            let parsed = try form.parse(body)

            // validate
            #expect(parsed.fields.map(\.name) == ["title", "note", "title"])
            #expect(parsed.fields.map(\.value) == ["Route 66", "café\r\nsecond line --", ""])
            #expect(parsed.value("title") == "Route 66")
            #expect(parsed.value("missing") == nil)
            #expect(parsed.files.map(\.fieldName) == ["photos", "photos"])
            #expect(parsed.files.map(\.fileName) == ["first.jpg", "second.png"])
            #expect(parsed.files.map(\.contentType) == ["image/jpeg", "image/png"])
            #expect(parsed.files.map(\.size) == [first.count, second.count])
            #expect(parsed.files.map { FileProbe.contents($0.path) } == [first, second])
            #expect(parsed.files.allSatisfy { $0.path.hasPrefix(form.filesPath + "/") && FileProbe.mode($0.path) == 0o600 })
            #expect(form.filesLeft.count == 2)
        }
    }

    @Test(arguments: [
        "multipart/form-data; boundary=simple-boundary",
        "multipart/form-data; boundary=\"simple-boundary\"",
        "Multipart/Form-Data ; charset=utf-8 ;BOUNDARY = simple-boundary",
    ])
    func theBoundaryIsFoundQuotedOrNot(contentType: String) throws {
        try FormFolder.with { form in
            // setup
            var body = MultipartBody(boundary: "simple-boundary")
            body.field("a", "1")
            body.close()

            // MUT
            let parsed = try form.parse(body.bytes, contentType: contentType)

            // validate
            #expect(parsed.value("a") == "1")
        }
    }

    @Test func aQuotedBoundaryMayHoldSpacesAndColonsAndBeSeventyCharactersLong() throws {
        try FormFolder.with { form in
            // setup
            let boundary = "a b:c" + String(repeating: "=", count: 65)
            var body = MultipartBody(boundary: boundary)
            body.field("a", "1")
            body.close()

            // MUT
            let parsed = try form.parse(body.bytes, contentType: "multipart/form-data; boundary=\"\(boundary)\"")

            // validate
            #expect(parsed.value("a") == "1")
        }
    }

    @Test func aFileInputWithNothingChosenIsLeftOutButAnEmptyNamedFileIsKept() throws {
        try FormFolder.with { form in
            // setup
            var body = MultipartBody()
            body.file("photos", fileName: "", [])
            body.file("notes", fileName: "empty.txt", contentType: "text/plain", [])
            body.close()

            // MUT
            let parsed = try form.parse(body)

            // validate
            #expect(parsed.files.map(\.fileName) == ["empty.txt"])
            #expect(parsed.files.first?.size == 0)
            #expect(form.filesLeft.count == 1)
        }
    }

    @Test func preambleEpilogueTransportPaddingAndHeaderCaseAreTolerated() throws {
        try FormFolder.with { form in
            // setup
            var body = MultipartBody(boundary: "b")
            body.raw("This is the preamble.\r\n-b is not a boundary, nor is b--\r\n")
            body.raw("--b \t\r\nCONTENT-DISPOSITION: Form-Data; NAME=\"x\"\r\ncontent-type: text/plain\r\n\r\none\r\n")
            body.raw("--b\t\r\ncontent-disposition: form-data; name=y; FileName=\"y.txt\"\r\nX-Other: ignored\r\n\r\ntwo\r\n")
            body.raw("--b-- \r\nThis is the epilogue, with a --b line:\r\n--b\r\nno headers\r\n")

            // MUT
            let parsed = try form.parse(body)

            // validate
            #expect(parsed.fields.map(\.name) == ["x"])
            #expect(parsed.value("x") == "one")
            #expect(parsed.files.map(\.fileName) == ["y.txt"])
            #expect(parsed.files.first?.contentType == nil)
            #expect(parsed.files.first.flatMap { FileProbe.contents($0.path) } == Array("two".utf8))
        }
    }

    /// The first boundary line's end sets the style: a body written with bare LF reads too.
    @Test func bareLineFeedsAreReadToo() throws {
        try FormFolder.with { form in
            // setup
            let text =
                """
                --b\nContent-Disposition: form-data; name=\"x\"\n\nline one\r\nline two\n--b\nContent-Disposition: form-data; \
                name=\"f\"; filename=\"f.bin\"\n\na\r\nb\n--b--\n
                """

            // MUT
            let parsed = try form.parse(Array(text.utf8), contentType: "multipart/form-data; boundary=b")

            // validate
            #expect(parsed.value("x") == "line one\r\nline two")
            #expect(parsed.files.first.flatMap { FileProbe.contents($0.path) } == Array("a\r\nb".utf8))
        }
    }

    @Test func aBoundaryThatEndsTheBodyWithoutALineEndClosesTheForm() throws {
        try FormFolder.with { form in
            // setup
            let text = "--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\n1\r\n--b--"

            // MUT
            let parsed = try form.parse(Array(text.utf8), contentType: "multipart/form-data; boundary=b")

            // validate
            #expect(parsed.value("x") == "1")
        }
    }

    @Test func aFormWithNoPartsIsEmpty() throws {
        try FormFolder.with { form in
            // MUT
            let parsed = try form.parse(Array("--b--\r\n".utf8), contentType: "multipart/form-data; boundary=b")

            // validate
            #expect(parsed.fields.isEmpty)
            #expect(parsed.files.isEmpty)
        }
    }
}
