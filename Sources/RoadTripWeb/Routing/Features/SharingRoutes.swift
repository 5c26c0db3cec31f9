import HTTPServer
import RoadTrip

extension Route {
    /// Sharing a vacation: its owner's Share… (links and members), and the vacation as a link shows
    /// it.
    var sharingRoute: RouteDeclaration? {
        switch self {
        case .vacationSharing(let id):
            RouteDeclaration(
                "/vacations/\(id)/share", as: Parse(Route.vacationSharing), SharingController.self, get: { try $0.show(id) },
                post: { try $0.makeLink(id) })
        case .vacationLinkOptions(let id, let link):
            .post("/vacations/\(id)/share/links/\(link)", as: Parse(Route.vacationLinkOptions), SharingController.self) {
                try $0.changeOptions(id, link: link)
            }
        case .vacationLinkStop(let id, let link):
            .post("/vacations/\(id)/share/links/\(link)/stop", as: Parse(Route.vacationLinkStop), SharingController.self) {
                try $0.stop(id, link: link)
            }
        case .vacationMembers(let id):
            .post("/vacations/\(id)/share/people", as: Parse(Route.vacationMembers), SharingController.self) { try $0.share(id) }
        case .vacationMemberRemoval(let id, let account):
            .post("/vacations/\(id)/share/people/\(account)/remove", as: Parse(Route.vacationMemberRemoval), SharingController.self) {
                try $0.removeMember(id, account: account)
            }
        case .sharedVacation(let token):
            RouteDeclaration.get("/s/\(token)", as: Parse(Route.sharedVacation), public: true, SharedLinkController.self) { try $0.menu() }
                .pageCached
        case .sharedPassword(let token):
            RouteDeclaration(
                "/s/\(token)/password", as: Parse(Route.sharedPassword), public: true, SharedLinkController.self, post: { try $0.unlock() })
        case .sharedItinerary(let token):
            RouteDeclaration.get("/s/\(token)/itinerary", as: Parse(Route.sharedItinerary), public: true, SharedLinkController.self) {
                try $0.itinerary()
            }.pageCached
        case .sharedTags(let token, let query):
            RouteDeclaration.get(
                "/s/\(token)/tags", query: Route.query("q", query),
                as: Parse(reading: { match in
                    match.slots { .sharedTags($0, query: match.parameter("q")) }
                }), public: true, SharedLinkController.self
            ) { try $0.tags(query: query) }.pageCached
        case .sharedPhotos(let token, let filter):
            RouteDeclaration.get(
                "/s/\(token)/photos", query: Route.filterQuery(filter),
                as: Parse(reading: { match in
                    match.slots { .sharedPhotos($0, filter: match.vacationFilter) }
                }), public: true, SharedLinkController.self
            ) { try $0.photos(filter) }.pageCached
        case .sharedPhoto(let token, let photo, let filter):
            RouteDeclaration.get(
                "/s/\(token)/photos/\(photo)", query: Route.filterQuery(filter),
                as: Parse(reading: { match in
                    match.slots { .sharedPhoto($0, photo: $1, filter: match.vacationFilter) }
                }), public: true, SharedLinkController.self
            ) { try $0.photo(photo, filter: filter) }.pageCached
        case .sharedPhotoImage(let token, let photo, let size):
            .get("/s/\(token)/photos/\(photo)/\(size)", as: Parse(Route.sharedPhotoImage), public: true, SharedLinkController.self) {
                try $0.image(photo, size: size)
            }
        case .sharedPhotoVideo(let token, let photo):
            .get("/s/\(token)/photos/\(photo)/video", as: Parse(Route.sharedPhotoVideo), public: true, SharedLinkController.self) {
                try $0.video(photo)
            }
        case .sharedPrintPDF(let token):
            RouteDeclaration.get("/s/\(token)/book.pdf", as: Parse(Route.sharedPrintPDF), public: true, SharedLinkController.self) {
                try $0.printedBook()
            }.bounded(.printedBook)
        case .sharedBook(let token, let page):
            RouteDeclaration.get("/s/\(token)/book/\(page)", as: Parse(Route.sharedBook), public: true, SharedLinkController.self) {
                try $0.book(page: page)
            }.pageCached
        case .sharedKeepListPart(let token, let from):
            RouteDeclaration.get(
                "/s/\(token)/offline", query: Route.query("from", from > 0 ? String(from) : nil),
                as: Parse(reading: { match in
                    match.slots { .sharedKeepListPart($0, from: match.partStart) }
                }), public: true, KeptOnDeviceController.self
            ) {
                try $0.sharedList(from: from)
            }.bounded(.keepList)
        case .sharedManifest(let token):
            .get("/s/\(token)/manifest", as: Parse(Route.sharedManifest), public: true, SharedLinkController.self) { try $0.manifest() }
        default: nil
        }
    }
}
