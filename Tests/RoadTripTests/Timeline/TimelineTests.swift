import Foundation
import SQLDatabase
import TestDatabases
import Testing
@testable import RoadTrip

/// The timeline's counts, sections and pages, on both engines.
@Suite(.onEachEngine) struct TimelineTests {
    let fixture: PhotosFixture
    var timeline: Timeline { fixture.library.timeline }

    init() throws {
        fixture = try PhotosFixture(engine: .current)
    }

    @Test func countsFollowPhotosAcrossDayMonthAndYearBoundaries() throws {
        // setup
        let lastOfOctober = try fixture.dated("a", "2008-10-31T23:59:59")
        try fixture.dated("b", "2008-11-01T00:00:00")
        try fixture.dated("c", "2008-12-31T23:30:00")
        let newYear = try fixture.dated("d", "2009-01-01T00:10:00")
        try fixture.dated("e", "2009-01-01T18:00:00")
        let undated = try fixture.dated("f", nil)

        // validate: each photo on its own local day; the months newest first; the undated apart
        #expect(try fixture.dayCounts() == ["2008-10-31: 1", "2008-11-01: 1", "2008-12-31: 1", "2009-01-01: 2"])
        #expect(
            try timeline.months() == [
                TimelineMonth(year: 2009, month: 1, photoCount: 2), TimelineMonth(year: 2008, month: 12, photoCount: 1),
                TimelineMonth(year: 2008, month: 11, photoCount: 1), TimelineMonth(year: 2008, month: 10, photoCount: 1),
            ])
        #expect(try timeline.undatedCount() == 1)

        // MUT: one goes, one is dated again, the undated one gets a date
        try fixture.remove(lastOfOctober)
        try fixture.redate(newYear, to: "2008-11-01T09:00:00")
        try fixture.redate(undated, to: "2009-01-01T20:00:00")

        // validate: a day or month left without photos is gone from the counts
        #expect(try fixture.dayCounts() == ["2008-11-01: 2", "2008-12-31: 1", "2009-01-01: 2"])
        #expect(try timeline.months().map(\.period.description) == ["2009-01", "2008-12", "2008-11"])
        #expect(try timeline.months().map(\.photoCount) == [2, 1, 2])
        #expect(try timeline.undatedCount() == 0)
    }

    @Test func aPageIsSectionedByTheDayWhereThePhotoWasTakenWithItsCount() throws {
        // setup: 23:30 in Tokyo (UTC+9) is the 18th there, though it was the 18th at 14:30 UTC; the
        // camera's local time decides, as on the photo's own calendar.
        try fixture.library.database.write { db in
            try db.execute(
                """
                INSERT INTO photos (sha256, format, byte_count, width, height, title, taken_at, sorted_at, imported_at, taken_offset)
                VALUES ('\(raw: String(repeating: "a", count: 64))', 'jpeg', 1, 4, 3, 'tokyo', '2008-10-18T23:30:00', \
                '2008-10-18T23:30:00', 0, 540)
                """)
        }
        try fixture.dated("morning", "2008-10-19T08:00:00")
        for hour in 10...14 { try fixture.dated("day \(hour)", "2008-10-18T\(hour):00:00") }

        // MUT: a page of four, the 18th running on below
        let page = try timeline.page(.newest, size: 4)

        // validate
        #expect(page.days.map(\.day.description) == ["2008-10-19", "2008-10-18"])
        #expect(page.days.map(\.photoCount) == [1, 6])
        #expect(page.days[1].photos.map(\.title) == ["tokyo", "day 14", "day 13"])
        #expect(page.newer == nil)
        #expect(page.older?.description == "2008-10-18T13:00:00_\(try #require(page.photos.last).id)")
    }

    @Test func keysetPagesNeitherSkipNorRepeatWhilePhotosAreImported() throws {
        // setup: 40 photos, three at the same second (ordered by id)
        var originals: Set<Int64> = []
        for index in 0..<37 {
            originals.insert(try fixture.dated("p\(index)", String(format: "2010-03-%02dT12:00:00", 1 + index % 28) + ""))
        }
        for index in 0..<3 { originals.insert(try fixture.dated("same\(index)", "2010-03-15T12:00:00")) }

        // MUT: page down by 6, importing between pages photos newer than, older than and at the same second as the cursor
        var seen: [Int64] = []
        var page = try timeline.page(.newest, size: 6)
        var added = 0
        while true {
            seen += page.photos.map(\.id)
            guard let older = page.older else { break }
            try fixture.dated("new newer \(added)", "2011-01-01T00:00:00")
            try fixture.dated("new at cursor \(added)", older.takenAt)
            added += 1
            page = try timeline.page(.before(older), size: 6)
        }

        // validate: every photo there from the start once, in order, and nothing twice
        #expect(Set(seen).isSuperset(of: originals))
        #expect(seen.count == Set(seen).count)
        let keys = try fixture.photos.photos(ids: seen).compactMap { timeline.key(of: $0) }
        #expect(keys.count == seen.count)
        #expect(zip(keys, keys.dropFirst()).allSatisfy { ($0.takenAt, $0.id) > ($1.takenAt, $1.id) })
    }

    @Test func aPeriodStartsAtItsNewestPhotoAndPagingUpReturnsTheSamePages() throws {
        // setup
        for day in 1...9 { try fixture.dated("oct \(day)", "2008-10-0\(day)T10:00:00") }
        try fixture.dated("september", "2008-09-30T10:00:00")
        try fixture.dated("december", "2008-12-05T10:00:00")

        // MUT
        let october = try timeline.page(.period(.month(year: 2008, month: 10)), size: 4)
        let november = try timeline.page(.period(.month(year: 2008, month: 11)), size: 4)
        let day = try timeline.page(.period(.day(CalendarDay(2008, 10, 3))), size: 4)
        let down = try timeline.page(.before(try #require(october.older)), size: 4)
        let backUp = try timeline.page(.after(try #require(down.newer)), size: 4)
        let beforeAll = try timeline.page(.period(.year(1990)))

        // validate: a month without photos starts at the older ones; Back up is the page it came from
        #expect(october.photos.map(\.title) == ["oct 9", "oct 8", "oct 7", "oct 6"])
        #expect(october.newer != nil)
        #expect(november.photos.map(\.title) == october.photos.map(\.title))
        #expect(day.photos.map(\.title) == ["oct 3", "oct 2", "oct 1", "september"])
        #expect(backUp.photos == october.photos)
        #expect(down.photos.map(\.title) == ["oct 5", "oct 4", "oct 3", "oct 2"])
        #expect(beforeAll.photos.isEmpty && beforeAll.older == nil && beforeAll.newer == nil)
    }

    @Test func photosWithoutADateComeLastAndTheViewerTurnsAcrossTheBoundary() throws {
        // setup
        let oldest = try fixture.dated("oldest", "2001-01-01T00:00:00")
        let newest = try fixture.dated("newest", "2020-01-01T00:00:00")
        let scanned = try fixture.dated("scan 1", nil)
        let scannedLater = try fixture.dated("scan 2", nil)

        // MUT
        let undated = try timeline.undated(after: nil, size: 1)
        guard let more = undated.more else {
            Issue.record("the first page of one says there is more")
            return
        }
        let rest = try timeline.undated(after: more, size: 1)

        // validate: newest import first; the viewer goes newest → oldest → the undated, and back
        #expect(undated.photos.map(\.id) == [scannedLater] && rest.photos.map(\.id) == [scanned] && rest.more == nil)
        #expect(try timeline.page(.newest).photos.map(\.id) == [newest, oldest])
        let oldestPhoto = try #require(try fixture.photos.photo(id: oldest))
        #expect(try timeline.neighbours(of: oldestPhoto) == (newer: newest, older: scannedLater) as (newer: Int64?, older: Int64?))
        let later = try #require(try fixture.photos.photo(id: scannedLater))
        #expect(try timeline.neighbours(of: later) == (newer: oldest, older: scanned) as (newer: Int64?, older: Int64?))
    }

    @Test func yearsAndMonthsShowTheirCountsAndAPhotoOfTheirBusiestTime() throws {
        // setup
        try fixture.dated("2007 quiet", "2007-03-01T10:00:00")
        try fixture.dated("2007 busy 1", "2007-08-10T10:00:00")
        try fixture.dated("2007 busy 2", "2007-08-11T10:00:00")
        try fixture.dated("2008 only", "2008-02-29T10:00:00")

        // MUT
        let years = try timeline.years()
        let months = try timeline.months(of: 2007)

        // validate
        #expect(years.map(\.period) == [.year(2008), .year(2007)])
        #expect(years.map(\.photoCount) == [1, 3])
        #expect(years.map { $0.cover?.title } == ["2008 only", "2007 busy 2"])
        #expect(months.map(\.period) == [.month(year: 2007, month: 8), .month(year: 2007, month: 3)])
        #expect(months.map { $0.cover?.title } == ["2007 busy 2", "2007 quiet"])
        #expect(try timeline.months(of: 1999).isEmpty)
    }

    @Test func aDateThatCannotBeReadDoesNotEndThePaging() throws {
        // setup: an older RoadTrip's date as EXIF writes it (which `roadtrip check` repairs), last on the first page
        try fixture.dated("newest", "2009-01-01T10:00:00")
        try fixture.dated("unreadable", "2008:10:18 12:00:00")
        try fixture.dated("oldest", "2008-05-01T10:00:00")

        // MUT
        let first = try timeline.page(.newest, size: 2)
        let second = try timeline.page(.before(try #require(first.older)), size: 2)

        // validate: the page's edge is the last photo with a readable date (the other is in no day until
        // it is repaired), and the oldest is reached
        #expect(first.photos.map(\.title) == ["newest"])
        #expect(first.older?.takenAt == "2009-01-01T10:00:00")
        #expect(second.photos.map(\.title).last == "oldest")
    }

    @Test func addressesOfPeriodsAndKeysAreReadStrictly() {
        #expect(TimelinePeriod("2008-02-29") == .day(CalendarDay(2008, 2, 29)))
        #expect(TimelinePeriod("2007-02-29") == nil)
        #expect(TimelinePeriod("2008-13") == nil)
        #expect(TimelinePeriod("0000") == nil)
        #expect(TimelinePeriod("20O8") == nil)
        #expect(TimelinePeriod("2008-1") == nil)
        #expect(TimelinePeriod.month(year: 2008, month: 12).upperBound == "2009")
        #expect(TimelinePeriod.month(year: 9999, month: 12).upperBound > "9999-12-31T23:59:59")
        #expect(TimelinePeriod.day(CalendarDay(9999, 12, 31)).upperBound > "9999-12-31T23:59:59")
        #expect(TimelineKey("2008-10-18T12:00:00_1234")?.id == 1234)
        #expect(TimelineKey("2008-10-18T25:00:00_1234") == nil)
        #expect(TimelineKey("2008-10-18T12:00:00_-1") == nil)
        #expect(TimelineKey("2008-10-18T12:00:00_01") == nil)
        #expect(TimelineKey("2008-10-18T12:00:00_99999999999999999999") == nil)
        #expect(TimelineKey("2008-10-18 12:00:00_1") == nil)
    }
}
