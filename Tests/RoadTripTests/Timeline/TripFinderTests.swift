import Foundation
import Geo
import TestDatabases
import Testing
@testable import RoadTrip

/// Trips found in generated libraries, on both engines: a home in New York, trips to San
/// Francisco, São Paulo and Lisbon, and a day out too near home to count.
@Suite(.onEachEngine) struct TripFinderTests {
    let fixture: PhotosFixture
    var finder: TripFinder { fixture.library.tripFinder }
    var found: FoundTrips { fixture.library.foundTrips }

    init() throws {
        fixture = try PhotosFixture(engine: .current)
    }

    /// Photos at home every third day from January to May 2024: home is where most photo-days
    /// are, not most photos.
    private func home() throws {
        for day in stride(from: 0, to: 150, by: 3) {
            let date = try #require(CalendarDay(2024, 1, 1).adding(days: day))
            try fixture.dated("home \(day)", "\(date)T18:00:00", at: PhotosFixture.newYork)
        }
    }

    private func photos(
        _ name: String, on days: [String], each count: Int, at place: GazetteerPlace? = nil, position: (Double, Double)? = nil
    ) throws {
        for day in days {
            for index in 0..<count {
                try fixture.dated("\(name) \(day) \(index)", "\(day)T1\(index % 10):00:00", at: place, position: position)
            }
        }
    }

    @Test func tripsAreRunsOfDaysFarFromHomeAndADayOutNearHomeIsNone() throws {
        // setup: home; 60 photos on one day in Lisbon (more photos than any home day has); San
        // Francisco across the end of October with a day without photos inside; a day 40 km from
        // home; São Paulo, a gap of three days, São Paulo again (two trips)
        try home()
        try photos("lisbon", on: ["2024-03-05"], each: 60, at: PhotosFixture.lisbon)
        try photos("sf", on: ["2024-10-30", "2024-10-31", "2024-11-02"], each: 4, at: PhotosFixture.sanFrancisco)
        try photos("sf no position", on: ["2024-11-01"], each: 2)
        try photos("day out", on: ["2024-06-15", "2024-06-16"], each: 8, position: (41.05, -74.0))
        try photos("são paulo", on: ["2024-08-01", "2024-08-02"], each: 5, at: PhotosFixture.saoPaulo)
        try photos("são paulo again", on: ["2024-08-06"], each: 5, at: PhotosFixture.saoPaulo)

        // MUT
        let report = try finder.run()

        // validate
        #expect(report.homeFound)
        let home = try #require(try finder.storedHome())
        #expect(home.coordinate.distance(to: PhotosFixture.newYork.coordinate) < 1000 && home.photoDays == 50)
        let trips = try found.proposed()
        #expect(trips.map(\.title) == ["San Francisco", "São Paulo", "São Paulo", "Lisbon"])
        #expect(
            trips.map { "\($0.firstDay)…\($0.lastDay)" } == [
                "2024-10-30…2024-11-02", "2024-08-06…2024-08-06", "2024-08-01…2024-08-02",
                "2024-03-05…2024-03-05",
            ])
        #expect(trips.map(\.photoCount) == [14, 5, 10, 60])
        #expect(trips[0].farthestKilometres > 4000 && trips[0].vacationName == "San Francisco, October 2024")
        #expect(try finder.run().daysLookedAt == 0)
    }

    @Test func theThresholdsDecide() throws {
        // setup: the same two runs of São Paulo days
        try home()
        try photos("são paulo", on: ["2024-08-01", "2024-08-02"], each: 2, at: PhotosFixture.saoPaulo)
        try photos("são paulo again", on: ["2024-08-06"], each: 2, at: PhotosFixture.saoPaulo)
        var thresholds = TripFinder.Thresholds()
        thresholds.gapDays = 3
        thresholds.minimumPhotos = 6

        // MUT
        try TripFinder(database: fixture.library.database, clock: fixture.clock.wallClock, thresholds: thresholds).run()

        // validate: a gap of three days allowed joins them; six photos make one trip, not each run
        #expect(try found.proposed().map { "\($0.firstDay)…\($0.lastDay)" } == ["2024-08-01…2024-08-06"])
        thresholds.maximumDays = 5
        try TripFinder(database: fixture.library.database, clock: fixture.clock.wallClock, thresholds: thresholds).runAll()
        #expect(try found.proposed().isEmpty, "six days away is more than five: living elsewhere, not a trip")
        thresholds.maximumDays = 60
        thresholds.awayKilometres = 10_000
        try TripFinder(database: fixture.library.database, clock: fixture.clock.wallClock, thresholds: thresholds).runAll()
        #expect(try found.proposed().isEmpty)
    }

    @Test func anImportExtendsATripAndDismissedOrMadeTripsAreNotProposedAgain() throws {
        // setup
        try home()
        let ann = try fixture.account("Ann")
        try photos("lisbon", on: ["2024-07-05", "2024-07-06"], each: 3, at: PhotosFixture.lisbon)
        try photos("sf", on: ["2024-10-01"], each: 6, at: PhotosFixture.sanFrancisco)
        try finder.run()
        let lisbon = try #require(try found.proposed().first { $0.title == "Lisbon" })
        let sf = try #require(try found.proposed().first { $0.title == "San Francisco" })
        try found.dismiss(lisbon.id)

        // MUT: more photos of both trips arrive, one a day after each; trips are looked for again
        try photos("lisbon later", on: ["2024-07-07"], each: 3, at: PhotosFixture.lisbon)
        try photos("sf later", on: ["2024-10-02"], each: 3, at: PhotosFixture.sanFrancisco)
        let report = try finder.run()

        // validate: only the days near the change were read; the dismissed trip stays dismissed, grown
        #expect(report.photosRead < 60 && !report.homeFound)
        #expect(try found.proposed().map(\.id) == [sf.id])
        #expect(try found.proposed().first?.photoCount == 9)
        #expect(
            try found.trip(id: lisbon.id).map { ($0.status, $0.lastDay, $0.photoCount) } ?? (.open, CalendarDay(1, 1, 1), 0)
                == (.dismissed, CalendarDay(2024, 7, 7), 9))
        #expect(try found.dismiss(lisbon.id) == false)
        _ = ann
    }

    @Test func aTripEndingOnTheCalendarsLastDayHoldsItsPhotos() throws {
        // setup: home, and Lisbon on the last two days of year 9999 (and the first of year 1 far away)
        try home()
        try photos("lisbon", on: ["9999-12-30", "9999-12-31"], each: 3, at: PhotosFixture.lisbon)
        try photos("são paulo", on: ["0001-01-01"], each: 6, at: PhotosFixture.saoPaulo)

        // MUT
        try finder.run()

        // validate: each trip's photos are all its days' (a day after 9999-12-31 does not exist)
        let trips = try found.proposed()
        #expect(trips.map { "\($0.firstDay)…\($0.lastDay)" } == ["9999-12-30…9999-12-31", "0001-01-01…0001-01-01"])
        #expect(try trips.map { try found.photos(of: $0).count } == [6, 6])
        #expect(CalendarDay(9999, 12, 31).adding(days: 1) == nil && CalendarDay(1, 1, 1).adding(days: -1) == nil)
        #expect(CalendarDay(9999, 12, 31).endBound > "9999-12-31T23:59:59" && CalendarDay(9999, 12, 30).endBound == "9999-12-31")
    }

    @Test func homeIsTheSameEveryTimeAndIsLookedForAgainAsTheLibraryGrows() throws {
        // setup: as many days and photos in New York as in San Francisco: a tie
        try photos("ny", on: ["2024-03-01", "2024-03-02"], each: 3, at: PhotosFixture.newYork)
        try photos("sf", on: ["2024-04-01", "2024-04-02"], each: 3, at: PhotosFixture.sanFrancisco)
        try finder.run()
        let first = try #require(try finder.storedHome())
        #expect(
            first.coordinate.distance(to: PhotosFixture.sanFrancisco.coordinate) < 1000,
            "the tie goes to the square further south-west, every time")
        #expect(try found.proposed().map(\.title) == ["New York City"])

        // MUT: twenty days of photos in New York come
        try photos("ny later", on: (1...20).map { String(format: "2024-05-%02d", $0) }, each: 1, at: PhotosFixture.newYork)
        let report = try finder.run()

        // validate: home moved to New York, and every trip was measured from there again
        #expect(report.homeFound)
        #expect(try finder.storedHome().map { $0.coordinate.distance(to: PhotosFixture.newYork.coordinate) < 1000 } == true)
        #expect(try found.proposed().map(\.title) == ["San Francisco"])
    }
}
