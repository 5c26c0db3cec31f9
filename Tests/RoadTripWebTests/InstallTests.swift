import Compression
import Foundation
import HTTPServer
import Imaging
import RoadTrip
import Testing
@testable import RoadTripWeb

/// Installing RoadTrip ("Add to Home Screen"): the manifest every page links, its icons drawn
/// for it at the sizes home screens use, and the bar's colour in either appearance.
@Suite struct InstallTests {
    let web: WebFixture

    init() throws {
        web = try WebFixture()
    }

    private func manifest() throws -> (path: String, json: [String: Any]) {
        let page = web.get(Route.signIn(next: nil).path).bodyText
        let link = try #require(Markup.tags("link", in: page).first { Markup.attribute("rel", of: $0) == "manifest" })
        let path = try #require(Markup.attribute("href", of: link))
        let response = web.get(path)
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "application/manifest+json")
        return (path, try #require(try JSONSerialization.jsonObject(with: Data(response.bodyBytes)) as? [String: Any]))
    }

    @Test func everyPageLinksAManifestThatOpensRoadTripInAWindowOfItsOwn() throws {
        let (path, json) = try manifest()

        #expect(path.hasPrefix("/static/manifest.") && path.hasSuffix(".webmanifest"), "fingerprinted like every asset")
        #expect(json["name"] as? String == "RoadTrip")
        #expect(json["short_name"] as? String == "RoadTrip")
        #expect(json["display"] as? String == "standalone")
        #expect(json["start_url"] as? String == "/" && json["scope"] as? String == "/" && json["id"] as? String == "/")
        #expect(json["theme_color"] as? String == AppManifest.lightTheme)
        #expect(json["background_color"] as? String == AppManifest.background)
    }

    @Test func theManifestsIconsAreServedAtTheSizesItNames() throws {
        let icons = try #require(try manifest().json["icons"] as? [[String: String]])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-icons-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        var pngSizes: [String] = []
        for icon in icons {
            let src = try #require(icon["src"])
            let response = web.get(src)
            #expect(response.status == .ok, "\(src)")
            #expect(response.headers["Content-Type"] == icon["type"], "\(src)")
            guard icon["type"] == "image/png" else { continue }
            // libvips reads each back: a real PNG of the size the manifest says.
            let file = folder.appendingPathComponent(String(src.split(separator: "/").last!)).path
            #expect(FileManager.default.createFile(atPath: file, contents: Data(response.bodyBytes)))
            let header = try ImageProcessor().inspect(fileAt: file).header
            #expect(header.format == .png)
            #expect("\(header.width)x\(header.height)" == icon["sizes"], "\(src)")
            pngSizes.append(icon["sizes"]! + (icon["purpose"].map { " " + $0 } ?? ""))
        }
        #expect(pngSizes == ["192x192", "512x512", "512x512 maskable"])
        #expect(icons.first?["type"] == "image/svg+xml" && icons.first?["sizes"] == "any")
    }

    @Test func pagesNameTheBarsColourInEitherAppearanceAndAnIconForIOS() throws {
        let page = web.get(Route.signIn(next: nil).path).bodyText

        let themes = Markup.tags("meta", in: page).filter { Markup.attribute("name", of: $0) == "theme-color" }
        #expect(themes.map { Markup.attribute("media", of: $0) } == ["(prefers-color-scheme: light)", "(prefers-color-scheme: dark)"])
        #expect(themes.map { Markup.attribute("content", of: $0) } == [AppManifest.lightTheme, AppManifest.darkTheme])
        let touch = try #require(Markup.tags("link", in: page).first { Markup.attribute("rel", of: $0) == "apple-touch-icon" })
        let icon = web.get(try #require(Markup.attribute("href", of: touch)))
        #expect(icon.status == .ok && icon.headers["Content-Type"] == "image/png")
    }

    /// A pixel of the drawn icon, RGBA.
    private func pixel(_ pixels: [UInt8], size: Int, _ x: Double, _ y: Double) -> [UInt8] {
        let base = (Int(y * Double(size)) * size + Int(x * Double(size))) * 4
        return Array(pixels[base..<(base + 4)])
    }

    @Test func theIconIsTheTileTheRoadAndItsCentreLine() {
        let size = 192
        let icon = AppIcon.rgba(size: size, maskable: false)
        let maskable = AppIcon.rgba(size: size, maskable: true)

        #expect(pixel(icon, size: size, 0.01, 0.01)[3] == 0, "outside the rounded corner: transparent")
        #expect(pixel(icon, size: size, 0.1, 0.5) == [0x0A, 0x64, 0xD6, 255], "the blue tile")
        #expect(pixel(icon, size: size, 0.35, 0.7) == [0x2B, 0x2B, 0x2E, 255], "the road")
        #expect(pixel(icon, size: size, 32.0 / 64, 44.0 / 64) == [0xFF, 0xD2, 0x3F, 255], "its centre line")
        let edge = pixel(icon, size: size, 0.5, 0.0)
        #expect(edge[3] == 255 && edge[2] == 0xD6, "the tile's straight edge reaches the border")
        #expect(pixel(maskable, size: size, 0.01, 0.01) == [0x0A, 0x64, 0xD6, 255], "maskable: the tile fills the square")
        #expect(pixel(maskable, size: size, 0.5, 0.12) == [0x0A, 0x64, 0xD6, 255], "and the road keeps to the middle")
        #expect(pixel(maskable, size: size, 0.5, 0.3) == [0x2B, 0x2B, 0x2E, 255], "the road, drawn at 80 % around the middle")
    }

    @Test func pngsAreEncodedWithTheirPixels() throws {
        // A 2×1 picture: red, then half-transparent green.
        let bytes = PNG.encode(rgba: [255, 0, 0, 255, 0, 255, 0, 128], width: 2, height: 1)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("roadtrip-\(UUID().uuidString).png").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data(bytes)))
        defer { try? FileManager.default.removeItem(atPath: file) }

        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let header = try ImageProcessor().inspect(fileAt: file).header
        #expect(header.format == .png && header.width == 2 && header.height == 1)
    }
}

/// What a browser kept for an account goes when its session ends: at sign-out, and on the first
/// page asked for with a session the server ended (elsewhere, by expiry, by a password reset).
@Suite struct KeptDataTests {
    let web: WebFixture
    let ann: Visitor

    init() throws {
        web = try WebFixture()
        ann = try web.signedIn()
    }

    @Test func signingOutClearsTheBrowsersCachesAndStorageButNotItsCookies() throws {
        _ = ann.get(Route.home.path)

        let out = ann.post(Route.signOut.path)

        #expect(out.status == .seeOther)
        #expect(out.headers["Clear-Site-Data"] == "\"cache\", \"storage\"")
    }

    @Test func aSessionEndedOnTheServerClearsThemOnItsNextPageAndNobodyElses() throws {
        // setup: Ann's session ends on the server; Bob's goes on
        let bob = try web.signedIn("Bob", owner: false)
        try web.library.database.write {
            try $0.execute("DELETE FROM sessions WHERE account_id = (SELECT id FROM accounts WHERE name = 'Ann')")
        }

        // MUT
        let ended = ann.get(Route.home.path)
        let signedIn = bob.get(Route.home.path)
        let newcomer = web.visitor().get(Route.home.path)
        let signInPage = web.visitor().get(Route.signIn(next: nil).path)

        // validate
        #expect(ended.status == .seeOther)
        #expect(ended.headers["Clear-Site-Data"] == "\"cache\", \"storage\"")
        #expect(signedIn.status == .ok && signedIn.headers["Clear-Site-Data"] == nil)
        #expect(newcomer.status == .seeOther && newcomer.headers["Clear-Site-Data"] == nil, "nothing was kept without a session")
        #expect(signInPage.headers["Clear-Site-Data"] == nil)
    }
}
