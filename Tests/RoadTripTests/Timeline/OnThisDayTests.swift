import Foundation
import TestDatabases
import Testing
@testable import RoadTrip

/// On this day, on both engines: the seven days around today's date in each earlier year.
@Suite(.onEachEngine) struct OnThisDayTests {
    let fixture: PhotosFixture
    var onThisDay: OnThisDay { fixture.library.onThisDay }

    init() throws {
        fixture = try PhotosFixture(engine: .current)
    }

    @Test func aMemoryIsEachEarlierYearsWeekAroundTodayNewestFirstAndNamedAfterItsPlace() throws {
        // setup
        let ann = try fixture.account("Ann")
        try fixture.dated("lisbon 1", "2023-06-10T10:00:00", at: PhotosFixture.lisbon)
        try fixture.dated("lisbon 2", "2023-06-13T10:00:00", at: PhotosFixture.lisbon)
        try fixture.dated("too early", "2023-06-06T23:59:59", at: PhotosFixture.lisbon)
        try fixture.dated("new york", "2021-06-13T08:00:00", at: PhotosFixture.newYork)
        try fixture.dated("this year", "2026-06-09T08:00:00", at: PhotosFixture.newYork)
        for index in 0..<30 { try fixture.dated("many \(index)", "2019-06-07T10:\(10 + index):00") }

        // MUT
        let found = try onThisDay.memories(CalendarDay(2026, 6, 10), for: ann.id)

        // validate: no cap of 20 — a memory counts all its photos and shows the first few
        #expect(found.map(\.yearsAgo) == [3, 5, 7])
        #expect(found.map(\.anniversary) == [CalendarDay(2023, 6, 10), CalendarDay(2021, 6, 10), CalendarDay(2019, 6, 10)])
        #expect(found.map(\.photoCount) == [2, 1, 30])
        #expect(found.map(\.title) == ["Lisbon", "New York City", nil])
        #expect(found.last?.photos.count == OnThisDay.coverCount)
        #expect(try onThisDay.photoIDs(around: CalendarDay(2019, 6, 10), for: ann.id).count == 30)
        #expect(try onThisDay.memories(CalendarDay(2026, 1, 20), for: ann.id).isEmpty)
    }

    @Test func acrossTheYearsEndAMemoryTakesTheDaysOfBothYears() throws {
        // setup: today is 30 December 2026
        let ann = try fixture.account("Ann")
        try fixture.dated("2024 end", "2024-12-28T10:00:00")
        try fixture.dated("2025 start", "2025-01-02T10:00:00")
        try fixture.dated("2026 start", "2026-01-01T10:00:00")
        try fixture.dated("this week", "2026-12-29T10:00:00")

        // MUT
        let found = try onThisDay.memories(CalendarDay(2026, 12, 30), for: ann.id)

        // validate
        #expect(found.map(\.yearsAgo) == [1, 2])
        #expect(found.map { $0.photos.map(\.title) } == [["2026 start"], ["2024 end", "2025 start"]])
        // And in early January, late December of the years before.
        #expect(
            try onThisDay.memories(CalendarDay(2027, 1, 2), for: ann.id).map(\.anniversary) == [
                CalendarDay(2026, 1, 2), CalendarDay(2025, 1, 2),
            ])
    }

    @Test func aLeapDayIsInTheMemoriesOfTheEndOfFebruaryAndIsTheTwentyEighthInOtherYears() throws {
        // setup
        let ann = try fixture.account("Ann")
        try fixture.dated("leap day", "2024-02-29T10:00:00")
        try fixture.dated("2027 feb 28", "2027-02-28T10:00:00")

        // MUT
        let in2027 = try onThisDay.memories(CalendarDay(2027, 3, 3), for: ann.id)
        let in2028 = try onThisDay.memories(CalendarDay(2028, 2, 29), for: ann.id)

        // validate: 3 March ±3 days reaches 29 February 2024; 29 February 2028 is 28 February in 2027
        #expect(in2027.map(\.anniversary) == [CalendarDay(2024, 3, 3)])
        #expect(in2028.map(\.anniversary) == [CalendarDay(2027, 2, 28), CalendarDay(2024, 2, 29)])
        #expect(in2028.map(\.photoCount) == [1, 1])
    }

    @Test func hidingAMemoryOrAPhotoIsEachPersonsOwn() throws {
        // setup
        let ann = try fixture.account("Ann")
        let bob = try fixture.account("Bob")
        let kept = try fixture.dated("kept", "2020-05-01T10:00:00")
        let hidden = try fixture.dated("hidden", "2020-05-02T10:00:00")
        try fixture.dated("older", "2018-05-01T10:00:00")
        let today = CalendarDay(2026, 5, 1)

        // MUT
        try onThisDay.hide(photo: hidden, for: ann.id)
        try onThisDay.hide(around: CalendarDay(2018, 5, 1), for: ann.id)

        // validate
        let anns = try onThisDay.memories(today, for: ann.id)
        #expect(anns.map(\.yearsAgo) == [6] && anns[0].photoCount == 1 && anns[0].photos.map(\.id) == [kept])
        #expect(try onThisDay.photoIDs(around: CalendarDay(2020, 5, 1), for: ann.id) == [kept])
        #expect(try onThisDay.memories(today, for: bob.id).map(\.photoCount) == [2, 1])
        #expect(try onThisDay.hide(photo: 999_999, for: ann.id) == false)
    }
}
