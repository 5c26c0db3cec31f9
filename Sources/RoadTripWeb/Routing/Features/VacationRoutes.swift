import HTTPServer
import RoadTrip

extension Route {
    /// Vacations: the list, making, importing and exporting one, its menu, photos, itinerary, tags,
    /// book, printed book, and what a device keeps of it.
    var vacationRoute: RouteDeclaration? {
        switch self {
        case .vacations: .get("/vacations", as: Parse(.vacations), VacationsController.self) { try $0.list() }
        case .newVacation:
            RouteDeclaration(
                "/vacations/new", as: Parse(.newVacation), VacationsController.self, get: { try $0.newForm() },
                post: { try $0.add() })
        case .vacationImport:
            RouteDeclaration(
                "/vacations/import", as: Parse(.vacationImport), VacationsController.self, get: { try $0.importForm() },
                post: { try $0.importDocument() }, postBody: .spooled
            ).bounded(.upload, for: ["POST"])
        case .vacation(let id): .get("/vacations/\(id)", as: Parse(Route.vacation), VacationsController.self) { try $0.menu(id) }
        case .vacationRename(let id):
            .post("/vacations/\(id)/rename", as: Parse(Route.vacationRename), VacationsController.self) { try $0.rename(id) }
        case .vacationRemoval(let id):
            RouteDeclaration(
                "/vacations/\(id)/remove", as: Parse(Route.vacationRemoval), VacationsController.self,
                get: { try $0.removalConfirmation(id) },
                post: { try $0.remove(id) })
        case .vacationGPX(let id):
            .get("/vacations/\(id)/export.gpx", as: Parse(Route.vacationGPX), VacationsController.self) { try $0.exportGPX(id) }
        case .vacationExport(let id):
            RouteDeclaration(
                "/vacations/\(id)/export", as: Parse(Route.vacationExport), VacationsController.self, get: { try $0.export(id) },
                head: { try $0.exportHead(id) }
            ).bounded(.export)
        case .vacationItinerary(let id):
            .get("/vacations/\(id)/itinerary", as: Parse(Route.vacationItinerary), VacationBrowseController.self) { browse in
                try browse.itinerary(try browse.opened(id))
            }
        case .vacationTags(let id, let query):
            .get(
                "/vacations/\(id)/tags", query: Route.query("q", query),
                as: Parse(reading: { match in match.slots { .vacationTags(id: $0, query: match.parameter("q")) } }),
                VacationBrowseController.self
            ) { browse in
                try browse.tags(try browse.opened(id), query: query)
            }
        case .vacationPicker(let id, let before):
            .get(
                "/vacations/\(id)/add-photos", query: Route.query("before", before),
                as: Parse(reading: { match in match.slots { .vacationPicker(id: $0, before: match.parameter("before")) } }),
                VacationPickerController.self
            ) {
                try $0.page(id, before: before)
            }
        case .vacationPhotos(let id, let filter):
            .get(
                "/vacations/\(id)/photos", query: Route.filterQuery(filter),
                as: Parse(reading: { match in match.slots { .vacationPhotos(id: $0, filter: match.vacationFilter) } }),
                VacationBrowseController.self
            ) { browse in
                try browse.photos(try browse.opened(id), filter: filter)
            }
        case .vacationPhoto(let id, let photo, let filter):
            .get(
                "/vacations/\(id)/photos/\(photo)", query: Route.filterQuery(filter),
                as: Parse(reading: { match in
                    match.slots { .vacationPhoto(id: $0, photo: $1, filter: match.vacationFilter) }
                }), VacationBrowseController.self
            ) { browse in
                try browse.photo(try browse.opened(id, counted: false), photo: photo, filter: filter)
            }
        case .vacationPhotoRemoval(let id, let photo, let filter):
            RouteDeclaration(
                "/vacations/\(id)/photos/\(photo)/remove", query: Route.filterQuery(filter),
                as: Parse(reading: { match in
                    match.slots { .vacationPhotoRemoval(id: $0, photo: $1, filter: match.vacationFilter) }
                }), VacationBrowseController.self,
                get: { try $0.photoRemovalConfirmation(id, photo: photo, filter: filter) },
                post: { try $0.removePhoto(id, photo: photo, filter: filter) })
        case .vacationPhotoImage(let id, let photo, let size):
            // A vacation keeps its photos' thumbnails and previews, not the originals.
            .get(
                "/vacations/\(id)/photos/\(photo)/\(size)",
                as: Parse(reading: { match in
                    guard let size = match.values.last.flatMap(PhotoImageSize.init(slot:)), size != .original else { return nil }
                    return match.slots(Route.vacationPhotoImage)
                }), VacationBrowseController.self
            ) { browse in
                try browse.image(try browse.opened(id, counted: false), photo: photo, size: size)
            }
        case .vacationPhotoVideo(let id, let photo):
            .get("/vacations/\(id)/photos/\(photo)/video", as: Parse(Route.vacationPhotoVideo), VacationBrowseController.self) { browse in
                try browse.video(try browse.opened(id, counted: false), photo: photo)
            }
        case .vacationPrint(let id):
            RouteDeclaration(
                "/vacations/\(id)/print", as: Parse(Route.vacationPrint),
                PrintedBookController.self, get: { try $0.form(id: id) },
                post: { try $0.ask(id: id) })
        case .vacationPrintCancel(let id):
            .post("/vacations/\(id)/print/cancel", as: Parse(Route.vacationPrintCancel), PrintedBookController.self) {
                try $0.cancel(id: id)
            }
        case .vacationPrintPDF(let id):
            .get("/vacations/\(id)/print/book.pdf", as: Parse(Route.vacationPrintPDF), PrintedBookController.self) { try $0.pdf(id: id) }
        case .vacationPrintPage(let id, let page):
            .get("/vacations/\(id)/print/pages/\(page)", as: Parse(Route.vacationPrintPage), PrintedBookController.self) {
                try $0.pagePicture(id: id, page: page)
            }
        case .vacationPrintPreview(let id, let page):
            .get("/vacations/\(id)/print/preview/\(page)", as: Parse(Route.vacationPrintPreview), PrintedBookController.self) {
                try $0.preview(id: id, page: page)
            }
        case .vacationBook(let id, let page):
            .get("/vacations/\(id)/book/\(page)", as: Parse(Route.vacationBook), VacationBrowseController.self) { browse in
                try browse.book(try browse.opened(id), page: page)
            }
        case .vacationKeepListPart(let id, let from):
            RouteDeclaration.get(
                "/vacations/\(id)/offline", query: Route.query("from", from > 0 ? String(from) : nil),
                as: Parse(reading: { match in
                    match.slots { .vacationKeepListPart(id: $0, from: match.partStart) }
                }), KeptOnDeviceController.self
            ) {
                try $0.vacationList(id, from: from)
            }.bounded(.keepList)
        default: nil
        }
    }
}
