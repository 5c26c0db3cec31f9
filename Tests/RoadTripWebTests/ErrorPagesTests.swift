import Foundation
import HTTPServer
import RoadTrip
import TestSupport
import Testing
@testable import RoadTripWeb

@Suite struct ErrorPagesTests {
    let web: WebFixture
    /// Every page but signing in needs a session.
    let ann: Visitor

    init() throws {
        web = try WebFixture()
        ann = try web.signedIn()
    }

    @Test func unknownPathGetsA404PageInsideTheShell() {
        // MUT
        let response = ann.get("/no/such/page")

        // validate
        #expect(response.status == .notFound)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(response.headers["Cache-Control"] == "no-store")
        web.expectPage(response, recordedAs: "not-found-inside-the-shell", seenBy: ann)
        #expect(response.bodyText.contains("There is nothing at this address."))
        #expect(Markup.tags("a", in: response.bodyText).contains { Markup.attribute("href", of: $0) == Route.home.path })
        #expect(web.log.all.isEmpty, "a 404 is not a failure to log")
    }

    @Test func unknownPathWithoutASessionGetsA404ThatShowsNoDestinations() {
        // MUT
        let response = web.get("/no/such/page")

        // validate
        #expect(response.status == .notFound)
        #expect(response.bodyText.contains("There is nothing at this address."))
        #expect(!response.bodyText.contains(#"id="master""#))
        #expect(!response.bodyText.contains("New York City"))
    }

    @Test func unknownDestinationIDGetsA404() throws {
        // setup
        let ids = try web.library.catalog.all().map(\.id)
        let missing = (ids.max() ?? 0) + 1

        // MUT
        let page = ann.get(Route.destination(id: missing).path)
        let image = ann.get(Route.destinationImage(id: missing).path)

        // validate
        #expect(page.status == .notFound)
        #expect(page.bodyText.contains("There is no such destination."))
        #expect(page.bodyText.contains(#"id="master""#))
        #expect(image.status == .notFound)
    }

    @Test(arguments: ["PUT", "DELETE", "PATCH"])
    func writingToAPageIsRefusedWith405AndAllow(method: String) {
        // MUT
        let response = ann.request(method, Route.home.path)

        // validate
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "GET, HEAD")
        #expect(response.bodyText.contains(#"id="master""#))
        #expect(response.bodyText.contains("This address answers GET and HEAD only."))
    }

    @Test func postingAFormToAPageThatOnlyShowsIsRefusedWith405AndAllow() throws {
        for path in [Route.home.path, Route.destination(id: try web.destination(named: "New York City").id).path] {
            // MUT: a well-formed form with the session's token, so only the method is wrong.
            let response = ann.post(path, [("name", "x")])

            // validate
            #expect(response.status == .methodNotAllowed, "\(path)")
            #expect(response.headers["Allow"] == "GET, HEAD", "\(path)")
            #expect(response.bodyText.contains("This address answers GET and HEAD only."), "\(path)")
        }
    }

    @Test func theAllowHeaderOfA405NamesTheMethodsOfThatAddress() throws {
        // setup
        let asset = try #require(Markup.staticURLs(in: ann.get(Route.home.path).bodyText).first)

        // MUT
        let toAsset = ann.request("POST", asset)
        let toSignOut = ann.get(Route.signOut.path)

        // validate: the header and the page say the same.
        #expect(toAsset.status == .methodNotAllowed)
        #expect(toAsset.headers["Allow"] == "GET, HEAD")
        #expect(toAsset.bodyText.contains("This address answers GET and HEAD only."))
        #expect(toSignOut.status == .methodNotAllowed)
        #expect(toSignOut.headers["Allow"] == "POST")
        #expect(toSignOut.bodyText.contains("This address answers POST only."))
    }

    @Test func headIsAnsweredLikeGet() throws {
        // setup
        let newYork = try web.destination(named: "New York City")
        for path in [Route.home.path, Route.destination(id: newYork.id).path, "/nowhere", Route.destinationImage(id: newYork.id).path] {
            // MUT
            let get = ann.request("GET", path)
            let head = ann.request("HEAD", path)

            // validate: the server, not the app, drops the body of a HEAD answer.
            #expect(head.status == get.status, "\(path)")
            #expect(head.headers == get.headers, "\(path)")
            #expect(head.bodyBytes == get.bodyBytes, "\(path)")
        }
    }

    @Test func failureGetsA500PageThatShowsNoInternalsAndLogsTheCause() throws {
        // setup
        try web.library.database.write { try $0.executeScript("DROP TABLE destination_events") }

        // MUT
        let response = ann.get(Route.home.path)

        // validate
        #expect(response.status == .internalServerError)
        #expect(response.headers["Cache-Control"] == "no-store")
        let html = response.bodyText
        #expect(html.contains(#"id="detail""#), "inside the shell; without the list, which may be what failed")
        #expect(html.contains("Something went wrong on our side."))
        for secret in ["SQL", "sql", "destination_events", "error 1", "no such table", "SELECT", "library.sqlite", web.folder.path] {
            #expect(!html.contains(secret), "the 500 page shows \(secret)")
        }
        let log = web.log.all
        #expect(log.count == 1)
        #expect(log.first?.contains("GET /") == true)
        #expect(log.first?.contains("destination_events") == true, "the log should hold the cause: \(log)")
    }
}
