import Foundation
import HTTPServer
import SQLite
@testable import RoadTrip
@testable import RoadTripWeb
import Testing

/// Keeping a vacation offline asks for every photo's page and every page of its book: what each
/// of those costs must not grow with the vacation, or keeping one costs the square of its photos.
@Suite struct VacationKeepCostTests {
    let web: WebFixture
    let ann: Visitor
    let annID: AccountID

    init() throws {
        web = try WebFixture()
        ann = try web.signedIn("Ann")
        annID = try #require(try web.library.accounts.all().first).id
    }

    /// A vacation of `count` photos, a day apart, written as visits leave them (the pages read
    /// rows, not images); with `places`, photo N at place N mod `places` (none at 0), and every
    /// fifth photo tagged "Tag 1" or "Tag 2".
    private func vacation(_ name: String, photos count: Int, places: Int = 0) throws -> Int64 {
        let id = try web.library.vacations.create(named: name, for: annID)
        let preview: [UInt8] = [0xFF, 0xD8, 0xFF], thumbnail = Array("RIFF".utf8)
        try web.library.database.write { db in
            for place in 0..<places {
                try db.execute(
                    """
                    INSERT INTO vacation_places (vacation_id, id, name, country, latitude, longitude) VALUES (\(id), \(place + 1), \
                    \("Place \(place + 1)"), 'Italy', 43.0, 11.0)
                    """)
            }
            for tag in 1...2 {
                try db.execute(
                    "INSERT INTO vacation_tags (vacation_id, id, name, name_key) VALUES (\(id), \(tag), \("Tag \(tag)"), \("tag \(tag)"))")
            }
            for number in 1...count {
                let digits = String(number, radix: 16)
                let sha256 = String(repeating: "0", count: 64 - digits.count) + digits
                let day = try #require(CalendarDay(year: 2020, month: 1, day: 1)?.adding(days: number)).description
                try db.execute(
                    """
                    INSERT INTO vacation_photos (vacation_id, id, sha256, title, taken_at, sorted_at, width, height, added_at, \
                    preview, thumbnail)
                    VALUES (\(id), \(number), \(sha256), \("Photo of day \(number)"), \(day + "T10:00:00"), \(day + "T10:00:00"), 4, 3, 0,
                        \(preview), \(thumbnail))
                    """)
                if places > 0, number % places > 0 {
                    try db.execute("UPDATE vacation_photos SET place_id = \(number % places) WHERE vacation_id = \(id) AND id = \(number)")
                }
                if number % 5 == 0 {
                    try db.execute(
                        "INSERT INTO vacation_photo_tags (vacation_id, photo_id, tag_id) VALUES (\(id), \(number), \(1 + number % 2))")
                }
            }
        }
        return id
    }

    @Test func aVacationsKeepListNamesEveryAddressOnceAPartAtATime() throws {
        // setup: 250 photos at 3 places (a third without one), 50 of them tagged
        let id = try vacation("Tuscany", photos: 250, places: 4)

        // MUT: every part in turn, as a device asks
        var addresses: [String] = [], parts = 0
        var next: String? = Route.vacationKeepListPart(id: id, from: 0).path
        while let address = next, parts < 100 {
            let answer = ann.get(address)
            try #require(answer.status == .ok)
            let part = try JSONDecoder().decode(KeepList.self, from: Data(answer.bodyBytes))
            #expect(part.files.count <= KeepList.partSize)
            addresses += part.files.map(\.url)
            (next, parts) = (part.next, parts + 1)
        }

        // validate: the screens, each list's grid and photos, two pictures and a book page a photo, each once
        let members: [(VacationPhotoFilter, [Int])] =
            [(.all, Array(1...250))]
            + (1...3).map { place in (.place(Int64(place)), (1...250).filter { $0 % 4 == place }) }
            + (1...2).map { tag in (.tag(Int64(tag)), (1...250).filter { $0 % 5 == 0 && 1 + $0 % 2 == tag }) }
        #expect(addresses.count == 4 + members.reduce(0) { $0 + 1 + $1.1.count } + 3 * 250)
        #expect(Set(addresses).count == addresses.count, "an address named twice")
        let named = Set(addresses)
        for (filter, photos) in members {
            #expect(named.contains(Route.vacationPhotos(id: id, filter: filter).path))
            let missing = photos.filter { !named.contains(Route.vacationPhoto(id: id, photo: Int64($0), filter: filter).path) }
            #expect(missing.isEmpty, "\(filter): \(missing)")
        }
        for number in [1, 125, 250] {
            #expect(addresses.contains(Route.vacationPhotoImage(id: id, photo: Int64(number), size: .preview).path))
            #expect(addresses.contains(Route.vacationBook(id: id, page: number).path))
        }
        #expect(parts == (addresses.count + KeepList.partSize - 1) / KeepList.partSize)
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
        #expect(
            page.contains(Route.sharedPhoto(largeLink, photo: 999, filter: .all).path)
                && page.contains(Route.sharedPhoto(largeLink, photo: 1_001, filter: .all).path))
        #expect(page.contains(">Photo of day 988<") && page.contains(">Photo of day 1012<"))
        #expect(!page.contains(">Photo of day 987<") && !page.contains(">Photo of day 1013<"))
        #expect(page.contains("The 25 around this one") && page.contains("See all"))
        #expect(largeBook.bodyText.contains("Photo of day 1000"))
        let first = visitor.get(Route.sharedPhoto(largeLink, photo: 1, filter: .all).path).bodyText
        #expect(first.contains(">Photo of day 13<") && !first.contains(">Photo of day 14<"), "the first photo's column starts at it")
        #expect(visitor.get(Route.sharedPhoto(largeLink, photo: 2_001, filter: .all).path).status == .notFound)
        #expect(visitor.get(Route.sharedBook(largeLink, page: 2_001).path).status == .notFound)
    }

    /// The work SQLite does for a page (its virtual machine's steps, counted, not timed), asked
    /// for the first time after the owner asked for `warm`: the first page of a vacation after a change reads its
    /// counts and order once, and a link's pages are kept once made (`PageCache`).
    private func steps(_ visitor: Visitor, _ path: String, after warm: String) throws -> Int64 {
        let database = try #require(web.library.database as? SQLiteDatabase)
        try #require(ann.get(warm).status == .ok, "\(warm)")
        let before = database.stepsTaken
        try #require(visitor.get(path).status == .ok, "\(path)")
        return database.stepsTaken - before
    }

    @Test func everyPageAKeepListNamesCostsTheSameWorkInAVacationOfThreeHundredOrOfThreeThousand() throws {
        // setup: the same places and tags in both (each list longer than a photo's column); the
        // photos asked for are in the middle
        let small = try vacation("Small", photos: 300, places: 4), large = try vacation("Large", photos: 3_000, places: 4)
        let smallLink = try web.library.sharing.makeLink(to: small, for: annID).token
        let largeLink = try web.library.sharing.makeLink(to: large, for: annID).token
        let visitor = web.visitor()
        func pages(_ id: Int64, _ token: ShareToken, middle: Int64) -> [(page: String, visitor: Visitor, path: String)] {
            let placed = middle - middle % 4 + 1, tagged = middle - middle % 10 + 5  // at "Place 1"; "Tag 2": every fifth photo, odd ones
            return [
                ("a photo of all", ann, Route.vacationPhoto(id: id, photo: middle, filter: .all).path),
                ("a photo of a place", ann, Route.vacationPhoto(id: id, photo: placed, filter: .place(1)).path),
                ("a photo of a tag", ann, Route.vacationPhoto(id: id, photo: tagged, filter: .tag(2)).path),
                ("a book page", ann, Route.vacationBook(id: id, page: Int(middle)).path),
                ("the menu", ann, Route.vacation(id: id).path),
                ("a linked photo of all", visitor, Route.sharedPhoto(token, photo: middle, filter: .all).path),
                ("a linked photo of a tag", visitor, Route.sharedPhoto(token, photo: tagged, filter: .tag(2)).path),
                ("a linked book page", visitor, Route.sharedBook(token, page: Int(middle)).path),
                ("a part of the keep list", ann, Route.vacationKeepListPart(id: id, from: Int(middle)).path),
            ]
        }

        // MUT
        let smallSteps = try pages(small, smallLink, middle: 150).map {
            try steps($0.visitor, $0.path, after: Route.vacation(id: small).path)
        }
        let largeSteps = try pages(large, largeLink, middle: 1_500).map {
            try steps($0.visitor, $0.path, after: Route.vacation(id: large).path)
        }

        // validate: within a tenth (a longer number here and there, an index a level deeper), where
        // reading the lists through would cost ten times as much
        for ((page, _, _), (smallWork, largeWork)) in zip(pages(small, smallLink, middle: 150), zip(smallSteps, largeSteps)) {
            #expect(smallWork > 0)
            #expect(Double(largeWork) < Double(smallWork) * 1.1, "\(page): \(smallWork) steps at 300 photos, \(largeWork) at 3,000")
        }
    }
}
