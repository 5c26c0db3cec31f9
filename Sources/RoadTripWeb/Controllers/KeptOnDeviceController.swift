import Foundation
import HTTPServer
import RoadTrip

/// What a device keeps to use the trip, or one vacation, without a network: the addresses
/// kept-sets.js fetches into the account's caches, each with the bytes it will take. Sent in
/// parts: each address is measured by answering it, so a part answers at most `partSize` of
/// them, and a book of 10,000 pages costs each request what a book of 12 does.
struct KeepList: Codable, Equatable {
    struct File: Codable, Equatable {
        let url: String
        let bytes: Int
    }

    /// Addresses a part answers, at most (an event page and its copy are two).
    static let partSize = 100

    /// "Trip to Paris", "Vacation “Alps”": how the offline page lists it.
    let title: String
    /// The page to open it at.
    let start: String
    /// This part's files.
    let files: [File]
    /// This part's bytes.
    let bytes: Int
    /// The book's event pages whose copy the server is still fetching (the whole book's, in
    /// every part): the first part is asked for again until none are.
    let waiting: Int
    /// This part's event pages the server could not copy: their book pages are kept, without the event's page.
    let uncopied: Int
    /// Where the next part is; nil in the last.
    var next: String? = nil
    /// A vacation's videos, and its Live and Motion Photos' motion, that play now (in its first
    /// part): kept only when asked for, so their size is said before.
    var videos: Videos? = nil

    struct Videos: Codable, Equatable {
        let files: [File]
        let bytes: Int
        /// How many of them are videos (the others are stills' motion).
        let videoCount: Int
    }
}

/// Keeping the trip and vacations on a device: the lists of what to keep, the fresh form token
/// for changes made offline, and the offline page.
struct KeptOnDeviceController: Controller {
    let app: App
    let context: RequestContext

    /// Everything the trip needs offline: the menu, the destination and its picture, every page
    /// of the Events book and the saved copy of each event page, Weather and its copy, the map and
    /// the basemap's tiles it draws.
    /// The first part asks the server to check the book's copies (one job for the whole book,
    /// whose worker queues the fetches) and to copy the forecast; the addresses are listed
    /// without reading anything per page, and only the part asked for is answered.
    func tripList(from first: Int) throws -> Response {
        let destination = try Destination.trip(of: context, in: app.library)
        var routes: [Route] = [.home, .destination(id: destination.id), .destinationImage(id: destination.id), .weather, .tripMap]
        // The menu shows every destination with its picture (this one's is above: each address once).
        routes += try app.catalog.all().filter { $0.id != destination.id }.map { Route.destinationImage(id: $0.id) }
        if destination.isSample {
            routes += (0..<destination.eventCount).flatMap { [Route.eventsBook(page: $0 + 1), .samplePage($0 + 1)] }
        } else {
            // A page's copy is kept when it answers: one not copied (yet) is left out.
            let copies: (Int) -> [Route] = app.copies == nil ? { _ in [] } : { [.eventCopy(page: $0)] }
            routes += (0..<destination.eventCount).flatMap { [Route.eventsBook(page: $0 + 1)] + copies($0 + 1) }
            if app.copies != nil { routes.append(.weatherCopy) }
        }
        if let basemap = app.basemap {
            routes += BasemapPack.tilesToKeep(over: [destination.coordinate]).map { .basemapTile($0, version: basemap.version) }
        }
        var waiting = 0
        if let copies = app.copies, !destination.isSample {
            if first == 0 {
                // This part's own pages at once, with the forecast, in one transaction (the book
                // pages answered below then find them queued); the rest by the book's check.
                let pages = routes.prefix(KeepList.partSize).compactMap { route -> Int? in
                    if case .eventCopy(let page) = route { page } else { nil }
                }
                let part = try pages.last.map { try app.library.events.urls(destination: destination.id, pages: 1...$0) } ?? []
                copies.request(part + [destination.weatherURL])
                copies.requestBook(destination: destination.id)
            }
            waiting = try app.library.events.pagesBeingCopied(destination: destination.id)
        }
        let part = measure(routes, from: first)
        let uncopied = try uncopiedPages(of: destination, among: part.unanswered)
        return try json(
            KeepList(
                title: "Trip to \(destination.name)", start: Route.home.path, files: part.files, bytes: part.bytes,
                waiting: waiting, uncopied: uncopied, next: part.next.map { Route.tripKeepListPart(from: $0).path }
            ))
    }

    /// Everything a vacation shows offline: its menu, itinerary and tags, its photos as a whole,
    /// by place and by tag, each photo in the viewer from each of those, every thumbnail and
    /// preview, its book, and the basemap's tiles its maps draw.
    func vacationList(_ id: Int64, from first: Int) throws -> Response {
        try vacationList(try VacationOpening.signedIn(id, context: context, store: app.library.vacations), from: first)
    }

    /// A shared vacation, kept by its link's guest as an account keeps one.
    func sharedList(from first: Int) throws -> Response {
        guard let link = context.link, !link.locked else { throw HTTPError.notFound("There is no such link.") }
        return try vacationList(try VacationOpening.link(link.shared, token: link.token), from: first)
    }

    /// Everything a vacation's screens need, as whoever asks may see them: its menu, itinerary,
    /// tags, each grid and photo, the pictures, the book, and where places show, the basemap's tiles.
    private func vacationList(_ opening: VacationOpening, from first: Int) throws -> Response {
        let addresses = opening.addresses
        let (routes, start, total) = try VacationKeepRoutes(opening: opening, basemap: app.basemap).part(
            from: first, size: KeepList.partSize)
        let part = measure(routes, start: start, total: total)
        // Measured by the renditions' sizes, not by answering them: a vacation's videos may be gigabytes.
        let movies = first == 0 ? try opening.contents.movies() : []
        let videos =
            movies.isEmpty
            ? nil
            : KeepList.Videos(
                files: movies.map { KeepList.File(url: addresses.video($0.photoID).path, bytes: $0.byteCount) },
                bytes: movies.reduce(0) { $0 + $1.byteCount }, videoCount: movies.count { $0.isVideo })
        return try json(
            KeepList(
                title: "Vacation “\(opening.vacation.name)”", start: addresses.menu.path, files: part.files, bytes: part.bytes,
                waiting: 0, uncopied: 0, next: part.next.map { addresses.keepList(from: $0).path }, videos: videos
            ))
    }

    /// The session's form token, for changes kept offline and sent later: the token of the page
    /// they were made on may be an old one. Never stored by a cache.
    func formToken() throws -> Response {
        try json(["csrf": context.requireSession().csrfToken])
    }

    /// The page a device shows for a page it did not keep while there is no network. It holds
    /// nothing of anyone's: network-status.js lists what this browser keeps for the account.
    func offlinePage() -> Response {
        // Back, as every screen has: to the screen it was opened from (app.js), else the guide.
        app.page(
            PageFrame(title: "Offline", screen: .detail, master: nil, detail: OfflineView(), back: (.home, "RoadTrip")), context: context)
    }

    /// One part of a list: the addresses from `first`, at most `KeepList.partSize`, each
    /// measured by answering it as this request would be (the session's cookie, uncompressed):
    /// exactly what the device will store. Only what answers 200, or 204 (the basemap's tiles of
    /// the open sea: nothing to draw), is kept; the others are `unanswered`. The lists name each
    /// address once.
    private func measure(_ routes: [Route], from first: Int) -> (files: [KeepList.File], bytes: Int, unanswered: [Route], next: Int?) {
        let start = min(max(0, first), routes.count)
        let end = min(start + KeepList.partSize, routes.count)
        return measure(Array(routes[start..<end]), start: start, total: routes.count)
    }

    /// The part `routes` of a list of `total` addresses, the first of them its `start`-th, measured.
    private func measure(_ routes: [Route], start: Int, total: Int) -> (files: [KeepList.File], bytes: Int, unanswered: [Route], next: Int?)
    {
        let end = start + routes.count
        var files: [KeepList.File] = []
        var unanswered: [Route] = []
        for route in routes {
            let answer = app.respond(to: internalRequest(route.path))
            guard answer.status == .ok || answer.status == .noContent, let bytes = answer.body.size else {
                unanswered.append(route)
                continue
            }
            files.append(KeepList.File(url: route.path, bytes: bytes))
        }
        return (files, files.reduce(0) { $0 + $1.bytes }, unanswered, end < total ? end : nil)
    }

    /// Of the event pages whose copy did not answer, those the server could not copy (not those
    /// it is fetching now, nor any while the book's check has yet to say which it will fetch).
    private func uncopiedPages(of destination: Destination, among unanswered: [Route]) throws -> Int {
        guard let copies = app.copies, !copies.isCheckingBook(destination: destination.id) else { return 0 }
        return try unanswered.reduce(0) { count, route in
            guard case .eventCopy(let page) = route, let url = try app.library.events.url(destination: destination.id, page: page) else {
                return count
            }
            if case .pending = copies.state(of: url) { return count }
            return count + 1
        }
    }

    private func internalRequest(_ address: String) -> Request {
        let parts = address.split(separator: "?", maxSplits: 1)
        let pairs = parts.count > 1 ? parts[1].split(separator: "&") : []
        let query: [(name: String, value: String)] = pairs.map { pair in
            let field = pair.split(separator: "=", maxSplits: 1)
            return (name: String(field[0]), value: field.count > 1 ? (String(field[1]).removingPercentEncoding ?? "") : "")
        }
        var headers = context.request.headers
        headers["Accept-Encoding"] = nil
        headers["If-None-Match"] = nil
        headers["If-Modified-Since"] = nil
        // Measuring a link's pages is no visit of the link's.
        headers["Cookie"] = [headers["Cookie"], "\(Cookies.linkSeen)=1"].compactMap { $0 }.joined(separator: "; ")
        return Request(method: "GET", path: String(parts[0]), query: query, headers: headers, clientAddress: context.request.clientAddress)
    }

    private func json(_ value: some Encodable) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var response = Response(body: .bytes(Array(try encoder.encode(value))))
        response.headers["Content-Type"] = "application/json"
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}

extension Response.Body {
    /// The bytes the body holds, or nil for a HEAD answer's (no body).
    var size: Int? {
        switch self {
        case .bytes(let bytes): bytes.count
        case .file(_, let size): Int(clamping: size)
        case .fileRange(_, _, _, let length): Int(clamping: length)
        case .stored(let stored): stored.count
        case .headersOnly: nil
        }
    }
}
