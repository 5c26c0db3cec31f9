import Foundation
import HTTPServer
import RoadTrip
@testable import RoadTripWeb
import Testing

/// Tracks uploaded, listed and drawn; photos placed from them, previewed first, and put back.
@Suite struct TrackPagesTests {
    let web: WebFixture
    let uploads: PhotoUploads

    init() throws {
        web = try WebFixture()
        uploads = try PhotoUploads()
    }

    /// A walk in Lisbon, 1 June 2024, 08:00–08:10 UTC, a point a minute, heading north.
    private func walk() throws -> String {
        let points = (0...10).map {
            #"<trkpt lat="\#(38.70 + Double($0) * 0.001)" lon="-9.15"><time>2024-06-01T08:\#($0 < 10 ? "0" : "")\#($0):00Z</time></trkpt>"#
        }
        return try uploads.file(
            Array("<gpx version=\"1.1\"><trk><name>Walk &amp; tram</name><trkseg>\(points.joined())</trkseg></trk></gpx>".utf8), "walk.gpx")
    }

    private func postFile(_ visitor: Visitor, _ path: String, name: String) throws -> Response {
        var headers = Headers()
        headers["Content-Type"] = "application/octet-stream"
        headers["X-CSRF-Token"] = visitor.formToken
        return visitor.send("POST", "/upload/file?name=\(name)", headers: headers, bodyFile: try uploads.spooled(path))
    }

    @Test func aTrackUploadedBesidePhotosPlacesThemAndUndoPutsThemBack() throws {
        // setup: a photo taken at 09:05 UTC+01:00 (08:05 UTC), without a position, and the walk.
        let visitor = try web.signedIn()
        _ = visitor.get("/upload")
        let photo = try postFile(
            visitor, try uploads.draw("tram.jpg", at: nil, takenAt: "2024-06-01T09:05:00", takenOffset: 60), name: "tram.jpg")
        let track = try postFile(visitor, try walk(), name: "walk.gpx")
        let trackAnswer = try #require(try JSONSerialization.jsonObject(with: Data(track.bodyBytes)) as? [String: String])
        #expect(photo.status == .ok && track.status == .ok)
        #expect(trackAnswer["outcome"] == "imported" && trackAnswer["photo"] == "/map/tracks/1")
        #expect(trackAnswer["message"] == "Track: Walk & tram · 11 points · 1.1 km · 10 min")

        // MUT: listed, shown, previewed
        let list = visitor.get("/map/tracks")
        let shown = visitor.get("/map/tracks/1")
        let preview = visitor.get("/photos/placing?track=1")
        let mapData = visitor.get("/map/photos?bbox=-10,38,-8,39.5&zoom=12")

        // validate: times as a browser reads them, in UTC for the page's script to say in the reader's
        // zone (the end by its time alone, the same day)
        web.expectPage(list, recordedAs: "a-walk-listed", seenBy: visitor)
        web.expectPage(shown, recordedAs: "a-walk-drawn", seenBy: visitor)
        #expect(preview.bodyText.contains("1 photo would be placed: 1 along the track."), "\(preview.bodyText)")
        #expect(try web.library.photos.photo(id: 1)?.latitude == nil, "a preview changes nothing")
        #expect(mapData.bodyText.contains(#""tracks":[[1,"Walk & tram",[[38.70000,-9.15000,"#), "\(mapData.bodyText)")

        // MUT: placed
        let placed = visitor.post("/photos/placing?track=1", [("do", "place"), ("estimate", "on"), ("tolerance", "10"), ("window", "30")])

        // validate
        #expect(placed.status == .seeOther && placed.location == "/photos/placings/1", "\(placed.status) \(placed.bodyText)")
        #expect(visitor.get("/photos/placings/1").bodyText.contains("1 photo placed by Ann."))
        let info = visitor.get("/photos/1").bodyText
        #expect(info.contains("From the track “Walk &amp; tram” (placed by Ann)"), "\(info)")
        #expect(abs((try web.library.photos.photo(id: 1)?.latitude ?? 0) - 38.705) < 1e-9)

        // MUT: undone
        let undone = visitor.post("/photos/placings/1")

        // validate
        #expect(undone.status == .seeOther)
        #expect(visitor.get("/photos/placings/1").bodyText.contains("Put back"))
        #expect(try web.library.photos.photo(id: 1)?.latitude == nil)
    }

    @Test func aHostileTrackIsRefusedWithItsReasonAndTheOtherFileKept() throws {
        let visitor = try web.signedIn()
        _ = visitor.get("/upload")
        let laughs = try uploads.file(Array(#"<!DOCTYPE gpx [<!ENTITY a "aaaa">]><gpx>&a;</gpx>"#.utf8), "laughs.gpx")
        let body = try uploads.multipart(token: visitor.formToken, files: [("laughs.gpx", laughs), ("walk.gpx", try walk())])

        let page = visitor.send("POST", "/upload", headers: ["Content-Type": body.contentType], bodyFile: body.path)

        #expect(page.bodyText.contains("1 imported, 0 already there, 1 refused"))
        #expect(
            page.bodyText.contains("Refused: declares a document type (&lt;!DOCTYPE&gt;), which GPX and KML files never need"),
            "\(page.bodyText)")
        // The kept track's times are `time`s the page's script says in the reader's zone.
        #expect(
            page.bodyText.contains(#"Track: Walk &amp; tram · <time datetime="2024-06-01T08:00:00Z" class="local-time">"#),
            "\(page.bodyText)")
        #expect(try web.rows(in: "tracks") == 1)
    }

    @Test func impossibleOptionsAreRefusedAndOnlyThePlacerOrTheOwnerUndoes() throws {
        // setup
        let owner = try web.signedIn()
        let member = try web.signedIn("Robin", owner: false, address: "192.0.2.2")
        _ = owner.get("/upload")
        _ = try postFile(owner, try walk(), name: "walk.gpx")
        _ = try postFile(owner, try uploads.draw("tram.jpg", at: nil, takenAt: "2024-06-01T09:05:00", takenOffset: 60), name: "tram.jpg")
        _ = owner.get("/photos/placing")

        // MUT
        let negative = owner.post("/photos/placing", [("do", "place"), ("tolerance", "-5")])
        let tooLong = owner.post("/photos/placing", [("do", "preview"), ("window", "100000")])
        let clock = owner.post(
            "/photos/placing",
            [("do", "preview"), ("camera-0", PlacingForm.token(CameraKey(make: "Fujifilm", model: "X-T5"))), ("clock-0", "Mars/Olympus")])
        let smallest = owner.post(
            "/photos/placing",
            [("do", "preview"), ("camera-0", PlacingForm.token(CameraKey(make: "Fujifilm", model: "X-T5"))), ("clock-0", String(Int.min))])
        let byName = owner.post(
            "/photos/placing",
            [
                ("do", "preview"), ("camera-0", PlacingForm.token(CameraKey(make: "Fujifilm", model: "X-T5"))),
                ("clock-0", " europe/lisbon "),
            ])
        let placed = owner.post("/photos/placing", [("do", "place"), ("estimate", "on")])
        _ = member.get("/photos/placings/1")
        let byTheMember = member.post("/photos/placings/1")

        // validate
        #expect(negative.status == .unprocessableContent && negative.bodyText.contains("The gap tolerance must be minutes from 0 to 1440."))
        #expect(
            tooLong.status == .unprocessableContent
                && tooLong.bodyText.contains("The time to nearby photos must be minutes from 0 to 1440."))
        #expect(
            clock.status == .unprocessableContent
                && clock.bodyText.contains(
                    "RoadTrip knows no zone “Mars/Olympus” for the clock of the Fujifilm X-T5: type a zone’s name, such as Europe/Zagreb."),
            "\(clock.status)")
        #expect(
            smallest.status == .unprocessableContent && smallest.bodyText.contains("RoadTrip knows no zone “\(Int.min)”"),
            "the smallest number is refused, not a trap")
        #expect(
            byName.status == .ok && !byName.bodyText.contains("RoadTrip knows no zone"),
            "a zone typed in lower case, with spaces, is the zone: \(byName.status)")
        #expect(placed.status == .seeOther)
        #expect(byTheMember.status == .forbidden)
        #expect(member.post("/map/tracks/1/remove").status == .forbidden, "the owner's track is not the member's to remove")
        #expect(owner.post("/map/tracks/1/remove").location == "/map/tracks")
        #expect(try web.rows(in: "tracks") == 0)
        #expect(try web.library.photos.photo(id: 1)?.latitude != nil)
        #expect(!member.get("/photos/placings/1").bodyText.contains(">Undo<"))
    }

    @Test func aVacationsItineraryDrawsItsRouteAndItsGPXIsTheOwners() throws {
        // setup: a photo of the walk's morning in Ann's vacation, shared with Robin to view.
        let owner = try web.signedIn()
        let member = try web.signedIn("Robin", owner: false, address: "192.0.2.2")
        _ = owner.get("/upload")
        _ = try postFile(owner, try walk(), name: "walk.gpx")
        _ = try postFile(
            owner, try uploads.draw("tram.jpg", at: (38.705, -9.15), takenAt: "2024-06-01T09:05:00", takenOffset: 60), name: "tram.jpg")
        let ann = try #require(try web.library.accounts.account(named: "Ann"))
        let robin = try #require(try web.library.accounts.account(named: "Robin"))
        let vacation = try web.library.vacations.create(named: "Lisbon", for: ann.id)
        try web.library.vacations.visit(
            try #require(try web.library.photos.photo(id: 1)), into: vacation, for: ann.id, library: web.library)
        try web.library.vacations.share(vacation, with: robin.id, as: .view, by: ann.id)

        // MUT
        let itinerary = owner.get("/vacations/\(vacation)/itinerary")
        let gpx = owner.get("/vacations/\(vacation)/export.gpx")
        let refused = member.get("/vacations/\(vacation)/export.gpx")

        // validate
        #expect(itinerary.bodyText.contains("Route: 1 track · 1.1 km · 1 day"), "\(itinerary.bodyText)")
        #expect(itinerary.bodyText.contains(#"class="map-track""#))
        #expect(gpx.status == .ok && gpx.headers["Content-Type"] == "application/gpx+xml; charset=utf-8")
        #expect(gpx.headers["Content-Disposition"] == "attachment; filename=\"Lisbon.gpx\"; filename*=UTF-8''Lisbon.gpx")
        #expect(
            gpx.bodyText.contains("<time>2024-06-01T08:05:00Z</time><name>tram</name>")
                && gpx.bodyText.contains("<trk><name>Walk &amp; tram</name>"))
        #expect(refused.status == .forbidden)
    }
}
