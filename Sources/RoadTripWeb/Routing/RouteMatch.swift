import RoadTrip

/// The values of a request's address, in the order its path's slots hold them (typed when it
/// was matched), and the request's query parameters.
struct AddressMatch {
    let values: [SlotValue]
    let query: [(name: String, value: String)]

    /// The route `make` gives the slots' values, typed as its parameters are; nil when they are not
    /// those types (a declaration whose path and case disagree, which RouteTests refuse).
    func slots(_ make: () -> Route) -> Route? {
        values.isEmpty ? make() : nil
    }

    func slots<A: SlotType>(_ make: (A) -> Route) -> Route? {
        guard values.count == 1, let a = A(slot: values[0]) else { return nil }
        return make(a)
    }

    func slots<A: SlotType, B: SlotType>(_ make: (A, B) -> Route) -> Route? {
        guard values.count == 2, let a = A(slot: values[0]), let b = B(slot: values[1]) else { return nil }
        return make(a, b)
    }

    func slots<A: SlotType, B: SlotType, C: SlotType>(_ make: (A, B, C) -> Route) -> Route? {
        guard values.count == 3, let a = A(slot: values[0]), let b = B(slot: values[1]), let c = C(slot: values[2]) else { return nil }
        return make(a, b, c)
    }

    func parameter(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// A query parameter that names a resource by its identifier; nil when absent or not one.
    func identifierParameter(_ name: String) -> Int64? {
        parameter(name).flatMap { Slot.number($0[...]) }
    }

    /// `?page=N` of a list shown a page at a time (1 to 100,000); nil when absent or not one.
    var pageParameter: Int? {
        parameter("page").flatMap { Slot.pageNumber($0[...]) }
    }

    /// `?from=N` of a keep list's part: where it starts among the list's addresses (0 when absent).
    var partStart: Int {
        identifierParameter("from").map { Int(clamping: $0) } ?? 0
    }

    /// Which of a vacation's photos a list or the viewer goes through: `?place=` or `?tag=`, else all.
    var vacationFilter: VacationPhotoFilter {
        identifierParameter("place").map { .place($0) } ?? identifierParameter("tag").map { .tag($0) } ?? .all
    }

    /// `?from=recents`: the viewer was opened from Recents.
    var fromRecents: Bool {
        parameter("from") == "recents"
    }
}

/// How a route is read back from a request that matched its path: the case it is, made from the
/// slots' values (`Parse(Route.destination)`), or with what the query adds (`Parse { match in … }`).
struct Parse: Sendable {
    let route: @Sendable (AddressMatch) -> Route?

    init(_ route: Route) {
        self.route = { $0.slots { route } }
    }

    init<A: SlotType>(_ make: @escaping @Sendable (A) -> Route) {
        route = { $0.slots(make) }
    }

    init<A: SlotType, B: SlotType>(_ make: @escaping @Sendable (A, B) -> Route) {
        route = { $0.slots(make) }
    }

    init<A: SlotType, B: SlotType, C: SlotType>(_ make: @escaping @Sendable (A, B, C) -> Route) {
        route = { $0.slots(make) }
    }

    /// A route that also reads the query.
    init(reading route: @escaping @Sendable (AddressMatch) -> Route?) {
        self.route = route
    }
}
