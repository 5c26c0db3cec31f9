import Foundation
import HTTPServer
@testable import RoadTrip
@testable import RoadTripWeb
import Testing

/// Keeping a vacation offline asks for every photo's page and every page of its book: what each
/// of those costs must not grow with the vacation, or keeping one costs the square of its photos.
@Suite struct VacationKeepCostTests {
    let web: WebFixture
    let annID: AccountID

    init() throws {
        web = try WebFixture()
        _ = try web.signedIn("Ann")
        annID = try #require(try web.library.accounts.all().first).id
    }

    /// A vacation of `count` photos, a day apart, written as visits leave them (the pages read rows, not images).
    private func vacation(_ name: String, photos count: Int) throws -> Int64 {
        let id = try web.library.vacations.create(named: name, for: annID)
        let preview: [UInt8] = [0xFF, 0xD8, 0xFF], thumbnail = Array("RIFF".utf8)
        try web.library.database.write { db in
            for number in 1...count {
                let digits = String(number, radix: 16)
                let sha256 = String(repeating: "0", count: 64 - digits.count) + digits
                let day = try #require(CalendarDay(year: 2020, month: 1, day: 1)?.adding(days: number)).description
                try db.execute("""
                    INSERT INTO vacation_photos (vacation_id, id, sha256, title, taken_at, sorted_at, width, height, added_at, preview, thumbnail)
                    VALUES (\(id), \(number), \(sha256), \("Photo of day \(number)"), \(day + "T10:00:00"), \(day + "T10:00:00"), 4, 3, 0,
                        \(preview), \(thumbnail))
                    """)
            }
        }
        return id
    }

    @Test func aPhotosPageAndABookPageAreTheSameSizeInAVacationOfTwoHundredOrOfTwoThousand() throws {
        // setup
        let small = try vacation("Small", photos: 200), large = try vacation("Large", photos: 2_000)
        let smallLink = try web.library.sharing.makeLink(to: small, for: annID).token
        let largeLink = try web.library.sharing.makeLink(to: large, for: annID).token
        let visitor = web.visitor()

        // MUT
        let smallPhoto = visitor.get(Route.sharedPhoto(smallLink, photo: 100, filter: .all).path)
        let largePhoto = visitor.get(Route.sharedPhoto(largeLink, photo: 1_000, filter: .all).path)
        let smallBook = visitor.get(Route.sharedBook(smallLink, page: 100).path)
        let largeBook = visitor.get(Route.sharedBook(largeLink, page: 1_000).path)

        // validate: the same size give or take the numbers' digits; the
        // neighbours are links; the column shows the photos around the open one
        #expect([smallPhoto, largePhoto, smallBook, largeBook].allSatisfy { $0.status == .ok })
        #expect(largePhoto.bodyBytes.count < 100_000)
        let photoGrowth = largePhoto.bodyBytes.count - smallPhoto.bodyBytes.count
        #expect(photoGrowth < 1_000, "a photo's page grew by \(photoGrowth) bytes from 200 photos to 2,000")
        #expect(abs(largeBook.bodyBytes.count - smallBook.bodyBytes.count) < 100)
        let page = largePhoto.bodyText
        #expect(page.contains(Route.sharedPhoto(largeLink, photo: 999, filter: .all).path) && page.contains(Route.sharedPhoto(largeLink, photo: 1_001, filter: .all).path))
        #expect(page.contains(">Photo of day 970<") && page.contains(">Photo of day 1030<"))
        #expect(!page.contains(">Photo of day 969<") && !page.contains(">Photo of day 1031<"))
        #expect(page.contains("All 2000 photos"))
        #expect(largeBook.bodyText.contains("Photo of day 1000"))
        let first = visitor.get(Route.sharedPhoto(largeLink, photo: 1, filter: .all).path).bodyText
        #expect(first.contains(">Photo of day 31<") && !first.contains(">Photo of day 32<"), "the first photo's column starts at it")
        #expect(visitor.get(Route.sharedPhoto(largeLink, photo: 2_001, filter: .all).path).status == .notFound)
        #expect(visitor.get(Route.sharedBook(largeLink, page: 2_001).path).status == .notFound)
    }
}
