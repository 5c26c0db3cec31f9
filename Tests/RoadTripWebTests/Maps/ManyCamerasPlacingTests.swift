import Foundation
import HTTPServer
import RoadTrip
@testable import RoadTripWeb
import Testing

/// "Place photos from tracks" with photos from many cameras whose clocks are unknown: the form asks
/// for them a page at a time, carries the clocks chosen on other pages in one field, and stays far
/// below the server's 100 fields and the same size however many cameras there are.
@Suite struct ManyCamerasPlacingTests {
    let web: WebFixture
    let ann: Visitor

    init() throws {
        web = try WebFixture()
        ann = try web.signedIn()
    }

    /// One photo per camera ("Acme Model 0001"…), taken at 09:05 on 1 June 2024 by a clock of
    /// unknown zone, without a position; as rows. And a walk in Lisbon, 08:00–08:10 UTC that day.
    private static func photosOfCameras(_ count: Int, in web: WebFixture, hostile: (make: String, model: String)? = nil) throws {
        let cameras = (1...count).map { ("Acme", String(format: "Model %04d", $0)) } + (hostile.map { [$0] } ?? [])
        try web.library.database.write { db in
            for (index, camera) in cameras.enumerated() {
                try db.execute(
                    """
                    INSERT INTO photos (sha256, format, byte_count, width, height, title, sorted_at, taken_at,
                                        camera_make, camera_model, imported_at)
                    VALUES (\(String(format: "%064x", index + 1)), 'jpeg', 1, 4, 3, 'photo', '2024-06-01T09:05:00',
                            '2024-06-01T09:05:00', \(camera.0), \(camera.1), 0)
                    """)
            }
        }
        let points = (0...10).map { minute in
            let time = String(format: "2024-06-01T08:%02d:00Z", minute)
            return #"<trkpt lat="\#(38.70 + Double(minute) * 0.001)" lon="-9.15"><time>\#(time)</time></trkpt>"#
        }
        let gpx = "<gpx version=\"1.1\"><trk><name>Walk</name><trkseg>\(points.joined())</trkseg></trk></gpx>"
        _ = try web.library.tracks.importFile(Data(gpx.utf8), fileName: "walk.gpx", by: nil)
    }

    /// The placing form of `page` sent back as a browser sends it.
    private func send(
        _ page: Response, choosing: [String: String] = [:], replacing: [String: String] = [:],
        pressing button: (String, String)
    ) throws -> Response {
        let fields = try PlacingPageForm(page).submission(choosing: choosing, replacing: replacing, pressing: button)
        return ann.post("/photos/placing", fields, csrf: .omitted)
    }

    private func photo(ofModel model: String) throws -> Photo? {
        let id: Int64? = try web.library.database.read { db in try db.fetchValue("SELECT id FROM photos WHERE camera_model = \(model)") }
        return try id.flatMap { try web.library.photos.photo(id: $0) }
    }

    @Test func placingWithAThousandCamerasAsksForTheirClocksAPageAtATime() throws {
        // setup: 1,000 cameras here, 20 in another library to compare the page with.
        try Self.photosOfCameras(1_000, in: web)
        let small = try WebFixture()
        try Self.photosOfCameras(20, in: small)

        // MUT: the preview
        let preview = ann.get("/photos/placing")
        let smallPreview = try small.signedIn().get("/photos/placing")

        // validate: the first ten cameras, the same page as for 20 cameras, far below 100 fields
        #expect(preview.status == .ok && smallPreview.status == .ok)
        #expect(PlacingForm.camerasPerPage == 10 && PlacingForm.token(CameraKey(make: "Acme", model: "Model 0001")).count == 12)
        // (the reasons left out are bounded too: "990 more photos, for 990 other reasons.")
        web.expectPage(preview, recordedAs: "first-ten-of-a-thousand-cameras", seenBy: ann)
        #expect(!preview.bodyText.contains("Earlier cameras"))
        #expect(!preview.bodyText.contains("Model 0011"))
        let fields = try PlacingPageForm(preview).submission(pressing: ("do", "preview"))
        #expect(fields.count == 27, "\(fields.map(\.0))")
        let sizes = (preview.bodyBytes.count, smallPreview.bodyBytes.count)
        #expect(abs(sizes.0 - sizes.1) < 200, "the page does not grow with the cameras: \(sizes)")
        print("placing preview: 1000 cameras \(sizes.0) bytes, 20 cameras \(sizes.1) bytes, \(fields.count) fields sent")

        // MUT: a clock chosen on page 1, then More cameras; one chosen on page 2, then Preview again.
        let first = try PlacingPageForm(preview).submission(choosing: ["clock-0": "+60"], pressing: (PlacingForm.showPageField, "1"))
        let second = ann.post("/photos/placing", first, csrf: .omitted)
        let chosen = try PlacingPageForm(second).submission(choosing: ["clock-0": "Europe/Lisbon"], pressing: ("do", "preview"))
        let third = ann.post("/photos/placing", chosen, csrf: .omitted)
        let back = try send(third, pressing: (PlacingForm.showPageField, "0"))

        // validate: both clocks kept and used, each form as small
        #expect(second.status == .ok && third.status == .ok && back.status == .ok)
        web.expectPage(second, recordedAs: "cameras-11-to-20-with-earlier-cameras", seenBy: ann)
        let carried = PlacingForm.token(CameraKey(make: "Acme", model: "Model 0001")) + ":+60"
        #expect(try PlacingPageForm(second).value(of: PlacingForm.carriedField) == carried)
        #expect(try PlacingPageForm(third).value(of: PlacingForm.carriedField) == carried)
        #expect(third.bodyText.contains("2 photos would be placed: 2 along the tracks."), "\(third.message)")
        web.expectPage(third, recordedAs: "cameras-11-to-20-with-lisbon-chosen", seenBy: ann)
        let lisbon = PlacingForm.token(CameraKey(make: "Acme", model: "Model 0011")) + ":Europe/Lisbon"
        #expect(try PlacingPageForm(back).value(of: PlacingForm.carriedField) == lisbon)
        #expect(back.bodyText.contains(#"name="clock-0" list="clock-zones" value="+60""#) && back.bodyText.contains("Cameras 1–10 of 1000"))
        #expect([first.count, chosen.count].allSatisfy { $0 < 30 })
        #expect(abs(third.bodyBytes.count - sizes.0) < 2_000, "\(third.bodyBytes.count) bytes with two clocks chosen")

        // MUT: Place
        let placed = try send(third, pressing: ("do", "place"))

        // validate
        #expect(placed.status == .seeOther && placed.location == "/photos/placings/1", "\(placed.status) \(placed.message)")
        #expect(abs((try photo(ofModel: "Model 0001")?.latitude ?? 0) - 38.705) < 1e-9)
        #expect(abs((try photo(ofModel: "Model 0011")?.latitude ?? 0) - 38.705) < 1e-9)
        #expect(try photo(ofModel: "Model 0002")?.latitude == nil)
    }

    @Test(arguments: [
        "zz", "0123456789ab", "0123456789ab:Mars/Olympus", "0123456789ab:+99999", "0123456789AB:+60", "0123456789ab:+60,",
        "0123456789ab:+60,0123456789ab:+120", ":+60", "0123456789a:+60", "0123456789ab:Europe/Lisbon:+60",
        String(repeating: "0123456789ab:+60,", count: 10_000),
        (0...PlacingForm.largestCarried).map { String(format: "%012x:+60", $0) }.joined(separator: ","),
    ])
    func aTamperedClocksFieldIsRefusedNamingIt(value: String) throws {
        // setup
        try Self.photosOfCameras(12, in: web)
        let preview = ann.get("/photos/placing")

        // MUT
        let answer = try send(preview, replacing: [PlacingForm.carriedField: value], pressing: ("do", "place"))

        // validate
        #expect(answer.status == .unprocessableContent)
        #expect(answer.message.contains("The clocks chosen for other cameras (the field “clocks”) could not be read: "))
        #expect(try web.rows(in: "placements") == 0)
    }

    @Test func aPageOfCamerasThatIsNoNumberIsRefusedAndOnePastTheLastIsTheLast() throws {
        try Self.photosOfCameras(12, in: web)
        let preview = ann.get("/photos/placing")

        let negative = try send(preview, pressing: (PlacingForm.showPageField, "-1"))
        let past = try send(preview, pressing: (PlacingForm.showPageField, "99999999999999999999"))
        let far = try send(preview, pressing: (PlacingForm.showPageField, "7"))

        #expect(negative.status == .unprocessableContent)
        #expect(negative.message.contains("The page of cameras (the field “show-cameras”) must be a number from 0."))
        #expect(past.status == .unprocessableContent)
        #expect(far.status == .ok && far.bodyText.contains("Cameras 11–12 of 12") && !far.bodyText.contains(">More cameras<"))
    }

    @Test func aFewCamerasAreAskedOnOnePageAsBefore() throws {
        try Self.photosOfCameras(3, in: web)

        let preview = ann.get("/photos/placing")

        // A zone by its name, typed and found in one list of names, not chosen from hundreds of offsets and zones.
        web.expectPage(preview, recordedAs: "three-cameras-on-one-page", seenBy: ann)
        #expect(
            preview.bodyText.contains(#"<datalist id="clock-zones"><option value="Africa/Abidjan"></option>"#)
                && preview.bodyText.contains(#"<option value="Europe/Zagreb"></option>"#)
                && !preview.bodyText.contains("<select id=\"clock-"))
        #expect(!preview.bodyText.contains("cameras-page") && !preview.bodyText.contains(#"name="clocks""#))
        #expect(!preview.bodyText.contains("More cameras"))
        #expect(!preview.bodyText.contains("visually-hidden\" tabindex"), "no hidden default button without a pager")
        #expect(try PlacingPageForm(preview).submission(pressing: ("do", "preview")).count == 11)
    }

    @Test func aCameraNamedByHostileEXIFTextIsEscapedCutAndStillChosen() throws {
        // setup: a make that is markup, a model with a line break (a browser sends it as CR LF) and 10,000 letters
        let hostile = (make: #"<script>alert("make")</script>"#, model: "X\n" + String(repeating: "T", count: 10_000))
        try Self.photosOfCameras(1, in: web, hostile: hostile)
        let preview = ann.get("/photos/placing")

        // MUT
        let chosen = try send(preview, choosing: ["clock-0": "+60", "clock-1": "+60"], pressing: ("do", "preview"))

        // validate
        #expect(!preview.bodyText.contains("<script>alert"))
        #expect(preview.bodyText.contains("&lt;script&gt;alert(") && preview.bodyText.contains("&lt;/script&gt; X\nTTT"))
        #expect(!preview.bodyText.contains(String(repeating: "T", count: 100)), "the name is cut")
        #expect(preview.bodyBytes.count < 200_000)
        #expect(chosen.bodyText.contains("2 photos would be placed: 2 along the tracks."), "\(chosen.message)")
    }
}
