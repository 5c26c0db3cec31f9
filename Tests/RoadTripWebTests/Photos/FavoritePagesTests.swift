import Foundation
import HTTPServer
import RoadTrip
import RoadTripWeb
import Testing

/// The heart: each person's favourites in the viewer, the grids, the timeline and the Favourites album.
@Suite struct FavoritePagesTests {
    let web: WebFixture
    let uploads: PhotoUploads

    init() throws {
        web = try WebFixture()
        uploads = try PhotoUploads()
    }

    private func add(_ name: String, seed: UInt64, takenAt: String, description: String? = nil) throws -> Photo {
        let path = try uploads.draw(
            name, seed: seed, at: (40.7752, -73.9716), takenAt: takenAt, description: description, width: 80, height: 60)
        return try #require(web.library.photos.importPhoto(at: path, fileName: name, by: nil).photoValue)
    }

    /// The cells of a grid whose heart shows.
    private func hearts(in html: String) -> Int {
        html.components(separatedBy: "<span class=\"favorite-badge\" role=\"img\" aria-label=\"Favourite\">").count - 1
    }

    @Test func aHeartIsEachPersonsOwnInTheViewerTheGridsTheTimelineAndTheFavouritesAlbum() throws {
        // setup: three photos of New York; Ann and Bob
        let ann = try web.signedIn("Ann")
        let bob = try web.signedIn("Bob", owner: false, address: "192.0.2.2")
        let older = try add("Bow Bridge.jpg", seed: 1, takenAt: "2024-10-17T09:00:00")
        let middle = try add("The Mall.jpg", seed: 2, takenAt: "2024-10-18T09:00:00")
        let newer = try add("Bethesda.jpg", seed: 3, takenAt: "2024-10-19T09:00:00")
        let place = try #require(older.placeID)
        _ = ann.get("/photos/\(older.id)")

        // MUT: Ann hearts the older and the newer photo, from the place's viewer and from the timeline's
        let hearted = ann.post("/photos/\(older.id)/favorite", [("favorite", "1"), ("from", "")])
        let fromTimeline = ann.post("/photos/\(newer.id)/favorite", [("favorite", "1"), ("from", "timeline")])

        // validate: back to the viewer each came from; the heart pressed for Ann alone
        #expect(hearted.status == .seeOther && hearted.headers["Location"] == "/photos/\(older.id)")
        #expect(fromTimeline.headers["Location"] == "/timeline/photos/\(newer.id)")
        let annViewer = ann.get("/photos/\(older.id)").bodyText
        #expect(annViewer.contains("class=\"favorite-button\" aria-pressed=\"true\""))
        #expect(annViewer.contains("name=\"favorite\" value=\"0\""), "the form now takes the heart away")
        #expect(bob.get("/photos/\(older.id)").bodyText.contains("class=\"favorite-button\" aria-pressed=\"false\""))
        // the Favourites row of Places, first; hearts in the place's grid and the timeline
        let annPlaces = ann.get("/places").bodyText
        #expect(annPlaces.contains("Favourites</span><span class=\"row-subtitle\">2 photos"))
        #expect(!bob.get("/places").bodyText.contains("favorites-row"), "no Favourites until Bob's first heart")
        #expect(hearts(in: ann.get("/places/\(place)").bodyText) == 2 && hearts(in: bob.get("/places/\(place)").bodyText) == 0)
        #expect(hearts(in: ann.get("/timeline").bodyText) == 2)
        // the album: Ann's two, newest first, each opening the viewer that turns through them
        let album = ann.get("/favorites").bodyText
        let cells = Markup.tags("a", in: album).filter { $0.contains("photo-cell") }.compactMap { Markup.attribute("href", of: $0) }
        #expect(cells == ["/favorites/photos/\(newer.id)", "/favorites/photos/\(older.id)"])
        let inAlbum = ann.get("/favorites/photos/\(newer.id)").bodyText
        #expect(inAlbum.contains("href=\"/favorites/photos/\(older.id)\" rel=\"next\""), "the middle photo is no favourite: passed over")
        #expect(bob.get("/favorites").bodyText.contains("No favourites yet. Tap ♡ under a photo to add it here."))
        #expect(!ann.get("/photos/\(middle.id)").bodyText.contains("aria-pressed=\"true\""))

        // MUT: Ann takes the heart away in the album's viewer
        let taken = ann.post("/photos/\(newer.id)/favorite", [("favorite", "0"), ("from", "favorites")])

        // validate
        #expect(taken.headers["Location"] == "/favorites/photos/\(newer.id)")
        let annID = try #require(try web.library.accounts.all().first { $0.name == "Ann" }).id
        #expect(try web.library.favorites.count(for: annID) == 1)
    }

    @Test func aVacationsBookShowsTheReadersHeartBesideTheCaption() throws {
        // setup: Ann's vacation of two captioned photos, one her favourite
        let ann = try web.signedIn("Ann")
        let annID = try #require(try web.library.accounts.account(named: "Ann")).id
        let hearted = try add("Bow Bridge.jpg", seed: 1, takenAt: "2024-10-17T09:00:00", description: "Autumn morning")
        let other = try add("The Mall.jpg", seed: 2, takenAt: "2024-10-18T09:00:00", description: "Elms")
        let vacation = try web.library.vacations.create(named: "New York", for: annID)
        for photo in [hearted, other] { try web.library.vacations.visit(photo, into: vacation, for: annID, library: web.library) }
        try web.library.favorites.set(hearted.id, favorite: true, for: annID)

        // MUT
        let first = ann.get("/vacations/\(vacation)/book/1").bodyText
        let second = ann.get("/vacations/\(vacation)/book/2").bodyText

        // validate
        let heart = #"<span class="book-heart" role="img" aria-label="Favourite">♥</span>"#
        #expect(first.contains(heart + #" <strong>Bow Bridge</strong> · 17 Oct 2024, 09:00 — Autumn morning"#), "\(first)")
        #expect(!second.contains(heart) && second.contains("— Elms"))
    }

    @Test func aHeartWithoutItsTokenOrAnAnswerOrAPhotoIsRefusedAndChangesNothing() throws {
        // setup
        let ann = try web.signedIn("Ann")
        let photo = try add("Bow Bridge.jpg", seed: 1, takenAt: "2024-10-17T09:00:00")
        _ = ann.get("/photos/\(photo.id)")

        // MUT
        let unsure = ann.post("/photos/\(photo.id)/favorite", [("favorite", "yes")])
        let forged = ann.post("/photos/\(photo.id)/favorite", [("favorite", "1")], csrf: .omitted)
        let missing = ann.post("/photos/999/favorite", [("favorite", "1")])

        // validate
        #expect(unsure.status == .unprocessableContent && unsure.bodyText.contains("Say whether the photo is a favourite"))
        #expect(forged.status == .forbidden)
        #expect(missing.status == .notFound && missing.bodyText.contains("There is no such photo."))
        #expect(try web.library.database.fetchValue("SELECT count(*) FROM photo_favorites") as Int? == 0)
    }
}
