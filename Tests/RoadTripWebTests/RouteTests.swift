import Foundation
@testable import HTTPServer
import Testing
@testable import RoadTripWeb

@Suite struct RouteTests {
    static let everyRoute: [Route] = [
        .home,
        .health,
        .destination(id: 1),
        .destination(id: 42),
        .destination(id: Int64.max),
        .destinationImage(id: 1),
        .destinationImage(id: 9_000_000_000),
        .asset("app.0123456789abcdef.css"),
        .asset("icon.fedcba9876543210.svg"),
        .asset("app-shell.00000000ffffffff.js"),
        .flickrUnvisit(id: "53312345678"),
        .vacationPhotoRemoval(id: 3, photo: 4, filter: .all),
    ]

    @Test func theMapsDataRouteKeepsItsBoxAndZoomThroughItsAddress() {
        let route = Route.photoMapData(bbox: "-10.5,20,30,40.25", zoom: "3")

        #expect(route.path == "/map/photos?bbox=-10.5,20,30,40.25&zoom=3")
        #expect(Route(path: "/map/photos", query: [("bbox", "-10.5,20,30,40.25"), ("zoom", "3")]) == route)
        #expect(Route(path: "/map/photos", query: [("zoom", "3")]) == .photoMapData(bbox: nil, zoom: "3"))
    }

    @Test(arguments: everyRoute)
    func everyRouteMatchesThePathItBuilds(route: Route) {
        // MUT
        let matched = Route(path: route.path)

        // validate
        #expect(matched == route, "\(route.path) does not lead back to \(route)")
    }

    /// The walks of SessionGateTests visit `Route.examples`: one for each address, and each
    /// example's path (written once, in `Route.declaration`) is its own address's and no other's.
    @Test(arguments: Route.examples)
    func eachExampleIsReadBackFromItsPathByItsAddressAlone(example: Route) {
        // MUT
        let parts = RoutePath.split(example.path)
        let matching = Route.examples.filter { $0.declaration.path.values(at: parts) != nil }.map(\.declaration.path.description)

        // validate
        #expect(matching == [example.declaration.path.description], "\(example.path) is written for \(matching)")
        #expect(Route(path: example.path) == example)
    }

    /// The access log writes long runs of token characters as `[token]` (`AccessLog.redactingTokens`):
    /// every address but a share link's must stay readable there.
    /// A case without its example would compile, print links, and every such link answer 404.
    @Test func everyCaseOfRouteHasItsExample() throws {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/RoadTripWeb/Routing/Route.swift")
        let file = try String(contentsOf: source, encoding: .utf8)
        // The enum's own cases, in its body: `case name` or `case name(…)` at its first indentation.
        let start = try #require(file.range(of: "public enum Route:"))
        let body = file[start.lowerBound...]
        let text = body[..<(body.range(of: "\n}\n")?.lowerBound ?? body.endIndex)]
        let declared = Set(
            text.split(separator: "\n").compactMap { line -> String? in
                guard line.hasPrefix("    case ") else { return nil }
                return String(line.dropFirst("    case ".count).prefix { $0.isLetter || $0.isNumber })
            })
        let exemplified = Set(Route.examples.map { String(String(describing: $0).prefix { $0.isLetter || $0.isNumber }) })

        #expect(declared.count > 100, "the cases were read from \(source.path)")
        #expect(declared.subtracting(exemplified).isEmpty, "cases of Route without an example in Route.examples")
        #expect(exemplified.subtracting(declared).isEmpty, "every example's case was read")
    }

    /// Each route is declared in its feature's file; one no feature declares would answer nothing.
    @Test func everyExampleIsDeclaredByAFeature() {
        let undeclared = Route.examples.filter(\.declaration.isUndeclared)

        #expect(undeclared.isEmpty, "\(undeclared)")
        #expect(RouteDeclaration.undeclared.isUndeclared && !Route.home.declaration.isUndeclared)
    }

    @Test func noAddressButALinksLooksLikeATokenInTheLog() {
        for route in Route.examples where !route.path.hasPrefix(Route.linkPrefix) {
            #expect(AccessLog.redactingTokens(route.path) == route.path, "\(route.path)")
        }
    }

    @Test func everyAddressIsDeclaredOnceAndEverySlotIsAWholeSegment() {
        // MUT
        let patterns = Route.examples.map(\.declaration.path)

        // validate
        #expect(Set(patterns.map(\.description)).count == patterns.count, "two examples of one address")
        for pattern in patterns {
            #expect(!pattern.segments.contains { if case .malformed = $0 { true } else { false } }, "\(pattern): a slot shares its segment")
        }
    }

    @Test func aSlotIsTypedByTheValueWrittenIntoIt() {
        // MUT
        let path: RoutePath =
            "/vacations/\(Int64(3))/book/\(7)/\(PhotoImageSize.thumbnail)/\(flickr: "7.MJR8")/\(MapCell(level: 4, x: 8, y: 4))"
        let glued: RoutePath = "/photos/x\(Int64(3))"

        // validate
        #expect(path.text == "/vacations/3/book/7/thumbnail/7.MJR8/4-8-4")
        #expect(path.description == "/vacations/{identifier}/book/{page}/{imageSize}/{flickrID}/{mapCell}")
        #expect(glued.segments == [.literal("photos"), .malformed("x3")])
        #expect(glued.values(at: RoutePath.split("/photos/x3")) == nil, "a malformed address matches nothing")
    }

    /// A slot of a new type: its conformance is all it takes to write it and read it back.
    struct Colour: PathSlot, Equatable {
        static let slot = Slot("colour") { ["red", "green"].contains($0) ? Colour(name: String($0)) : nil }
        let name: String
        var pathSegment: String { name }
    }

    @Test func aNewKindOfSlotIsOneConformance() throws {
        // MUT
        let path: RoutePath = "/paint/\(Colour(name: "red"))/\(Int64(2))"
        let values = try #require(path.values(at: RoutePath.split("/paint/green/5")))

        // validate
        #expect(path.text == "/paint/red/2")
        #expect(path.description == "/paint/{colour}/{identifier}")
        #expect(values.count == 2 && Colour(slot: values[0]) == Colour(name: "green") && Int64(slot: values[1]) == 5)
        #expect(path.values(at: RoutePath.split("/paint/blue/5")) == nil, "a segment the slot does not read matches nothing")
        #expect(Colour(slot: values[1]) == nil, "an identifier is no colour")
    }

    @Test func valuesOfAnotherTypeThanTheCaseCarriesMakeNoRouteRatherThanATrap() {
        // MUT
        let page = AddressMatch(values: [SlotValue(value: 1)], query: [])
        let two = AddressMatch(values: [SlotValue(value: Int64(1)), SlotValue(value: Int64(2))], query: [])

        // validate
        #expect(page.slots(Route.destination) == nil, "a page is not an identifier")
        #expect(page.slots(Route.eventsBook) == .eventsBook(page: 1))
        #expect(two.slots(Route.destination) == nil, "one slot too many")
        #expect(two.slots(Route.accountRemoval) == nil)
    }

    @Test(arguments: [
        ("/vacations/3/photos/4/original", "a vacation keeps no originals"),
        ("/trip/events/100001", "a book has at most 100,000 pages"),
        ("/trip/events/0", "pages count from 1"),
        ("/photos/1/large", "no such image size"),
        ("/flickr/places/..", "a Flickr id never leaves its segment"),
        ("/flickr/places/a%2Fb", "a Flickr id is letters, digits and ._-@"),
        ("/accounts/1/rename", "no such account action"),
        ("/vacations/new/rename", "new is not a vacation"),
        ("/places/none/1", "the photos without a place have no sub-pages"),
    ])
    func aSlotAcceptsOnlyWhatItNames(path: String, why: String) {
        // MUT + validate
        #expect(Route(path: path) == nil, "\(path): \(why)")
    }

    @Test func aFlickrPhotoFromRecentsAndARemovalFromAFilteredListKeepWhereTheyCameFrom() {
        // MUT
        let recents = Route(path: "/flickr/photos/53312345678", query: [("from", "recents"), ("place", "7.MJR8tTVrIO1EgB")])
        let removal = Route(path: "/vacations/3/photos/4/remove", query: [("tag", "5")])

        // validate
        #expect(recents == .flickrPhoto(id: "53312345678", place: nil, inRecents: true), "from Recents, previous and next are Recents'")
        #expect(Route.flickrPhoto(id: "53312345678", place: nil, inRecents: true).path == "/flickr/photos/53312345678?from=recents")
        #expect(removal == .vacationPhotoRemoval(id: 3, photo: 4, filter: .tag(5)))
        #expect(Route.vacationPhotoRemoval(id: 3, photo: 4, filter: .tag(5)).path == "/vacations/3/photos/4/remove?tag=5")
        #expect(Route(path: "/vacations/3/photos/4/delete") == nil)
    }

    @Test func pathsAreTheOnesLinksUse() {
        // MUT + validate
        #expect(Route.home.path == "/")
        #expect(Route.health.path == "/healthz")
        #expect(Route.destination(id: 7).path == "/destinations/7")
        #expect(Route.destinationImage(id: 7).path == "/destinations/7/image")
        #expect(Route.asset("app.0123456789abcdef.css").path == "/static/app.0123456789abcdef.css")
    }

    @Test(arguments: [
        "/destinations/0",
        "/destinations/01",
        "/destinations/-1",
        "/destinations/+1",
        "/destinations/abc",
        "/destinations/1/",
        "/destinations/1/image/",
        "/destinations/1/picture",
        "/destinations/",
        "/destinations",
        "/destinations/١",
        "/destinations/99999999999999999999",
        "/static/app.css",
        "/static/app.0123456789ABCDEF.css",
        "/static/app.0123456789abcde.css",
        "/static/../x",
        "/static/app.0123456789abcdef.css/",
        "/static/",
        "//",
        "",
        "destinations/1",
        "/healthz/",
        "/index.html",
    ])
    func junkPathsMatchNoRoute(path: String) {
        // MUT
        let matched = Route(path: path)

        // validate
        #expect(matched == nil, "\(path) matched \(String(describing: matched))")
    }
}
