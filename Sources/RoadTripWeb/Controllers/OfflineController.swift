import Foundation
import HTTPServer
import RoadTrip

/// What a device keeps to use the trip, or one vacation, without a network: the addresses
/// offline.js fetches into the account's caches, each with the bytes it will take.
struct KeepList: Codable, Equatable {
    struct File: Codable, Equatable {
        let url: String
        let bytes: Int
    }

    /// "Trip to Paris", "Vacation “Alps”": how the offline page lists it.
    let title: String
    /// The page to open it at.
    let start: String
    let files: [File]
    let bytes: Int
    /// Event pages whose copy the server is still fetching: the list is asked for again until none are.
    let waiting: Int
    /// Event pages the server could not copy: their book pages are kept, without the event's page.
    let uncopied: Int
}

/// Keeping the trip and vacations on a device: the lists of what to keep, the fresh form token
/// for changes made offline, and the offline page.
struct OfflineController {
    let app: App
    let context: RequestContext

    /// Everything the trip needs offline: the menu, the destination and its picture, every page
    /// of the Events book and the saved copy of each event page, Weather and its copy, the map.
    /// Asks the server to copy every event page (and the forecast) that has no fresh copy yet.
    func tripList() throws -> Response {
        let book = BookController(app: app, context: context)
        let destination = try book.tripDestination()
        let urls = destination.isSample ? [] : try app.library.events.all(destination: destination.id)
        var routes: [Route] = [.home, .destination(id: destination.id), .destinationImage(id: destination.id), .weather, .tripMap]
        // The menu shows every destination with its picture.
        routes += try app.catalog.all().map { Route.destinationImage(id: $0.id) }
        routes += (0..<destination.eventCount).map { Route.eventsBook(page: $0 + 1) }
        var waiting = 0
        var uncopied = 0
        if let copies = app.copies, !destination.isSample {
            copies.request(urls + [destination.weatherURL])
            for (index, url) in urls.enumerated() {
                switch copies.state(of: url) {
                case .saved: routes.append(.eventCopy(page: index + 1))
                case .pending: waiting += 1
                default: uncopied += 1
                }
            }
            if case .saved = copies.state(of: destination.weatherURL) { routes.append(.weatherCopy) }
        } else if destination.isSample {
            routes += (0..<destination.eventCount).map { Route.samplePage($0 + 1) }
        }
        return try list(title: "Trip to \(destination.name)", start: .home, routes: routes, waiting: waiting, uncopied: uncopied)
    }

    /// Everything a vacation shows offline: its menu, itinerary and tags, its photos as a whole,
    /// by place and by tag, each photo in the viewer from each of those, every thumbnail and
    /// preview, and its book.
    func vacationList(_ id: Int64) throws -> Response {
        let (vacation, contents) = try VacationsController.owned(id, store: app.library.vacations, context: context)
        let photos = try contents.photos()
        var routes: [Route] = [.vacations, .vacation(id: id), .vacationItinerary(id: id), .vacationTags(id: id, query: nil)]
        var filters: [VacationPhotoFilter] = [.all]
        filters += try contents.itinerary().map { .place($0.id) }
        filters += try contents.tags().map { .tag($0.id) }
        for filter in filters {
            routes.append(.vacationPhotos(id: id, filter: filter))
            routes += try contents.photos(filter).map { .vacationPhoto(id: id, photo: $0.id, filter: filter) }
        }
        for photo in photos {
            routes += [.vacationPhotoImage(id: id, photo: photo.id, size: .thumbnail), .vacationPhotoImage(id: id, photo: photo.id, size: .preview)]
        }
        routes += photos.indices.map { .vacationBook(id: id, page: $0 + 1) }
        return try list(title: "Vacation “\(vacation.name)”", start: .vacation(id: id), routes: routes, waiting: 0, uncopied: 0)
    }

    /// The session's form token, for changes kept offline and sent later: the token of the page
    /// they were made on may be an old one. Never stored by a cache.
    func formToken() throws -> Response {
        try json(["csrf": context.requireSession().csrfToken])
    }

    /// The page a device shows for a page it did not keep while there is no network. It holds
    /// nothing of anyone's: offline.js lists what this browser keeps for the account.
    func offlinePage() -> Response {
        app.page(PageFrame(title: "Offline", screen: .detail, master: nil, detail: OfflineView()), context: context)
    }

    /// The list, each address measured by answering it as this request would be (the session's
    /// cookie, uncompressed): exactly what the device will store. Only what answers 200 is kept.
    private func list(title: String, start: Route, routes: [Route], waiting: Int, uncopied: Int) throws -> Response {
        var files: [KeepList.File] = []
        var seen: Set<String> = []
        for route in routes where seen.insert(route.path).inserted {
            let answer = app.respond(to: internalRequest(route.path))
            guard answer.status == .ok, let bytes = answer.body.size else { continue }
            files.append(KeepList.File(url: route.path, bytes: bytes))
        }
        let keep = KeepList(title: title, start: start.path, files: files, bytes: files.reduce(0) { $0 + $1.bytes }, waiting: waiting, uncopied: uncopied)
        return try json(keep)
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
        case .file(_, let size): Int(size)
        case .stored(let stored): stored.count
        case .headersOnly: nil
        }
    }
}
