import Foundation
import HTML
import HTTPServer
import RoadTrip

/// The timeline at its three zoom levels, the photos without a date, On this day's books and
/// hiding, and the trips found in the photos made into vacations or dismissed.
struct TimelineController: Controller {
    let app: App
    let context: RequestContext

    var timeline: Timeline { app.library.timeline }

    /// The photos by day from `start`: the newest, a month or day the scrubber jumped to, or a page up or down.
    func days(from start: TimelineStart) throws -> Response {
        let page = try timeline.page(start)
        let months = try timeline.months()
        let favorites = try app.library.favorites.among(page.days.flatMap { $0.photos.map(\.id) }, for: try context.account.id)
        return try frame(
            title: "Timeline",
            detail: TimelineDaysView(page: page, months: months, undatedCount: try timeline.undatedCount(), favorites: favorites),
            back: nil, months: months, currentYear: page.days.first?.day.year)
    }

    func years() throws -> Response {
        try frame(
            title: "Timeline", detail: TimelineTilesView(zoom: .years, heading: "Years", tiles: try timeline.years(), year: nil), back: nil)
    }

    func months(of year: Int) throws -> Response {
        let tiles = try timeline.months(of: year)
        guard !tiles.isEmpty else { throw HTTPError.notFound("There are no photos taken in \(year).") }
        return try frame(
            title: "Timeline", detail: TimelineTilesView(zoom: .months, heading: String(year), tiles: tiles, year: year),
            back: nil, currentYear: year)
    }

    func undated(after: Int64?) throws -> Response {
        let page = try timeline.undated(after: after)
        let favorites = try app.library.favorites.among(page.photos.map(\.id), for: try context.account.id)
        return try frame(
            title: "Without a date", detail: TimelineUndatedView(photos: page.photos, more: page.more, favorites: favorites),
            back: (.timelineYears, "Years"))
    }

    /// Where Back from a photo opened in the timeline leads: its day, or the photos without a date.
    static func position(of photo: Photo) -> Route {
        photo.takenAt.flatMap { CalendarDay($0) }.map { .timeline(.period(.day($0))) } ?? .timelineUndated(after: nil)
    }

    /// A memory's book: its photos, one a page, turned with the page curl like every book.
    func memory(_ anniversary: CalendarDay, page number: Int) throws -> Response {
        let account = try context.account.id
        let ids = try app.library.onThisDay.photoIDs(around: anniversary, for: account)
        let book = Book(pageCount: ids.count)
        guard book.page(at: number) != nil else {
            throw HTTPError.notFound(
                ids.isEmpty
                    ? "There are no photos of those days to remember." : "This memory has \(ids.count) pages; there is no page \(number).")
        }
        let partner = book.spreadPartner(of: number)
        let shown = Dictionary(
            try app.library.photos.photos(ids: [number, partner].compactMap { $0 }.map { ids[$0 - 1] }).map { ($0.id, $0) },
            uniquingKeysWith: { first, _ in first })
        guard let photo = shown[ids[number - 1]] else { throw HTTPError.notFound("This photo is no longer in the library.") }
        let settings = try app.library.trips.settings(of: account)
        let favorites = try app.library.favorites.among(Array(shown.keys), for: account)
        var videos: [Int64: VideoFile] = [:]
        for shownPhoto in shown.values where shownPhoto.isVideo { videos[shownPhoto.id] = try app.library.photos.video(of: shownPhoto) }
        let today = Self.today(app.library.clock)
        let yearsAgo = today.year - anniversary.year
        let days = OnThisDayView.days(around: anniversary)
        let label = yearsAgo > 0 ? "\(TimelineText.yearsAgo(yearsAgo)) · \(days)" : days
        let chrome = BookChrome(
            label: "Memories of \(label)", book: book, current: number, partner: partner, settings: settings,
            link: { .memory(day: anniversary, page: $0) }
        ) { page in
            let pagePhoto = shown[ids[page - 1]] ?? photo
            return MemoryBookPage(
                anniversary: anniversary, number: page, photo: pagePhoto, isCurrent: page == number, video: videos[pagePhoto.id],
                isFavorite: favorites.contains(pagePhoto.id))
        }
        return app.page(
            PageFrame(
                title: label, beside: try .places(in: app, for: context), detail: chrome, back: Route.backToPlaces,
                detailActions: ReadingSettingsLink(from: .memory(day: anniversary, page: number))
            ), context: context)
    }

    /// Hides a memory from this person's On this day, or (with `photo`) one photo from their memories.
    func hide(_ anniversary: CalendarDay) throws -> Response {
        let account = try context.account.id
        let memories = app.library.onThisDay
        guard !context.field("photo").isEmpty else {
            try memories.hide(around: anniversary, for: account)
            return .redirect(to: Route.places(order: .byCountry).path)
        }
        guard let photo = Int64(context.field("photo")), try memories.hide(photo: photo, for: account) else {
            throw HTTPError.notFound("There is no such photo.")
        }
        // The same page number now shows the next photo; past the end, the last; none left, the Photos screen.
        let left = try memories.photoIDs(around: anniversary, for: account).count
        guard left > 0 else { return .redirect(to: Route.places(order: .byCountry).path) }
        let page = min(max(1, Int(context.field("page")) ?? 1), left)
        return .redirect(to: Route.memory(day: anniversary, page: page).path)
    }

    /// A vacation of the trip found; with `book`, its photos put in it here and now (rather
    /// than by the background job, which then finds them there) and its Make a book… opened.
    func makeVacation(found id: Int64) throws -> Response {
        do {
            let trips = app.library.foundTrips
            let vacation = try trips.makeVacation(of: id, for: try context.account.id, library: app.library)
            guard context.field("book") == "1" else { return .redirect(to: Route.vacation(id: vacation).path) }
            try trips.fill(id, library: app.library)
            return .redirect(to: Route.vacationPrint(id: vacation).path)
        } catch let error as FoundTripError {
            throw HTTPError(status: .conflict, message: error.description)
        } catch let error as VacationError {
            // A name the vacations refuse (the trip's places' names, too long once dated): nothing was made.
            throw HTTPError(status: .unprocessableContent, message: error.description)
        }
    }

    /// A memory's book: a vacation of its photos ("Memories of 1–7 Dec 2023"), each as Visit
    /// adds it, then its Make a book…. The memory stays as it was.
    func makeBook(of anniversary: CalendarDay) throws -> Response {
        let account = try context.account.id
        let ids = try app.library.onThisDay.photoIDs(around: anniversary, for: account)
        guard !ids.isEmpty else { throw HTTPError.notFound("There are no photos of those days to remember.") }
        let vacations = app.library.vacations
        let vacation = try vacations.create(
            namedLike: "Memories of \(OnThisDayView.days(around: anniversary))", for: account, generated: true
        ).id
        for start in stride(from: 0, to: ids.count, by: 500) {
            for photo in try app.library.photos.photos(ids: Array(ids[start..<min(start + 500, ids.count)])) {
                try vacations.visit(photo, into: vacation, for: account, library: app.library)
            }
        }
        return .redirect(to: Route.vacationPrint(id: vacation).path)
    }

    func dismiss(found id: Int64) throws -> Response {
        guard try app.library.foundTrips.dismiss(id) else {
            throw HTTPError(status: .conflict, message: FoundTripError.noLongerProposed.description)
        }
        return .redirect(to: Route.vacations.path)
    }

    /// Today on the server's calendar (its time zone), for On this day.
    static func today(_ clock: WallClock) -> CalendarDay {
        let date = clock.now()
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down)) + Int64(TimeZone.current.secondsFromGMT(for: date))
        return CalendarDay(daysSince1970: seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400) ?? .epoch
    }

    /// Without `back`, one of the tab's zoom levels: the tab's first screen, which keeps the tab
    /// bars on a phone (the levels and the scrubber change it in place).
    private func frame(
        title: String, detail: some HTML, back: (route: Route, label: String)?, months: [TimelineMonth]? = nil,
        currentYear: Int? = nil
    ) throws -> Response {
        var frame = PageFrame(
            title: title, beside: try .timeline(currentYear: currentYear, months: months, in: app), detail: detail, back: back)
        frame.tabRoot = back == nil
        return app.page(frame, context: context)
    }
}
