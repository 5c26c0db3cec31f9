import Foundation
import HTTPServer
@testable import RoadTrip
@testable import RoadTripWeb
import Testing
import TestSupport

/// Every kind of page, whole: rendered from the same fixed library (the demo catalogue, three
/// photos of Lisbon, a vacation of them with its itinerary and a tag, a trip chosen) at a fixed
/// time, and compared with the snapshot recorded under `__Snapshots__/PageSnapshotTests/`.
/// What changes from one run to the next (the form token, the assets' fingerprints, the data
/// folder) is written as a name; the markup is set a tag a line so a change reads as a diff.
@Suite struct PageSnapshotTests {
    /// Noon, 7 December 2026, UTC.
    static let now = Date(timeIntervalSince1970: 1_796_644_800)

    static let folder = snapshots(of: "PageSnapshotTests")

    /// Where the snapshots of a suite's pages are recorded.
    static func snapshots(of suite: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__/\(suite)")
    }

    /// A page kind's name and its address in the fixed library.
    /// `place`: Lisbon's number in the gazetteer.
    static func pages(place: Int64) -> [(name: String, route: Route?)] {
        [
            ("trip-menu", .home), ("destination", .destination(id: 1)), ("events-book", .eventsBook(page: 1)), ("weather", .weather),
            ("trip-map", .tripMap), ("book-settings", .bookSettings(from: nil)), ("events-editor", .eventsEditor),
            ("account", .account), ("account-sessions", .accountSessions), ("accounts", .accounts), ("settings", .settings),
            ("places", .places(order: .byCountry)), ("top-places", .places(order: .byPhotoCount)),
            ("country", .placesInCountry(code: "PT")),
            ("place-photos", .placePhotos(.place(place), after: nil)), ("no-location", .placePhotos(.noLocation, after: nil)),
            ("photo-viewer", .photo(id: 1, inRecents: false)), ("photo-place", .photoPlace(id: 1, query: "Lisbon")), ("recents", .recents),
            ("favourites", .favorites(after: nil)), ("find", .findPlaces(query: "Lisbon")),
            ("timeline", .timeline(.newest)), ("timeline-years", .timelineYears), ("timeline-photo", .timelinePhoto(id: 1)),
            ("memory", .memory(day: CalendarDay(year: 2025, month: 12, day: 7) ?? .epoch, page: 1)),
            ("map", .photoMap), ("tracks", .tracks), ("import", .importScreen), ("upload", .upload),
            ("vacations", .vacations), ("new-vacation", .newVacation), ("vacation-menu", .vacation(id: 1)),
            ("vacation-photos", .vacationPhotos(id: 1, filter: .all)), ("vacation-photo", .vacationPhoto(id: 1, photo: 1, filter: .all)),
            ("vacation-itinerary", .vacationItinerary(id: 1)), ("vacation-tags", .vacationTags(id: 1, query: nil)),
            ("vacation-book", .vacationBook(id: 1, page: 1)), ("vacation-share", .vacationSharing(id: 1)),
            ("vacation-print", .vacationPrint(id: 1)),
            ("visit", .visit(photo: 1)), ("not-found", nil),
        ]
    }

    @Test func everyKindOfPageIsAsRecorded() throws {
        // setup: the fixed library, Ann signed in
        let web = try WebFixture(clock: WallClock { Self.now })
        let uploads = try PhotoUploads()
        let ann = try web.signedIn()
        let anna = try #require(try web.library.accounts.account(named: "Ann")).id
        _ = try web.signedIn(try #require(try web.library.accounts.account(named: "Ann")))  // a second browser, for Signed in
        try web.library.trips.choose(1, for: anna)
        for (seed, day) in [(1, "2025-12-06"), (2, "2025-12-07"), (3, "2025-12-08")] {
            let path = try uploads.draw(
                "lisboa-\(seed).jpg", seed: UInt64(seed), at: (38.7139, -9.1394), takenAt: "\(day)T10:00:00", width: 120, height: 90)
            _ = try #require(web.library.photos.importPhoto(at: path, fileName: "lisboa-\(seed).jpg", by: anna).photoValue)
        }
        let vacation = try web.library.vacations.create(named: "Lisboa", for: anna)
        for photo in try web.library.photos.photos(ids: [1, 2, 3]) {
            try web.library.vacations.visit(photo, into: vacation, for: anna, library: web.library)
        }
        _ = ann.post(Route.photoTags(photo: 1).path, [("add", "tram")])
        _ = ann.get("/photos/2")
        let lisbon = try #require(try web.library.photos.photos(ids: [1]).first?.placeID)

        // MUT
        var mismatches: [String] = []
        for (name, route) in Self.pages(place: lisbon) {
            let path = route?.path ?? "/nowhere"
            let response = ann.get(path)
            let page = Self.normalized(response.bodyText, token: ann.formToken, folder: web.folder.path)
            if let mismatch = Snapshot.mismatch(
                "\(response.status.code) \(path)\n" + page, recordedIn: Self.folder.appendingPathComponent("\(name).html"))
            {
                mismatches.append("\(name): \(mismatch)")
            }
        }

        // validate
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n\n"))")
    }

    /// The page as its snapshot keeps it: what varies from run to run named, a tag a line.
    /// `link`: the share link whose page it is, or whose address it shows, a random token each run.
    static func normalized(_ html: String, token: String?, folder: String, link: String? = nil) -> String {
        var text = html.replacingOccurrences(of: folder, with: "DATA")
        if let token { text = text.replacingOccurrences(of: token, with: "FORM-TOKEN") }
        if let link { text = text.replacingOccurrences(of: link, with: "LINK-TOKEN") }
        text = text.replacing(#/\.[0-9a-f]{16}\.(css|js|svg|png|webmanifest|json)/#) { ".FINGERPRINT.\($0.output.1)" }
        // The session's account key, which the service worker files its answers under.
        text = text.replacing(#/data-account="[A-Za-z0-9_-]+"/#) { _ in #"data-account="ACCOUNT-KEY""# }
        // A new upload's number.
        text = text.replacing(#/\?upload=[A-Za-z0-9_-]{32}"/#) { _ in #"?upload=UPLOAD-ID""# }
        // The zones a camera's clock may be set to: the time zone database of the machine.
        text = text.replacing(#/<datalist id="clock-zones">.*?<\/datalist>/#.dotMatchesNewlines()) { _ in
            #"<datalist id="clock-zones">ZONES</datalist>"#
        }
        return text.replacing(#/>\s*</#) { _ in ">\n<" }
    }
}
