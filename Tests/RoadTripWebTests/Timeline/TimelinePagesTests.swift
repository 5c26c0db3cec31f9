import Foundation
import HTTPServer
@testable import RoadTrip
import RoadTripWeb
import Testing

/// The Timeline tab, On this day and the trips found, through the app as a browser without
/// JavaScript uses them: pages of days with Newer and Older, jumps to a month, the zoom levels,
/// the viewer turning through the timeline, a memory's book, hiding, making a vacation.
@Suite struct TimelinePagesTests {
    let web: WebFixture
    let uploads: PhotoUploads

    /// Noon, 4 December 2026, UTC.
    static let today = Date(timeIntervalSince1970: 1_796_385_600)

    init() throws {
        web = try WebFixture(clock: WallClock { TimelinePagesTests.today })
        uploads = try PhotoUploads()
    }

    /// A real photo (a file, so its thumbnail and preview can be made) taken at `takenAt` there.
    @discardableResult
    private func photo(_ name: String, _ takenAt: String, at position: (Double, Double)? = (40.7752, -73.9716), seed: UInt64 = 1) throws
        -> Photo
    {
        let path = try uploads.draw("\(name).jpg", seed: seed, at: position, takenAt: takenAt)
        guard case .imported(let photo, _) = web.library.photos.importPhoto(at: path, fileName: "\(name).jpg", by: nil) else {
            throw ImportFailure(name: name)
        }
        return photo
    }

    @Test func theTimelinePagesThroughDaysAndJumpsToAMonthWithoutJavaScript() throws {
        // setup: 130 photos, one a day, from 1 January 2008; one without a date
        let visitor = try web.signedIn()
        try web.library.database.write { db in
            for day in 0..<130 {
                let date = try #require(CalendarDay(year: 2008, month: 1, day: 1)?.adding(days: day))
                try db.execute(
                    """
                    INSERT INTO photos (sha256, format, byte_count, width, height, title, taken_at, sorted_at, imported_at)
                    VALUES (\(String(format: "%064d", day)), 'jpeg', 1, 4, 3, \("day \(day)"), \("\(date)T10:00:00"), \
                    \("\(date)T10:00:00"), 0)
                    """)
            }
            try db.execute(
                """
                INSERT INTO photos (sha256, format, byte_count, width, height, title, sorted_at, imported_at)
                VALUES (\(String(repeating: "f", count: 64)), 'jpeg', 1, 4, 3, 'scan', '2026-01-01T00:00:00', 0)
                """)
        }

        // MUT
        let first = visitor.get("/timeline")
        let olderLink = try #require(first.bodyText.firstMatch(of: /href="(\/timeline\?before=[^"]+)"/)?.1)
        let second = visitor.get(String(olderLink).replacingOccurrences(of: "&amp;", with: "&"))
        let march = visitor.get("/timeline/2008-03")
        let years = visitor.get("/timeline/years")
        let months = visitor.get("/timeline/2008")
        let undated = visitor.get("/timeline/undated")

        // validate: 120 a page, newest first, the 9 May 2008 page first; the rest on the next; headers and counts
        #expect(first.status == .ok)
        web.expectPage(first, recordedAs: "newest-days", seenBy: visitor)
        #expect(!first.bodyText.contains("Newer photos"))
        web.expectPage(second, recordedAs: "older-days-then-the-undated", seenBy: visitor)
        #expect(
            march.bodyText.contains(#"<h2 class="timeline-month" data-month="2008-03">March 2008"#)
                && !march.bodyText.contains("April 2008<span"))
        #expect(march.bodyText.contains(#"aria-label="March 2008, 31 photos" aria-current="true""#), "the scrubber marks the month in view")
        #expect(years.bodyText.contains(#"<span class="tile-title">2008</span><span class="tile-count">130 photos</span>"#))
        #expect(months.bodyText.contains(#"href="/timeline/2008-05""#) && months.bodyText.contains("May 2008"))
        #expect(undated.bodyText.contains("come after all the others") && undated.bodyText.contains("/timeline/photos/131"))
        #expect(visitor.get("/timeline/2008-13").status == .notFound)
        #expect(visitor.get("/timeline/1999").status == .notFound)
        #expect(visitor.get("/timeline?before=nonsense").status == .ok, "a key that is none is the newest page")
    }

    @Test func theTimelinesZoomLevelsAreTheTabsFirstScreenChangedInPlaceAsIsTheMap() throws {
        // setup
        let visitor = try web.signedIn()
        try photo("one", "2021-07-04T12:00:00")

        for path in ["/timeline", "/timeline/2021-07", "/timeline/years", "/timeline/2021", Route.photoMap.path] {
            // MUT
            let html = visitor.get(path).bodyText

            // validate: no Back (it is where the tab starts), the app tabs and the photo tabs kept on a phone, with their pictures
            let detail = try #require(html.range(of: #"<main class="detail""#)).upperBound
            #expect(!html[detail...].contains(#"class="bar-button back""#), "\(path): a tab's first screen has no Back")
            #expect(html.contains(#"<nav class="app-tabs tab-root""#), "\(path)")
            let tabs = try #require(
                html.firstMatch(of: /<nav class="tab-bar detail-tabs" aria-label="Photos">(.*?)<\/nav>/.dotMatchesNewlines())?.1)
            #expect(
                tabs.matches(of: /<svg class="tab-icon"/).count == 5,
                "\(path): Places, Timeline, Recents, Vacations, Map, each with its picture")
            #expect(
                tabs.contains(path == Route.photoMap.path ? #"href="/map" aria-current="page""# : #"href="/timeline" aria-current="page""#),
                "\(path)")
        }
        // Years | Months | Days, a year's and a month's tiles change the view in place (app.js replaces the entry).
        let years = visitor.get("/timeline/years").bodyText
        let levels = Markup.tags("a", in: years).filter { Markup.attribute("class", of: $0) == "timeline-zoom-level" }
        #expect(levels.count == 3 && levels.allSatisfy { Markup.attribute("data-navigation", of: $0) == "replace" })
        #expect(
            Markup.tags("a", in: years).filter { Markup.attribute("class", of: $0) == "timeline-tile" }
                .allSatisfy { Markup.attribute("data-navigation", of: $0) == "replace" })
        #expect(
            visitor.get(Route.photoMap.path).bodyText.contains(#"<a class="bar-button" href="/map/tracks">Tracks</a>"#),
            "Tracks from the map on a phone too")
        let undated = visitor.get("/timeline/undated").bodyText
        #expect(
            undated.contains(#"class="bar-button back""#) && !undated.contains("detail-tabs"),
            "a screen pushed from the tab has Back, and no tabs")
    }

    @Test func theViewerFromTheTimelineTurnsThroughItAndBackLandsOnTheDay() throws {
        // setup
        let visitor = try web.signedIn()
        let older = try photo("older", "2020-03-01T10:00:00", seed: 1)
        let middle = try photo("middle", "2021-07-04T12:00:00", seed: 2)
        let newer = try photo("newer", "2022-01-01T09:00:00", seed: 3)

        // MUT
        let page = visitor.get("/timeline/photos/\(middle.id)")

        // validate
        #expect(page.status == .ok)
        #expect(
            page.bodyText.contains(#"href="/timeline/photos/\#(newer.id)""#)
                && page.bodyText.contains(#"href="/timeline/photos/\#(older.id)""#))
        #expect(page.bodyText.contains(#"href="/timeline/2021-07-04""#), "Back goes to the photo's day")
        #expect(
            try web.library.recents.items(of: try #require(try web.library.accounts.account(named: "Ann")).id).count == 1,
            "opened from the timeline, it is a recent")
    }

    @Test func onThisDayShowsEarlierYearsAndItsBookTurnsAndHides() throws {
        // setup: three photos of this week two years ago, one of last week
        let visitor = try web.signedIn()
        let first = try photo("paris 1", "2024-12-02T10:00:00", at: (48.8566, 2.3522), seed: 1)
        let second = try photo("paris 2", "2024-12-03T10:00:00", at: (48.8566, 2.3522), seed: 2)
        try web.library.favorites.set(first.id, favorite: true, for: try #require(try web.library.accounts.account(named: "Ann")).id)
        try photo("paris 3", "2024-12-05T10:00:00", at: (48.8566, 2.3522), seed: 3)
        try photo("too early", "2024-11-27T10:00:00", seed: 4)

        // MUT
        let screen = visitor.get("/places")
        let book = visitor.get("/memories/2024-12-04/1")
        let hidePhoto = visitor.post("/memories/2024-12-04/hide", [("photo", String(first.id)), ("page", "1")])
        let afterPhoto = visitor.get("/memories/2024-12-04/1")
        let hideMemory = visitor.post("/memories/2024-12-04/hide")

        // validate: the week two years ago on Places; its book of three pages, Ann's favourite with its heart
        web.expectPage(screen, recordedAs: "places-with-on-this-day", seenBy: visitor)
        #expect(book.status == .ok)
        web.expectPage(book, recordedAs: "memory-book", seenBy: visitor)
        #expect(hidePhoto.status == .seeOther && hidePhoto.location == "/memories/2024-12-04/1")
        #expect(afterPhoto.bodyText.contains(#"data-pages="2""#) && afterPhoto.bodyText.contains("/photos/\(second.id)/preview"))
        #expect(hideMemory.status == .seeOther)
        #expect(!visitor.get("/places").bodyText.contains("On this day"))
        #expect(visitor.post("/memories/2024-12-04/hide", csrf: .omitted).status == .forbidden)
        #expect(visitor.get("/memories/2019-12-04/1").status == .notFound)
    }

    @Test func aTripFoundIsMadeIntoAVacationWithItsPhotosInDateOrderOrDismissed() throws {
        // setup: home in New York on ten days; Paris on three, Lisbon on two
        let visitor = try web.signedIn()
        for day in 1...10 { try photo("home \(day)", String(format: "2024-02-%02dT18:00:00", day), seed: UInt64(day)) }
        for (index, day) in ["2024-06-12", "2024-06-10", "2024-06-11"].enumerated() {
            try photo("paris \(day)", "\(day)T10:00:00", at: (48.8566, 2.3522), seed: UInt64(20 + index))
            try photo("paris \(day) b", "\(day)T11:00:00", at: (48.8566, 2.3522), seed: UInt64(30 + index))
        }
        for day in ["2024-09-01", "2024-09-02"] {
            for hour in 10...12 { try photo("lisbon \(day) \(hour)", "\(day)T\(hour):00:00", at: (38.7167, -9.1333), seed: UInt64(hour)) }
        }
        try web.library.tripFinder.run()
        let trips = try web.library.foundTrips.proposed()
        let paris = try #require(trips.first { $0.firstDay == CalendarDay(year: 2024, month: 6, day: 10) })
        let lisbon = try #require(trips.first { $0.firstDay == CalendarDay(year: 2024, month: 9, day: 1) })

        // MUT
        let list = visitor.get("/vacations")
        let made = visitor.post("/vacations/found/\(paris.id)/make")
        let again = visitor.post("/vacations/found/\(paris.id)/make")
        let dismissed = visitor.post("/vacations/found/\(lisbon.id)/dismiss")

        // validate: the vacation at once, its photos put in by the trip worker's job
        #expect(list.bodyText.contains("Trips found in your photos") && list.bodyText.contains("10–12 Jun 2024"), "\(list.bodyText)")
        #expect(made.status == .seeOther, "\(made.bodyText)")
        let account = try #require(try web.library.accounts.account(named: "Ann")).id
        let vacation = try #require(try web.library.vacations.all(of: account).first)
        #expect(made.location == "/vacations/\(vacation.id)")
        #expect(vacation.name.hasSuffix(", June 2024"))
        #expect(visitor.get("/vacations/\(vacation.id)").bodyText.contains("The trip’s 6 photos are being put in, in date order"))
        let job = try #require(try web.library.jobs.claim([.tripVacation]))
        try web.library.runTripJob(job)
        try web.library.jobs.finish(job)
        #expect(try web.library.foundTrips.fill(paris.id, library: web.library) == 0, "run again, it adds nothing twice")
        #expect(!visitor.get("/vacations/\(vacation.id)").bodyText.contains("are being put in"))
        let contents = try #require(try web.library.vacations.vacation(vacation.id, of: account)).contents
        #expect(
            try contents.photos().map(\.title) == [
                "paris 2024-06-10", "paris 2024-06-10 b", "paris 2024-06-11", "paris 2024-06-11 b",
                "paris 2024-06-12", "paris 2024-06-12 b",
            ])
        #expect(try !contents.itinerary().isEmpty, "the itinerary, as Visit makes it")
        #expect(again.status == .conflict && again.bodyText.contains("no longer proposed"))
        #expect(dismissed.status == .seeOther)
        #expect(try web.library.foundTrips.proposed().isEmpty)
        #expect(!visitor.get("/vacations").bodyText.contains("Trips found in your photos"))
    }

    @Test func aMemoryOrATripFoundMadeABookIsAVacationOfItsPhotosOpenAtMakeABook() throws {
        // setup: two photos of this week two years ago; a trip to Paris on three days away from ten at home
        let visitor = try web.signedIn()
        let account = try #require(try web.library.accounts.account(named: "Ann")).id
        try photo("paris 1", "2024-12-02T10:00:00", at: (48.8566, 2.3522), seed: 1)
        try photo("paris 2", "2024-12-03T10:00:00", at: (48.8566, 2.3522), seed: 2)
        for day in 1...10 { try photo("home \(day)", String(format: "2024-02-%02dT18:00:00", day), seed: UInt64(day)) }
        for (index, day) in ["2024-06-10", "2024-06-11", "2024-06-12"].enumerated() {
            try photo("rome \(day)", "\(day)T10:00:00", at: (41.9028, 12.4964), seed: UInt64(20 + index))
            try photo("rome \(day) b", "\(day)T11:00:00", at: (41.9028, 12.4964), seed: UInt64(30 + index))
        }
        try web.library.tripFinder.run()
        let rome = try #require(try web.library.foundTrips.proposed().first { $0.firstDay == CalendarDay(year: 2024, month: 6, day: 10) })

        // MUT
        let places = visitor.get("/places").bodyText
        let list = visitor.get("/vacations").bodyText
        let memory = visitor.post("/memories/2024-12-04/book")
        let trip = visitor.post("/vacations/found/\(rome.id)/make", [("book", "1")])
        let nothing = visitor.post("/memories/2019-12-04/book")

        // validate: each a vacation with its photos already in it (no job to wait for), open at Make a book…
        let vacations = try web.library.vacations.all(of: account)
        let remembered = try #require(vacations.first { $0.name == "Memories of 1–7 Dec 2024" }, "\(vacations.map(\.name))")
        let found = try #require(vacations.first { $0.name.hasSuffix(", June 2024") })
        #expect(places.contains(#"action="/memories/2024-12-04/book""#) && places.contains("Make a book…"))
        #expect(list.contains(#"<input type="hidden" name="book" value="1">"#))
        #expect(memory.status == .seeOther && memory.location == "/vacations/\(remembered.id)/print" && remembered.photoCount == 2)
        #expect(trip.status == .seeOther && trip.location == "/vacations/\(found.id)/print" && found.photoCount == 6)
        #expect(visitor.get("/vacations/\(found.id)/print").bodyText.contains("Make the book"))
        #expect(nothing.status == .notFound)
    }
}

private struct ImportFailure: Error {
    let name: String
}
