import Foundation
import SQLDatabase
import SQLite
import Testing
@testable import RoadTrip

@Suite struct VacationDocumentTests {
    let fixture: PhotosFixture
    let ann: Account

    init() throws {
        fixture = try PhotosFixture()
        ann = try fixture.account("Ann")
    }

    var store: VacationStore { fixture.vacations }

    private func photo(_ name: String, seed: UInt64, at spot: (Double, Double)?, takenAt: String) throws -> Photo {
        try #require(fixture.importPhoto(try fixture.draw(name, width: 120, height: 90, seed: seed, at: spot, takenAt: takenAt)).photo)
    }

    @Test func visitingRecordsThePhotoItsPlaceAndTagsAndTheItineraryIsInTheOrderFirstVisited() throws {
        // setup
        let id = try store.create(named: "Trip", for: ann.id)
        let lisbon = try photo("Alfama.jpg", seed: 1, at: (38.7139, -9.1394), takenAt: "2024-05-03T10:00:00")
        let saoPaulo = try photo("Paulista.jpg", seed: 2, at: Spot.paulista, takenAt: "2024-05-01T10:00:00")
        let lisbonAgain = try photo("Tram.jpg", seed: 3, at: (38.7140, -9.1395), takenAt: "2024-05-02T10:00:00")
        try fixture.library.photoTags.add("Trams", to: lisbon.id, for: ann.id)
        try fixture.library.photoTags.add("trams ", to: lisbonAgain.id, for: ann.id)
        try fixture.library.photoTags.add("Night", to: saoPaulo.id, for: ann.id)

        // MUT
        for photo in [lisbon, saoPaulo, lisbonAgain] { try store.visit(photo, into: id, for: ann.id, library: fixture.library) }
        let again = try store.visit(lisbon, into: id, for: ann.id, library: fixture.library)

        // validate
        let document = try #require(try store.vacation(id, of: ann.id)).document
        #expect(!again)
        #expect(try document.itinerary().map(\.name) == ["São Paulo", "Lisbon"])
        #expect(try document.itinerary().map(\.photoCount) == [1, 2])
        #expect(try document.tags().map(\.name) == ["Trams", "Night"])
        #expect(try document.tags().map(\.photoCount) == [2, 1])
        #expect(try document.tags(matching: "RAM").map(\.name) == ["Trams"])
        #expect(try document.photos().map(\.title) == ["Paulista", "Tram", "Alfama"])
        #expect(try store.all(of: ann.id).first?.photoCount == 3)
        #expect(try store.all(of: ann.id).first?.firstDate == "2024-05-01T10:00:00")
        #expect(try store.holding(sha256: lisbon.sha256, for: ann.id).map(\.name) == ["Trip"])
        let preview = try document.preview(photoID: try document.photos().first!.id)
        #expect(preview?.starts(with: [0xFF, 0xD8]) == true, "the vacation keeps its own JPEG preview")
    }

    @Test func unvisitingTheLastPhotoOfAPlaceOrTagRemovesItFromTheVacation() throws {
        // setup
        let id = try store.create(named: "Trip", for: ann.id)
        let lisbon = try photo("Alfama.jpg", seed: 1, at: (38.7139, -9.1394), takenAt: "2024-05-03T10:00:00")
        let saoPaulo = try photo("Paulista.jpg", seed: 2, at: Spot.paulista, takenAt: "2024-05-01T10:00:00")
        try fixture.library.photoTags.add("Trams", to: lisbon.id, for: ann.id)
        try fixture.library.photoTags.add("Food", to: lisbon.id, for: ann.id)
        try fixture.library.photoTags.add("Food", to: saoPaulo.id, for: ann.id)
        for photo in [lisbon, saoPaulo] { try store.visit(photo, into: id, for: ann.id, library: fixture.library) }

        // MUT
        let removed = try store.unvisit(sha256: lisbon.sha256, from: id, for: ann.id)
        let notThere = try store.unvisit(sha256: lisbon.sha256, from: id, for: ann.id)

        // validate
        let document = try #require(try store.vacation(id, of: ann.id)).document
        #expect(removed && !notThere)
        #expect(try document.itinerary().map(\.name) == ["São Paulo"])
        #expect(try document.tags().map(\.name) == ["Food"])
        let orphans: Int = try document.database.read { db in
            try db.fetchValue("SELECT (SELECT count(*) FROM places) + (SELECT count(*) FROM tags)") ?? -1
        }
        #expect(orphans == 2)
    }

    @Test func aVacationStillShowsItsPhotosWhenTheLibraryLosesThem() throws {
        // setup
        let id = try store.create(named: "Trip", for: ann.id)
        let lisbon = try photo("Alfama.jpg", seed: 1, at: (38.7139, -9.1394), takenAt: "2024-05-03T10:00:00")
        try store.visit(lisbon, into: id, for: ann.id, library: fixture.library)

        // MUT: the library's files go
        try FileManager.default.removeItem(at: fixture.data.url.appendingPathComponent("cache"))
        try FileManager.default.removeItem(at: fixture.data.url.appendingPathComponent("originals"))

        // validate
        let document = try #require(try store.vacation(id, of: ann.id)).document
        let kept = try #require(try document.photos().first)
        #expect(kept.title == "Alfama")
        #expect((try document.preview(photoID: kept.id))?.isEmpty == false)
    }
}
