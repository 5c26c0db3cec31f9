import HTML
import HTTPServer
import RoadTrip

/// The master column a page stands beside, read from the library: its list, the list's own top
/// bar, and the key under which app.js keeps the list from page to page. A page asks for the
/// column it stands beside (`PageFrame(title:beside:detail:)`); no controller makes another
/// controller to fill it, and a photo shows the same bar beside it as its grid did.
struct MasterColumn {
    var list: any HTML
    var bar: MasterBar
    var key: String? = nil

    /// The Photos screen a person lands on: On this day, then the places by country.
    static func places(in app: App, for context: RequestContext) throws -> MasterColumn {
        let account = try context.account.id
        let memories = try app.library.onThisDay.memories(TimelineController.today(app.library.clock), for: account)
        let places = try PlaceListView.read(order: .byCountry, from: app.library, for: account)
        let list = div(.class("photos-first-screen")) {
            OnThisDayView(memories: memories)
            places
        }
        return MasterColumn(list: list, bar: try .photos(.places, flickr: app.flickr))
    }

    /// A grid of the library's photos (`PhotoGridView.read`), with `current` marked: the same
    /// column as on the grid's own screen, under the way back to Places.
    static func photos(_ collection: PhotoCollection, current: Int64? = nil, in app: App, for context: RequestContext) throws
        -> MasterColumn
    {
        let (grid, flickrTab) = try PhotoGridView.read(collection, current: current, in: app, for: context)
        return MasterColumn(
            list: grid, bar: .photos(.places, title: grid.heading, back: Route.backToPlaces, flickr: flickrTab), key: collection.masterKey)
    }

    /// The photos this person opened lately, `current` marked.
    static func recents(_ items: [RecentItem], current: RecentKey? = nil, in app: App) throws -> MasterColumn {
        MasterColumn(list: RecentsView(items: items, current: current), bar: try .photos(.recents, flickr: app.flickr), key: "recents")
    }

    /// A vacation's column, whatever its list (its menu, its photos): signed in, under the photo
    /// apps' tabs, with a "+" that picks photos to add where the account may add; by a link, the
    /// vacation's alone.
    static func vacation(
        _ opening: VacationOpening, list: any HTML, title: String, back: (route: Route, label: String)?, key: String?, in app: App
    ) throws -> MasterColumn {
        let name = opening.vacation.name
        guard !opening.isLink else {
            return MasterColumn(
                list: list, bar: MasterBar(title: title, label: name, openButton: name, back: back, half: .photos), key: key)
        }
        var bar = try MasterBar.photos(.vacations, title: title, back: back, flickr: app.flickr)
        bar.add = opening.reveal.mayAdd ? (.vacationPicker(id: opening.addresses.vacationID, before: nil), "Add photos to \(name)") : nil
        return MasterColumn(list: list, bar: bar, key: key)
    }

    /// The timeline's years (`currentYear` open), as the Timeline tab shows them.
    static func timeline(currentYear: Int? = nil, months: [TimelineMonth]? = nil, in app: App) throws -> MasterColumn {
        MasterColumn(
            list: try timelineIndex(currentYear: currentYear, months: months, in: app), bar: try .photos(.timeline, flickr: app.flickr),
            key: "timeline")
    }

    /// The timeline's years beside a photo opened from it, under a way back to the photo's day.
    /// The row back changes with the day, so the column is kept only while the day is the same.
    static func timeline(beside photo: Photo, in app: App) throws -> MasterColumn {
        let day = photo.takenAt.flatMap { CalendarDay($0) }
        var index = try timelineIndex(currentYear: day?.year, in: app)
        index.photoPosition = (TimelineController.position(of: photo), day.map(TimelineText.day) ?? "Without a date")
        let key = "timeline-" + (photo.takenAt.map { String($0.prefix(10)) } ?? "undated")
        return MasterColumn(list: index, bar: try .photos(.timeline, flickr: app.flickr), key: key)
    }

    private static func timelineIndex(currentYear: Int?, months: [TimelineMonth]? = nil, in app: App) throws -> TimelineIndexView {
        let timeline = app.library.timeline
        return TimelineIndexView(
            months: try months ?? timeline.months(), undatedCount: try timeline.undatedCount(), currentYear: currentYear)
    }
}

extension PageFrame {
    /// A detail page beside `column`.
    init(
        title: String, beside column: MasterColumn, detail: any HTML, back: (route: Route, label: String)? = nil,
        detailActions: (any HTML)? = nil
    ) {
        self.init(
            title: title, screen: .detail, master: column.list, detail: detail, back: back, masterBar: column.bar, masterKey: column.key,
            detailActions: detailActions)
    }
}

extension PhotoCollection {
    /// Where a photo lives in the library: its place, or the photos with no place.
    static func home(of photo: Photo) -> PhotoCollection {
        photo.placeID.map { .place($0) } ?? .noLocation
    }
}
