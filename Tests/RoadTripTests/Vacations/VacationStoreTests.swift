import Foundation
import SQLDatabase
import SQLite
import Testing
@testable import RoadTrip

@Suite struct VacationStoreTests {
    let fixture: PhotosFixture
    let ann: Account

    init() throws {
        fixture = try PhotosFixture()
        ann = try fixture.account("Ann")
    }

    var store: VacationStore { fixture.vacations }
    var folder: URL { fixture.vacationsFolder }

    @Test func aNewVacationIsItsOwnDocumentNamedByItsID() throws {
        // MUT
        let id = try store.create(named: "  Lisbon 2024 ", for: ann.id)

        // validate
        #expect(try store.all(of: ann.id).map(\.name) == ["Lisbon 2024"])
        #expect(try store.all(of: ann.id).first?.photoCount == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(id).vacation").path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["\(id).vacation"])
    }

    @Test func aBlankNameIsRefusedAndNothingIsCreated() throws {
        // MUT + validate
        #expect(throws: VacationError.nameEmpty) { try store.create(named: "   ", for: ann.id) }
        #expect(throws: VacationError.nameTooLong(limit: 100)) { try store.create(named: String(repeating: "x", count: 101), for: ann.id) }
        #expect(throws: VacationError.nameHasControlCharacters) { try store.create(named: "a\u{7}b", for: ann.id) }
        #expect(try store.all(of: ann.id).isEmpty)
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        #expect(files.isEmpty)
    }

    @Test func aNameThatExistsIgnoringCaseAndSpacesIsRefusedAndNothingIsCreated() throws {
        // setup
        try store.create(named: "Lisbon", for: ann.id)

        // MUT + validate
        #expect(throws: VacationError.alreadyExists(name: "Lisbon")) { try store.create(named: "  LISBON ", for: ann.id) }
        #expect(try store.all(of: ann.id).count == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1)
    }

    @Test func aHostileNameNeverReachesAPath() throws {
        // MUT
        let id = try store.create(named: "../../etc/passwd <script>", for: ann.id)

        // validate
        #expect(try store.all(of: ann.id).map(\.name) == ["../../etc/passwd <script>"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["\(id).vacation"])
    }

    @Test func renameAndDelete() throws {
        // setup
        let lisbon = try store.create(named: "Lisbon", for: ann.id)
        try store.create(named: "Porto", for: ann.id)

        // MUT
        try store.rename(lisbon, to: "Lisboa", for: ann.id)
        #expect(throws: VacationError.alreadyExists(name: "Porto")) { try store.rename(lisbon, to: "porto", for: ann.id) }
        try store.delete(lisbon, for: ann.id)

        // validate
        #expect(try store.all(of: ann.id).map(\.name) == ["Porto"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("\(lisbon).vacation").path))
        #expect(throws: VacationError.noSuchVacation) { try store.delete(lisbon, for: ann.id) }
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
        #expect(try store.bobCanCreateTheSameName(bob))
    }

    @Test func strayDocumentsLeftByACrashAreRemoved() throws {
        // setup
        let id = try store.create(named: "Lisbon", for: ann.id)
        try Data("half".utf8).write(to: folder.appendingPathComponent("99.vacation"))
        for name in [".incoming-5", ".incoming-5-wal", ".incoming-5-shm", "99.vacation-journal", "99.vacation-wal", "99.vacation-shm"] {
            try Data("half".utf8).write(to: folder.appendingPathComponent(name))
        }

        // MUT
        try store.removeStrayDocuments()

        // validate
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["\(id).vacation"])
    }

    /// After a crash mid-change the journal is hot: SQLite needs it to put the document back.
    @Test func theJournalOfAKnownDocumentIsKeptAtStartUp() throws {
        // setup
        let id = try store.create(named: "Lisbon", for: ann.id)
        try Data("journal".utf8).write(to: folder.appendingPathComponent("\(id).vacation-journal"))

        // MUT
        try store.removeStrayDocuments()

        // validate
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["\(id).vacation", "\(id).vacation-journal"])
    }
}

private extension VacationStore {
    /// Names are told apart per account: Bob may have a "Lisbon" too.
    func bobCanCreateTheSameName(_ bob: Account) throws -> Bool {
        try create(named: "Lisbon", for: bob.id) > 0
    }
}
