import Foundation
import HTTPServer
import RoadTrip
import RoadTripWeb
import Testing

@Suite struct UploadTests {
    let web: WebFixture
    let uploads: PhotoUploads

    init() throws {
        web = try WebFixture()
        uploads = try PhotoUploads()
    }

    private func postFile(_ visitor: Visitor, _ path: String, name: String, token: String?) throws -> Response {
        var headers = Headers()
        headers["Content-Type"] = "application/octet-stream"
        if let token { headers["X-CSRF-Token"] = token }
        let target = "/upload/file?name=" + (name.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
        return visitor.send("POST", target, headers: headers, bodyFile: try uploads.spooled(path))
    }

    private func json(_ response: Response) -> [String: String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(response.bodyBytes)) as? [String: String] else { return [:] }
        return object
    }

    @Test func theScriptsOneFilePostImportsAndAnswersWithTheOutcome() throws {
        // setup
        let visitor = try web.signedIn()
        _ = visitor.get("/upload")
        let photo = try uploads.draw("Bow Bridge.jpg")

        // MUT
        let first = try postFile(visitor, photo, name: "Bow Bridge.jpg", token: visitor.formToken)
        let again = try postFile(visitor, photo, name: "Bow Bridge (copy).jpg", token: visitor.formToken)

        // validate
        #expect(first.status == .ok)
        #expect(first.headers["Content-Type"] == "application/json")
        #expect(json(first)["outcome"] == "imported")
        #expect(json(first)["photo"]?.hasPrefix("/photos/") == true)
        #expect(json(first)["thumbnail"]?.hasSuffix("/thumbnail") == true)
        #expect(json(again)["outcome"] == "already-there")
        #expect(try web.rows(in: "photos") == 1)
        let stored = try web.library.photos.photo(id: 1)
        #expect(stored?.title == "Bow Bridge")
        // the day's uploads are one import run, counted by photo: the one photo, made by it
        let runs = try web.library.imports.all()
        #expect(runs.count == 1 && runs.first?.source.hasPrefix("Uploads in the browser, ") == true)
        #expect(runs.first.map { ($0.made, $0.found) } ?? (0, 0) == (1, 0))
    }

    /// Before, the impossible latitude was dropped without a word.
    @Test func aPhotoWithAnImpossibleEXIFFieldIsImportedWithoutItAndTheAnswerSaysSo() throws {
        // setup
        let visitor = try web.signedIn()
        _ = visitor.get("/upload")
        let photo = try uploads.draw("IMG_1.jpg", at: (512, 10))
        let warning = "its GPS latitude 512° is not a position on Earth; imported without a position"

        // MUT
        let script = try postFile(visitor, photo, name: "IMG_1.jpg", token: visitor.formToken)
        let body = try uploads.multipart(
            token: visitor.formToken, files: [("IMG_2.jpg", try uploads.draw("IMG_2.jpg", seed: 2, at: (10, -190)))])
        let form = visitor.send("POST", "/upload", headers: ["Content-Type": body.contentType], bodyFile: body.path)

        // validate
        let answer = try JSONSerialization.jsonObject(with: Data(script.bodyBytes)) as? [String: Any]
        #expect(script.status == .ok)
        #expect(answer?["outcome"] as? String == "imported")
        #expect(answer?["warnings"] as? [String] == [warning])
        #expect(answer?["message"] as? String == "Imported, but \(warning)")
        #expect(form.bodyText.contains("Imported, but its GPS longitude 190° is not a position on Earth; imported without a position"))
        #expect(try web.library.photos.photo(id: 1)?.latitude == nil)
    }

    @Test func aRefusedFileIsAnsweredWithItsReasonAndStoresNothing() throws {
        // setup
        let visitor = try web.signedIn()
        _ = visitor.get("/upload")
        let notes = try uploads.file(Array("<svg/>".utf8), "drawing.jpg")

        // MUT
        let response = try postFile(visitor, notes, name: "drawing.jpg", token: visitor.formToken)

        // validate
        #expect(response.status == .unprocessableContent)
        #expect(json(response)["outcome"] == "refused")
        #expect(json(response)["message"]?.contains("not a photo or video RoadTrip takes") == true)
        #expect(try web.rows(in: "photos") == 0)
    }

    @Test func anUploadWithoutTheFormTokenIsRefusedAndStoresNothing() throws {
        // setup
        let visitor = try web.signedIn()
        let photo = try uploads.draw("a.jpg")

        // MUT
        let missing = try postFile(visitor, photo, name: "a.jpg", token: nil)
        let wrong = try postFile(visitor, photo, name: "a.jpg", token: "not-the-token")
        var crossSite = Headers()
        crossSite["X-CSRF-Token"] = visitor.formToken
        crossSite["Sec-Fetch-Site"] = "cross-site"
        let fromElsewhere = visitor.send("POST", "/upload/file?name=a.jpg", headers: crossSite, bodyFile: try uploads.spooled(photo))

        // validate
        #expect(missing.status == .forbidden)
        #expect(wrong.status == .forbidden)
        #expect(fromElsewhere.status == .forbidden)
        #expect(try web.rows(in: "photos") == 0)
    }

    @Test func anUploadWithoutASessionIsRefused() throws {
        // setup
        let visitor = web.visitor()
        let photo = try uploads.draw("a.jpg")

        // MUT
        let response = visitor.send("POST", "/upload/file?name=a.jpg", bodyFile: try uploads.spooled(photo))

        // validate
        #expect(response.status == .forbidden)
        #expect(try web.rows(in: "photos") == 0)
    }

    @Test func theFormWithoutJavaScriptImportsEveryFileAndSumsUp() throws {
        // setup
        let visitor = try web.signedIn()
        _ = visitor.get("/upload")
        let good = try uploads.draw("Harbour.png", format: .png, seed: 2)
        let other = try uploads.draw("Bridge.webp", format: .webp, seed: 3, at: (37.8199, -122.4783))
        let bad = try uploads.file(Array("hello".utf8), "notes<b>.txt")
        let body = try uploads.multipart(
            token: visitor.formToken, files: [("Harbour.png", good), ("notes<b>.txt", bad), ("Bridge.webp", other), ("again.png", good)])
        var headers = Headers()
        headers["Content-Type"] = body.contentType

        // MUT
        let response = visitor.send("POST", "/upload", headers: headers, bodyFile: body.path)

        // validate
        #expect(response.status == .ok)
        let html = response.bodyText
        #expect(html.contains("2 imported, 1 already there, 1 refused"))
        #expect(html.contains("notes&lt;b&gt;.txt"))
        #expect(!html.contains("notes<b>"))
        #expect(html.contains("Refused: not a photo or video RoadTrip takes"))
        #expect(try web.rows(in: "photos") == 2)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: web.folder.appendingPathComponent("cache/uploads").path)
        #expect(leftovers.isEmpty, "the upload's files are removed once imported")
    }

    @Test func theFormWithAWrongTokenImportsNothing() throws {
        // setup
        let visitor = try web.signedIn()
        let good = try uploads.draw("Harbour.png", format: .png)
        let body = try uploads.multipart(token: "forged", files: [("Harbour.png", good)])
        var headers = Headers()
        headers["Content-Type"] = body.contentType

        // MUT
        let response = visitor.send("POST", "/upload", headers: headers, bodyFile: body.path)

        // validate
        #expect(response.status == .forbidden)
        #expect(try web.rows(in: "photos") == 0)
    }
}
