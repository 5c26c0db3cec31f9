import HTTPServer
import Testing

/// The file names browsers send are untrusted: what is kept is a name, never a path.
@Suite struct MultipartFileNameTests {
    func fileName(disposition: String) throws -> String? {
        try FormFolder.with { form in
            var body = MultipartBody()
            body.part(["Content-Disposition: form-data; name=\"f\"; " + disposition], [1, 2, 3])
            body.close()
            return try form.parse(body).files.first?.fileName
        }
    }

    @Test(arguments: [
        ("filename=\"photo.jpg\"", "photo.jpg"),
        ("filename=photo.jpg", "photo.jpg"),
        ("filename=\"Ärger am Strand.jpg\"", "Ärger am Strand.jpg"),
        ("filename=\"../../etc/passwd\"", "passwd"),
        ("filename=\"C:\\Users\\ann\\photo.jpg\"", "photo.jpg"),
        ("filename=\"folder/\"", ""),
        ("filename=\"..\"", ""),
        ("filename=\"a/.\"", ""),
        ("filename=\"my \\\"best\\\" photo.jpg\"", "my \"best\" photo.jpg"),
        ("filename=\"back\\\\slash.jpg\"", "slash.jpg"),
        ("filename=\"tab\there\u{7}\u{1B}.jpg\"", "tabhere.jpg"),
        ("filename=\"photo\u{202E}gpj.exe\"", "photogpj.exe"),
        ("filename=\"line\u{2028}break.jpg\"", "linebreak.jpg"),
        ("filename=\"unterminated.jpg", "unterminated.jpg"),
    ])
    func fileNamesAreReducedToTheirLastComponentWithoutControlCharacters(disposition: String, expected: String) throws {
        #expect(try fileName(disposition: disposition) == expected)
    }

    @Test(arguments: [
        ("filename=\"fallback.jpg\"; filename*=UTF-8''caf%C3%A9%20%E2%80%94%20nuit.jpg", "café — nuit.jpg"),
        ("filename*=utf-8'fr'caf%C3%A9.jpg; filename=\"fallback.jpg\"", "café.jpg"),
        ("filename*=ISO-8859-1''caf%E9.jpg", "café.jpg"),
        ("filename*=UTF-8''..%2F..%2Fescape.jpg", "escape.jpg"),
        ("filename=\"fallback.jpg\"; filename*=UTF-8''bad%ZZescape.jpg", "fallback.jpg"),
        ("filename=\"fallback.jpg\"; filename*=UTF-8''%FF.jpg", "fallback.jpg"),
        ("filename=\"fallback.jpg\"; filename*=KOI8-R''%C1.jpg", "fallback.jpg"),
        ("filename*=UTF-8''%0D%0Ainjected.jpg", "injected.jpg"),
    ])
    func theExtendedFileNameIsPreferredWhenItCanBeRead(disposition: String, expected: String) throws {
        #expect(try fileName(disposition: disposition) == expected)
    }

    @Test func aFileNameLeftEmptyBySanitisingStillKeepsTheFile() throws {
        try FormFolder.with { form in
            // setup
            var body = MultipartBody()
            body.file("f", fileName: "\u{7}", [9])
            body.close()

            // MUT
            let parsed = try form.parse(body)

            // validate
            #expect(parsed.files.map(\.fileName) == [""])
            #expect(parsed.files.map(\.size) == [1])
        }
    }

    @Test func theFirstOfTwoParametersWithOneNameWinsAndUnknownOnesAreIgnored() throws {
        #expect(try fileName(disposition: "size=3; filename=\"first.jpg\"; FILENAME=\"second.jpg\"; creation-date=\"x;y\"") == "first.jpg")
    }
}
