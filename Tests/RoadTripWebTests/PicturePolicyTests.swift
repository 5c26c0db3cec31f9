import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// An SVG opened on its own or in a frame is a document that runs its scripts under its own
/// response's policy (issue 30, 2): a destination's picture in SVG, the drawn placeholder and
/// RoadTrip's own SVG assets are served under one that runs nothing.
@Suite struct PicturePolicyTests {
    let web: WebFixture
    let ann: Visitor

    static let policy = "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'"
    /// The chain of issue 30: a picture that loads a saved copy as its script, and one of its own.
    static let hostile =
        #"<svg xmlns="http://www.w3.org/2000/svg"><script href="/trip/events/3/copy"/><script>fetch("/session/form-token")</script></svg>"#

    init() throws {
        web = try WebFixture()
        ann = try web.signedIn()
    }

    private func hostileDestination() throws -> Destination {
        try web.library.catalog.importRecords([
            DestinationRecord(
                name: "Hostile", imageName: "Hostile.svg", locationTitle: "Hostile", locationSubtitle: "",
                coordinate: Coordinate(latitude: 10, longitude: 20)!, weatherURL: "https://example.com/weather", eventURLs: [],
                pointsOfInterest: []
            )
        ])
        let images = web.folder.appendingPathComponent("destination-images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        try Data(Self.hostile.utf8).write(to: images.appendingPathComponent("Hostile.svg"))
        return try web.destination(named: "Hostile")
    }

    /// The response, and the 304 that answers asking again with its ETag (a browser puts a
    /// 304's headers over those it kept, so the 304 must carry the policy too).
    private func servedAndRevalidated(_ path: String) throws -> [Response] {
        let first = ann.get(path)
        let etag = try #require(first.headers["ETag"], "\(path)")
        return [first, ann.get(path, headers: ["If-None-Match": etag])]
    }

    @Test func aDestinationsPictureInSVGIsServedUnderAPolicyThatRunsNothing() throws {
        // setup
        let hostile = try hostileDestination()
        let newYork = try web.destination(named: "New York City")

        // MUT
        let responses =
            try servedAndRevalidated(Route.destinationImage(id: hostile.id).path)
            + servedAndRevalidated(Route.destinationImage(id: newYork.id).path)

        // validate
        #expect(responses.map(\.status.code) == [200, 304, 200, 304])
        #expect(responses[0].bodyText == Self.hostile, "kept as it is, only served so")
        for response in responses {
            #expect(response.headers.values("Content-Security-Policy") == [Self.policy])
            #expect(response.headers["X-Content-Type-Options"] == "nosniff")
        }
    }

    @Test func theDrawnPlaceholderIsServedUnderThePolicyThatRunsNothing() throws {
        // setup: a destination whose picture is not there, its name markup
        try web.library.catalog.importRecords([
            DestinationRecord(
                name: "Nowhere <script>alert(1)</script>", imageName: "Missing.svg", locationTitle: "Nowhere", locationSubtitle: "",
                coordinate: Coordinate(latitude: 10, longitude: 20)!, weatherURL: "https://example.com/weather", eventURLs: [],
                pointsOfInterest: []
            )
        ])
        let nowhere = try #require(try web.library.catalog.all().first { $0.imageName == "Missing.svg" })

        // MUT
        let response = ann.get(Route.destinationImage(id: nowhere.id).path)

        // validate: drawn (an SVG), and under the picture's policy, not the pages'
        #expect(response.status == .ok)
        #expect(response.headers["Content-Type"] == "image/svg+xml")
        #expect(response.headers.values("Content-Security-Policy") == [Self.policy])
        #expect(response.headers["X-Content-Type-Options"] == "nosniff")
    }

    @Test func anSVGAnswerWithoutAPolicyOfItsOwnGetsThePictures() {
        // setup: an answer no controller marked
        var response = Response(
            status: .ok, headers: ["Content-Type": "image/svg+xml; charset=utf-8"], body: .bytes(Array(Self.hostile.utf8)))

        // MUT
        SecurityHeaders.apply(SecurityHeaders.all, to: &response)

        // validate
        #expect(response.headers.values("Content-Security-Policy") == [Self.policy])
    }

    @Test func roadTripsOwnSVGAssetsAreServedUnderThePolicyThatRunsNothing() throws {
        // setup
        let paths = ["icon.svg", "map-world.svg"].map { web.app.assets.route($0).path }

        // MUT
        let responses = try paths.flatMap(servedAndRevalidated)

        // validate
        #expect(responses.map(\.status.code) == [200, 304, 200, 304])
        #expect(responses.allSatisfy { $0.headers.values("Content-Security-Policy") == [Self.policy] })
        #expect(responses.allSatisfy { $0.headers["X-Content-Type-Options"] == "nosniff" })
    }

    @Test func anAssetThatIsNotAPictureKeepsThePagePolicy() throws {
        // MUT
        let script = ann.get(web.app.assets.route("app.js").path)

        // validate
        #expect(script.headers["Content-Security-Policy"] == SecurityHeaders.contentSecurityPolicy)
    }
}
