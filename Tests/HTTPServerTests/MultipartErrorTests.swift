import Foundation
import HTTPServer
import Testing

/// A form that cannot be read is refused with a message that says why, and the files written
/// before the problem showed are gone.
@Suite struct MultipartErrorTests {
    /// A good first part with a file, so each error shows that written files are removed.
    static func bodyStartingWithAFile() -> MultipartBody {
        var body = MultipartBody(boundary: "b")
        body.file("photos", fileName: "kept-until-the-error.jpg", .pattern(count: 5000))
        return body
    }

    @Test(arguments: [
        ("multipart/form-data", "the form's boundary is missing", 400),
        ("multipart/form-data; charset=utf-8", "the form's boundary is missing", 400),
        ("multipart/form-data; boundary=\"\"", "the form's boundary is not 1 to 70 letters, digits or '()+_,-./:=? characters", 400),
        (
            "multipart/form-data; boundary=" + String(repeating: "x", count: 71),
            "the form's boundary is not 1 to 70 letters, digits or '()+_,-./:=? characters", 400
        ),
        (
            "multipart/form-data; boundary=\"ends in a space \"",
            "the form's boundary is not 1 to 70 letters, digits or '()+_,-./:=? characters", 400
        ),
        (
            "multipart/form-data; boundary=; charset=utf-8",
            "the form's boundary is not 1 to 70 letters, digits or '()+_,-./:=? characters", 400
        ),
        ("multipart/form-data; boundary=a\"b", "the form's boundary is not 1 to 70 letters, digits or '()+_,-./:=? characters", 400),
        ("application/x-www-form-urlencoded; boundary=b", "the request is not multipart/form-data", 415),
    ])
    func aContentTypeWithoutAUsableBoundaryIsRefused(contentType: String, message: String, status: Int) throws {
        try FormFolder.with { form in
            // MUT
            let error = form.error(Array("--b--\r\n".utf8), contentType: contentType)

            // validate
            #expect(error?.description == message)
            #expect(error?.status.code == status)
        }
    }

    @Test(arguments: [
        ("--b\r\n\r\nvalue\r\n--b--\r\n", "part 2 has no Content-Disposition"),
        ("--b\r\nContent-Type: text/plain\r\n\r\nvalue\r\n--b--\r\n", "part 2 has no Content-Disposition"),
        ("--b\r\nContent-Disposition: attachment; name=\"x\"\r\n\r\nvalue\r\n--b--\r\n", "part 2 is not form-data"),
        ("--b\r\nContent-Disposition: form-data; filename=\"a.jpg\"\r\n\r\nvalue\r\n--b--\r\n", "part 2 has no field name"),
        ("--b\r\nContent-Disposition form-data\r\n\r\nvalue\r\n--b--\r\n", "part 2 has a malformed header line"),
        ("--b\r\nContent-Disposition: form-data;\r\n name=\"x\"\r\n\r\nvalue\r\n--b--\r\n", "part 2 has a malformed header line"),
        ("--bb\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\nvalue\r\n--b--\r\n", "a boundary line has text after the boundary"),
        ("--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\nvalue\r\n--b", "the body ends before the closing boundary"),
        ("--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\nvalue\r\n--b\r\n", "the body ends before the closing boundary"),
        ("--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\nvalue", "the body ends before the closing boundary"),
        ("--b\r\nContent-Disposition: form-data; name=\"x\"\r\n", "the body ends before the closing boundary"),
        ("--b\r\nContent-Disposition: form-data; name=\"x\"\r\n\r\na\u{0}b\r\n--b--\r\n", "field \"x\" contains a NUL character"),
    ])
    func aMalformedSecondPartIsRefusedAndTheFirstPartsFileRemoved(rest: String, message: String) throws {
        try FormFolder.with { form in
            // setup
            var body = Self.bodyStartingWithAFile()
            body.raw(rest)

            // MUT
            let error = form.error(body)

            // validate
            #expect(error?.description == message)
            #expect(error?.status == .badRequest)
            #expect(form.filesLeft.isEmpty)
        }
    }

    @Test func aFieldThatIsNotUTF8IsRefused() throws {
        try FormFolder.with { form in
            // setup
            var body = Self.bodyStartingWithAFile()
            body.part(["Content-Disposition: form-data; name=\"x\""], [0x61, 0xFF, 0x62])
            body.close()

            // MUT
            let error = form.error(body)

            // validate
            #expect(error?.description == "field \"x\" is not valid UTF-8 text")
            #expect(form.filesLeft.isEmpty)
        }
    }

    @Test func aBodyWithoutTheBoundaryIsRefused() throws {
        try FormFolder.with { form in
            // MUT
            let error = form.error(Array("name=value&other=1".utf8), contentType: "multipart/form-data; boundary=b")

            // validate
            #expect(error?.description == "the body does not contain the form's boundary")
        }
    }

    @Test func aBodyFileThatCannotBeReadIsAServerError() throws {
        try FormFolder.with { form in
            // MUT
            let error = #expect(throws: MultipartError.self) {
                try MultipartForm(
                    parsing: form.folder.file("missing"), contentType: "multipart/form-data; boundary=b", into: form.folder.url.path)
            }

            // validate
            #expect(error?.description == "cannot read the body: open: No such file or directory")
            #expect(error?.status == .internalServerError)
        }
    }

    @Test func aFolderThatCannotTakeTheFilesIsAServerError() throws {
        try FormFolder.with { form in
            // setup
            try Data(Self.bodyStartingWithAFile().bytes + Array("--b--\r\n".utf8)).write(to: URL(fileURLWithPath: form.bodyPath))

            // MUT
            let error = #expect(throws: MultipartError.self) {
                try MultipartForm(
                    parsing: form.bodyPath, contentType: "multipart/form-data; boundary=b", into: form.folder.file("no-such-folder"))
            }

            // validate
            #expect(error?.description == "cannot store the file of field \"photos\": open: No such file or directory")
            #expect(error?.status == .internalServerError)
        }
    }
}
