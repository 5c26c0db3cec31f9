import Foundation
import Geo
import SQLDatabase
import Testing
@testable import RoadTrip

/// Photos placed along a GPX track through Istria, Croatia, a few kilometres from the Italian and
/// Slovenian borders, are filed in Croatia — nearness and size alone filed some under Trieste — and
/// `roadtrip check --fix` re-files photos an older RoadTrip filed across the border. With the
/// world's gazetteer and borders, as RoadTrip ships them.
@Suite struct PlacingAcrossBordersTests {
    let fixture: PhotosFixture

    init() throws {
        fixture = try PhotosFixture(gazetteer: .bundled)
    }

    /// A drive through northern Istria (public coordinates, all in Croatia), from Savudrija's
    /// lighthouse by Umag, Buje, Grožnjan and Motovun to Buzet: a point every 10 minutes from 09:00 UTC.
    static let drive: [(Double, Double)] = [
        (45.4890, 13.5040), (45.4700, 13.5600), (45.4520, 13.6150), (45.4110, 13.6600), (45.4000, 13.7100),
        (45.3980, 13.7560), (45.3800, 13.8000), (45.3400, 13.8300), (45.3700, 13.9000), (45.4090, 13.9680),
    ]

    @Test func photosPlacedAlongADriveThroughIstriaAreFiledInCroatia() throws {
        // setup: the track, and a photo without a position at each of its points' times (the camera's clock at UTC+02:00)
        let start = try #require(TrackTime.milliseconds("2025-09-12T09:00:00Z"))
        try fixture.track("Istria", Self.drive.enumerated().map { ($1.0, $1.1, TrackTime.text(start + Int64($0) * 600_000)) })
        let ids = try Self.drive.indices.map { index in
            try fixture.row(
                "stop \(index)", takenAt: String(format: "2025-09-12T%02d:%02d:00", 11 + index * 10 / 60, index * 10 % 60), offset: 120)
        }
        let placer = fixture.library.placer

        // MUT
        let placement = try #require(try placer.apply(try placer.plan(PlacementRequest()), by: nil))

        // validate
        #expect(placement.photoCount == Self.drive.count)
        let countries = try ids.map { id in try fixture.photos.photo(id: id)?.placeID.flatMap { try fixture.photos.place(id: $0)?.country }
        }
        #expect(countries == Array(repeating: "Croatia", count: Self.drive.count), "every stop in Croatia: \(countries)")
        let names = try Set(ids.compactMap { try fixture.photos.photo(id: $0)?.placeID.flatMap { try fixture.photos.place(id: $0)?.name } })
        #expect(!names.contains("Trieste") && names.contains("Buzet"), "\(names)")
    }

    @Test func checkNotesPhotosFiledAcrossTheBorderAndFixFilesThemInTheirCountry() throws {
        // setup: a photo by Grožnjan, Croatia, filed under Trieste as nearness and size alone chose
        let gazetteer = try fixture.photos.gazetteer.gazetteer()
        let trieste = try #require(gazetteer.search("Trieste").first { $0.countryCode == "IT" })
        let id = try fixture.row("Grožnjan", takenAt: "2025-09-12T11:00:00", at: (45.3980, 13.7560))
        try fixture.library.database.write { db in
            try PhotoStore.record(trieste, in: db)
            try db.execute("UPDATE photos SET place_id = \(trieste.id) WHERE id = \(id)")
        }

        // MUT
        let noted = try fixture.library.check()
        let fixed = try fixture.library.check(fix: true)
        let again = try fixture.library.check()

        // validate
        #expect(
            noted.notes.contains {
                $0.hasPrefix(
                    """
                    1 photos are filed in another country than the one they were taken in (photo \(id), taken in Croatia, is under \
                    Trieste, Italy)
                    """
                )
            },
            "\(noted.notes)")
        // The photo is a row without a file (the fixture's): its original is the one problem there is.
        let filesOnly = { (report: LibraryCheckReport) in
            report.problems.allSatisfy { $0.hasPrefix("photo \(id): its original") && $0.hasSuffix("is missing") }
        }
        #expect(noted.repairs.isEmpty && filesOnly(noted), "\(noted.problems)")
        let place = try #require(try fixture.photos.photo(id: id)?.placeID.flatMap { try fixture.photos.place(id: $0) })
        #expect(place.country == "Croatia" && place.name == "Grožnjan", "\(place)")
        #expect(fixed.repairs == ["photos, photo \(id), place: Trieste, Italy → Grožnjan, Croatia"])
        #expect(filesOnly(fixed), "the places' counts followed: \(fixed.problems)")
        #expect(try fixture.photos.place(id: trieste.id)?.photoCount == 0)
        #expect(again.notes.isEmpty && again.repairs.isEmpty, "nothing left to re-file")
    }
}
