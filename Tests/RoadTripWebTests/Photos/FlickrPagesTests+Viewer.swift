import Foundation
import HTTPServer
import RoadTrip
import RoadTripWeb
import Testing

/// The Flickr viewer as the library's: Unvisit, and opened from Recents.
extension FlickrPagesTests {
    static let fog = "53312345678"
    static let untitled = "53312345679"
    static let place = "7.MJR8tTVrIO1EgB"

    private func vacation(_ visitor: Visitor, _ name: String) throws -> Int64 {
        _ = visitor.get("/vacations/new")
        let created = visitor.post("/vacations/new", [("name", name)])
        return try #require(created.headers["Location"]?.split(separator: "/").last.flatMap { Int64($0) })
    }

    @Test func aVisitedFlickrPhotoNamesItsVacationsAndUnvisitRemovesItFromTheOneChosen() throws {
        // setup
        let (app, _) = try app(key: Self.key)
        let visitor = try visitor(app)
        _ = visitor.get("/flickr/places/\(Self.place)")
        let bay = try vacation(visitor, "Bay <Area>")
        let tuscany = try vacation(visitor, "Tuscany")
        let before = visitor.get("/flickr/photos/\(Self.fog)").bodyText
        _ = visitor.post("/flickr/photos/\(Self.fog)/visit", [("vacation", String(bay))])
        _ = visitor.post("/flickr/photos/\(Self.fog)/visit", [("vacation", String(tuscany))])

        // MUT
        let visited = visitor.get("/flickr/photos/\(Self.fog)").bodyText
        let choice = visitor.get("/flickr/photos/\(Self.fog)/unvisit").bodyText
        let removed = visitor.post("/flickr/photos/\(Self.fog)/unvisit", [("vacation", String(bay))])
        let after = visitor.get("/flickr/photos/\(Self.fog)").bodyText

        // validate
        #expect(!before.contains("/flickr/photos/\(Self.fog)/unvisit"), "nothing to unvisit yet")
        #expect(
            visited.contains(
                """
                In <a class=\"tap-target\" href=\"/vacations/\(bay)\">Bay &lt;Area&gt;</a>, <a class=\"tap-target\" \
                href=\"/vacations/\(tuscany)\">Tuscany</a>
                """
            ))
        #expect(visited.contains("href=\"/flickr/photos/\(Self.fog)/unvisit\">Unvisit…</a>"))
        #expect(choice.contains("Remove “Fog &lt;b&gt;over&lt;/b&gt; the bay” from…"))
        #expect(choice.contains("<span class=\"row-title\">Bay &lt;Area&gt;</span>"))
        #expect(removed.status == .seeOther)
        #expect(removed.location == "/flickr/photos/\(Self.fog)")
        #expect(
            after.contains("In <a class=\"tap-target\" href=\"/vacations/\(tuscany)\">Tuscany</a>")
                && !after.contains("href=\"/vacations/\(bay)\""))
        #expect(try library.vacations.all(of: AccountID(1)).map(\.photoCount) == [0, 1])
    }

    @Test func flickrUnvisitIsRefusedWithoutTheFormTokenAndIsNotFoundForAnotherAccountsVacation() throws {
        // setup
        let (app, _) = try app(key: Self.key)
        let ann = try visitor(app)
        let bob = try visitor(app, owner: false, name: "Bob")
        _ = ann.get("/flickr/places/\(Self.place)")
        let bay = try vacation(ann, "Bay Area")
        _ = ann.post("/flickr/photos/\(Self.fog)/visit", [("vacation", String(bay))])
        _ = bob.get("/flickr/photos/\(Self.fog)/unvisit")

        // MUT
        let forged = ann.post("/flickr/photos/\(Self.fog)/unvisit", [("vacation", String(bay))], csrf: .omitted)
        let bobs = bob.post("/flickr/photos/\(Self.fog)/unvisit", [("vacation", String(bay))])
        let bobsChoice = bob.get("/flickr/photos/\(Self.fog)/unvisit").bodyText

        // validate
        #expect(forged.status == .forbidden)
        #expect(bobs.status == .notFound)
        #expect(!bobsChoice.contains("Bay Area"))
        #expect(try library.vacations.all(of: AccountID(1)).first?.photoCount == 1)
    }

    @Test func aFlickrPhotoOpenedFromRecentsHasRecentsBesideItTurnsThroughThemAndKeepsTheirOrder() throws {
        // setup: Recents holds the untitled photo, then Fog (newest first: Fog, untitled).
        let (app, _) = try app(key: Self.key)
        let visitor = try visitor(app)
        _ = visitor.get("/flickr/places/\(Self.place)")
        _ = visitor.get("/flickr/photos/\(Self.untitled)?place=\(Self.place)")
        _ = visitor.get("/flickr/photos/\(Self.fog)?place=\(Self.place)")
        let recents = visitor.get("/recents").bodyText

        // MUT
        let viewer = visitor.get("/flickr/photos/\(Self.untitled)?from=recents")
        let order = try library.recents.items(of: AccountID(1)).map(\.key)

        // validate
        let page = viewer.bodyText
        #expect(recents.contains("href=\"/flickr/photos/\(Self.untitled)?from=recents\""))
        #expect(viewer.status == .ok)
        #expect(order == [.flickr(Self.fog), .flickr(Self.untitled)], "opened from Recents, it stays where it was")
        #expect(
            page.contains(#"<a class="tab" href="/recents" aria-current="page"><svg class="tab-icon""#)
                && page.contains(#"<span class="tab-label">Recents</span>"#))
        #expect(page.contains("class=\"row recent-row\" href=\"/flickr/photos/\(Self.untitled)?from=recents\" aria-current=\"page\""))
        #expect(page.contains("data-previous=\"/flickr/photos/\(Self.fog)?from=recents\" data-next=\"\""))
        #expect(!page.contains("Flickr lists no places"))
    }

    @Test func aFlickrPhotoFromNoPlaceAndItsVisitScreenHaveFlickrsPlacesBesideThem() throws {
        // setup
        let (app, _) = try app(key: Self.key)
        let visitor = try visitor(app)
        _ = visitor.get("/flickr/places/\(Self.place)")

        // MUT
        let viewer = visitor.get("/flickr/photos/\(Self.fog)").bodyText
        let visit = visitor.get("/flickr/photos/\(Self.fog)/visit").bodyText
        site.set(.offline)
        let offline = visitor.get("/flickr/photos/\(Self.fog)/visit").bodyText

        // validate
        for page in [viewer, visit] {
            #expect(page.contains("San Francisco</span><span class=\"row-subtitle\">California, United States"))
            #expect(!page.contains("Flickr lists no places"))
        }
        #expect(offline.contains("Visit “Fog &lt;b&gt;over&lt;/b&gt; the bay” into…"))
        #expect(!offline.contains("Flickr lists no places"))
    }
}
