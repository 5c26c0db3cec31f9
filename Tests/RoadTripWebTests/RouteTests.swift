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
    /// example's path (written in `Route.declaration`) is its own address's and no other's.
    @Test(arguments: Route.addresses)
    func eachAddressHasAnExampleWhosePathIsThatAddressAlone(address: RouteAddress) throws {
        // MUT
        let example = try #require(address.example, "\(address.pattern) makes no route from its sample values")
        let parts = RouteAddress.split(example.path)
        let matching = Route.addresses.filter { $0.route(at: parts, query: []) != nil }.map(\.pattern)

        // validate
        #expect(matching == [address.pattern], "\(example.path) is written for \(address.pattern)")
        #expect(Route(path: example.path) == example)
    }

    @Test func everyAddressIsDeclaredOnceAndEveryExampleIsDifferent() {
        // MUT
        let patterns = Route.addresses.map(\.pattern)
        let paths = Route.examples.map(\.path)

        // validate
        #expect(Set(patterns).count == patterns.count)
        #expect(paths.count == patterns.count, "every address gives an example")
        #expect(Set(paths).count == paths.count)
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
