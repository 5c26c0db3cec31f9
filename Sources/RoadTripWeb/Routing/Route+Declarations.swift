import HTTPServer
import RoadTrip

extension Route {
    /// The map's coarsest cells hold the most photos: opening one is bounded work.
    static let coarsestMapCellLevel = (0...64).first { PhotoStore.isMapCell(level: $0, x: 0, y: 0) } ?? 0

    /// Every route, declared once: its path (slots typed by the values interpolated into it),
    /// how a matching request is read back into it, and what it answers. A new route is a case
    /// of `Route`, its example in `Route.examples`, and its lines here.
    var declaration: RouteDeclaration {
        switch self {
        // The shell: assets, health, the service worker, sessions.
        case .home: RouteDeclaration.get("/", as: Parse(.home)) { try DestinationsController(app: $0, context: $1).list() }.pageCached
        case .health: .beforeSession("/healthz", as: Parse(.health)) { app, _ in app.health() }
        case .asset(let name):
            .beforeSession("/static/\(asset: name)", as: Parse(Route.asset)) { app, request in
                guard let response = app.assets.response(for: name, request: request) else { throw HTTPError.notFound() }
                return response
            }
        case .serviceWorker:
            .beforeSession("/service-worker.js", as: Parse(.serviceWorker)) { app, request in try app.assets.serviceWorkerResponse(for: request) }
        case .offline: .get("/offline", as: Parse(.offline), public: true) { app, context in KeptOnDeviceController(app: app, context: context).offlinePage() }
        case .formToken: .get("/session/form-token", as: Parse(.formToken)) { try KeptOnDeviceController(app: $0, context: $1).formToken() }

        // Accounts.
        case .signIn(let next):
            RouteDeclaration("/signin", query: Route.query("next", next), as: Parse(reading: { .signIn(next: $0.parameter("next")) }), public: true,
                             get: { try SignInController(app: $0, context: $1).form(next: next) },
                             post: { try SignInController(app: $0, context: $1).signIn(next: next) })
        case .signOut: .post("/signout", as: Parse(.signOut)) { try SignInController(app: $0, context: $1).signOut() }
        case .setup(let token):
            RouteDeclaration("/setup", query: Route.query("token", token), as: Parse(reading: { .setup(token: $0.parameter("token")) }), public: true,
                             get: { try SetupController(app: $0, context: $1).form(token: token) },
                             post: { try SetupController(app: $0, context: $1).createOwner() })
        case .account: .get("/account", as: Parse(.account)) { try AccountController(app: $0, context: $1).show() }
        case .accountPassword: .post("/account/password", as: Parse(.accountPassword)) { try AccountController(app: $0, context: $1).changePassword() }
        case .accounts:
            RouteDeclaration("/accounts", as: Parse(.accounts), get: { try AccountsController(app: $0, context: $1).list() },
                             post: { try AccountsController(app: $0, context: $1).add() })
        case .accountRemoval(let id): .post("/accounts/\(id)/remove", as: Parse(Route.accountRemoval)) { try AccountsController(app: $0, context: $1).remove(id) }
        case .accountPasswordReset(let id):
            .post("/accounts/\(id)/password", as: Parse(Route.accountPasswordReset)) { try AccountsController(app: $0, context: $1).resetPassword(id) }
        case .settings:
            RouteDeclaration("/settings", as: Parse(.settings), get: { try SettingsController(app: $0, context: $1).settings() },
                             post: { try SettingsController(app: $0, context: $1).save() })

        // The trip: destinations, the Events book, weather, the map.
        case .destination(let id):
            RouteDeclaration.get("/destinations/\(id)", as: Parse(Route.destination)) { try DestinationsController(app: $0, context: $1).show(id: id) }.pageCached
        case .destinationImage(let id): .get("/destinations/\(id)/image", as: Parse(Route.destinationImage)) { try DestinationsController(app: $0, context: $1).image(id: id) }
        case .chooseDestination(let id):
            .post("/destinations/\(id)/choose", as: Parse(Route.chooseDestination)) { try DestinationsController(app: $0, context: $1).choose(id: id) }
        case .weather: .get("/trip/weather", as: Parse(.weather)) { try BookController(app: $0, context: $1).weather() }
        case .tripMap: RouteDeclaration.get("/trip/map", as: Parse(.tripMap)) { try BookController(app: $0, context: $1).map() }.pageCached
        case .weatherCopy: .get("/trip/weather/copy", as: Parse(.weatherCopy)) { try BookController(app: $0, context: $1).weatherCopy() }
        case .weatherCopyStatus:
            .get("/trip/weather/copy-status", as: Parse(.weatherCopyStatus)) { try BookController(app: $0, context: $1).weatherCopyStatus() }
        case .tripKeepListPart(let from):
            RouteDeclaration.get("/trip/offline", query: Route.query("from", from > 0 ? String(from) : nil), as: Parse(reading: { .tripKeepListPart(from: $0.partStart) })) {
                try KeptOnDeviceController(app: $0, context: $1).tripList(from: from)
            }.bounded(.keepList)
        case .bookSettings(let from):
            RouteDeclaration("/trip/book-settings", query: Route.query("from", from), as: Parse(reading: { .bookSettings(from: $0.parameter("from")) }),
                             get: { try BookController(app: $0, context: $1).settings(from: from) },
                             post: { try BookController(app: $0, context: $1).saveSettings() })
        case .eventsEditorPage(let page):
            RouteDeclaration("/trip/events/edit", query: Route.query("page", page > 1 ? String(page) : nil),
                             as: Parse(reading: { .eventsEditorPage($0.pageParameter ?? 1) }),
                             get: { try EventsEditorController(app: $0, context: $1).editor(page: page) },
                             post: { try EventsEditorController(app: $0, context: $1).add(from: page) })
        case .eventsBook(let page): .get("/trip/events/\(page)", as: Parse(Route.eventsBook)) { try BookController(app: $0, context: $1).page(page) }
        case .eventCopy(let page): .get("/trip/events/\(page)/copy", as: Parse(Route.eventCopy)) { try BookController(app: $0, context: $1).copy(page) }
        case .eventCopyStatus(let page):
            .get("/trip/events/\(page)/copy-status", as: Parse(Route.eventCopyStatus)) { try BookController(app: $0, context: $1).copyStatus(page) }
        case .eventRemoval(let page): .post("/trip/events/\(page)/remove", as: Parse(Route.eventRemoval)) { try EventsEditorController(app: $0, context: $1).remove(page) }
        case .eventMove(let page): .post("/trip/events/\(page)/move", as: Parse(Route.eventMove)) { try EventsEditorController(app: $0, context: $1).move(page) }
        case .samplePage(let page): .get("/sample/pages/\(page)", as: Parse(Route.samplePage), public: true) { try BookController(app: $0, context: $1).samplePage(page) }

        // Photos: places, the viewer, Recents, the map, Find, upload.
        case .places(let order, let after):
            RouteDeclaration.get("/places", query: order == .byPhotoCount ? Route.query([("order", "top"), ("after", after.map(String.init))]) : "", as: Parse(reading: { match in
                match.parameter("order") == "top" ? .places(order: .byPhotoCount, after: match.identifierParameter("after")) : .places(order: .byCountry)
            })) {
                try PlacesController(app: $0, context: $1).places(order: order, after: after)
            }.pageCached(unless: order == .byCountry)
        case .placesInCountry(let code, let after):
            RouteDeclaration.get("/places/countries/\(country: code)", query: Route.query("after", after.map(String.init)), as: Parse(reading: { match in
                match.slots { (code: String) in .placesInCountry(code: code, after: match.identifierParameter("after")) }
            })) {
                try PlacesController(app: $0, context: $1).country(code, after: after)
            }.pageCached
        case .placePhotos(let collection, let after):
            RouteDeclaration.get(collection.placeID.map { id -> RoutePath in "/places/\(id)" } ?? "/places/none", query: Route.query("after", after.map(String.init)),
                                 as: Parse(reading: { match in
                                     let after = match.identifierParameter("after")
                                     return match.slots { (id: Int64) in .placePhotos(.place(id), after: after) } ?? match.slots { .placePhotos(.noLocation, after: after) }
                                 })) {
                try PlacesController(app: $0, context: $1).photos(in: collection, after: after)
            }.pageCached
        case .findPlaces(let query):
            .get("/find", query: Route.query("q", query), as: Parse(reading: { .findPlaces(query: $0.parameter("q")) })) {
                try PlacesController(app: $0, context: $1).find(query: query)
            }
        case .photo(let id, let inRecents):
            RouteDeclaration("/photos/\(id)", query: inRecents ? "?from=recents" : "", as: Parse(reading: { match in match.slots { .photo(id: $0, inRecents: match.fromRecents) } }),
                             get: { try PhotoController(app: $0, context: $1).show(id: id, inRecents: inRecents, looked: true) },
                             head: { try PhotoController(app: $0, context: $1).show(id: id, inRecents: inRecents, looked: false) })
        case .importScreen:
            RouteDeclaration("/import", as: Parse(.importScreen), get: { try ImportController(app: $0, context: $1).screen() },
                             post: { try ImportController(app: $0, context: $1).ask() })
        case .importRequest(let id):
            .get("/import/requests/\(id)", as: Parse(Route.importRequest)) { try ImportController(app: $0, context: $1).request(id) }
        case .importUpload(let name):
            RouteDeclaration("/import/uploads", query: Route.query("name", name), as: Parse(reading: { .importUpload(name: $0.parameter("name")) }),
                             get: { try ImportController(app: $0, context: $1).received(name) },
                             post: { try ImportController(app: $0, context: $1).receive(name) }, postBody: .spooled).bounded(.upload, for: ["POST"])
        case .importRunUndo(let id):
            RouteDeclaration("/import/runs/\(id)/undo", as: Parse(Route.importRunUndo), get: { try ImportController(app: $0, context: $1).undoQuestion(id) },
                             post: { try ImportController(app: $0, context: $1).undo(id) })
        case .importUploadRemoval:
            .post("/import/uploads/removal", as: Parse(.importUploadRemoval)) { try ImportController(app: $0, context: $1).removeUpload() }
        case .favorites(let after):
            .get("/favorites", query: Route.query("after", after.map(String.init)), as: Parse(reading: { .favorites(after: $0.identifierParameter("after")) })) {
                try PlacesController(app: $0, context: $1).favorites(after: after)
            }
        case .favoritePhoto(let id):
            RouteDeclaration("/favorites/photos/\(id)", as: Parse(Route.favoritePhoto),
                             get: { try PhotoController(app: $0, context: $1).showInFavorites(id: id, looked: true) },
                             head: { try PhotoController(app: $0, context: $1).showInFavorites(id: id, looked: false) })
        case .photoFavorite(let id):
            .post("/photos/\(id)/favorite", as: Parse(Route.photoFavorite)) { try PhotoController(app: $0, context: $1).setFavorite(id: id) }
        case .photoImage(let id, let size):
            .get("/photos/\(id)/\(size)", as: Parse(Route.photoImage)) { try PhotoController(app: $0, context: $1).image(id: id, size: size) }
        case .photoVersion(let id):
            .get("/photos/\(id)/version", as: Parse(Route.photoVersion)) { try PhotoController(app: $0, context: $1).showVersion(id: id) }
        case .photoVersionImage(let id, let size):
            .get("/photos/\(id)/version/\(size)", as: Parse(Route.photoVersionImage)) { try PhotoController(app: $0, context: $1).versionImage(id: id, size: size) }
        case .photoVideo(let id):
            .get("/photos/\(id)/video", as: Parse(Route.photoVideo)) { try PhotoController(app: $0, context: $1).video(id: id) }
        case .photoVideoStatus(let id):
            .get("/photos/\(id)/video-status", as: Parse(Route.photoVideoStatus)) { try PhotoController(app: $0, context: $1).videoStatus(id: id) }
        case .photoPlace(let id, let query):
            RouteDeclaration("/photos/\(id)/place", query: Route.query("q", query),
                             as: Parse(reading: { match in match.slots { .photoPlace(id: $0, query: match.parameter("q")) } }),
                             get: { try PhotoController(app: $0, context: $1).placeSearch(id: id, query: query) },
                             post: { try PhotoController(app: $0, context: $1).setPlace(id: id) })
        case .visit(let photo):
            RouteDeclaration("/photos/\(photo)/visit", as: Parse(Route.visit), get: { try VisitController(app: $0, context: $1).visitChoice(photo) },
                             post: { try VisitController(app: $0, context: $1).visit(photo) })
        case .unvisit(let photo):
            RouteDeclaration("/photos/\(photo)/unvisit", as: Parse(Route.unvisit), get: { try VisitController(app: $0, context: $1).unvisitChoice(photo) },
                             post: { try VisitController(app: $0, context: $1).unvisit(photo) })
        case .photoTags(let photo): .post("/photos/\(photo)/tags", as: Parse(Route.photoTags)) { try VisitController(app: $0, context: $1).tags(photo) }
        case .recents: .get("/recents", as: Parse(.recents)) { try PhotoController(app: $0, context: $1).recents() }
        case .timeline(let start):
            .get(Route.timelinePath(start), query: Route.timelineQuery(start), as: Parse(reading: { match in
                guard let period = match.values.first else {
                    if let key = match.parameter("before").flatMap(TimelineKey.init) { return .timeline(.before(key)) }
                    return .timeline(match.parameter("after").flatMap(TimelineKey.init).map { .after($0) } ?? .newest)
                }
                guard case .period(let found) = period else { return nil }
                return .timeline(.period(found))
            })) { app, context in
                let timeline = TimelineController(app: app, context: context)
                if case .period(.year(let year)) = start { return try timeline.months(of: year) }
                return try timeline.days(from: start)
            }
        case .timelineYears: .get("/timeline/years", as: Parse(.timelineYears)) { try TimelineController(app: $0, context: $1).years() }
        case .timelineUndated(let after):
            .get("/timeline/undated", query: Route.query("after", after.map(String.init)), as: Parse(reading: { .timelineUndated(after: $0.identifierParameter("after")) })) {
                try TimelineController(app: $0, context: $1).undated(after: after)
            }
        case .timelinePhoto(let id):
            RouteDeclaration("/timeline/photos/\(id)", as: Parse(Route.timelinePhoto),
                             get: { try PhotoController(app: $0, context: $1).showInTimeline(id: id, looked: true) },
                             head: { try PhotoController(app: $0, context: $1).showInTimeline(id: id, looked: false) })
        case .memory(let day, let page):
            .get("/memories/\(TimelinePeriod.day(day))/\(page)", as: Parse(Route.memory)) { try TimelineController(app: $0, context: $1).memory(day, page: page) }
        case .memoryHiding(let day):
            .post("/memories/\(TimelinePeriod.day(day))/hide", as: Parse(Route.memoryHiding)) { try TimelineController(app: $0, context: $1).hide(day) }
        case .memoryBook(let day):
            .post("/memories/\(TimelinePeriod.day(day))/book", as: Parse(Route.memoryBook)) { try TimelineController(app: $0, context: $1).makeBook(of: day) }
        case .photoMap: RouteDeclaration.get("/map", as: Parse(.photoMap)) { try PhotoMapController(app: $0, context: $1).page() }.pageCached
        case .photoMapCell(let level, let x, let y):
            RouteDeclaration.get("/map/cells/\(MapCell(level: level, x: x, y: y))", as: Parse { (cell: MapCell) in .photoMapCell(level: cell.level, x: cell.x, y: cell.y) }) {
                try PhotoMapController(app: $0, context: $1).cell(level: level, x: x, y: y)
            }.pageCached.bounded(.mapCell, for: level == Route.coarsestMapCellLevel ? ["GET", "HEAD"] : [])
        case .tracks: .get("/map/tracks", as: Parse(.tracks)) { try TracksController(app: $0, context: $1).list() }
        case .track(let id): .get("/map/tracks/\(id)", as: Parse(Route.track)) { try TracksController(app: $0, context: $1).show(id: id) }
        case .trackRemoval(let id): .post("/map/tracks/\(id)/remove", as: Parse(Route.trackRemoval)) { try TracksController(app: $0, context: $1).remove(id: id) }
        case .placing(let track):
            RouteDeclaration("/photos/placing", query: Route.query("track", track.map(String.init)),
                             as: Parse(reading: { .placing(track: $0.identifierParameter("track")) }),
                             get: { try PlacingController(app: $0, context: $1).preview(track: track) },
                             post: { try PlacingController(app: $0, context: $1).place(track: track) }).bounded(.placing, for: ["GET", "HEAD", "POST"])
        case .placeMany(let query):
            RouteDeclaration("/photos/place-many", query: Route.query("q", query), as: Parse(reading: { .placeMany(query: $0.parameter("q")) }),
                             get: { try PlaceManyController(app: $0, context: $1).form(query: query) },
                             post: { try PlaceManyController(app: $0, context: $1).place() }).bounded(.placing, for: ["POST"])
        case .addToVacation:
            RouteDeclaration("/photos/add-to-vacation", as: Parse(.addToVacation),
                             get: { try AddToVacationController(app: $0, context: $1).choose() },
                             post: { try AddToVacationController(app: $0, context: $1).add() }).bounded(.placing, for: ["POST"])
        case .placement(let id):
            RouteDeclaration("/photos/placings/\(id)", as: Parse(Route.placement), get: { try PlacingController(app: $0, context: $1).show(id: id) },
                             post: { try PlacingController(app: $0, context: $1).undo(id: id) })
        case .basemapTile(let tile, let version):
            // Public data, as the stylesheets are: before the session, cached for as long as the pack lasts.
            .beforeSession("/map/basemap/\(tile)", query: Route.query("v", version),
                           as: Parse(reading: { match in match.slots { (tile: BasemapTile) in .basemapTile(tile, version: match.parameter("v")) } })) { app, _ in
                try app.basemapTile(tile)
            }
        case .photoMapData(let bbox, let zoom):
            RouteDeclaration.get("/map/photos", query: Route.query([("bbox", bbox), ("zoom", zoom)]),
                                 as: Parse(reading: { .photoMapData(bbox: $0.parameter("bbox"), zoom: $0.parameter("zoom")) })) {
                try PhotoMapController(app: $0, context: $1).data(bbox: bbox, zoom: zoom)
            }.pageCached
        case .mapPlaces(let bbox, let zoom):
            RouteDeclaration.get("/map/places", query: Route.query([("bbox", bbox), ("zoom", zoom)]),
                                 as: Parse(reading: { .mapPlaces(bbox: $0.parameter("bbox"), zoom: $0.parameter("zoom")) })) {
                try PhotoMapController(app: $0, context: $1).places(bbox: bbox, zoom: zoom)
            }
        case .upload:
            RouteDeclaration("/upload", as: Parse(.upload), get: { try UploadController(app: $0, context: $1).form() },
                             post: { try UploadController(app: $0, context: $1).upload() }, postBody: .spooled).bounded(.upload, for: ["POST"])
        case .uploadFile(let name):
            RouteDeclaration("/upload/file", query: Route.query("name", name), as: Parse(reading: { .uploadFile(name: $0.parameter("name")) }),
                             post: { try UploadController(app: $0, context: $1).uploadFile() }, postBody: .spooled).bounded(.upload, for: ["POST"])

        // Vacations.
        case .vacations: .get("/vacations", as: Parse(.vacations)) { try VacationsController(app: $0, context: $1).list() }
        case .newVacation:
            RouteDeclaration("/vacations/new", as: Parse(.newVacation), get: { try VacationsController(app: $0, context: $1).newForm() },
                             post: { try VacationsController(app: $0, context: $1).add() })
        case .vacationImport:
            RouteDeclaration("/vacations/import", as: Parse(.vacationImport), get: { try VacationsController(app: $0, context: $1).importForm() },
                             post: { try VacationsController(app: $0, context: $1).importDocument() }, postBody: .spooled).bounded(.upload, for: ["POST"])
        case .foundTripVacation(let id):
            .post("/vacations/found/\(id)/make", as: Parse(Route.foundTripVacation)) { try TimelineController(app: $0, context: $1).makeVacation(found: id) }.bounded(.placing, for: ["POST"])
        case .foundTripDismissal(let id):
            .post("/vacations/found/\(id)/dismiss", as: Parse(Route.foundTripDismissal)) { try TimelineController(app: $0, context: $1).dismiss(found: id) }
        case .vacation(let id): .get("/vacations/\(id)", as: Parse(Route.vacation)) { try VacationsController(app: $0, context: $1).menu(id) }
        case .vacationRename(let id): .post("/vacations/\(id)/rename", as: Parse(Route.vacationRename)) { try VacationsController(app: $0, context: $1).rename(id) }
        case .vacationRemoval(let id):
            RouteDeclaration("/vacations/\(id)/remove", as: Parse(Route.vacationRemoval), get: { try VacationsController(app: $0, context: $1).removalConfirmation(id) },
                             post: { try VacationsController(app: $0, context: $1).remove(id) })
        case .vacationGPX(let id): .get("/vacations/\(id)/export.gpx", as: Parse(Route.vacationGPX)) { try VacationsController(app: $0, context: $1).exportGPX(id) }
        case .vacationExport(let id):
            RouteDeclaration("/vacations/\(id)/export", as: Parse(Route.vacationExport), get: { try VacationsController(app: $0, context: $1).export(id) },
                             head: { try VacationsController(app: $0, context: $1).exportHead(id) }).bounded(.export)
        case .vacationItinerary(let id):
            .get("/vacations/\(id)/itinerary", as: Parse(Route.vacationItinerary)) { app, context in
                let browse = VacationBrowseController(app: app, context: context)
                return try browse.itinerary(try browse.opened(id))
            }
        case .vacationTags(let id, let query):
            .get("/vacations/\(id)/tags", query: Route.query("q", query), as: Parse(reading: { match in match.slots { .vacationTags(id: $0, query: match.parameter("q")) } })) {
                let browse = VacationBrowseController(app: $0, context: $1)
                return try browse.tags(try browse.opened(id), query: query)
            }
        case .vacationPicker(let id, let before):
            .get("/vacations/\(id)/add-photos", query: Route.query("before", before),
                 as: Parse(reading: { match in match.slots { .vacationPicker(id: $0, before: match.parameter("before")) } })) {
                try VacationPickerController(app: $0, context: $1).page(id, before: before)
            }
        case .vacationPhotos(let id, let filter):
            .get("/vacations/\(id)/photos", query: Route.filterQuery(filter), as: Parse(reading: { match in match.slots { .vacationPhotos(id: $0, filter: match.vacationFilter) } })) {
                let browse = VacationBrowseController(app: $0, context: $1)
                return try browse.photos(try browse.opened(id), filter: filter)
            }
        case .vacationPhoto(let id, let photo, let filter):
            .get("/vacations/\(id)/photos/\(photo)", query: Route.filterQuery(filter), as: Parse(reading: { match in
                match.slots { .vacationPhoto(id: $0, photo: $1, filter: match.vacationFilter) }
            })) {
                let browse = VacationBrowseController(app: $0, context: $1)
                return try browse.photo(try browse.opened(id, counted: false), photo: photo, filter: filter)
            }
        case .vacationPhotoRemoval(let id, let photo, let filter):
            RouteDeclaration("/vacations/\(id)/photos/\(photo)/remove", query: Route.filterQuery(filter), as: Parse(reading: { match in
                match.slots { .vacationPhotoRemoval(id: $0, photo: $1, filter: match.vacationFilter) }
            }),
                             get: { try VacationBrowseController(app: $0, context: $1).photoRemovalConfirmation(id, photo: photo, filter: filter) },
                             post: { try VacationBrowseController(app: $0, context: $1).removePhoto(id, photo: photo, filter: filter) })
        case .vacationPhotoImage(let id, let photo, let size):
            // A vacation keeps its photos' thumbnails and previews, not the originals.
            .get("/vacations/\(id)/photos/\(photo)/\(size)", as: Parse(reading: { match in
                guard case .size(let size)? = match.values.last, size != .original else { return nil }
                return match.slots(Route.vacationPhotoImage)
            })) {
                let browse = VacationBrowseController(app: $0, context: $1)
                return try browse.image(try browse.opened(id, counted: false), photo: photo, size: size)
            }
        case .vacationPhotoVideo(let id, let photo):
            .get("/vacations/\(id)/photos/\(photo)/video", as: Parse(Route.vacationPhotoVideo)) {
                let browse = VacationBrowseController(app: $0, context: $1)
                return try browse.video(try browse.opened(id, counted: false), photo: photo)
            }
        case .vacationPrint(let id):
            RouteDeclaration("/vacations/\(id)/print", as: Parse(Route.vacationPrint),
                             get: { try PrintedBookController(app: $0, context: $1).form(id: id) },
                             post: { try PrintedBookController(app: $0, context: $1).ask(id: id) })
        case .vacationPrintCancel(let id):
            .post("/vacations/\(id)/print/cancel", as: Parse(Route.vacationPrintCancel)) { try PrintedBookController(app: $0, context: $1).cancel(id: id) }
        case .vacationPrintPDF(let id):
            .get("/vacations/\(id)/print/book.pdf", as: Parse(Route.vacationPrintPDF)) { try PrintedBookController(app: $0, context: $1).pdf(id: id) }
        case .vacationPrintPage(let id, let page):
            .get("/vacations/\(id)/print/pages/\(page)", as: Parse(Route.vacationPrintPage)) { try PrintedBookController(app: $0, context: $1).pagePicture(id: id, page: page) }
        case .vacationPrintPreview(let id, let page):
            .get("/vacations/\(id)/print/preview/\(page)", as: Parse(Route.vacationPrintPreview)) { try PrintedBookController(app: $0, context: $1).preview(id: id, page: page) }
        case .vacationBook(let id, let page):
            .get("/vacations/\(id)/book/\(page)", as: Parse(Route.vacationBook)) { app, context in
                let browse = VacationBrowseController(app: app, context: context)
                return try browse.book(try browse.opened(id), page: page)
            }
        case .vacationKeepListPart(let id, let from):
            RouteDeclaration.get("/vacations/\(id)/offline", query: Route.query("from", from > 0 ? String(from) : nil), as: Parse(reading: { match in
                match.slots { .vacationKeepListPart(id: $0, from: match.partStart) }
            })) {
                try KeptOnDeviceController(app: $0, context: $1).vacationList(id, from: from)
            }.bounded(.keepList)

        // Sharing a vacation: its owner's Share…, and the vacation as a link shows it.
        case .vacationSharing(let id):
            RouteDeclaration("/vacations/\(id)/share", as: Parse(Route.vacationSharing), get: { try SharingController(app: $0, context: $1).show(id) },
                             post: { try SharingController(app: $0, context: $1).makeLink(id) })
        case .vacationLinkOptions(let id, let link):
            .post("/vacations/\(id)/share/links/\(link)", as: Parse(Route.vacationLinkOptions)) { try SharingController(app: $0, context: $1).changeOptions(id, link: link) }
        case .vacationLinkStop(let id, let link):
            .post("/vacations/\(id)/share/links/\(link)/stop", as: Parse(Route.vacationLinkStop)) { try SharingController(app: $0, context: $1).stop(id, link: link) }
        case .vacationMembers(let id):
            .post("/vacations/\(id)/share/people", as: Parse(Route.vacationMembers)) { try SharingController(app: $0, context: $1).share(id) }
        case .vacationMemberRemoval(let id, let account):
            .post("/vacations/\(id)/share/people/\(account)/remove", as: Parse(Route.vacationMemberRemoval)) {
                try SharingController(app: $0, context: $1).removeMember(id, account: account)
            }
        case .sharedVacation(let token):
            RouteDeclaration.get("/s/\(token)", as: Parse(Route.sharedVacation), public: true) { try SharedLinkController(app: $0, context: $1).menu() }.pageCached
        case .sharedPassword(let token):
            RouteDeclaration("/s/\(token)/password", as: Parse(Route.sharedPassword), public: true, post: { try SharedLinkController(app: $0, context: $1).unlock() })
        case .sharedItinerary(let token):
            RouteDeclaration.get("/s/\(token)/itinerary", as: Parse(Route.sharedItinerary), public: true) { try SharedLinkController(app: $0, context: $1).itinerary() }.pageCached
        case .sharedTags(let token, let query):
            RouteDeclaration.get("/s/\(token)/tags", query: Route.query("q", query), as: Parse(reading: { match in
                match.slots { .sharedTags($0, query: match.parameter("q")) }
            }), public: true) { try SharedLinkController(app: $0, context: $1).tags(query: query) }.pageCached
        case .sharedPhotos(let token, let filter):
            RouteDeclaration.get("/s/\(token)/photos", query: Route.filterQuery(filter), as: Parse(reading: { match in
                match.slots { .sharedPhotos($0, filter: match.vacationFilter) }
            }), public: true) { try SharedLinkController(app: $0, context: $1).photos(filter) }.pageCached
        case .sharedPhoto(let token, let photo, let filter):
            RouteDeclaration.get("/s/\(token)/photos/\(photo)", query: Route.filterQuery(filter), as: Parse(reading: { match in
                match.slots { .sharedPhoto($0, photo: $1, filter: match.vacationFilter) }
            }), public: true) { try SharedLinkController(app: $0, context: $1).photo(photo, filter: filter) }.pageCached
        case .sharedPhotoImage(let token, let photo, let size):
            .get("/s/\(token)/photos/\(photo)/\(size)", as: Parse(Route.sharedPhotoImage), public: true) {
                try SharedLinkController(app: $0, context: $1).image(photo, size: size)
            }
        case .sharedPhotoVideo(let token, let photo):
            .get("/s/\(token)/photos/\(photo)/video", as: Parse(Route.sharedPhotoVideo), public: true) {
                try SharedLinkController(app: $0, context: $1).video(photo)
            }
        case .sharedPrintPDF(let token):
            RouteDeclaration.get("/s/\(token)/book.pdf", as: Parse(Route.sharedPrintPDF), public: true) {
                try SharedLinkController(app: $0, context: $1).printedBook()
            }.bounded(.printedBook)
        case .sharedBook(let token, let page):
            RouteDeclaration.get("/s/\(token)/book/\(page)", as: Parse(Route.sharedBook), public: true) { try SharedLinkController(app: $0, context: $1).book(page: page) }.pageCached
        case .sharedKeepListPart(let token, let from):
            RouteDeclaration.get("/s/\(token)/offline", query: Route.query("from", from > 0 ? String(from) : nil), as: Parse(reading: { match in
                match.slots { .sharedKeepListPart($0, from: match.partStart) }
            }), public: true) {
                try KeptOnDeviceController(app: $0, context: $1).sharedList(from: from)
            }.bounded(.keepList)
        case .sharedManifest(let token):
            .get("/s/\(token)/manifest", as: Parse(Route.sharedManifest), public: true) { try SharedLinkController(app: $0, context: $1).manifest() }

        // Flickr.
        case .flickrPlaces: .get("/flickr", as: Parse(.flickrPlaces)) { try FlickrController(app: $0, context: $1).places() }
        case .flickrPlace(let id): .get("/flickr/places/\(flickr: id)", as: Parse(Route.flickrPlace)) { try FlickrController(app: $0, context: $1).place(id) }
        case .flickrPhoto(let id, let place, let inRecents):
            RouteDeclaration("/flickr/photos/\(flickr: id)", query: inRecents ? "?from=recents" : Route.query("place", place), as: Parse(reading: { match in
                // Opened from Recents, previous and next are Recents': no place.
                let place = match.fromRecents ? nil : match.parameter("place").flatMap { Slot.isFlickrID($0[...]) ? $0 : nil }
                return match.slots { .flickrPhoto(id: $0, place: place, inRecents: match.fromRecents) }
            }),
                             get: { try FlickrController(app: $0, context: $1).photo(id, place: place, inRecents: inRecents, looked: true) },
                             head: { try FlickrController(app: $0, context: $1).photo(id, place: place, inRecents: inRecents, looked: false) })
        case .flickrImage(let id, let size):
            .get("/flickr/photos/\(flickr: id)/\(size)", as: Parse(Route.flickrImage)) { try FlickrController(app: $0, context: $1).image(id, size: size) }
        case .flickrVisit(let id):
            RouteDeclaration("/flickr/photos/\(flickr: id)/visit", as: Parse(Route.flickrVisit), get: { try FlickrController(app: $0, context: $1).visitChoice(id) },
                             post: { try FlickrController(app: $0, context: $1).visit(id) })
        case .flickrUnvisit(let id):
            RouteDeclaration("/flickr/photos/\(flickr: id)/unvisit", as: Parse(Route.flickrUnvisit), get: { try FlickrController(app: $0, context: $1).unvisitChoice(id) },
                             post: { try FlickrController(app: $0, context: $1).unvisit(id) })
        }
    }
}
