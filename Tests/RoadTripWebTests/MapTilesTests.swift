import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// `--map-tiles`: which templates are taken, the one host the policy then allows, and why the
/// others are refused.
@Suite struct MapTilesTests {
    @Test(arguments: [
        ("https://tile.openstreetmap.org/{z}/{x}/{y}.png", "https://tile.openstreetmap.org"),
        ("http://127.0.0.1:8081/tiles/{z}/{x}/{y}.png", "http://127.0.0.1:8081"),
        ("https://Tiles.Example.org/v1/{z}/{y}/{x}@2x.webp?key=abc&style=light", "https://tiles.example.org"),
        ("http://[::1]:9000/{z}/{x}/{y}.png", "http://[::1]:9000"),
    ])
    func aTemplateNamesTheOneOriginThePolicyAllows(template: String, origin: String) throws {
        let tiles = try MapTiles(template: template, attribution: "  © OpenStreetMap contributors ")

        #expect(tiles.origin == origin)
        #expect(tiles.template == template)
        #expect(tiles.attribution == "© OpenStreetMap contributors")
    }

    @Test(arguments: [
        ("tile.example.org/{z}/{x}/{y}.png", "--map-tiles must be an http or https address with {z}, {x} and {y}"),
        ("ftp://tile.example.org/{z}/{x}/{y}.png", "--map-tiles must be an http or https address with {z}, {x} and {y}"),
        (
            "https://{s}.tile.example.org/{z}/{x}/{y}.png",
            "--map-tiles must name one host (no {s} or other placeholder in it, no user or password)"
        ),
        ("https://user:secret@tile.example.org/{z}/{x}/{y}.png", "--map-tiles must name one host"),
        ("https://tile.example.org:99999/{z}/{x}/{y}.png", "--map-tiles must name one host"),
        ("https:///{z}/{x}/{y}.png", "--map-tiles must name one host"),
        ("https://tile.example.org/{z}/{x}.png", "--map-tiles must be an http or https address with {z}, {x} and {y}"),
        ("https://tile.example.org", "--map-tiles must be an http or https address with {z}, {x} and {y}"),
        ("https://tile.example.org/{z}/{x}/{y}.png; script-src *", "--map-tiles must be an http or https address with {z}, {x} and {y}"),
        ("https://tile.example.org/{z}/{x}/{y}.png' onerror='x", "--map-tiles must be an http or https address with {z}, {x} and {y}"),
        (
            "https://tile.example.org/{z}/{x}/{y}.png,https://evil.example",
            "--map-tiles must be an http or https address with {z}, {x} and {y}"
        ),
    ])
    func aTemplateThatIsNotOneHostsTilesIsRefusedWithTheReason(template: String, message: String) {
        #expect {
            try MapTiles(template: template, attribution: "Tiles")
        } throws: { error in
            "\(error)".hasPrefix(message) && "\(error)".contains(template)
        }
    }

    @Test(arguments: ["", "   ", "line\nbreak", String(repeating: "x", count: 201)])
    func anAttributionMustBeOneShortLine(attribution: String) {
        #expect {
            try MapTiles(template: MapTiles.example, attribution: attribution)
        } throws: { error in
            "\(error)".hasPrefix("--map-attribution must be one line of 1 to 200 characters")
        }
    }

    @Test func withoutTilesPicturesComeFromRoadTripAlone() throws {
        let web = try WebFixture()

        let policy = try #require(web.get(Route.signIn(next: nil).path).headers["Content-Security-Policy"])

        #expect(policy.contains("img-src 'self';"))
        #expect(policy == SecurityHeaders.contentSecurityPolicy)
    }

    @Test func withTilesThePolicyAllowsTheirHostForPicturesOnlyAndTheMapsNameThem() throws {
        let tiles = try MapTiles(template: "https://tiles.example.org/{z}/{x}/{y}.png", attribution: "<b>Example</b> & co")
        let web = try WebFixture(mapTiles: tiles)
        let ann = try web.signedIn()

        let page = ann.get(Route.photoMap.path)
        let refused = web.get("/nowhere")

        for response in [page, refused] {
            let policy = try #require(response.headers["Content-Security-Policy"])
            let directives = policy.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(directives.contains("img-src 'self' https://tiles.example.org"))
            #expect(directives.filter { $0.contains("tiles.example.org") }.count == 1, "pictures only: \(policy)")
        }
        let figure = try #require(Markup.tags("figure", in: page.bodyText).first)
        #expect(Markup.attribute("data-tiles", of: figure) == "https://tiles.example.org/{z}/{x}/{y}.png")
        #expect(page.bodyText.contains("data-tiles-attribution=\"&lt;b&gt;Example&lt;/b&gt; &amp; co\""))
    }
}

/// Where the server's drawing of a few points puts them.
@Suite struct MapFrameTests {
    @Test func everyPointFallsInsideTheDrawingWithAMargin() {
        let points = [
            Coordinate(latitude: 40.78, longitude: -73.97)!, Coordinate(latitude: 37.77, longitude: -122.42)!,
            Coordinate(latitude: 47.6, longitude: -122.3)!,
        ]

        let frame = MapFrame(around: points, minimumSpan: 0.05)

        #expect(abs(frame.height - MapFrame.width / 1.5) < 1e-9)
        for point in points.map(frame.point) {
            #expect(point.x > 10 && point.x < MapFrame.width - 10, "\(point)")
            #expect(point.y > 10 && point.y < frame.height - 10, "\(point)")
        }
        let (newYork, sanFrancisco) = (frame.point(points[0]), frame.point(points[1]))
        #expect(newYork.x > sanFrancisco.x && newYork.y < sanFrancisco.y, "east is right, north is up")
    }

    @Test func onePointIsTheMiddleOfAViewAtLeastTheMinimumTall() {
        let paris = Coordinate(latitude: 48.85, longitude: 2.35)!

        let frame = MapFrame(around: [paris], minimumSpan: 16)
        let middle = frame.point(paris)
        let north = frame.point(Coordinate(latitude: 48.85 + 8, longitude: 2.35)!)

        #expect(abs(middle.x - MapFrame.width / 2) < 1e-6 && abs(middle.y - frame.height / 2) < 1e-6)
        #expect(abs(north.y) < 1e-6, "16 degrees tall: 8 above the point is the top edge")
    }

    @Test func theWorldsDrawingLinesUpWithThePoints() {
        let frame = MapFrame(around: [Coordinate(latitude: 10, longitude: 20)!], minimumSpan: 30)

        let world = frame.world
        let corner = frame.point(Coordinate(latitude: 90, longitude: -180)!)
        let opposite = frame.point(Coordinate(latitude: -90, longitude: 180)!)

        #expect(abs(world.x - corner.x) < 1e-6 && abs(world.y - corner.y) < 1e-6)
        #expect(abs(world.x + world.width - opposite.x) < 1e-6 && abs(world.y + world.height - opposite.y) < 1e-6)
    }
}
