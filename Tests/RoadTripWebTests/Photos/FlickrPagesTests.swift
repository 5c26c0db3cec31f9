import Foundation
import HTTPServer
import RoadTrip
import RoadTripWeb
import TestSupport
import Testing

@Suite struct FlickrPagesTests {
    let scratch: TemporaryFolder
    let folder: URL
    let library: Library
    let site: FakeFlickrSite

    static let key = "secret-key-5f2a9c"

    init() throws {
        scratch = try TemporaryFolder("roadtrip-web-tests")
        folder = scratch.url.appendingPathComponent("data")
        library = try Library(folder: folder, readers: 2)
        site = try FakeFlickrSite()
    }

    func app(key: String?) throws -> (App, LogRecorder) {
        let log = LogRecorder()
        let flickr = FlickrService(
            configuredKey: key, transport: site, cacheFolder: folder.appendingPathComponent("cache/flickr"),
            database: library.database)
        return (App(library: library, assets: try AssetCatalog.bundled(), flickr: flickr, log: log.sink), log)
    }

    func visitor(_ app: App, owner: Bool = true, name: String = "Ann") throws -> Visitor {
        let account = try library.accounts.create(name: name, password: WebFixture.password, repeated: WebFixture.password, isOwner: owner)
        let grant = try library.authenticator.sessions.start(for: account)
        let visitor = Visitor(app: app, address: "192.0.2.1")
        visitor.cookies[Visitor.sessionCookie] = grant.token
        visitor.formToken = grant.session.csrfToken
        return visitor
    }

    @Test func withoutAKeyThereIsNoFlickrTabAndTheTabSaysWhatIsMissing() throws {
        // setup
        let (app, _) = try app(key: nil)
        let visitor = try visitor(app)

        // MUT
        let places = visitor.get("/places").bodyText
        let flickr = visitor.get("/flickr").bodyText

        // validate
        #expect(!places.contains("href=\"/flickr\""))
        #expect(flickr.contains("Flickr needs an API key"))
        #expect(site.asked.isEmpty)
    }

    @Test func withAKeyTheTabListsTopPlacesByCountryAndAPlacesPhotos() throws {
        // setup
        let (app, _) = try app(key: Self.key)
        let visitor = try visitor(app)

        // MUT
        let places = visitor.get("/flickr").bodyText
        let place = visitor.get("/flickr/places/7.MJR8tTVrIO1EgB").bodyText

        // validate
        #expect(visitor.get("/places").bodyText.contains("href=\"/flickr\""))
        let sections = Markup.texts(ofClass: "section-title", element: "h2", in: places)
        #expect(sections == ["Portugal", "United Kingdom", "United States"])
        #expect(places.contains("San Francisco</span><span class=\"row-subtitle\">California, United States"))
        #expect(place.contains("Fog &lt;b&gt;over&lt;/b&gt; the bay"))
        #expect(place.contains("href=\"/flickr/photos/53312345679?place=7.MJR8tTVrIO1EgB\""))
        #expect(place.contains(">Unknown</span>"), "no title, no description")
        #expect(!places.contains(Self.key) && !place.contains(Self.key))
    }

    @Test func aFlickrPhotoOpensLikeALocalOneGoesIntoRecentsAndItsImageComesFromTheCache() throws {
        // setup
        let (app, _) = try app(key: Self.key)
        let visitor = try visitor(app)
        _ = visitor.get("/flickr/places/7.MJR8tTVrIO1EgB")

        // MUT
        let viewer = visitor.get("/flickr/photos/53312345678?place=7.MJR8tTVrIO1EgB").bodyText
        let first = visitor.get("/flickr/photos/53312345678/preview")
        site.set(.offline)
        let again = visitor.get("/flickr/photos/53312345678/preview")
        let recents = visitor.get("/recents").bodyText

        // validate
        #expect(viewer.contains("By Ann Photographer"))
        #expect(viewer.contains("href=\"https://www.flickr.com/photos/12345678@N00/53312345678\""))
        #expect(viewer.contains("data-original=\"/flickr/photos/53312345678/original\""))
        #expect(viewer.contains("fog, bay, sanfrancisco"), "machine tags left out")
        #expect(first.status == .ok && again.status == .ok, "opened again without the network")
        #expect(first.headers["Content-Type"] == "image/jpeg")
        #expect(site.imageFetches == 1)
        #expect(recents.contains("href=\"/flickr/photos/53312345678?from=recents\""))
    }

    @Test(arguments: [FakeFlickrSite.Mode.invalidKey, .rateLimited, .offline])
    func aProblemWithFlickrIsOneLineInTheTabAndTheRestWorks(mode: FakeFlickrSite.Mode) throws {
        // setup
        let (app, log) = try app(key: Self.key)
        let visitor = try visitor(app)
        site.set(mode)

        // MUT
        let page = visitor.get("/flickr")

        // validate
        let lines = Markup.texts(ofClass: "flickr-error", element: "p", in: page.bodyText)
        #expect(page.status == .ok)
        #expect(lines.count == 1)
        let expected =
            switch mode {
            case .invalidKey: "refused the API key"
            case .rateLimited: "limiting requests"
            default: "cannot be reached"
            }
        #expect(lines.first?.contains(expected) == true, "\(lines)")
        #expect(!page.bodyText.contains(Self.key))
        #expect(!log.all.joined().contains(Self.key))
        #expect(visitor.get("/places").status == .ok)
    }

    @Test func aFlickrPhotoVisitedIntoAVacationKeepsItsOwnCopy() throws {
        // setup
        let (app, _) = try app(key: Self.key)
        let visitor = try visitor(app)
        _ = visitor.get("/flickr/places/7.MJR8tTVrIO1EgB")
        _ = visitor.get("/vacations/new")
        let created = visitor.post("/vacations/new", [("name", "Bay Area")])
        let id = try #require(created.headers["Location"]?.split(separator: "/").last.flatMap { Int64($0) })

        // MUT
        let visited = visitor.post("/flickr/photos/53312345678/visit", [("vacation", String(id))])
        site.set(.offline)
        let photos = visitor.get("/vacations/\(id)/photos").bodyText
        let image = visitor.get("/vacations/\(id)/photos/1/preview")
        let tags = visitor.get("/vacations/\(id)/tags").bodyText

        // validate
        #expect(visited.status == .seeOther)
        #expect(photos.contains("Fog &lt;b&gt;over&lt;/b&gt; the bay"))
        #expect(image.status == .ok && image.bodyBytes.starts(with: [0xFF, 0xD8]))
        #expect(tags.contains("data-tag=\"fog\"") && !tags.contains("geo:lat"))
    }

    @Test func theOwnerEntersTheKeyInSettingsAndItIsNeverShownBack() throws {
        // setup
        let (app, _) = try app(key: nil)
        let owner = try visitor(app)
        let member = try visitor(app, owner: false, name: "Bob")
        _ = owner.get("/settings")

        // MUT
        let saved = owner.post("/settings", [("flickr_key", Self.key)])
        let refused = member.get("/settings")

        // validate
        #expect(saved.bodyText.contains("The Flickr key was saved."))
        #expect(!saved.bodyText.contains(Self.key))
        #expect(owner.get("/places").bodyText.contains("href=\"/flickr\""))
        #expect(refused.status == .forbidden)
        #expect(owner.get("/flickr").bodyText.contains("San Francisco"))
    }
}
