import HTTPServer
import RoadTrip

extension Route {
    /// The trip: destinations, the Events book and its editor, saved copies, weather, the trip's
    /// map, what a device keeps of it.
    var tripRoute: RouteDeclaration? {
        switch self {
        case .destination(let id):
            RouteDeclaration.get("/destinations/\(id)", as: Parse(Route.destination), DestinationsController.self) { try $0.show(id: id) }
                .pageCached
        case .destinationImage(let id):
            .get("/destinations/\(id)/image", as: Parse(Route.destinationImage), DestinationsController.self) { try $0.image(id: id) }
        case .chooseDestination(let id):
            .post("/destinations/\(id)/choose", as: Parse(Route.chooseDestination), DestinationsController.self) { try $0.choose(id: id) }
        case .weather: .get("/trip/weather", as: Parse(.weather), BookController.self) { try $0.weather() }
        case .tripMap: RouteDeclaration.get("/trip/map", as: Parse(.tripMap), BookController.self) { try $0.map() }.pageCached
        case .weatherCopy: .get("/trip/weather/copy", as: Parse(.weatherCopy), BookController.self) { try $0.weatherCopy() }
        case .weatherCopyStatus:
            .get("/trip/weather/copy-status", as: Parse(.weatherCopyStatus), BookController.self) { try $0.weatherCopyStatus() }
        case .tripKeepListPart(let from):
            RouteDeclaration.get(
                "/trip/offline", query: Route.query("from", from > 0 ? String(from) : nil),
                as: Parse(reading: { .tripKeepListPart(from: $0.partStart) }), KeptOnDeviceController.self
            ) {
                try $0.tripList(from: from)
            }.bounded(.keepList)
        case .bookSettings(let from):
            RouteDeclaration(
                "/trip/book-settings", query: Route.query("from", from), as: Parse(reading: { .bookSettings(from: $0.parameter("from")) }),
                BookController.self, get: { try $0.settings(from: from) },
                post: { try $0.saveSettings() })
        case .eventsEditorPage(let page):
            RouteDeclaration(
                "/trip/events/edit", query: Route.query("page", page > 1 ? String(page) : nil),
                as: Parse(reading: { .eventsEditorPage($0.pageParameter ?? 1) }),
                EventsEditorController.self, get: { try $0.editor(page: page) },
                post: { try $0.add(from: page) })
        case .eventsBook(let page): .get("/trip/events/\(page)", as: Parse(Route.eventsBook), BookController.self) { try $0.page(page) }
        case .eventCopy(let page): .get("/trip/events/\(page)/copy", as: Parse(Route.eventCopy), BookController.self) { try $0.copy(page) }
        case .eventCopyStatus(let page):
            .get("/trip/events/\(page)/copy-status", as: Parse(Route.eventCopyStatus), BookController.self) { try $0.copyStatus(page) }
        case .eventRemoval(let page):
            .post("/trip/events/\(page)/remove", as: Parse(Route.eventRemoval), EventsEditorController.self) { try $0.remove(page) }
        case .eventMove(let page):
            .post("/trip/events/\(page)/move", as: Parse(Route.eventMove), EventsEditorController.self) { try $0.move(page) }
        case .samplePage(let page):
            .get("/sample/pages/\(page)", as: Parse(Route.samplePage), public: true, BookController.self) { try $0.samplePage(page) }
        default: nil
        }
    }
}
