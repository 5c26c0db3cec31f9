import Foundation
import HTTPServer
@testable import RoadTrip
@testable import RoadTripWeb
import Testing
import TestSupport

/// A vacation opened by its share link, by a browser without an account: what it shows, what it
/// keeps back, how it ends, its password, its headers, and that it opens nothing else.
@Suite struct ShareLinkPagesTests {
    let web: WebFixture
    let uploads: PhotoUploads
    let ann: Visitor
    let annID: AccountID
    let vacation: Int64

    /// Ann's "Lisbon": a photo in Central Park tagged "picnic", one on the Golden Gate, both dated October 2024;
    /// today is `PageSnapshotTests.now`, as a link's page says when it was made and ends.
    init() throws {
        web = try WebFixture(clock: WallClock { PageSnapshotTests.now })
        uploads = try PhotoUploads()
        ann = try web.signedIn("Ann")
        let account = try #require(try web.library.accounts.all().first)
        annID = account.id
        vacation = try web.library.vacations.create(named: "Lisbon", for: account.id)
        for (name, seed, spot) in [("park.jpg", UInt64(1), (40.7752, -73.9716)), ("bridge.jpg", 2, (37.8199, -122.4783))] {
            let path = try uploads.draw(name, seed: seed, at: spot, takenAt: "2024-10-19T09:1\(seed):40", width: 80, height: 60)
            let photo = try #require(web.library.photos.importPhoto(at: path, fileName: name, by: nil).photoValue)
            if seed == 1 { try web.library.photoTags.add("picnic", to: photo.id, for: account.id) }
            try web.library.vacations.visit(photo, into: vacation, for: account.id, library: web.library)
        }
    }

    private func link(_ options: ShareOptions = ShareOptions(), password: String = "") throws -> ShareToken {
        try web.library.sharing.makeLink(to: vacation, for: annID, password: password, options: options).token
    }

    /// Every address of the link a browser would fetch, from its keep list (pages and pictures).
    private func everyAddress(of token: ShareToken, visitor: Visitor) throws -> [String] {
        let list = visitor.get(Route.sharedKeepListPart(token, from: 0).path)
        try #require(list.status == .ok)
        let decoded = try JSONDecoder().decode(KeepList.self, from: Data(list.bodyBytes))
        #expect(decoded.next == nil)
        return decoded.files.map(\.url)
    }

    /// A PDF's text, as pdftotext reads it.
    private func text(of pdf: Response) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("book-\(UUID().uuidString).pdf")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(pdf.bodyBytes).write(to: file)
        return try ChildProcess("/usr/bin/pdftotext", [file.path, "-"]).waitForExit(within: 30).standardOutput
    }

    @Test func aLinkOffersThePrintedBookOnlyWhenAskedAndItHoldsNoPlaceNorDateTheLinkHides() throws {
        // setup: a link hiding where and when, one showing both, both offering the book; one not offering it
        let hiding = try link(ShareOptions(showWhere: false, showDates: false, offerBook: true))
        let showing = try link(ShareOptions(offerBook: true))
        let plain = try link()
        let places = try #require(try web.library.vacations.vacation(vacation, of: annID)).contents.itinerary().map(\.name)
        let visitor = web.visitor()

        // MUT
        let hidden = visitor.get(Route.sharedPrintPDF(hiding).path)
        let again = visitor.get(Route.sharedPrintPDF(hiding).path)
        let shown = visitor.get(Route.sharedPrintPDF(showing).path)
        let refused = visitor.get(Route.sharedPrintPDF(plain).path)
        let menus = (visitor.get(Route.sharedVacation(hiding).path), visitor.get(Route.sharedVacation(plain).path).bodyText)

        // validate
        #expect(
            hidden.status == .ok && hidden.headers["Content-Type"] == "application/pdf" && again.bodyBytes == hidden.bodyBytes,
            "made once, kept: \(hidden.status) \(hidden.bodyText.prefix(3000))")
        let (withheld, told) = (try text(of: hidden), try text(of: shown))
        #expect(!places.isEmpty && places.allSatisfy { told.contains($0) } && told.contains("October 2024"), "\(places) \(told)")
        #expect(places.allSatisfy { !withheld.contains($0) } && !withheld.contains("2024") && !withheld.contains("October"), "\(withheld)")
        #expect(withheld.contains("Day 1") && !withheld.contains("Kilometres") && !withheld.contains("Countries"))
        #expect(refused.status == .notFound)
        web.expectPage(menus.0, recordedAs: "a-menu-offering-the-book-hiding-where-and-when", seenBy: visitor, link: hiding)
        #expect(!menus.1.contains("Printed book"))
    }

    @Test func theOwnerMakesALinkInShareAndSeesItsAddressOnce() throws {
        // setup
        ann.get(Route.vacationSharing(id: vacation).path)

        // MUT
        let made = ann.post(
            Route.vacationSharing(id: vacation).path,
            [("label", "For Grandma"), ("expiry", "week"), ("password", ""), ("show_where", "on"), ("show_dates", "on")])

        // validate
        #expect(made.status == .created)
        let field = try #require(Markup.tags("input", in: made.bodyText).first { $0.contains("link-address") })
        let address = try #require(Markup.attribute("value", of: field))
        let token = try #require(address.split(separator: "/").last.flatMap(ShareToken.init))
        #expect(address == "http://localhost\(Route.sharedVacation(token).path)" || address.hasSuffix(Route.sharedVacation(token).path))
        web.expectPage(made, recordedAs: "a-link-made-with-its-address", seenBy: ann, link: token)
        let list = ann.get(Route.vacationSharing(id: vacation).path)
        web.expectPage(list, recordedAs: "share-with-the-link-for-grandma", seenBy: ann)
        #expect(!list.bodyText.contains(token.text), "the address is shown once, when made")
        let links = try web.library.sharing.links(of: vacation, for: annID)
        #expect(links.count == 1)
        #expect(links.first?.expiresAt.map { $0 - links[0].createdAt } == Int64(7 * 86_400))
        #expect(links.first?.options == ShareOptions(showWhere: true, allowOriginals: false, showDates: true))
    }

    @Test func aVisitorWithoutAnAccountSeesTheVacationReadOnlyAndNothingElseOfTheHousehold() throws {
        // setup
        let token = try link()
        let visitor = web.visitor(address: "198.51.100.9")

        // MUT
        let addresses = try everyAddress(of: token, visitor: visitor)
        let menu = visitor.get(Route.sharedVacation(token).path)

        // validate: the vacation, whose it is, read-only, every link inside the link
        #expect(menu.status == .ok)
        web.expectPage(menu, recordedAs: "lisbon-shared-by-ann", seenBy: visitor, link: token)
        #expect(
            Set(addresses).isSuperset(of: [
                Route.sharedItinerary(token).path, Route.sharedBook(token, page: 2).path,
                Route.sharedPhotoImage(token, photo: 1, size: .preview).path,
            ]))
        for address in addresses {
            let answer = visitor.get(address)
            #expect(answer.status == .ok, "\(address)")
            #expect(answer.headers["Referrer-Policy"] == "no-referrer", "\(address)")
            #expect(answer.headers["X-Robots-Tag"] == "noindex, nofollow", "\(address)")
            #expect(answer.headers["Cache-Control"] == "private, no-store", "\(address)")
            #expect(
                answer.headers[Cookies.accountHeader] == web.app.tokens.keepKey(ofLink: 1),
                "\(address): kept under the link, never an account")
            guard answer.headers["Content-Type"]?.hasPrefix("text/html") == true else { continue }
            let html = answer.bodyText
            #expect(html.contains("data-account=\"\(web.app.tokens.keepKey(ofLink: 1))\""), "\(address)")
            for href in Markup.tags("a", in: html).compactMap({ Markup.attribute("href", of: $0) }) {
                #expect(href.hasPrefix("/s/\(token.text)") || href.hasPrefix("#"), "\(address) links to \(href)")
            }
            for action in Markup.tags("form", in: html).compactMap({ Markup.attribute("action", of: $0) }) {
                #expect(action.hasPrefix("/s/\(token.text)"), "\(address) has a form to \(action)")
            }
            for word in ["app-tabs", "Visit", "Rename", "Export", "Delete", "Share…", "Remove from this vacation", "Recents", "Flickr"] {
                #expect(!html.contains(word), "\(address) shows \(word)")
            }
        }
    }

    @Test func withShowWhereOffNoPageListOrPictureHoldsACoordinateOrAPlaceName() throws {
        // setup
        let token = try link(ShareOptions(showWhere: false, allowOriginals: true, showDates: true))
        let visitor = web.visitor()
        let place = try #require(try web.library.vacations.vacation(vacation, of: annID)?.contents.itinerary().first)

        // MUT
        let addresses = try everyAddress(of: token, visitor: visitor) + [Route.sharedKeepListPart(token, from: 0).path]

        // validate
        #expect(!addresses.contains(Route.sharedItinerary(token).path))
        for address in addresses {
            let bytes = visitor.get(address).bodyBytes
            let text = String(decoding: bytes, as: UTF8.self)
            for secret in ["New York", "San Francisco", "40.77", "73.97", "37.81", "122.47", "Coordinates", "Place"] {
                #expect(!text.contains(secret), "\(address) holds \(secret)")
            }
            #expect(bytes.firstRange(of: Array("Exif".utf8)) == nil, "\(address) carries EXIF")
        }
        #expect(visitor.get(Route.sharedItinerary(token).path).status == .notFound)
        #expect(visitor.get(Route.sharedPhotos(token, filter: .place(place.id)).path).status == .notFound)
        #expect(
            visitor.get(Route.sharedPhotoImage(token, photo: 1, size: .original).path).status == .notFound,
            "an original says where it was taken")
    }

    @Test func withShowDatesOffNoPageSaysWhenAndOriginalsOnlyWhenAllowed() throws {
        // setup
        let undated = try link(ShareOptions(showWhere: true, allowOriginals: true, showDates: false))
        let dated = try link(ShareOptions(showWhere: true, allowOriginals: false, showDates: true))
        let full = try link(ShareOptions(showWhere: true, allowOriginals: true, showDates: true))
        let visitor = web.visitor()

        // MUT + validate
        for address in try everyAddress(of: undated, visitor: visitor)
        where !address.hasSuffix("thumbnail") && !address.hasSuffix("preview") {
            let text = visitor.get(address).bodyText
            #expect(!text.contains("2024") && !text.contains("Oct"), "\(address) says when")
        }
        web.expectPage(visitor.get(Route.sharedVacation(dated).path), recordedAs: "lisbon-shared-by-ann", seenBy: visitor, link: dated)
        #expect(visitor.get(Route.sharedPhotoImage(dated, photo: 1, size: .original).path).status == .notFound)
        let original = visitor.get(Route.sharedPhotoImage(full, photo: 1, size: .original).path)
        #expect(original.status == .ok)
        #expect(original.headers["Content-Disposition"]?.hasPrefix("attachment") == true)
        let photo = visitor.get(Route.sharedPhoto(full, photo: 1, filter: .all).path)
        web.expectPage(photo, recordedAs: "a-photo-whose-original-is-allowed", seenBy: visitor, link: full)
    }

    @Test func addToHomeScreenInstallsTheSharedVacationAtItsLink() throws {
        // setup
        let token = try link()
        let visitor = web.visitor()

        // MUT
        let page = visitor.get(Route.sharedVacation(token).path)
        let manifest = visitor.get(Route.sharedManifest(token).path)

        // validate
        web.expectPage(page, recordedAs: "lisbon-shared-by-ann", seenBy: visitor, link: token)
        #expect(manifest.status == .ok)
        #expect(manifest.headers["Content-Type"] == "application/manifest+json")
        let fields = try #require(try JSONSerialization.jsonObject(with: Data(manifest.bodyBytes)) as? [String: Any])
        #expect(fields["start_url"] as? String == Route.sharedVacation(token).path)
        #expect(fields["scope"] as? String == Route.sharedVacation(token).path)
        #expect(fields["name"] as? String == "Lisbon")
        #expect(
            web.visitor().get(Route.sharedManifest(try link(password: "sardines")).path).status == .forbidden, "nothing before the password"
        )
    }

    @Test func aStoppedLinkIsGoneAtTheNextRequestAnExpiredOneTooAndAnUnknownOneIsNotFound() throws {
        // setup
        let token = try link()
        let visitor = web.visitor()
        #expect(visitor.get(Route.sharedPhotos(token, filter: .all).path).status == .ok)
        #expect(visitor.get(Route.sharedPhotos(token, filter: .all).path).status == .ok)
        #expect(visitor.get(Route.sharedPhotos(token, filter: .all).path).status == .ok, "asked again, from the page cache once kept")
        let id = try #require(try web.library.sharing.links(of: vacation, for: annID).first?.id)

        // MUT
        ann.get(Route.vacationSharing(id: vacation).path)
        let stopped = ann.post(Route.vacationLinkStop(id: vacation, link: id).path)

        // validate
        #expect(stopped.status == .seeOther)
        let gone = visitor.get(Route.sharedPhotos(token, filter: .all).path)
        #expect(gone.status == .gone)
        #expect(gone.bodyText.contains("This link has ended"))
        #expect(!gone.bodyText.contains("Lisbon"))
        #expect(gone.headers["Referrer-Policy"] == "no-referrer")
        #expect(visitor.get(Route.sharedPhotoImage(token, photo: 1, size: .thumbnail).path).status == .gone)
        let unknown = visitor.get(Route.sharedVacation(ShareToken.generate()).path)
        #expect(unknown.status == .notFound)
        #expect(unknown.headers["X-Robots-Tag"] == "noindex, nofollow")
        #expect(visitor.get("/s/not-a-token").status == .notFound)
    }

    @Test func changedSwitchesAreSeenAtTheNextRequest() throws {
        // setup
        let token = try link()
        let visitor = web.visitor()
        #expect(visitor.get(Route.sharedVacation(token).path).bodyText.contains("Itinerary"))
        let id = try #require(try web.library.sharing.links(of: vacation, for: annID).first?.id)

        // MUT
        ann.get(Route.vacationSharing(id: vacation).path)
        ann.post(Route.vacationLinkOptions(id: vacation, link: id).path, [("show_dates", "on")])

        // validate
        #expect(!visitor.get(Route.sharedVacation(token).path).bodyText.contains("Itinerary"))
        #expect(visitor.get(Route.sharedItinerary(token).path).status == .notFound)
    }

    @Test func aPasswordLinkAsksFirstShowsNothingBeforeAndKeepsItsProofUnderItsOwnAddress() throws {
        // setup
        let token = try link(password: "sardines")
        let visitor = web.visitor()

        // MUT + validate: locked
        let locked = visitor.get(Route.sharedVacation(token).path)
        #expect(locked.status == .forbidden)
        #expect(locked.bodyText.contains("This link asks for a password"))
        #expect(!locked.bodyText.contains("Lisbon"))
        #expect(locked.headers.values("Set-Cookie").contains { $0.hasPrefix("\(Cookies.form)=") }, "its form's token goes with it")
        #expect(locked.logPath?.hasPrefix("/s/link-") == true && locked.logPath != "/s/link-unknown", "the log names the link")
        #expect(visitor.get(Route.sharedPhotoImage(token, photo: 1, size: .thumbnail).path).status == .forbidden)
        let wrong = visitor.post(Route.sharedPassword(token).path, [("password", "anchovies")])
        #expect(wrong.status == .forbidden)
        #expect(wrong.bodyText.contains("That is not the link’s password."))

        // MUT + validate: the right password
        let right = visitor.post(Route.sharedPassword(token).path, [("password", "sardines")])
        #expect(right.status == .seeOther)
        let cookie = try #require(right.headers.values("Set-Cookie").first { $0.hasPrefix("\(Cookies.linkUnlock)=") })
        #expect(cookie.contains("Path=/s/\(token.text);"))
        #expect(visitor.get(Route.sharedVacation(token).path).status == .ok)
        #expect(visitor.get(Route.sharedPhotoImage(token, photo: 1, size: .thumbnail).path).status == .ok)
    }

    @Test func fiveWrongPasswordsFromAnAddressHoldItAndGuessersElsewhereAreToldToWait() throws {
        // setup: five wrong passwords from one address
        let token = try link(password: "sardines")
        let guesser = web.visitor(address: "192.0.2.1")
        guesser.get(Route.sharedVacation(token).path)
        for guess in 1...5 {
            #expect(guesser.post(Route.sharedPassword(token).path, [("password", "guess \(guess)")]).status == .forbidden)
        }
        let other = web.visitor(address: "192.0.2.2"), visitor = web.visitor(address: "198.51.100.7")
        other.get(Route.sharedVacation(token).path)
        visitor.get(Route.sharedVacation(token).path)

        // MUT
        let held = guesser.post(Route.sharedPassword(token).path, [("password", "sardines")])
        let wrongElsewhere = other.post(Route.sharedPassword(token).path, [("password", "guess 6")])
        let right = visitor.post(Route.sharedPassword(token).path, [("password", "sardines")])

        // validate: the guessing address waits even with the password; a guess elsewhere is told
        // to wait too; the visitor with the password gets in
        #expect(held.status == .tooManyRequests && held.bodyText.contains("Too many wrong passwords"))
        #expect(guesser.get(Route.sharedVacation(token).path).status == .forbidden)
        #expect(wrongElsewhere.status == .tooManyRequests)
        #expect(right.status == .seeOther)
        #expect(visitor.get(Route.sharedVacation(token).path).status == .ok)
    }

    @Test func aLinkHidingWhereOrWhenShowsNoNameRoadTripMadeAndTypedNamesAsTyped() throws {
        // setup: a vacation named after a trip found, its photos titled by their files; Lisbon's name typed
        let generated = try web.library.vacations.create(named: "Arezzo, October 2008", for: annID, generated: true)
        for photo in try web.library.photos.photos(ids: [1, 2]) {
            try web.library.vacations.visit(photo, into: generated, for: annID, library: web.library)
        }
        let hidden = try web.library.sharing.makeLink(to: generated, for: annID, options: ShareOptions(showWhere: false, showDates: true))
            .token
        let shown = try web.library.sharing.makeLink(to: generated, for: annID, options: ShareOptions()).token
        let typed = try link(ShareOptions(showWhere: true, showDates: false))
        let visitor = web.visitor()

        // MUT
        let addresses = try everyAddress(of: hidden, visitor: visitor)

        // validate: no page or list says Arezzo, October 2008 or a file's name; "Vacation" and "Photo N" instead
        for address in addresses + [Route.sharedKeepListPart(hidden, from: 0).path, Route.sharedManifest(hidden).path] {
            let text = visitor.get(address).bodyText
            for secret in ["Arezzo", "October 2008", "park", "bridge"] { #expect(!text.contains(secret), "\(address) holds \(secret)") }
        }
        web.expectPage(
            visitor.get(Route.sharedVacation(hidden).path), recordedAs: "a-vacation-named-vacation", seenBy: visitor, link: hidden)
        let grid = visitor.get(Route.sharedPhotos(hidden, filter: .all).path)
        web.expectPage(grid, recordedAs: "photos-named-photo-1-and-2", seenBy: visitor, link: hidden)
        let opener = web.visitor()
        let open = opener.get(Route.sharedPhotos(shown, filter: .all).path)
        web.expectPage(open, recordedAs: "arezzo-october-2008-with-its-photos-names", seenBy: opener, link: shown)
        #expect(web.visitor().get(Route.sharedVacation(typed).path).bodyText.contains("Lisbon"), "a typed name is shown as typed")
        try web.library.vacations.rename(generated, to: "Our autumn", for: annID)
        #expect(web.visitor().get(Route.sharedVacation(hidden).path).bodyText.contains("Our autumn"), "renamed, it is the owner's name")
        #expect(ann.get(Route.vacationSharing(id: generated).path).bodyText.contains("Names you typed"))
    }

    /// A link's visitor, its cookies and all, is a signed-out visitor everywhere else.
    @Test func everyAddressOutsideTheLinkAnswersALinkVisitorAsSignedOut() throws {
        // setup: a visitor who gave a link's password and opened it
        let token = try link(password: "sardines")
        let visitor = web.visitor()
        visitor.get(Route.sharedVacation(token).path)
        visitor.post(Route.sharedPassword(token).path, [("password", "sardines")])
        visitor.get(Route.sharedVacation(token).path)
        try #require(visitor.cookies[Cookies.linkUnlock] != nil)

        for route in Route.examples where !route.isPublic {
            // MUT
            let page = visitor.get(route.path)
            let post = visitor.post(route.path, [("name", "Mallory")])

            // validate
            if route.methods.contains("GET") {
                #expect(page.status == .seeOther && page.location?.hasPrefix("/signin") == true, "GET \(route.path): \(page.status)")
            }
            #expect([.forbidden, .methodNotAllowed].contains(post.status), "POST \(route.path): \(post.status)")
        }
        #expect(try web.library.vacations.all(of: annID).map(\.name) == ["Lisbon"])
    }

    @Test func aBrowsersVisitIsCountedOnceAndTheLogNamesTheLinkByItsNumber() throws {
        // setup
        let token = try link()
        let first = web.visitor(), second = web.visitor(address: "198.51.100.2")

        // MUT
        for _ in 0..<3 { first.get(Route.sharedVacation(token).path) }
        let photos = first.get(Route.sharedPhotos(token, filter: .all).path)
        second.get(Route.sharedBook(token, page: 1).path)

        // validate
        let link = try #require(try web.library.sharing.links(of: vacation, for: annID).first)
        #expect(link.openCount == 2)
        #expect(link.lastOpenedAt != nil)
        #expect(photos.logPath == "/s/link-\(link.id)/photos")
        #expect(web.get("/s/\(token.text)/nowhere").logPath == "/s/link-unknown/nowhere")
        #expect(Route.pathForLog("/s/\(token.text)") == "/s/link-unknown")
        #expect(Route.pathForLog("/vacations/1") == "/vacations/1")
    }

    @Test func aLinksPagesAreKeptPerLinkNeverWithASessions() throws {
        // setup
        let token = try link()
        let other = try link(ShareOptions(showWhere: false))
        let visitor = web.visitor()
        // The visit's first page counts the opening (a write): a page is kept once the change
        // stamp has moved past that write (SQLite's watch sees its own commit a moment later too).
        visitor.get(Route.sharedVacation(token).path)
        let hits = web.app.pages.hits

        // MUT
        let kept = eventually(within: 5) { visitor.get(Route.sharedVacation(token).path).status == .ok && web.app.pages.hits > hits }
        let again = visitor.get(Route.sharedVacation(token).path)
        let viaOther = visitor.get(Route.sharedVacation(other).path)

        // validate
        #expect(kept, "a link's page is sent from the page cache")
        #expect(again.bodyText.contains("Itinerary"))
        #expect(!viaOther.bodyText.contains("Itinerary"), "another link's page is its own")
        #expect(!again.bodyText.contains("name=\"csrf\""), "a link's kept page carries no form token")
    }
}
