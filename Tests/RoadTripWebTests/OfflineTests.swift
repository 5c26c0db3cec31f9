import Foundation
import HTTPServer
import RoadTrip
import TestSupport
import Testing
@testable import RoadTripWeb

/// What the server does for RoadTrip without a network (issue 17): the service worker's script,
/// the offline page, a vacation's keep list, the form token for changes sent later, whose
/// answer each is, and the rows and forms offline.js works with.
@Suite struct OfflineTests {
    let web: WebFixture
    let uploads: PhotoUploads

    init() throws {
        web = try WebFixture()
        uploads = try PhotoUploads()
    }

    func add(_ name: String, seed: UInt64, at coordinate: (Double, Double)?) throws -> Photo {
        let path = try uploads.draw(name, seed: seed, at: coordinate, takenAt: "2024-10-19T09:12:40", width: 80, height: 60)
        return try #require(web.library.photos.importPhoto(at: path, fileName: name, by: nil).photoValue)
    }

    /// A vacation of `visitor`'s holding `photos`, made through the forms.
    func vacation(_ visitor: Visitor, _ name: String, _ photos: [Photo]) throws -> Int64 {
        let created = visitor.post(Route.newVacation.path, [("name", name)])
        let id = try #require(created.headers["Location"].flatMap { $0.split(separator: "/").last.flatMap { Int64($0) } })
        for photo in photos {
            #expect(visitor.post(Route.visit(photo: photo.id).path, [("vacation", String(id))]).status == .seeOther)
        }
        return id
    }

    func keepList(_ visitor: Visitor, _ route: Route) throws -> KeepList {
        let response = visitor.get(route.path)
        #expect(response.status == .ok)
        return try JSONDecoder().decode(KeepList.self, from: Data(response.bodyBytes))
    }

    @Test func theServiceWorkerIsServedAtTheRootNamingEveryAssetAndAskedForAgainEachVisit() throws {
        // MUT
        let script = web.get(Route.serviceWorker.path)
        let again = web.get(
            Route.serviceWorker.path,
            headers: [
                "If-None-Match": try #require(script.headers["ETag"]),
                "If-Modified-Since": "Wed, 01 Jan 2100 00:00:00 GMT",
            ])

        // validate
        #expect(script.status == .ok, "no session needed")
        #expect(script.headers["Content-Type"] == "text/javascript; charset=utf-8")
        #expect(script.headers["Cache-Control"] == "no-cache")
        let firstLine = try #require(script.bodyText.split(separator: "\n").first)
        let assets = try AssetCatalog.bundled()
        for name in ["app.js", "app.css", "offline.js", "leaflet.js", "manifest.webmanifest", "icon-192.png", "map-countries.json"] {
            #expect(firstLine.contains("\"\(assets.route(name).path)\""), "\(name) is kept ahead of use")
        }
        #expect(script.bodyText.contains("self.addEventListener(\"fetch\""))
        #expect(again.status == .notModified)
        #expect(web.get("/static/service-worker.js").status == .notFound, "only at the root, never fingerprinted")
    }

    @Test func theOfflinePageHoldsNobodysData() throws {
        // setup
        let ann = try web.signedIn("Ann")

        // MUT
        let signedOut = web.get(Route.offline.path)
        let signedIn = ann.get(Route.offline.path)

        // validate
        #expect(signedOut.status == .ok)
        #expect(signedOut.headers["Cache-Control"] == "no-store")
        #expect(signedOut.bodyText.contains("This page is not kept on this device"))
        #expect(signedOut.bodyText.contains("id=\"kept-list\""))
        #expect(signedOut.bodyText.contains(#"<a class="bar-button back" href="/" rel="up">‹ RoadTrip</a>"#), "Back, as every screen has")
        #expect(!signedOut.bodyText.contains("data-account"), "the worker asks it without cookies: it names nobody")
        #expect(signedOut.headers[Cookies.accountHeader] == nil)
        #expect(signedIn.bodyText.contains("data-account"))
    }

    @Test func everySignedInAnswerNamesItsAccountTheSameWayThePageDoes() throws {
        // setup
        let ann = try web.signedIn("Ann")
        let bob = try web.signedIn("Bob", owner: false)

        // MUT
        let annsPage = ann.get(Route.vacations.path)
        let annsPicture = ann.get(Route.destinationImage(id: try web.destination(named: "New York City").id).path)
        let bobsPage = bob.get(Route.vacations.path)
        let nobodys = web.get(Route.signIn(next: nil).path)

        // validate
        let key = try #require(annsPage.headers[Cookies.accountHeader])
        #expect(annsPicture.headers[Cookies.accountHeader] == key)
        #expect(Markup.tags("body", in: annsPage.bodyText).first.flatMap { Markup.attribute("data-account", of: $0) } == key)
        #expect(bobsPage.headers[Cookies.accountHeader].map { $0 != key } == true)
        #expect(nobodys.headers[Cookies.accountHeader] == nil)
        #expect(!key.contains(where: { !$0.isLetter && !$0.isNumber && $0 != "-" && $0 != "_" }), "safe in a cache's name")
        let annsNumber = String(try #require(try web.library.accounts.account(named: "Ann")).id.rawValue)
        #expect(key.count == 16 && key != annsNumber, "an opaque key of 12 bytes, not the account's number")
    }

    @Test func theFormTokenIsTheSessionsAndNeverKept() throws {
        // setup
        let ann = try web.signedIn("Ann")

        // MUT
        let answer = ann.get(Route.formToken.path)
        let signedOut = web.get(Route.formToken.path)

        // validate
        #expect(answer.status == .ok)
        #expect(answer.headers["Cache-Control"] == "no-store")
        #expect(try JSONDecoder().decode([String: String].self, from: Data(answer.bodyBytes)) == ["csrf": try #require(ann.formToken)])
        #expect(signedOut.status == .seeOther, "signed out: to the sign-in page, no token")
    }

    @Test func aVacationsListNamesItsMenuItineraryTagsEveryPhotoInEveryGridItsImagesAndItsBook() throws {
        // setup
        let ann = try web.signedIn("Ann")
        let bridge = try add("bridge.jpg", seed: 1, at: (40.7061, -73.9969))
        let park = try add("park.jpg", seed: 2, at: (40.7752, -73.9716))
        // Tagged before the visit: a vacation takes a photo's tags as they are when it is visited.
        #expect(ann.post(Route.photoTags(photo: park.id).path, [("add", "green")]).status == .seeOther)
        let id = try vacation(ann, "New York", [bridge, park])
        let account = try #require(try web.library.accounts.account(named: "Ann"))
        let contents = try #require(try web.library.vacations.vacation(id, of: account.id)).contents
        let photos = try contents.photos()
        let places = try contents.itinerary()
        let tags = try contents.tags()

        // MUT
        let list = try keepList(ann, .vacationKeepList(id: id))

        // validate
        var expected: [Route] = [.vacations, .vacation(id: id), .vacationItinerary(id: id), .vacationTags(id: id, query: nil)]
        let filters: [VacationPhotoFilter] = [.all] + places.map { .place($0.id) } + tags.map { .tag($0.id) }
        for filter in filters {
            expected.append(.vacationPhotos(id: id, filter: filter))
            expected += try contents.photos(filter).map { .vacationPhoto(id: id, photo: $0.id, filter: filter) }
        }
        expected += photos.flatMap {
            [Route.vacationPhotoImage(id: id, photo: $0.id, size: .thumbnail), .vacationPhotoImage(id: id, photo: $0.id, size: .preview)]
        }
        expected += photos.indices.map { .vacationBook(id: id, page: $0 + 1) }
        #expect(list.files.map(\.url) == expected.map(\.path))
        #expect(photos.count == 2 && places.count == 2 && tags.map(\.name) == ["green"])
        #expect(list.title == "Vacation “New York”")
        #expect(list.start == Route.vacation(id: id).path)
        for file in list.files {
            #expect(ann.get(file.url).bodyBytes.count == file.bytes, "\(file.url)")
        }
    }

    @Test func aVacationsListAndTheTripsKeepTheBasemapsTilesOverTheirPlacesTheSeaIncluded() throws {
        // setup: a server whose pack has Manhattan's tile of zoom 8 and the world's; the rest is sea
        let folder = try TemporaryFolder("roadtrip-kept-tiles")
        let file = URL(fileURLWithPath: folder.file("basemap.pack"))
        let manhattan: [UInt8] = [0x1F, 0x8B, 8, 0, 7, 7, 7]
        try Data(BasemapPackTests.pack([(0, 0, 0, [0x1F, 0x8B, 8, 0]), (8, 75, 96, manhattan)])).write(to: file)
        let pack = try BasemapPack(file: file)
        let web = try WebFixture(basemap: pack)
        let ann = try web.signedIn("Ann")
        let path = try uploads.draw("park.jpg", seed: 2, at: (40.7752, -73.9716), takenAt: "2024-10-19T09:12:40", width: 80, height: 60)
        let park = try #require(web.library.photos.importPhoto(at: path, fileName: "park.jpg", by: nil).photoValue)
        let created = ann.post(Route.newVacation.path, [("name", "New York")])
        let id = try #require(created.headers["Location"].flatMap { $0.split(separator: "/").last.flatMap { Int64($0) } })
        #expect(ann.post(Route.visit(photo: park.id).path, [("vacation", String(id))]).status == .seeOther)
        let account = try #require(try web.library.accounts.account(named: "Ann"))
        let places = try #require(try web.library.vacations.vacation(id, of: account.id)).contents.itinerary()

        // MUT
        let list = try keepList(ann, .vacationKeepList(id: id))

        // validate: after the vacation's pages, the tiles over its place, the sea's answering nothing
        let tiles = BasemapPack.tilesToKeep(over: places.compactMap(\.coordinate))
        let kept = list.files.filter { $0.url.hasPrefix("/map/basemap/") }
        #expect(!tiles.isEmpty && kept.map(\.url) == tiles.map { Route.basemapTile($0, version: pack.version).path })
        #expect(list.files.suffix(kept.count) == kept[...], "last, after the pages")
        let manhattanTile = Route.basemapTile(try #require(BasemapTile(z: 8, x: 75, y: 96)), version: pack.version).path
        #expect(kept.first { $0.url == manhattanTile }?.bytes == manhattan.count)
        #expect(kept.filter { $0.bytes == 0 }.count == kept.count - 2, "the sea's tiles are kept as the 204 they are")
        #expect(ann.get(try #require(kept.last).url).status == .noContent)
        // The trip's, around its destination, after its pages
        let destination = try #require(try web.library.catalog.all().first)
        try web.library.trips.choose(destination.id, for: account.id)
        let trip = try keepList(ann, .tripKeepList).files.map(\.url)
        let around = BasemapPack.tilesToKeep(over: [destination.coordinate]).map { Route.basemapTile($0, version: pack.version).path }
        #expect(!around.isEmpty && Array(trip.suffix(around.count)) == around)
    }

    @Test func anotherAccountsVacationHasNoListForYou() throws {
        // setup
        let ann = try web.signedIn("Ann")
        let bob = try web.signedIn("Bob", owner: false)
        let id = try vacation(ann, "Private", [])

        // MUT
        let answer = bob.get(Route.vacationKeepList(id: id).path)

        // validate
        #expect(answer.status == .notFound)
        #expect(!answer.bodyText.contains("Private"))
    }

    @Test func theTripAndVacationMenusHaveTheirKeepRowForTheScriptToShow() throws {
        // setup
        let ann = try web.signedIn("Ann")
        _ = ann.get(Route.destination(id: try web.destination(named: "New York City").id).path)
        #expect(ann.post(Route.chooseDestination(id: try web.destination(named: "New York City").id).path).status == .seeOther)
        let id = try vacation(ann, "Rows", [])

        // MUT
        let menu = ann.get(Route.home.path).bodyText
        let vacationMenu = ann.get(Route.vacation(id: id).path).bodyText

        // validate
        let tripRow = try #require(Markup.tags("li", in: menu).first { $0.contains("keep-offline") })
        #expect(Markup.attribute("data-keep-list", of: tripRow) == Route.tripKeepList.path)
        #expect(tripRow.contains(" hidden"), "hidden until offline.js knows it can keep the trip")
        let vacationRow = try #require(Markup.tags("li", in: vacationMenu).first { $0.contains("keep-offline") })
        #expect(Markup.attribute("data-keep-list", of: vacationRow) == Route.vacationKeepList(id: id).path)
        #expect(Markup.attribute("data-keep-action", of: vacationRow) == "Keep this vacation offline")
    }

    @Test func theFormsOfChangesThatCanWaitSayWhatTheyAreAndWhereToGoBack() throws {
        // setup
        let ann = try web.signedIn("Ann")
        let photo = try add("quay.jpg", seed: 3, at: nil)
        _ = try vacation(ann, "Sea", [])
        #expect(ann.post(Route.photoTags(photo: photo.id).path, [("add", "blue")]).status == .seeOther)

        // MUT
        let visit = ann.get(Route.visit(photo: photo.id).path).bodyText
        let viewer = ann.get(Route.photo(id: photo.id, inRecents: false).path).bodyText
        let newVacation = ann.get(Route.newVacation.path).bodyText

        // validate
        let notes = { (html: String) in Markup.tags("form", in: html).compactMap { Markup.attribute("data-offline-note", of: $0) } }
        let title = photo.displayTitle
        #expect(notes(visit) == ["Visit “\(title)” into “{}”", "Visit “\(title)” into a new vacation “{}”"])
        #expect(Markup.tags("button", in: visit).contains { Markup.attribute("data-offline-target", of: $0) == "Sea" })
        #expect(notes(viewer).contains("Tag “\(title)” with “{}”"))
        #expect(notes(viewer).contains("Remove the tag “blue” from “\(title)”"))
        #expect(notes(newVacation) == ["Add the vacation “{}”"])
        let back = Markup.tags("form", in: visit).compactMap { Markup.attribute("data-offline-back", of: $0) }
        #expect(back == [Route.photo(id: photo.id, inRecents: false).path, Route.photo(id: photo.id, inRecents: false).path])
    }
}
