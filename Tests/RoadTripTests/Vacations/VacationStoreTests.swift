import Foundation
import SQLDatabase
import TestDatabases
import Testing
@testable import RoadTrip

@Suite(.onEachEngine) struct VacationStoreTests {
    let fixture: PhotosFixture
    let ann: Account

    init() throws {
        fixture = try PhotosFixture(engine: .current)
        ann = try fixture.account("Ann")
    }

    var store: VacationStore { fixture.vacations }

    /// Vacations live in the library, in both engines: a new one is a row, and no file.
    @Test func aNewVacationIsARowOfTheLibraryAndNoFile() throws {
        // MUT
        let id = try store.create(named: "  Lisbon 2024 ", for: ann.id)

        // validate
        #expect(try store.all(of: ann.id).map(\.name) == ["Lisbon 2024"])
        #expect(try store.all(of: ann.id).first?.photoCount == 0)
        #expect(try store.vacation(id, of: ann.id)?.contents.photos().isEmpty == true)
        #expect(!FileManager.default.fileExists(atPath: fixture.vacationsFolder.path))
        #expect(fixture.files(under: "cache").isEmpty)
    }

    @Test func aBlankNameIsRefusedAndNothingIsCreated() throws {
        // MUT + validate
        #expect(throws: VacationError.nameEmpty) { try store.create(named: "   ", for: ann.id) }
        #expect(throws: VacationError.nameTooLong(limit: 100)) { try store.create(named: String(repeating: "x", count: 101), for: ann.id) }
        #expect(throws: VacationError.nameHasControlCharacters) { try store.create(named: "a\u{7}b", for: ann.id) }
        #expect(try store.all(of: ann.id).isEmpty)
        #expect(try fixture.rows(in: "vacations") == 0)
    }

    @Test func aNameThatExistsIgnoringCaseAndSpacesIsRefusedAndNothingIsCreated() throws {
        // setup
        try store.create(named: "Lisbon", for: ann.id)

        // MUT + validate
        #expect(throws: VacationError.alreadyExists(name: "Lisbon")) { try store.create(named: "  LISBON ", for: ann.id) }
        #expect(try store.all(of: ann.id).count == 1)
        #expect(try fixture.rows(in: "vacations") == 1)
    }

    /// The one file a vacation has, its exported copy, is named by its id and version.
    @Test func aHostileNameNeverReachesAPath() throws {
        // MUT
        let id = try store.create(named: "../../etc/passwd <script>", for: ann.id)
        let export = try store.export(id, for: ann.id)

        // validate
        #expect(try store.all(of: ann.id).map(\.name) == ["../../etc/passwd <script>"])
        #expect(export == fixture.data.url.appendingPathComponent("cache/exports/\(id)-1.vacation").path)
        #expect(fixture.files(under: "cache") == ["exports/\(id)-1.vacation"])
    }

    @Test func renameAndDeleteAndWhatTheVacationHeldGoesWithIt() throws {
        // setup
        let lisbon = try store.create(named: "Lisbon", for: ann.id)
        let porto = try store.create(named: "Porto", for: ann.id)
        let photo = try #require(fixture.importPhoto(try fixture.draw("a.jpg", at: (38.7139, -9.1394))).photo)
        try fixture.library.photoTags.add("Trams", to: photo.id, for: ann.id)
        for id in [lisbon, porto] { try store.visit(photo, into: id, for: ann.id, library: fixture.library) }

        // MUT
        try store.rename(lisbon, to: "Lisboa", for: ann.id)
        #expect(throws: VacationError.alreadyExists(name: "Porto")) { try store.rename(lisbon, to: "porto", for: ann.id) }
        try store.rename(lisbon, to: "LISBOA", for: ann.id)
        try store.delete(lisbon, for: ann.id)

        // validate
        #expect(try store.all(of: ann.id).map(\.name) == ["Porto"])
        #expect(throws: VacationError.noSuchVacation) { try store.delete(lisbon, for: ann.id) }
        let left: [Int64] = try fixture.library.database.read { db in
            try ["vacation_photos", "vacation_places", "vacation_tags", "vacation_photo_tags"].map { table in
                try db.fetchValue("SELECT count(*) FROM \(raw: table) WHERE vacation_id = \(lisbon)") ?? -1
            }
        }
        #expect(left == [0, 0, 0, 0], "its photos, places and tags went with it")
        #expect(try store.vacation(porto, of: ann.id)?.contents.photos().count == 1, "Porto keeps its own")
        #expect(try store.holding(sha256: photo.sha256, for: ann.id).map(\.name) == ["Porto"])
    }

    @Test func anotherAccountsVacationIsNoSuchVacation() throws {
        // setup
        let bob = try fixture.account("Bob")
        let id = try store.create(named: "Lisbon", for: ann.id)
        let photo = try #require(fixture.importPhoto(try fixture.draw("a.jpg")).photo)

        // MUT + validate
        #expect(try store.vacation(id, of: bob.id) == nil)
        #expect(try store.all(of: bob.id).isEmpty)
        #expect(throws: VacationError.noSuchVacation) { try store.visit(photo, into: id, for: bob.id, library: fixture.library) }
        #expect(throws: VacationError.noSuchVacation) { try store.rename(id, to: "Mine", for: bob.id) }
        #expect(throws: VacationError.noSuchVacation) { try store.delete(id, for: bob.id) }
        #expect(throws: VacationError.noSuchVacation) { try store.export(id, for: bob.id) }
        #expect(throws: VacationError.noSuchVacation) { try store.exportHead(id, for: bob.id) }
        #expect(throws: VacationError.noSuchVacation) { try store.unvisit(sha256: photo.sha256, from: id, for: bob.id) }
        #expect(try store.bobCanCreateTheSameName(bob))
    }
}

private extension VacationStore {
    /// Names are told apart per account: Bob may have a "Lisbon" too.
    func bobCanCreateTheSameName(_ bob: Account) throws -> Bool {
        try create(named: "Lisbon", for: bob.id) > 0
    }
}
