import Foundation
import HTML
import HTTPServer
import RoadTrip

/// Looking back at a vacation: its itinerary, its tags, its photos, one photo, the book.
struct VacationBrowseController {
    let app: App
    let context: RequestContext

    var store: VacationStore { app.library.vacations }
    var screens: VacationsController { VacationsController(app: app, context: context) }

    func itinerary(_ id: Int64) throws -> Response {
        let (vacation, contents) = try VacationsController.owned(id, store: store, context: context)
        let itinerary = ItineraryView(vacationID: id, places: try contents.itinerary(), mapSources: app.mapSources)
        return try screens.screen(title: "Itinerary", master: itinerary,
                                  detail: itinerary.map.map { map in section(.class("itinerary-detail"), .ariaLabel("Map of the itinerary")) { AnyHTML(map) } },
                                  back: (.vacation(id: id), vacation.name))
    }

    func tags(_ id: Int64, query: String?) throws -> Response {
        let (vacation, contents) = try VacationsController.owned(id, store: store, context: context)
        let query = String((query ?? "").prefix(100))
        return try screens.screen(title: "Tags", master: VacationTagsView(vacationID: id, query: query, tags: try contents.tags(matching: query)),
                                  back: (.vacation(id: id), vacation.name))
    }

    func photos(_ id: Int64, filter: VacationPhotoFilter) throws -> Response {
        let (vacation, contents) = try VacationsController.owned(id, store: store, context: context)
        let grid = try self.grid(id, contents: contents, filter: filter)
        return app.page(PageFrame(
            title: grid.heading, screen: .master, master: grid, detail: VacationPlaceholderView(),
            masterBar: try MasterBar.photos(.vacations, title: grid.heading, back: VacationBrowseController.up(from: filter, id: id, name: vacation.name), flickr: app.flickr),
            masterKey: "vacation-\(id)-\(VacationBrowseController.key(filter))"
        ), context: context)
    }

    /// One step up from a grid: a place's to the itinerary, a tag's to the tags, all photos to the menu.
    static func up(from filter: VacationPhotoFilter, id: Int64, name: String) -> (route: Route, label: String) {
        switch filter {
        case .all: (.vacation(id: id), name)
        case .place: (.vacationItinerary(id: id), "Itinerary")
        case .tag: (.vacationTags(id: id, query: nil), "Tags")
        }
    }

    func photo(_ id: Int64, photo photoID: Int64, filter: VacationPhotoFilter) throws -> Response {
        let (vacation, contents) = try VacationsController.owned(id, store: store, context: context)
        let grid = try self.grid(id, contents: contents, filter: filter, current: photoID)
        guard let index = grid.photos.firstIndex(where: { $0.id == photoID }) else { throw HTTPError.notFound("This vacation has no such photo.") }
        let photo = grid.photos[index]
        let link = { (other: VacationPhoto) in Route.vacationPhoto(id: id, photo: other.id, filter: filter) }
        let view = VacationPhotoView(
            vacationID: id, photo: photo, place: try photo.placeID.flatMap { try contents.place(id: $0) }, tags: try contents.tags(ofPhoto: photo.id),
            previous: index > 0 ? link(grid.photos[index - 1]) : nil, next: index + 1 < grid.photos.count ? link(grid.photos[index + 1]) : nil,
            removal: .vacationPhotoRemoval(id: id, photo: photo.id, filter: filter), mapSources: app.mapSources
        )
        return app.page(PageFrame(
            title: photo.title, screen: .detail, master: grid, detail: view, back: (.vacationPhotos(id: id, filter: filter), grid.heading),
            masterBar: try MasterBar.photos(.vacations, title: grid.heading, back: VacationBrowseController.up(from: filter, id: id, name: vacation.name), flickr: app.flickr),
            masterKey: "vacation-\(id)-\(VacationBrowseController.key(filter))"
        ), context: context)
    }

    /// The vacation's own copy of a photo: the vacation is the only source, so it shows even
    /// when the library has lost the photo. Cached privately: a vacation may be deleted.
    func image(_ id: Int64, photo photoID: Int64, size: PhotoImageSize) throws -> Response {
        let (_, contents) = try VacationsController.owned(id, store: store, context: context)
        let bytes = size == .thumbnail ? try contents.thumbnail(photoID: photoID) : try contents.preview(photoID: photoID)
        guard let bytes else { throw HTTPError.notFound("This vacation has no such photo.") }
        var response = Response(body: .bytes(bytes))
        // The bytes are checked when the photo is visited or the vacation imported; say what they are, never guess.
        response.headers["Content-Type"] = size == .thumbnail ? "image/webp" : "image/jpeg"
        response.headers["Cache-Control"] = "private, max-age=3600"
        return response
    }

    /// The vacation's photos in date order as a book, one photo per page with its caption.
    func book(_ id: Int64, page number: Int) throws -> Response {
        let (vacation, contents) = try VacationsController.owned(id, store: store, context: context)
        let photos = try contents.photos()
        let book = Book(pageCount: photos.count)
        guard book.page(at: number) != nil else {
            throw HTTPError.notFound(photos.isEmpty ? "This vacation has no photos yet." : "The book has \(photos.count) pages; there is no page \(number).")
        }
        let (left, right) = book.visiblePages(containing: number, layout: .spread)
        let partner = [left, right].compactMap { $0 }.first { $0 != number }
        let chrome = BookChrome(
            label: "Book of \(vacation.name)", book: book, current: number, partner: partner,
            settings: try app.library.trips.settings(of: context.account.id), link: { .vacationBook(id: id, page: $0) }
        ) { page in
            VacationBookPage(vacationID: id, number: page, photo: photos[page - 1], isCurrent: page == number)
        }
        let menu = VacationMenuView(vacation: vacation, placeCount: try contents.itinerary().count, tagCount: try contents.tags().count)
        return app.page(PageFrame(
            title: "Book", screen: .detail, master: menu, detail: chrome, back: (.vacation(id: id), vacation.name),
            masterBar: try MasterBar.photos(.vacations, title: vacation.name, back: (.vacations, "Vacations"), flickr: app.flickr),
            detailActions: ReadingSettingsLink(from: .vacationBook(id: id, page: number))
        ), context: context)
    }

    func grid(_ id: Int64, contents: VacationContents, filter: VacationPhotoFilter, current: Int64? = nil) throws -> VacationGridView {
        let heading: String
        switch filter {
        case .all: heading = "All photos"
        case .place(let place):
            guard let found = try contents.place(id: place) else { throw HTTPError.notFound("This vacation has no such place.") }
            heading = found.name
        case .tag(let tag):
            guard let found = try contents.tag(id: tag) else { throw HTTPError.notFound("This vacation has no such tag.") }
            heading = found.name
        }
        return VacationGridView(vacationID: id, heading: heading, photos: try contents.photos(filter), filter: filter, current: current)
    }

    static func key(_ filter: VacationPhotoFilter) -> String {
        switch filter {
        case .all: "all"
        case .place(let id): "place-\(id)"
        case .tag(let id): "tag-\(id)"
        }
    }
}
