import HTML
import Compression
import Crypto
import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

@Suite struct StaticAssetTests {
    let web: WebFixture
    /// Every page but signing in needs a session.
    let ann: Visitor

    init() throws {
        web = try WebFixture()
        ann = try web.signedIn()
    }

    /// The `/static/` addresses the rendered pages use, and those the scripts import.
    private func linkedAssets() throws -> [String] {
        let newYork = try web.destination(named: "New York City")
        try web.library.trips.choose(newYork.id, for: try web.library.accounts.account(named: "Ann")!.id)
        let pages = [
            ann.get(Route.home.path), ann.get(Route.destination(id: newYork.id).path), ann.get("/nowhere"),
            ann.get(Route.eventsBook(page: 1).path),
        ]
        var found = Set(pages.flatMap { Markup.staticURLs(in: $0.bodyText) })
        var unread = Array(found.filter { $0.hasSuffix(".js") })
        while let script = unread.popLast() {
            let text = String(decoding: ann.get(script).bodyBytes, as: UTF8.self)
            for match in text.matches(of: #/["']\./([A-Za-z0-9_-]+\.[0-9a-f]{16}\.js)["']/#) {
                let imported = "/static/\(match.output.1)"
                if found.insert(imported).inserted { unread.append(imported) }
            }
        }
        return found.sorted()
    }

    @Test func pagesLinkTheStylesheetScriptAndIconByFingerprint() throws {
        // MUT
        let menu = Markup.staticURLs(in: ann.get(Route.home.path).bodyText)

        // validate
        #expect(menu.count == 6, "\(menu)")
        for (stem, type) in [
            ("app", "css"), ("app", "js"), ("photos", "css"), ("icon", "svg"), ("manifest", "webmanifest"), ("icon-180", "png"),
        ] {
            let served = menu.filter { $0.hasPrefix("/static/\(stem).") && $0.hasSuffix(".\(type)") }
            #expect(served.count == 1, "\(stem).\(type) in \(menu)")
            let fingerprint = served.first?.split(separator: ".")[1] ?? ""
            #expect(fingerprint.count == 16 && fingerprint.allSatisfy { $0.isHexDigit && !$0.isUppercase }, "\(served)")
        }
    }

    @Test func aScreensScriptIsLinkedOnItsScreenOnly() throws {
        // setup
        let newYork = try web.destination(named: "New York City")
        try web.library.trips.choose(newYork.id, for: try web.library.accounts.account(named: "Ann")!.id)

        // MUT
        let bookPage = ann.get(Route.eventsBook(page: 1).path).bodyText
        let book = Markup.staticURLs(in: bookPage)
        let menu = Markup.staticURLs(in: ann.get(Route.home.path).bodyText)

        // validate
        #expect(book.contains { $0.hasPrefix("/static/book.") && $0.hasSuffix(".js") }, "\(book)")
        #expect(bookPage.contains(#"data-screen-script="book""#), "marked for app.js, which imports it when the page is swapped in")
        #expect(!menu.contains { $0.hasPrefix("/static/book.") }, "the menu has no book: \(menu)")
    }

    /// The screens' scripts are named once, by the server (`ScreenScript`): each is an asset, and
    /// app.js names none of them (it imports what a page it swaps in links, `data-screen-script`).
    @Test func theScreensScriptsAreNamedOnlyByTheServer() throws {
        let folder = try #require(AssetCatalog.assetsFolder)
        let app = try String(contentsOf: folder.appendingPathComponent("app.js"), encoding: .utf8)

        for name in ScreenScript.all {
            #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(name).js").path), "\(name).js is no asset")
            #expect(!app.contains("./\(name).js"), "app.js names \(name).js")
        }
        #expect(app.contains("script[data-screen-script]"), "app.js imports the scripts the server links")
    }

    @Test func theScriptsAPageLinksAreTheKnownOnesItsPartsAskedForInTheirOrder() {
        // setup: two screens' markers in the wrong order, one twice, an unknown name, and the
        // words in text (which ask for nothing and are only text)
        let markup = Fragment {
            div(.script(ScreenScript.uploads)) { p { #"data-script="photo-grid""# } }
            section(.script(ScreenScript.book)) {}
            span(.script("nope")) {}
            div(.script(ScreenScript.uploads)) {}
        }

        // MUT
        var output = HTMLOutput()
        markup.render(into: &output)

        // validate
        #expect(output.requestedScripts == [ScreenScript.uploads, ScreenScript.book, "nope"])
        #expect(ScreenScript.linked(output.requestedScripts) == [ScreenScript.book, ScreenScript.uploads])
        #expect(ScreenScript.linked([]) == [])
        let html = String(decoding: output.markup, as: UTF8.self)
        #expect(html.hasPrefix(#"<div data-script="uploads"><p>data-script="photo-grid"</p></div><section data-script="book">"#), "\(html)")
    }

    @Test func aScriptsImportsNameTheFingerprintedScriptsSoAChangedOneChangesItsImporters() throws {
        // setup: a.js imports b.js, which imports c.js; d.js imports nothing
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ name: String, _ text: String) throws { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        try write("a.js", "import { b } from \"./b.js\";\nconst later = () => import('./c.js');\n")
        try write("b.js", "import { c } from \"./c.js\";\nexport const b = c;\n")
        try write("c.js", "export const c = 1;\n")
        try write("d.js", "export const d = \"./nothing here\";\n")
        let before = try AssetCatalog(folder: folder)

        // MUT
        try write("c.js", "export const c = 2;\n")
        let after = try AssetCatalog(folder: folder)

        // validate
        let a = before.route("a.js").path, b = before.route("b.js").path, c = before.route("c.js").path
        let served = String(
            decoding: before.response(for: String(a.dropFirst("/static/".count)), request: Request(method: "GET", path: a))?.bodyBytes
                ?? [], as: UTF8.self)
        #expect(served.contains("\"./\(b.dropFirst("/static/".count))\""), "\(served)")
        #expect(served.contains("'./\(c.dropFirst("/static/".count))'"), "\(served)")
        #expect(after.route("c.js") != before.route("c.js"))
        #expect(after.route("b.js") != before.route("b.js"), "b imports c")
        #expect(after.route("a.js") != before.route("a.js"), "a imports b and c")
        #expect(after.route("d.js") == before.route("d.js"))
    }

    @Test(arguments: [
        (["a.js": "import \"./b.js\";", "b.js": "import \"./a.js\";"], "the scripts import each other in a circle: a.js → b.js → a.js"),
        (["a.js": "import { x } from \"./missing.js\";"], "a.js imports ./missing.js, which is not among the assets"),
    ])
    func circularOrMissingImportsAreRefused(files: [String: String], message: String) throws {
        // setup
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }

        // MUT
        let error = #expect(throws: AssetCatalog.ImportError.self) { try AssetCatalog(folder: folder) }

        // validate
        #expect(error?.description == message)
    }

    @Test func everyLinkedAssetIsServedImmutableWithItsTypeAndAMatchingContentHash() throws {
        // setup
        let assets = try linkedAssets()
        try #require(!assets.isEmpty)
        let types = [
            "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml",
            "png": "image/png", "webmanifest": "application/manifest+json",
        ]

        for path in assets {
            // MUT
            let response = ann.get(path)

            // validate
            #expect(response.status == .ok, "\(path)")
            let parts = path.split(separator: ".")
            try #require(parts.count == 3, "\(path)")
            #expect(response.headers["Content-Type"] == types[String(parts[2])], "\(path)")
            #expect(response.headers["Cache-Control"] == "public, max-age=31536000, immutable", "\(path)")
            #expect(response.headers["ETag"] != nil, "\(path)")
            #expect(response.headers["Last-Modified"] != nil, "\(path)")
            let body = response.bodyBytes
            #expect(!body.isEmpty, "\(path)")
            #expect(String(SHA256.hexDigest(body).prefix(16)) == String(parts[1]), "\(path): content does not match its fingerprint")
        }
    }

    @Test func theSignInPagesAssetsAreServedWithoutASession() throws {
        // setup
        let stranger = web.visitor()
        let assets = Markup.staticURLs(in: stranger.get(Route.signIn(next: nil).path).bodyText)
        try #require(assets.count == 6, "app.css, photos.css, app.js, the icon, the manifest and the home screen's icon: \(assets)")

        for path in assets {
            // MUT
            let response = stranger.get(path)

            // validate
            #expect(response.status == .ok, "\(path)")
            #expect(response.location == nil, "\(path)")
            #expect(!response.bodyBytes.isEmpty, "\(path)")
        }
    }

    @Test func aWrongFingerprintIsNotFound() throws {
        // setup
        let real = try #require(try linkedAssets().first { $0.hasSuffix(".css") })
        let fingerprint = real.split(separator: ".")[1]
        let wrong = real.replacingOccurrences(
            of: String(fingerprint), with: fingerprint == "0000000000000000" ? "1111111111111111" : "0000000000000000")

        // MUT
        let response = ann.get(wrong)
        let unfingerprinted = ann.get("/static/app.css")

        // validate
        #expect(response.status == .notFound)
        #expect(response.headers["Cache-Control"] != "public, max-age=31536000, immutable", "a 404 must not be cached for a year")
        #expect(unfingerprinted.status == .notFound)
    }

    @Test func aCurrentCopyIsAnswered304() throws {
        // setup
        let path = try #require(try linkedAssets().first)
        let first = ann.get(path)
        let etag = try #require(first.headers["ETag"])

        // MUT
        let again = ann.get(path, headers: ["If-None-Match": etag])
        let stale = ann.get(path, headers: ["If-None-Match": "\"not-the-tag\""])

        // validate
        #expect(again.status == .notModified)
        #expect(again.bodyBytes.isEmpty)
        #expect(again.headers["ETag"] == etag)
        #expect(again.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(stale.status == .ok)
    }
}

@Suite struct CompressedAssetTests {
    let web: WebFixture
    let ann: Visitor

    init() throws {
        web = try WebFixture()
        ann = try web.signedIn()
    }

    private func asset(_ stem: String, _ type: String) throws -> String {
        try #require(
            Markup.staticURLs(in: ann.get(Route.home.path).bodyText).first { $0.hasPrefix("/static/\(stem).") && $0.hasSuffix(".\(type)") })
    }

    @Test(arguments: [("app", "css"), ("app", "js"), ("icon", "svg")])
    func textIsSentInTheBestCodingTheBrowserTakesAndDecodesToTheFingerprintedBytes(stem: String, type: String) throws {
        // setup
        let path = try asset(stem, type)
        let fingerprint = String(path.split(separator: ".")[1])

        for (accepted, coding) in [("gzip, deflate, br, zstd", ContentCoding.brotli), ("gzip, deflate", .gzip), ("", .identity)] {
            // MUT
            let response = ann.get(path, headers: accepted.isEmpty ? Headers() : ["Accept-Encoding": accepted])

            // validate
            #expect(response.status == .ok, "\(path) for \(accepted)")
            #expect(response.headers["Content-Encoding"] == (coding == .identity ? nil : coding.rawValue), "\(path) for \(accepted)")
            #expect(response.headers["Vary"] == "Accept-Encoding", "\(path)")
            let body = try #require(coding.decode(response.bodyBytes), "\(path) for \(accepted): not \(coding)")
            #expect(String(SHA256.hexDigest(body).prefix(16)) == fingerprint, "\(path) for \(accepted): decoded bytes are not the asset")
            if coding != .identity {
                // The stylesheet and the script are text of kilobytes (app.js, 9 KB, to 37% by gzip);
                // the icon is 254 bytes, which no coding makes much smaller.
                let most = type == "svg" ? body.count : body.count / 2
                #expect(response.bodyBytes.count < most, "\(path) for \(accepted): \(response.bodyBytes.count) of \(body.count)")
            }
        }
    }

    @Test func eachCodingHasItsOwnETagAndA304IsForTheCodingThatWouldBeSent() throws {
        // setup
        let path = try asset("app", "css")
        let brotli = ann.get(path, headers: ["Accept-Encoding": "br"])
        let gzip = ann.get(path, headers: ["Accept-Encoding": "gzip"])
        let plain = ann.get(path)
        let tags = [brotli, gzip, plain].compactMap { $0.headers["ETag"] }
        try #require(tags.count == 3)

        // MUT
        let current = ann.get(path, headers: ["Accept-Encoding": "gzip", "If-None-Match": tags[1]])
        let otherCoding = ann.get(path, headers: ["Accept-Encoding": "gzip", "If-None-Match": tags[0]])

        // validate
        #expect(Set(tags).count == 3, "\(tags)")
        #expect(current.status == .notModified)
        #expect(current.headers["ETag"] == tags[1])
        #expect(current.headers["Vary"] == "Accept-Encoding")
        #expect(current.bodyBytes.isEmpty)
        #expect(otherCoding.status == .ok, "a Brotli copy's tag does not stand for the gzip bytes")
        #expect(otherCoding.headers["Content-Encoding"] == "gzip")
    }

    @Test func picturesAreSentAsTheyAre() throws {
        // setup: a folder with a PNG (already compressed) beside a stylesheet
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 4_000)
        try Data(png).write(to: folder.appendingPathComponent("dot.png"))
        let catalog = try AssetCatalog(folder: folder)
        let served = catalog.route("dot.png").path

        // MUT
        let response = try #require(
            catalog.response(
                for: String(served.dropFirst("/static/".count)), request: Request(path: served, headers: ["Accept-Encoding": "br, gzip"])))

        // validate
        #expect(response.headers["Content-Encoding"] == nil)
        #expect(response.headers["Vary"] == nil, "one representation: nothing varies")
        #expect(response.bodyBytes == png)
    }
}

/// Leaflet and Leaflet.markercluster come from Debian's packages, served like RoadTrip's own.
@Suite struct LeafletAssetTests {
    @Test func leafletIsServedFingerprintedAsDebianShipsIt() throws {
        let assets = try AssetCatalog.bundled()
        for (name, file) in AssetCatalog.leafletFiles {
            guard case .asset(let served) = assets.route(name) else { Issue.record("\(name) has no asset route"); continue }
            #expect(served.hasPrefix(String(name.dropLast(name.hasSuffix(".css") ? 4 : 3)) + "."))
            let response = try #require(assets.response(for: served, request: Request(method: "GET", path: "/static/\(served)")))
            let debian = try #require(FileManager.default.contents(atPath: AssetCatalog.debianLeaflet.appendingPathComponent(file).path))
            #expect(response.bodyBytes == [UInt8](debian), "\(name): Debian's bytes, unchanged")
            #expect(response.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        }
    }

    @Test func withoutLeafletRoadTripRefusesToStartAndSaysWhatToInstall() throws {
        let nowhere = URL(fileURLWithPath: "/nonexistent/leaflet")
        let bundled = try #require(AssetCatalog.assetsFolder)

        let error = #expect(throws: (any Error).self) { try AssetCatalog(folder: bundled, leaflet: nowhere) }

        #expect(
            "\(error!)"
                == """
                Leaflet is missing (/nonexistent/leaflet/leaflet.min.js not found): install Debian's libjs-leaflet and \
                libjs-leaflet.markercluster (make installs them)
                """
        )
    }
}
