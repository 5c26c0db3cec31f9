import RoadTrip

extension Route {
    /// Every address RoadTrip answers and the route each one is. A request is matched against
    /// them (`Route(path:query:)`), and each gives the tests one example (`Route.examples`). A
    /// route's path is written beside its actions (`Route.declaration`); RouteTests prove the
    /// two agree for every address.
    static let addresses: [RouteAddress] = [
        RouteAddress("/") { _ in .home },
        RouteAddress("/healthz") { _ in .health },
        RouteAddress("/static/{asset}") { .asset($0.asset) },
        RouteAddress("/service-worker.js") { _ in .serviceWorker },
        RouteAddress("/offline") { _ in .offline },
        RouteAddress("/session/form-token") { _ in .formToken },
        RouteAddress("/signin") { .signIn(next: $0.parameter("next")) },
        RouteAddress("/signout") { _ in .signOut },
        RouteAddress("/setup") { .setup(token: $0.parameter("token")) },
        RouteAddress("/account") { _ in .account },
        RouteAddress("/account/password") { _ in .accountPassword },
        RouteAddress("/accounts") { _ in .accounts },
        RouteAddress("/accounts/{account}/remove") { .accountRemoval(AccountID($0.identifier("account"))) },
        RouteAddress("/accounts/{account}/password") { .accountPasswordReset(AccountID($0.identifier("account"))) },
        RouteAddress("/settings") { _ in .settings },

        RouteAddress("/destinations/{id}") { .destination(id: $0.identifier()) },
        RouteAddress("/destinations/{id}/image") { .destinationImage(id: $0.identifier()) },
        RouteAddress("/destinations/{id}/choose") { .chooseDestination(id: $0.identifier()) },
        RouteAddress("/trip/weather") { _ in .weather },
        RouteAddress("/trip/map") { _ in .tripMap },
        RouteAddress("/trip/weather/copy") { _ in .weatherCopy },
        RouteAddress("/trip/offline") { .tripKeepListPart(from: $0.partStart) },
        RouteAddress("/trip/book-settings") { _ in .bookSettings },
        RouteAddress("/trip/events/edit") { .eventsEditorPage($0.pageParameter ?? 1) },
        RouteAddress("/trip/events/{page}") { .eventsBook(page: $0.page) },
        RouteAddress("/trip/events/{page}/copy") { .eventCopy(page: $0.page) },
        RouteAddress("/trip/events/{page}/copy-status") { .eventCopyStatus(page: $0.page) },
        RouteAddress("/trip/events/{page}/remove") { .eventRemoval(page: $0.page) },
        RouteAddress("/trip/events/{page}/move") { .eventMove(page: $0.page) },
        RouteAddress("/sample/pages/{page}") { .samplePage($0.page) },

        RouteAddress("/places") { match in
            match.parameter("order") == "top" ? .places(order: .byPhotoCount, after: match.identifierParameter("after")) : .places(order: .byCountry)
        },
        RouteAddress("/places/countries/{country}") { .placesInCountry(code: $0.countryCode, after: $0.identifierParameter("after")) },
        RouteAddress("/places/none") { .placePhotos(.noLocation, after: $0.identifierParameter("after")) },
        RouteAddress("/places/{id}") { .placePhotos(.place($0.identifier()), after: $0.identifierParameter("after")) },
        RouteAddress("/find") { .findPlaces(query: $0.parameter("q")) },
        RouteAddress("/recents") { _ in .recents },
        RouteAddress("/map") { _ in .photoMap },
        RouteAddress("/map/cells/{cell}") { .photoMapCell(level: $0.mapCell.level, x: $0.mapCell.x, y: $0.mapCell.y) },
        RouteAddress("/map/photos") { .photoMapData(bbox: $0.parameter("bbox"), zoom: $0.parameter("zoom")) },
        RouteAddress("/photos/{id}") { .photo(id: $0.identifier(), inRecents: $0.parameter("from") == "recents") },
        RouteAddress("/photos/{id}/{size}") { .photoImage(id: $0.identifier(), size: $0.size) },
        RouteAddress("/photos/{id}/place") { .photoPlace(id: $0.identifier(), query: $0.parameter("q")) },
        RouteAddress("/photos/{photo}/visit") { .visit(photo: $0.identifier("photo")) },
        RouteAddress("/photos/{photo}/unvisit") { .unvisit(photo: $0.identifier("photo")) },
        RouteAddress("/photos/{photo}/tags") { .photoTags(photo: $0.identifier("photo")) },
        RouteAddress("/upload") { _ in .upload },
        RouteAddress("/upload/file") { .uploadFile(name: $0.parameter("name")) },

        RouteAddress("/vacations") { _ in .vacations },
        RouteAddress("/vacations/new") { _ in .newVacation },
        RouteAddress("/vacations/import") { _ in .vacationImport },
        RouteAddress("/vacations/{id}") { .vacation(id: $0.identifier()) },
        RouteAddress("/vacations/{id}/rename") { .vacationRename(id: $0.identifier()) },
        RouteAddress("/vacations/{id}/remove") { .vacationRemoval(id: $0.identifier()) },
        RouteAddress("/vacations/{id}/export") { .vacationExport(id: $0.identifier()) },
        RouteAddress("/vacations/{id}/itinerary") { .vacationItinerary(id: $0.identifier()) },
        RouteAddress("/vacations/{id}/tags") { .vacationTags(id: $0.identifier(), query: $0.parameter("q")) },
        RouteAddress("/vacations/{id}/photos") { .vacationPhotos(id: $0.identifier(), filter: $0.vacationFilter) },
        RouteAddress("/vacations/{id}/photos/{photo}") {
            .vacationPhoto(id: $0.identifier(), photo: $0.identifier("photo"), filter: $0.vacationFilter)
        },
        RouteAddress("/vacations/{id}/photos/{photo}/remove") {
            .vacationPhotoRemoval(id: $0.identifier(), photo: $0.identifier("photo"), filter: $0.vacationFilter)
        },
        // A vacation keeps its photos' thumbnails and previews, not the originals.
        RouteAddress("/vacations/{id}/photos/{photo}/{size}") {
            $0.size == .original ? nil : .vacationPhotoImage(id: $0.identifier(), photo: $0.identifier("photo"), size: $0.size)
        },
        RouteAddress("/vacations/{id}/book/{page}") { .vacationBook(id: $0.identifier(), page: $0.page) },
        RouteAddress("/vacations/{id}/offline") { .vacationKeepListPart(id: $0.identifier(), from: $0.partStart) },

        RouteAddress("/flickr") { _ in .flickrPlaces },
        RouteAddress("/flickr/places/{flickr}") { .flickrPlace(id: $0.flickrID) },
        RouteAddress("/flickr/photos/{flickr}") {
            let inRecents = $0.parameter("from") == "recents"
            let place = inRecents ? nil : $0.parameter("place").flatMap { Slot.isFlickrID($0[...]) ? $0 : nil }
            return .flickrPhoto(id: $0.flickrID, place: place, inRecents: inRecents)
        },
        RouteAddress("/flickr/photos/{flickr}/{size}") { .flickrImage(id: $0.flickrID, size: $0.size) },
        RouteAddress("/flickr/photos/{flickr}/visit") { .flickrVisit(id: $0.flickrID) },
        RouteAddress("/flickr/photos/{flickr}/unvisit") { .flickrUnvisit(id: $0.flickrID) },
    ]
}

extension AddressMatch {
    /// `?page=N` of a list shown a page at a time (1 to 100,000); nil when absent or not one.
    var pageParameter: Int? {
        parameter("page").flatMap { Slot.page($0[...]) }
    }

    /// `?from=N` of a keep list's part: where it starts among the list's addresses (0 when absent).
    var partStart: Int {
        identifierParameter("from").map { Int(clamping: $0) } ?? 0
    }

    /// Which of a vacation's photos a list or the viewer goes through: `?place=` or `?tag=`, else all.
    var vacationFilter: VacationPhotoFilter {
        identifierParameter("place").map { .place($0) } ?? identifierParameter("tag").map { .tag($0) } ?? .all
    }
}
