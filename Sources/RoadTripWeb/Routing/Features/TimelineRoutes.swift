import HTTPServer
import RoadTrip

extension Route {
    /// The timeline: days, months and years, the undated, the viewer through it; On this day; the
    /// trips found in the photos.
    var timelineRoute: RouteDeclaration? {
        switch self {
        case .timeline(let start):
            .get(
                Route.timelinePath(start), query: Route.timelineQuery(start),
                as: Parse(reading: { match in
                    guard let period = match.values.first else {
                        if let key = match.parameter("before").flatMap(TimelineKey.init) { return .timeline(.before(key)) }
                        return .timeline(match.parameter("after").flatMap(TimelineKey.init).map { .after($0) } ?? .newest)
                    }
                    return TimelinePeriod(slot: period).map { .timeline(.period($0)) }
                }), TimelineController.self
            ) { timeline in
                if case .period(.year(let year)) = start { return try timeline.months(of: year) }
                return try timeline.days(from: start)
            }
        case .timelineYears: .get("/timeline/years", as: Parse(.timelineYears), TimelineController.self) { try $0.years() }
        case .timelineUndated(let after):
            .get(
                "/timeline/undated", query: Route.query("after", after.map(String.init)),
                as: Parse(reading: { .timelineUndated(after: $0.identifierParameter("after")) }), TimelineController.self
            ) {
                try $0.undated(after: after)
            }
        case .timelinePhoto(let id):
            RouteDeclaration(
                "/timeline/photos/\(id)", as: Parse(Route.timelinePhoto),
                PhotoController.self, get: { try $0.showInTimeline(id: id, looked: true) },
                head: { try $0.showInTimeline(id: id, looked: false) })
        case .memory(let day, let page):
            .get("/memories/\(TimelinePeriod.day(day))/\(page)", as: Parse(Route.memory), TimelineController.self) {
                try $0.memory(day, page: page)
            }
        case .memoryHiding(let day):
            .post("/memories/\(TimelinePeriod.day(day))/hide", as: Parse(Route.memoryHiding), TimelineController.self) { try $0.hide(day) }
        case .memoryBook(let day):
            .post("/memories/\(TimelinePeriod.day(day))/book", as: Parse(Route.memoryBook), TimelineController.self) {
                try $0.makeBook(of: day)
            }.bounded(.printedBook, for: ["POST"])
        case .foundTripVacation(let id):
            .post("/vacations/found/\(id)/make", as: Parse(Route.foundTripVacation), TimelineController.self) {
                try $0.makeVacation(found: id)
            }.bounded(.placing, for: ["POST"])
        case .foundTripDismissal(let id):
            .post("/vacations/found/\(id)/dismiss", as: Parse(Route.foundTripDismissal), TimelineController.self) {
                try $0.dismiss(found: id)
            }
        default: nil
        }
    }
}
