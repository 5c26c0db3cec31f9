import Foundation
import HTTPServer
import Imaging
import RoadTrip
import RoadTripWeb
import Testing

@Suite struct PhotoPagesTests {
    let web: WebFixture
    let uploads: PhotoUploads

    init() throws {
        web = try WebFixture()
        uploads = try PhotoUploads()
    }

    /// Imports a photo straight into the library (the upload path has tests of its own).
    @discardableResult
    private func add(
        _ name: String, seed: UInt64, at coordinate: (Double, Double)?, takenAt: String = "2024-10-19T09:12:40",
        description: String? = nil
    ) throws -> Photo {
        let path = try uploads.draw(name, seed: seed, at: coordinate, takenAt: takenAt, description: description, width: 80, height: 60)
        return try #require(web.library.photos.importPhoto(at: path, fileName: name, by: nil).photoValue)
    }

    @Test func placesAreListedByCountryWithRegionCountryAndCountAndCanBeOrderedByCount() throws {
        // setup
        let visitor = try web.signedIn()
        try add("Central Park.jpg", seed: 1, at: (40.7752, -73.9716))
        try add("Golden Gate.jpg", seed: 2, at: (37.8199, -122.4783))
        try add("Alamo Square.jpg", seed: 3, at: (37.7763, -122.4328))
        try add("Eiffel Tower.jpg", seed: 4, at: (48.8584, 2.2945))
        try add("Nowhere.jpg", seed: 5, at: nil)

        // MUT
        let byCountry = visitor.get("/places")
        let top = visitor.get("/places?order=top").bodyText

        // validate
        let sections = Markup.texts(ofClass: "section-title", element: "h2", in: byCountry.bodyText).filter {
            ["France", "United States"].contains($0)
        }
        #expect(sections == ["France", "United States"])
        web.expectPage(byCountry, recordedAs: "places-by-country", seenBy: visitor)
        let sanFrancisco = try #require(top.range(of: "San Francisco"))
        let paris = try #require(top.range(of: "Paris"))
        #expect(sanFrancisco.lowerBound < paris.lowerBound, "the place with most photos comes first")
        #expect(top.contains("aria-current=\"true\">Top places"))
    }

    @Test func aPlacesGridIsNewestFirstFiftyAtATimeWithALinkToTheRest() throws {
        // setup
        let visitor = try web.signedIn()
        var photos: [Photo] = []
        for index in 0..<52 {
            let day = String(format: "%02d", index % 28 + 1)
            photos.append(
                try add("Photo \(index).jpg", seed: UInt64(index + 10), at: (40.7752, -73.9716), takenAt: "2024-10-\(day)T10:00:00"))
        }
        let place = try #require(photos[0].placeID)

        // MUT
        let first = visitor.get("/places/\(place)").bodyText
        let more = Markup.tags("a", in: first).first { $0.contains("more-photos") }
        let moreHref = try #require(more.flatMap { Markup.attribute("href", of: $0) })
        let second = visitor.get(moreHref.replacingOccurrences(of: "&amp;", with: "&")).bodyText

        // validate
        #expect(Markup.tags("a", in: first).filter { $0.contains("photo-cell") }.count == 50)
        #expect(Markup.tags("a", in: second).filter { $0.contains("photo-cell") }.count == 2)
        #expect(!second.contains("more-photos"))
        #expect(first.contains("/photos/\(photos[27].id)/thumbnail"), "28 Oct is the newest date")
    }

    @Test func theViewerShowsThePhotoItsInfoAndNeighboursAndRecordsItInRecents() throws {
        // setup: the photo shown, and a newer one beside it (its neighbour, photos/2)
        let visitor = try web.signedIn()
        let older = try add(
            "Bow Bridge.jpg", seed: 1, at: (40.7128, -74.0060), takenAt: "2024-10-18T09:00:00", description: "Autumn <b>morning</b>")
        try add("Brooklyn Bridge.jpg", seed: 2, at: (40.7116, -74.0027), takenAt: "2024-10-19T18:03:11")

        // MUT
        let page = visitor.get("/photos/\(older.id)")

        // validate
        let html = page.bodyText
        #expect(page.status == .ok)
        web.expectPage(page, recordedAs: "bow-bridge-with-its-info-and-the-newer-photo", seenBy: visitor)
        #expect(html.contains("Autumn &lt;b&gt;morning&lt;/b&gt;"))
        #expect(try web.library.recents.items(of: AccountID(1)).map(\.key) == [.library(older.id)])
    }

    @Test func aPhotosImagesAreServedFromFilesWithAnImmutableCache() throws {
        // setup
        let visitor = try web.signedIn()
        let photo = try add("Bow Bridge.jpg", seed: 1, at: nil)
        let thumbnail = web.library.photos.files.rendition(.thumbnail, sha256: photo.sha256)
        try FileManager.default.removeItem(atPath: thumbnail)

        // MUT
        let made = visitor.get("/photos/\(photo.id)/thumbnail")
        let preview = visitor.get("/photos/\(photo.id)/preview")
        let original = visitor.get("/photos/\(photo.id)/original")
        var conditional = Headers()
        conditional["If-None-Match"] = made.headers["ETag"]
        let again = visitor.get("/photos/\(photo.id)/thumbnail", headers: conditional)

        // validate
        #expect(made.status == .ok)
        #expect(made.headers["Content-Type"] == "image/webp")
        #expect(made.headers["Cache-Control"] == "private, max-age=31536000, immutable")
        #expect(made.bodyBytes.starts(with: Array("RIFF".utf8)))
        #expect(FileManager.default.fileExists(atPath: thumbnail), "a missing thumbnail is made on demand")
        #expect(preview.headers["Content-Type"] == "image/jpeg")
        #expect(original.headers["Content-Type"] == "image/jpeg")
        #expect(
            original.bodyBytes
                == Array(try Data(contentsOf: URL(fileURLWithPath: web.library.photos.files.original(sha256: photo.sha256, format: .jpeg))))
        )
        #expect(again.status == .notModified)
        #expect(visitor.get("/photos/999/thumbnail").status == .notFound)
        #expect(visitor.get("/photos/\(photo.id)/large").status == .notFound)
    }

    @Test func aPhotoWhoseOriginalIsGoneIsNotFoundNotAServerError() throws {
        // setup: the original and its renditions removed behind RoadTrip's back
        let visitor = try web.signedIn()
        let photo = try add("Bow Bridge.jpg", seed: 1, at: nil)
        for path in [
            web.library.photos.files.original(sha256: photo.sha256, format: .jpeg),
            web.library.photos.files.rendition(.thumbnail, sha256: photo.sha256),
            web.library.photos.files.rendition(.preview, sha256: photo.sha256),
        ] {
            try? FileManager.default.removeItem(atPath: path)
        }

        // MUT
        let answers = ["thumbnail", "preview", "original"].map { visitor.get("/photos/\(photo.id)/\($0)") }

        // validate
        #expect(answers.map(\.status) == [.notFound, .notFound, .notFound])
        #expect(
            answers.prefix(2).allSatisfy {
                $0.bodyText.contains("This photo's original is missing from the library; roadtrip check lists such photos.")
            }, "\(answers[0].bodyText.suffix(600))")
        #expect(visitor.get("/photos/\(photo.id)").status == .ok, "the viewer still opens, with its Info")
    }

    @Test func anImageThatNeedsMoreMemoryThanTheBudgetIsRefusedWithTheReason() throws {
        // setup: a photo in the library, its thumbnail gone, and a server whose image budget is 1 MB.
        let photo = try add("Bow Bridge.jpg", seed: 1, at: nil)
        try FileManager.default.removeItem(atPath: web.library.photos.files.rendition(.thumbnail, sha256: photo.sha256))
        let small = try Library(folder: web.folder, readers: 1, processor: ImageProcessor(decodeBudget: DecodeBudget(capacity: 1 << 20)))
        let app = App(library: small, assets: try AssetCatalog.bundled(), log: { _ in })
        let visitor = try web.signedIn()

        // MUT
        let response = app.respond(
            to: Request(path: "/photos/\(photo.id)/thumbnail", headers: ["Cookie": "rt_session=\(try #require(visitor.sessionToken))"]))

        // validate
        #expect(response.status == .internalServerError)
        #expect(response.bodyText.contains("This photo's image could not be made: decoding it needs about"), "\(response.bodyText)")
        #expect(response.bodyText.contains("more than the 1 MB this server allows for images"))
    }

    @Test func findSearchesPlacesWithAccentsAndCaseIgnored() throws {
        // setup
        let visitor = try web.signedIn()
        try add("Paulista.jpg", seed: 1, at: (-23.5614, -46.6559))

        // MUT
        let found = visitor.get("/find?q=SAO%20PAULO").bodyText
        let none = visitor.get("/find?q=%3Cscript%3E").bodyText

        // validate
        #expect(found.contains("São Paulo"))
        #expect(found.contains("1 photo"))
        #expect(none.contains("No place called “&lt;script&gt;” has photos."))
    }

    @Test func aPhotoWithoutAPositionGetsThePlaceAPersonChooses() throws {
        // setup
        let visitor = try web.signedIn()
        let photo = try add("Somewhere.jpg", seed: 1, at: nil)

        // MUT
        let search = visitor.get("/photos/\(photo.id)/place?q=lisbon").bodyText
        let lisbonID = try #require(
            Markup.tags("input", in: search).compactMap { tag -> String? in
                tag.contains("name=\"place\"") ? Markup.attribute("value", of: tag) : nil
            }.first)
        let chosen = visitor.post("/photos/\(photo.id)/place", [("place", lisbonID)])
        let bogus = visitor.post("/photos/\(photo.id)/place", [("place", "not-a-number")])

        // validate
        #expect(search.contains("Lisbon"))
        #expect(chosen.status == .seeOther)
        #expect(chosen.headers["Location"] == "/photos/\(photo.id)")
        #expect(try web.library.photos.photo(id: photo.id)?.placeID == Int64(lisbonID))
        #expect(bogus.status == .unprocessableContent)
        #expect(visitor.get("/places").bodyText.contains("Lisbon"))
    }

    @Test func recentsAreTheAccountsOwn() throws {
        // setup
        let ann = try web.signedIn("Ann")
        let bob = try web.signedIn("Bob", owner: false, address: "192.0.2.2")
        let photo = try add("Bow Bridge.jpg", seed: 1, at: nil)
        _ = ann.get("/photos/\(photo.id)")

        // MUT
        let annsRecents = ann.get("/recents").bodyText
        let bobsRecents = bob.get("/recents").bodyText

        // validate
        #expect(annsRecents.contains("href=\"/photos/\(photo.id)?from=recents\""))
        #expect(!bobsRecents.contains("/photos/\(photo.id)"))
        #expect(bobsRecents.contains("Photos you open appear here"))
    }

    @Test func anEditedCopyShowsItsOriginalInItsPlaceAndServesItsImagesUntilItsFileIsGone() throws {
        // setup: an edited copy and its original, one item; a photo with no other version
        let visitor = try web.signedIn()
        let original = try uploads.draw(
            "IMG_0042.JPG", seed: 1, at: (40.7752, -73.9716), takenAt: "2024-10-19T09:12:40", width: 80, height: 60)
        let edited = try uploads.draw(
            "IMG_0042-edited.JPG", seed: 2, at: (40.7752, -73.9716), takenAt: "2024-10-19T09:12:40", width: 60, height: 60)
        let outcomes = web.library.photos.importEdited(
            (edited, "IMG_0042-edited.JPG"), original: (original, "IMG_0042.JPG"), by: nil, hints: nil, originalHints: nil)
        let item = try #require(outcomes.edited.photoValue)
        let plain = try add("Bow Bridge.jpg", seed: 3, at: nil)

        // MUT
        let viewer = visitor.get("/photos/\(item.id)")
        let version = visitor.get("/photos/\(item.id)/version")
        let preview = visitor.get("/photos/\(item.id)/version/preview")
        let file = visitor.get("/photos/\(item.id)/version/original")
        let fileBytes = file.bodyBytes
        let none = [visitor.get("/photos/\(plain.id)/version").status, visitor.get("/photos/\(plain.id)/version/preview").status]
        unlink(web.library.photos.files.rendition(.preview, sha256: try #require(try web.library.photos.version(of: item)).sha256))
        unlink(web.library.photos.files.original(sha256: try #require(try web.library.photos.version(of: item)).sha256, format: .jpeg))
        let gone = visitor.get("/photos/\(item.id)/version/preview")

        // validate: the badge says the edited copy is on screen and shows the original in its place
        guard case .stacked = outcomes.original else { Issue.record("not kept beneath: \(outcomes.original)"); return }
        web.expectPage(viewer, recordedAs: "an-edited-copy", seenBy: visitor)
        #expect(!visitor.get("/photos/\(plain.id)").bodyText.contains("version-badge"))
        #expect(version.status == .ok)
        web.expectPage(version, recordedAs: "the-original-of-an-edited-copy", seenBy: visitor)
        #expect(
            preview.status == .ok && preview.headers["Content-Type"] == "image/jpeg"
                && preview.headers["Cache-Control"] == "private, no-cache")
        #expect(fileBytes == Array(try Data(contentsOf: URL(fileURLWithPath: original))))
        #expect(file.headers["Content-Disposition"] == "inline; filename=\"photo-\(item.id)-original.jpg\"")
        #expect(none == [.notFound, .notFound])
        #expect(gone.status == .notFound && gone.bodyText.contains("The file of this photo's other version is missing from the library"))
    }

    @Test func photoPagesOfAnUnknownPhotoOrPlaceAre404() throws {
        // setup
        let visitor = try web.signedIn()

        // MUT + validate
        #expect(visitor.get("/photos/12345").status == .notFound)
        #expect(visitor.get("/places/12345").status == .notFound)
        #expect(visitor.get("/photos/12345/place").status == .notFound)
        #expect(visitor.get("/places/none?after=999").status == .notFound)
    }
}

extension ImportOutcome {
    var photoValue: Photo? {
        switch self {
        case .imported(let photo, _), .alreadyThere(let photo, _), .paired(let photo), .stacked(let photo): photo
        case .refused: nil
        }
    }
}
