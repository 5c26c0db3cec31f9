import Foundation
@testable import RoadTrip
import SQLDatabase
import Testing

/// The book worker: a book asked for is made, on either engine; a job claimed again after its
/// worker died takes up the book that worker was making; a book another worker is making is left to it.
@Suite struct VacationBooksTests {
    private func vacation(_ fixture: PhotosFixture) throws -> (AccountID, Int64) {
        let anna = try fixture.account("anna").id
        let vacation = try fixture.vacations.create(named: "Lisbon", for: anna)
        let photo = try #require(fixture.importPhoto(try fixture.draw("tram.jpg", seed: 1, at: Spot.centralPark)).photo)
        _ = try fixture.vacations.visit(photo, into: vacation, for: anna, library: fixture.library)
        return (anna, vacation)
    }

    private func state(_ fixture: PhotosFixture, _ vacation: Int64) throws -> String? {
        try fixture.library.database.fetchValue("SELECT state FROM vacation_books WHERE vacation_id = \(vacation)")
    }

    @Test(arguments: DatabaseEngine.allCases)
    func aJobClaimedAgainTakesUpTheBookItsDeadWorkerWasMakingAndLeavesOneAnotherIsMaking(engine: DatabaseEngine) throws {
        // setup: a book asked for, then marked as being made (a worker took it)
        let fixture = try PhotosFixture(engine: engine)
        let (anna, vacation) = try vacation(fixture)
        let books = fixture.library.printedBooks
        try books.ask(BookRequest(size: .square), vacation: vacation, for: anna)
        try fixture.library.database.write { try $0.execute("UPDATE vacation_books SET state = 'making' WHERE vacation_id = \(vacation)") }

        // MUT: the job as a second worker claims it while the first is alive, then after it died
        try books.run(Job(id: 1, kind: .printedBook, key: String(vacation), attempts: 1))
        let whileHeld = try state(fixture, vacation)
        try books.run(Job(id: 1, kind: .printedBook, key: String(vacation), attempts: 2))
        let book = try books.book(of: vacation, for: anna)

        // validate
        #expect(whileHeld == "making")
        #expect(
            book?.state == .ready && book?.request.size == .square && book?.report.first?.hasSuffix("pages, 1 photo.") == true,
            "\(String(describing: book))")
        #expect(FileManager.default.fileExists(atPath: books.file(of: vacation)))
    }

    @Test(arguments: DatabaseEngine.allCases)
    func aBookOfChosenPhotosKeepsTheChoiceAndPrintsThoseAlone(engine: DatabaseEngine) throws {
        // setup: a vacation of two photos, the second chosen
        let fixture = try PhotosFixture(engine: engine)
        let (anna, vacation) = try vacation(fixture)
        let photo = try #require(fixture.importPhoto(try fixture.draw("boat.jpg", seed: 2, at: Spot.centralPark)).photo)
        _ = try fixture.vacations.visit(photo, into: vacation, for: anna, library: fixture.library)
        let (_, contents) = try #require(try fixture.vacations.vacation(vacation, of: anna))
        let second = try #require(try contents.photos(.all).first { $0.sha256 == photo.sha256 })
        var request = BookRequest()
        (request.photos, request.chosen) = (.chosen, [second.id])
        let books = fixture.library.printedBooks

        // MUT
        try books.ask(request, vacation: vacation, for: anna)
        try books.run(Job(id: 1, kind: .printedBook, key: String(vacation), attempts: 1))
        let book = try books.book(of: vacation, for: anna)

        // validate
        #expect(book?.request.photos == .chosen && book?.request.chosen == [second.id])
        #expect(book?.state == .ready && book?.report.first?.hasSuffix("pages, 1 photo.") == true, "\(String(describing: book))")
    }
}
