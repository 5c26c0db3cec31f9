import HTML
import RoadTrip

/// The zoom levels of the timeline, as iOS Photos has them: a tile a year, a tile a month of a
/// year, and the photos by day.
enum TimelineZoom {
    case years, months, days
}

/// Years | Months | Days, at the top of each zoom level: plain links, each to the level at
/// the year or month in view.
struct TimelineZoomBar: HTML {
    let current: TimelineZoom
    /// The year and month in view, where the other levels open.
    let year: Int?
    let month: TimelinePeriod?

    var content: some HTML {
        nav(.class("timeline-zoom"), .ariaLabel("Zoom")) {
            level(.years, "Years", .timelineYears)
            level(.months, "Months", year.map { .timelineYear($0) } ?? .timelineYears)
            level(.days, "Days", month.map { .timeline(.period($0)) } ?? .timeline(.newest))
        }
    }

    private func level(_ zoom: TimelineZoom, _ title: String, _ route: Route) -> some HTML {
        // A level changes the tab's view in place (app.js replaces the entry): no stack of levels.
        a(.class("timeline-zoom-level"), .href(route), .when(zoom == current, .ariaCurrent("page")), .data("navigation", "replace")) {
            title
        }
    }
}

/// The photos by day, newest first: a page of them, with month headers, each day's count, links
/// to the newer and older pages (timeline.js loads the older ones as they scroll into view),
/// and the scrubber beside them.
struct TimelineDaysView: HTML {
    let page: TimelinePage
    let months: [TimelineMonth]
    let undatedCount: Int
    /// Those of the page that are the account's favourites.
    let favorites: Set<Int64>

    var content: some HTML {
        let first = page.days.first?.day
        section(.class("timeline timeline-days-screen"), .script(ScreenScript.timeline), .ariaLabel("Timeline")) {
            TimelineZoomBar(
                current: .days, year: first?.year ?? months.first?.year,
                month: first.map { .month(year: $0.year, month: $0.month) } ?? months.first?.period)
            div(.class("timeline-body")) {
                div(.class("timeline-days")) {
                    if let newer = page.newer {
                        p(.class("timeline-newer")) {
                            a(.class("button"), .href(.timeline(.after(newer))), .rel("prev")) { "Newer photos" }
                        }
                    }
                    if page.days.isEmpty {
                        p(.class("empty-note")) { months.isEmpty ? "No photo has a date yet." : "No photos from before then." }
                    }
                    TimelineSections(days: page.days, months: months, favorites: favorites)
                    if let older = page.older {
                        p(.class("grid-more timeline-older")) {
                            a(.class("button more-photos"), .href(.timeline(.before(older))), .rel("next")) { "Older photos" }
                        }
                    } else if undatedCount > 0 {
                        p(.class("timeline-undated-link")) {
                            a(.class("button"), .href(.timelineUndated(after: nil))) { "\(PhotoFormat.count(undatedCount)) without a date" }
                        }
                    }
                }
                TimelineScrubber(months: months, current: first.map { .month(year: $0.year, month: $0.month) })
            }
        }
    }
}

/// A page's days, a month header where the month changes.
struct TimelineSections: HTML {
    let days: [TimelineDay]
    let months: [TimelineMonth]
    let favorites: Set<Int64>

    var content: some HTML {
        let counts = Dictionary(months.map { ($0.period, $0.photoCount) }, uniquingKeysWith: { first, _ in first })
        for (index, day) in days.enumerated() {
            let month = TimelinePeriod.month(year: day.day.year, month: day.day.month)
            if index == 0 || days[index - 1].day.month != day.day.month || days[index - 1].day.year != day.day.year {
                h2(.class("timeline-month"), .data("month", month.description)) {
                    TimelineText.month(year: day.day.year, month: day.day.month)
                    if let count = counts[month] { span(.class("timeline-count")) { PhotoFormat.count(count) } }
                }
            }
            section(.class("timeline-day"), .data("day", day.day.description), .ariaLabel(TimelineText.day(day.day))) {
                h3(.class("timeline-day-title")) {
                    TimelineText.day(day.day)
                    span(.class("timeline-count")) { PhotoFormat.count(day.photoCount) }
                }
                ul(.class("photo-grid timeline-grid")) {
                    for photo in day.photos {
                        li { PhotoCell(photo: photo, isFavorite: favorites.contains(photo.id), link: .timelinePhoto(id: photo.id)) }
                    }
                }
            }
        }
    }
}

/// The scrubber: every month with photos along the side, newest at the top, each year named at
/// its newest month. Without JavaScript its years are the links (to each year's newest month);
/// timeline.js makes the rail a slider of all the months, which a finger drags along, naming the
/// month under it, and lets go of to jump there.
struct TimelineScrubber: HTML {
    let months: [TimelineMonth]
    let current: TimelinePeriod?

    var content: some HTML {
        nav(.class("timeline-scrubber"), .ariaLabel("Jump to a month")) {
            ol(.class("scrubber-months")) {
                for (index, month) in months.enumerated() {
                    let startsYear = index == 0 || months[index - 1].year != month.year
                    let name = TimelineText.month(year: month.year, month: month.month)
                    li(.class(startsYear ? "scrubber-month year-start" : "scrubber-month")) {
                        a(
                            .href(.timeline(.period(month.period))), .data("label", name),
                            .ariaLabel(startsYear ? "\(month.year), from \(name)" : "\(name), \(PhotoFormat.count(month.photoCount))"),
                            .when(month.period == current, .ariaCurrent("true"))
                        ) {
                            if startsYear { span(.class("scrubber-year")) { String(month.year) } }
                        }
                    }
                }
            }
        }
    }
}

/// The Years or Months zoom level: a tile for each, with a photo, its name and its count.
struct TimelineTilesView: HTML {
    let zoom: TimelineZoom
    let heading: String
    let tiles: [TimelineTile]
    let year: Int?

    var content: some HTML {
        section(.class("timeline timeline-tiles-screen"), .ariaLabel(heading)) {
            TimelineZoomBar(
                current: zoom, year: year ?? tiles.first.flatMap(Self.year), month: tiles.first.map(\.period).flatMap(Self.month))
            h2(.class("section-title")) { heading }
            if tiles.isEmpty {
                p(.class("empty-note")) { "No photo has a date yet." }
            } else {
                ul(.class("timeline-tile-grid")) {
                    for tile in tiles {
                        li {
                            a(.class("timeline-tile"), .href(Self.route(tile.period)), .data("navigation", "replace")) {
                                if let cover = tile.cover {
                                    img(.src(.photoImage(id: cover.id, size: .thumbnail)), .alt(""), .loading("lazy"), .decoding("async"))
                                }
                                span(.class("tile-title")) { TimelineText.period(tile.period) }
                                span(.class("tile-count")) { PhotoFormat.count(tile.photoCount) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// A year's tile opens its months; a month's, its days.
    static func route(_ period: TimelinePeriod) -> Route {
        .timeline(.period(period))
    }

    static func year(_ tile: TimelineTile) -> Int? {
        switch tile.period {
        case .year(let year), .month(let year, _): year
        case .day(let day): day.year
        }
    }

    static func month(_ period: TimelinePeriod) -> TimelinePeriod? {
        if case .month = period { return period }
        return nil
    }
}

/// The photos without a date, newest import first, a page at a time.
struct TimelineUndatedView: HTML {
    let photos: [Photo]
    let more: Int64?
    let favorites: Set<Int64>

    var content: some HTML {
        section(.class("timeline timeline-undated"), .script(ScreenScript.timeline), .ariaLabel("Without a date")) {
            TimelineZoomBar(current: .days, year: nil, month: nil)
            h2(.class("section-title")) { "Without a date" }
            p(.class("row-subtitle")) {
                """
                These photos carry no date taken (a scan, a screenshot, a camera whose clock was never set), so they come after \
                all the others, the last imported first.
                """
            }
            if photos.isEmpty { p(.class("empty-note")) { "Every photo has a date." } }
            ul(.class("photo-grid timeline-grid")) {
                for photo in photos {
                    li { PhotoCell(photo: photo, isFavorite: favorites.contains(photo.id), link: .timelinePhoto(id: photo.id)) }
                }
            }
            if let more {
                p(.class("grid-more timeline-older")) {
                    a(.class("button more-photos"), .href(.timelineUndated(after: more)), .rel("next")) { "More photos" }
                }
            }
        }
    }
}

/// The master column beside the timeline: its years, each opening its months, and the photos
/// without a date.
struct TimelineIndexView: HTML {
    let months: [TimelineMonth]
    let undatedCount: Int
    var currentYear: Int? = nil
    /// Beside a photo: where it sits in the timeline, a row back to its day (or to the photos without a date).
    var photoPosition: (route: Route, title: String)? = nil

    var content: some HTML {
        let years = Dictionary(grouping: months, by: \.year).mapValues { $0.reduce(0) { $0 + $1.photoCount } }
        section(.class("timeline-index"), .ariaLabel("Years")) {
            if let photoPosition {
                p(.class("list-actions")) {
                    a(.class("button secondary timeline-photo-day"), .href(photoPosition.route)) { "‹ \(photoPosition.title)" }
                }
            }
            if years.isEmpty && undatedCount == 0 {
                p(.class("empty-note")) { "Photos you import appear here by when they were taken." }
            }
            ul(.class("rows")) {
                for year in years.keys.sorted(by: >) {
                    li {
                        a(.class("row"), .href(.timelineYear(year)), .when(year == currentYear, .ariaCurrent("page"))) {
                            span(.class("row-text")) {
                                span(.class("row-title")) { String(year) }
                                span(.class("row-subtitle")) { PhotoFormat.count(years[year] ?? 0) }
                            }
                            span(.class("row-chevron"), .ariaHidden()) { "›" }
                        }
                    }
                }
                if undatedCount > 0 {
                    li {
                        a(.class("row"), .href(.timelineUndated(after: nil))) {
                            span(.class("row-text")) {
                                span(.class("row-title")) { "Without a date" }
                                span(.class("row-subtitle")) { PhotoFormat.count(undatedCount) }
                            }
                            span(.class("row-chevron"), .ariaHidden()) { "›" }
                        }
                    }
                }
            }
        }
    }
}
