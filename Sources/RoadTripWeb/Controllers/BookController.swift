import Foundation
import HTML
import HTTPServer
import RoadTrip

/// The trip's Events book, its Weather page and the sample book's generated pages.
struct BookController: Controller {
    let app: App
    let context: RequestContext

    func page(_ number: Int) throws -> Response {
        let (menu, destination) = try menuAndTrip()
        let book = Book(pageCount: destination.eventCount)
        guard book.page(at: number) != nil else {
            if book.pageCount == 0 { return .redirect(to: Route.eventsEditor.path) }
            throw HTTPError.notFound("The Events book of \(destination.name) has \(book.pageCount) pages; there is no page \(number).")
        }
        let partnerNumber = book.spreadPartner(of: number)
        requestCopies(around: number, of: destination)  // first, so that the pages say their copies are under way
        let screen = BookScreen(
            destination: destination, book: book,
            current: try page(number, of: destination),
            partner: try partnerNumber.map { try page($0, of: destination) },
            settings: try app.library.trips.settings(of: context.account.id)
        )
        return app.page(
            PageFrame(
                title: "Events", screen: .detail, master: MenuView(menu: menu),
                detail: BookView(screen: screen), back: (.home, "RoadTrip"),
                detailActions: ReadingSettingsLink(from: .eventsBook(page: number))
            ), context: context)
    }

    /// RoadTrip's copy of an event page, sandboxed: its scripts never run and it cannot reach RoadTrip.
    func copy(_ number: Int) throws -> Response {
        let destination = try Destination.trip(of: context, in: app.library)
        guard !destination.isSample, let url = try app.library.events.url(destination: destination.id, page: number) else {
            throw HTTPError.notFound("RoadTrip has no saved copy of this page yet.")
        }
        return try savedCopy(of: url)
    }

    /// RoadTrip's copy of the destination's weather page, sandboxed like an event page's.
    func weatherCopy() throws -> Response {
        let destination = try Destination.trip(of: context, in: app.library)
        guard !destination.isSample else { throw HTTPError.notFound("RoadTrip has no saved copy of this page yet.") }
        return try savedCopy(of: destination.weatherURL)
    }

    /// Served only as an HTML page (a copy of anything else is no copy: `SavedCopies.copy(of:)`),
    /// under `sandbox` and `nosniff`: loaded as a script, a stylesheet or a picture by another
    /// page of RoadTrip's origin, the browser refuses it for its type. The book's gesture is
    /// written in at its end (`InlineScript`), the only script its policy lets run.
    private func savedCopy(of url: String) throws -> Response {
        let gesture = app.assets.frameGesture
        guard let saved = app.copies?.copy(of: url), let type = saved.contentType, type.hasPrefix("text/html"),
            var response = Response.file(
                at: saved.path, contentType: type, cacheControl: "private, no-cache",
                variant: gesture?.variant ?? "", for: context.request)
        else { throw HTTPError.notFound("RoadTrip has no saved copy of this page yet.") }
        if response.status == .ok, let gesture {
            guard let page = FileManager.default.contents(atPath: saved.path) else {
                throw HTTPError.notFound("RoadTrip has no saved copy of this page yet.")
            }
            response.body = .bytes(gesture.appended(to: [UInt8](page)))
        }
        response.headers["Content-Security-Policy"] = SecurityHeaders.savedCopyPolicy(gesture: gesture)
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response
    }

    /// The page and its neighbours get saved copies in the background, so that turning to them
    /// works offline too.
    private func requestCopies(around number: Int, of destination: Destination) {
        guard let copies = app.copies, !destination.isSample else { return }
        let urls = [number - 1, number, number + 1].compactMap { try? app.library.events.url(destination: destination.id, page: $0) }
        copies.request(urls)
    }

    /// The reading settings as a screen of their own: in a popover from the book's "Aa" on a
    /// tablet, a sheet on a phone (popovers.js), this screen without JavaScript.
    func settings(from: String?) throws -> Response {
        let back = try BookController.settingsReturn(from)
        return app.page(
            PageFrame(
                title: "Reading", screen: .detail, master: nil,
                detail: ReadingSettingsForm(settings: try app.library.trips.settings(of: context.account.id), from: back)
            ), context: context)
    }

    /// Where to go back to is checked first: one that is no book page (nor Your account) is
    /// refused, naming the field, and nothing is saved.
    func saveSettings() throws -> Response {
        let back = try BookController.settingsReturn(context.form["from"])
        let settings = BookSettings(
            transition: BookSettings.Transition(rawValue: context.field("transition")) ?? .curl,
            orientation: BookSettings.Orientation(rawValue: context.field("orientation")) ?? .horizontal
        )
        try app.library.trips.save(settings, for: context.account.id)
        return .redirect(to: back)
    }

    /// The page the reading settings go back to: a page of the Events book or of a vacation's,
    /// or Your account, as RoadTrip writes its address; without one the Events book's first page.
    static func settingsReturn(_ from: String?) throws -> String {
        guard let from, !from.isEmpty else { return Route.eventsBook(page: 1).path }
        switch Route(path: from) {
        case let route? where route.isReadingSettingsReturn: return route.path
        default:
            throw HTTPError(
                status: .badRequest, message: "The form's from field must be the address of a page of a book or of your account.")
        }
    }

    /// The forecast in a web view; a copy of it is fetched in the background, for use offline.
    /// As an event page: its copy shown where the site refuses framing, switched to in place when
    /// it arrives, and RoadTrip's message where the site could not be reached.
    func weather() throws -> Response {
        let (menu, destination) = try menuAndTrip()
        let url = destination.weatherURL
        var frame = WebFrame(source: url, title: "Weather for \(destination.locationTitle)", original: url)
        if let copies = app.copies, !destination.isSample {
            copies.request([url])
            switch copies.state(of: url) {
            case .saved(let saved):
                frame.copy = Route.weatherCopy.path
                if saved.refusesFraming { frame.source = Route.weatherCopy.path }
            case .pending:
                frame.source = nil  // framed once the server knows whether the site allows it
                frame.copyStatus = Route.weatherCopyStatus.path
            case .unreachable(_, let retryAt):
                frame.unreachable = BookController.unreachable(destination, .weather)
                frame.retryAt = BookController.instant(retryAt)
                frame.retry = Route.weatherCopyStatus.path
            case .failed, .none: break
            }
        }
        return app.page(
            PageFrame(
                title: "Weather", screen: .detail, master: MenuView(menu: menu),
                detail: WeatherView(destination: destination, frame: frame), back: (.home, "RoadTrip")
            ), context: context)
    }

    /// The destination and its points of interest on a map, the list beside it.
    func map() throws -> Response {
        let (menu, destination) = try menuAndTrip()
        return app.page(
            PageFrame(
                title: "Map", screen: .detail, master: MenuView(menu: menu),
                detail: TripMapView(destination: destination, pointsOfInterest: menu.trip?.pointsOfInterest ?? [], sources: app.mapSources),
                back: (.home, "RoadTrip")
            ), context: context)
    }

    /// "Chapter N": a page of the classic page-based example, for the sample destination's book.
    func samplePage(_ number: Int) throws -> Response {
        guard let sample = try app.catalog.sample(), Book(pageCount: sample.eventCount).page(at: number) != nil else {
            throw HTTPError.notFound("The sample book has no page \(number).")
        }
        let gesture = app.assets.frameGesture
        var page = SamplePageView(number: number, stylesheet: app.assets.route("sample.css")).renderBytes()
        if let gesture { page = gesture.appended(to: page) }
        var response = Response.html(bytes: page)
        response.headers["Cache-Control"] = "private, max-age=3600"
        response.headers["Content-Security-Policy"] = SecurityHeaders.samplePagePolicy(gesture: gesture)
        return response
    }

    private func page(_ number: Int, of destination: Destination) throws -> BookScreen.Page {
        let source: String
        if destination.isSample {
            source = Route.samplePage(number).path
        } else {
            guard let url = try app.library.events.url(destination: destination.id, page: number) else {
                throw HTTPError.notFound("There is no event page \(number).")
            }
            source = url
        }
        let state = destination.isSample ? nil : app.copies?.state(of: source)
        var saved: SavedCopy?
        var fetch: BookScreen.CopyFetch?
        switch state {
        case .saved(let copy): saved = copy
        case .pending: fetch = .pending(status: .eventCopyStatus(page: number))
        case .failed(let reason): fetch = .failed(reason: reason)
        case .unreachable(_, let retryAt):
            fetch = .unreachable(
                message: BookController.unreachable(destination, .events), retryAt: BookController.instant(retryAt),
                status: .eventCopyStatus(page: number))
        default: break  // no copy asked for, or the sample book
        }
        let shows: BookScreen.Shown = saved != nil ? .copy : fetch.map { if case .pending = $0 { .placeholder } else { .live } } ?? .live
        return BookScreen.Page(
            number: number, source: source, original: source,
            copy: saved.map { (Route.eventCopy(page: number), BookController.madeAt($0.madeAt)) },
            shows: shows, offersLive: !destination.isSample && saved?.refusesFraming != true, fetch: fetch
        )
    }

    /// Whose site a page is: the destination's events or its weather.
    enum Site: String { case events, weather }

    /// RoadTrip's words for a page whose site answered nothing, in plain words ("New York's
    /// events site can't be reached right now."): the fetcher's own reason (a resolver's or a
    /// socket's) is for the log, not the reader. When RoadTrip asks again goes beside it
    /// (`instant`), for web-view.js to say in the reader's own time zone.
    static func unreachable(_ destination: Destination, _ site: Site) -> String {
        "\(destination.name)'s \(site.rawValue) site can't be reached right now."
    }

    /// An instant as the browser reads it (`new Date(…)`): ISO 8601 in UTC.
    static func instant(_ date: Date) -> String {
        ISO8601DateFormatter().string(from: date)
    }

    /// "29 Nov 2026, 14:05 UTC": when a copy was made, in words.
    static func madeAt(_ date: Date) -> String {
        inUTC(date, "d MMM yyyy, HH:mm 'UTC'")
    }

    /// A date as `format` writes it, in British English and UTC.
    private static func inUTC(_ date: Date, _ format: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_GB")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter.string(from: date)
    }

    /// The menu beside a page of the trip, and the trip's destination, which the menu has read.
    private func menuAndTrip() throws -> (Menu, Destination) {
        let menu = try Menu.read(for: try context.account, from: app.library)
        guard let destination = menu.trip?.destination else { throw HTTPError.noTrip }
        return (menu, destination)
    }
}

extension Route {
    /// A page the reading settings may go back to.
    var isReadingSettingsReturn: Bool {
        switch self {
        case .eventsBook, .vacationBook, .account: true
        default: false
        }
    }
}
