import Foundation
import HTML
import HTTPServer
import RoadTrip

/// Looking back at a vacation: its itinerary, its tags, its photos, one photo, the book. The
/// same screens for its owner, for the accounts it is shared with, and for a share link's
/// guest (`VacationOpening`), each seeing what they may.
struct VacationBrowseController: Controller {
    let app: App
    let context: RequestContext

    var store: VacationStore { app.library.vacations }

    /// The vacation the signed-in account may open; `counted` false for a screen that shows
    /// neither its count of photos nor its dates (a photo, a picture), which are then not read.
    func opened(_ id: Int64, counted: Bool = true) throws -> VacationOpening {
        try VacationOpening.signedIn(id, context: context, store: store, counted: counted)
    }

    func menu(_ opening: VacationOpening, renameError: String? = nil, status: Status = .ok) throws -> Response {
        var view = VacationMenuView(opening, counts: try opening.menuCounts(), renameError: renameError)
        if !opening.isLink { view.filling = try app.library.foundTrips.filling(vacation: opening.id) }
        return try opening.page(
            app, context, title: opening.vacation.name, screen: .master, master: view,
            masterBack: opening.isLink ? nil : (.vacations, "Vacations"), status: status)
    }

    func itinerary(_ opening: VacationOpening) throws -> Response {
        guard opening.reveal.showWhere else { throw HTTPError.notFound("This link does not show where the photos were taken.") }
        var itinerary = ItineraryView(
            addresses: opening.addresses, places: try opening.itinerary(), mapSources: app.mapSources, showDates: opening.reveal.showDates)
        if !opening.isLink {
            let route = try app.library.tracks.route(ofVacation: opening.id)
            itinerary.route = route
            itinerary.routeLines = try route.tracks.compactMap { try app.library.tracks.outline(of: $0.id, zoom: 14) }
                .flatMap(\.segments).map { $0.compactMap { Coordinate(latitude: $0.latitude, longitude: $0.longitude) } }.filter {
                    !$0.isEmpty
                }
        }
        return try opening.page(
            app, context, title: "Itinerary", screen: .master, master: itinerary,
            detail: itinerary.map.map { map in section(.class("itinerary-detail"), .ariaLabel("Map of the itinerary")) { AnyHTML(map) } },
            masterBack: (opening.addresses.menu, opening.vacation.name))
    }

    func tags(_ opening: VacationOpening, query: String?) throws -> Response {
        let query = String((query ?? "").prefix(100))
        let view = VacationTagsView(addresses: opening.addresses, query: query, tags: try opening.contents.tags(matching: query))
        return try opening.page(
            app, context, title: "Tags", screen: .master, master: view, masterBack: (opening.addresses.menu, opening.vacation.name))
    }

    func photos(_ opening: VacationOpening, filter: VacationPhotoFilter) throws -> Response {
        let grid = try VacationGridView.read(opening, filter: filter)
        return try opening.page(
            app, context, title: grid.heading, screen: .master, master: grid, masterBack: Self.up(from: filter, in: opening),
            masterKey: "vacation-\(opening.id)-\(Self.key(filter))")
    }

    /// One step up from a grid: a place's to the itinerary, a tag's to the tags, all photos to the menu.
    static func up(from filter: VacationPhotoFilter, in opening: VacationOpening) -> (route: Route, label: String) {
        switch filter {
        case .all: (opening.addresses.menu, opening.vacation.name)
        case .place: (opening.addresses.itinerary, "Itinerary")
        case .tag: (opening.addresses.tags(query: nil), "Tags")
        }
    }

    /// Photos shown each side of the open one in the column beside it: a photo's page costs the
    /// same in a vacation of ten photos as in one of ten thousand (keeping it offline reads every one).
    /// Twelve: a tablet's column shows about twenty cells, and each cell's two addresses are most
    /// of what the page costs.
    static let gridReach = 12

    func photo(_ opening: VacationOpening, photo photoID: Int64, filter: VacationPhotoFilter) throws -> Response {
        let heading = try VacationGridView.heading(opening, filter: filter)
        guard let window = try opening.photos(filter, around: photoID, reach: Self.gridReach) else {
            throw HTTPError.notFound("This vacation has no such photo.")
        }
        let grid = VacationGridView(
            addresses: opening.addresses, heading: heading, photos: window.photos, filter: filter, current: photoID,
            isPart: !window.isWhole)
        let photo = window.photo
        let link = { (other: VacationPhoto) in opening.addresses.photo(other.id, filter) }
        let played = try libraryVideo(of: photo)
        let stage = played.map { VideoStage(source: opening.addresses.video(photo.id), status: nil, rendition: $0.1.rendition) }
        let view = VacationPhotoView(
            addresses: opening.addresses, reveal: opening.reveal, photo: photo,
            video: played?.0.isVideo == true ? stage : nil, motion: played?.0.isVideo == false ? stage : nil,
            place: try photo.placeID.flatMap { try opening.contents.place(id: $0) }, tags: try opening.contents.tags(ofPhoto: photo.id),
            previous: window.before.last.map(link), next: window.after.first.map(link),
            removal: try mayRemove(photo, from: opening) ? .vacationPhotoRemoval(id: opening.id, photo: photo.id, filter: filter) : nil,
            mapSources: app.mapSources
        )
        return try opening.page(
            app, context, title: photo.title, screen: .detail, master: grid, detail: view,
            back: (opening.addresses.photos(filter), grid.heading),
            masterTitle: grid.heading, masterBack: Self.up(from: filter, in: opening),
            masterKey: "vacation-\(opening.id)-\(Self.key(filter))")
    }

    /// The vacation's own copy of a photo: the vacation is the only source, so it shows even
    /// when the library has lost the photo. Cached privately: a vacation may be deleted.
    func image(_ opening: VacationOpening, photo photoID: Int64, size: PhotoImageSize) throws -> Response {
        if size == .original { return try original(opening, photo: photoID) }
        let bytes = size == .thumbnail ? try opening.contents.thumbnail(photoID: photoID) : try opening.contents.preview(photoID: photoID)
        guard let bytes else { throw HTTPError.notFound("This vacation has no such photo.") }
        var response = Response(body: .bytes(bytes))
        // The bytes are checked when the photo is visited or the vacation imported; say what they are, never guess.
        response.headers["Content-Type"] = size == .thumbnail ? "image/webp" : "image/jpeg"
        response.headers["Cache-Control"] = "private, max-age=3600"
        return response
    }

    /// A vacation's video played from the library's rendition (where the library still has it):
    /// the rendition carries no tag of the original (no position, no time), so it is given under
    /// any link that shows the photo.
    func video(_ opening: VacationOpening, photo photoID: Int64) throws -> Response {
        guard let photo = try opening.contents.photo(id: photoID), let (_, video) = try libraryVideo(of: photo) else {
            throw HTTPError.notFound("This vacation has no such video.")
        }
        return try PhotoController.rendition(
            of: video, in: app.library.photos.files, cacheControl: "private, max-age=3600", for: context.request)
    }

    /// The library's item a vacation's photo was visited from, and its video, when it plays.
    func libraryVideo(of photo: VacationPhoto) throws -> (Photo, VideoFile)? {
        guard let stored = try app.library.photos.photo(sha256: photo.sha256), let video = try app.library.photos.video(of: stored) else {
            return nil
        }
        return (stored, video)
    }

    /// The original file, where a link allows it and the library still has the photo: a download.
    private func original(_ opening: VacationOpening, photo photoID: Int64) throws -> Response {
        guard opening.reveal.allowOriginals, let photo = try opening.contents.photo(id: photoID),
            let stored = try app.library.photos.photo(sha256: photo.sha256)
        else {
            throw HTTPError.notFound("This link offers no original of that photo.")
        }
        let photos = app.library.photos
        guard
            var response = Response.file(
                at: photos.files.original(sha256: stored.sha256, format: stored.format), contentType: stored.format.mediaType,
                cacheControl: "private, no-store", for: context.request)
        else {
            throw HTTPError.notFound("This photo's original is missing from the library.")
        }
        response.headers["Content-Disposition"] = "attachment; filename=\"photo-\(photoID).\(stored.format.fileExtension)\""
        return response
    }

    /// The vacation's photos in date order as a book, one photo per page with its caption; only
    /// the pages shown are read.
    func book(_ opening: VacationOpening, page number: Int) throws -> Response {
        let count = opening.vacation.photoCount
        let book = Book(pageCount: count)
        guard book.page(at: number) != nil else {
            throw HTTPError.notFound(
                count == 0 ? "This vacation has no photos yet." : "The book has \(count) pages; there is no page \(number).")
        }
        var partner = book.spreadPartner(of: number)
        let shown = try opening.contents.photos(atPositions: [number - 1] + (partner.map { [$0 - 1] } ?? [])).mapValues(
            opening.reveal.shown)
        // A photo removed since it was counted: the page is gone, or shown without its partner.
        guard let photo = shown[number - 1] else { throw HTTPError.notFound("The book has no page \(number) now.") }
        if let other = partner, shown[other - 1] == nil { partner = nil }
        let addresses = opening.addresses
        let settings = try context.session.map { try app.library.trips.settings(of: $0.account.id) } ?? BookSettings()
        // A video's page plays it; a Live or Motion Photo's page is its still.
        var videos: [Int64: VideoFile] = [:]
        for shownPhoto in shown.values {
            if let (stored, video) = try libraryVideo(of: shownPhoto), stored.isVideo { videos[shownPhoto.id] = video }
        }
        // The reader's hearts (a share link's guest has none).
        let favorites =
            try context.session.map { try app.library.favorites.among(sha256s: shown.values.map(\.sha256), for: $0.account.id) } ?? []
        let chrome = BookChrome(
            label: "Book of \(opening.vacation.name)", book: book, current: number, partner: partner, settings: settings,
            link: { addresses.book($0) }
        ) { page in
            let pagePhoto = shown[page - 1] ?? photo
            return VacationBookPage(
                addresses: addresses, number: page, photo: pagePhoto, isCurrent: page == number, video: videos[pagePhoto.id],
                isFavorite: favorites.contains(pagePhoto.sha256))
        }
        let menu = VacationMenuView(opening, counts: try opening.menuCounts())
        return try opening.page(
            app, context, title: "Book", screen: .detail, master: menu, detail: chrome, back: (addresses.menu, opening.vacation.name),
            masterTitle: opening.vacation.name, masterBack: opening.isLink ? nil : (.vacations, "Vacations"),
            detailActions: opening.isLink ? nil : ReadingSettingsLink(from: .vacationBook(id: opening.id, page: number)))
    }

    static func key(_ filter: VacationPhotoFilter) -> String {
        switch filter {
        case .all: "all"
        case .place(let id): "place-\(id)"
        case .tag(let id): "tag-\(id)"
        }
    }
}
