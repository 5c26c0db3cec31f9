import Crypto
import Foundation
import HTTPServer
import RoadTrip

/// The fields of the placing form, read back. The cameras whose clock must be chosen are asked a
/// page at a time; the clocks chosen for the cameras not on the page travel in one hidden field,
/// so a form has the same few fields, and its page the same size, however many cameras there are.
enum PlacingForm {
    /// Cameras asked for on one page of the form (each with ~500 clocks to choose from).
    static let camerasPerPage = 10
    /// The most clocks one form carries: far more cameras than a person sets by hand in one go.
    static let largestCarried = 2_000
    /// Characters of the carried clocks: per camera a token, a colon, a clock (at most 64), a comma.
    static let largestCarriedText = largestCarried * (tokenLength + 66)
    static let tokenLength = 12

    /// The clocks chosen for cameras not on the page: `token:clock`, joined by commas.
    static let carriedField = "clocks"
    /// The page of cameras the form shows, from 0.
    static let pageField = "cameras-page"
    /// The page a "More cameras" or "Earlier cameras" button asks for.
    static let showPageField = "show-cameras"

    /// A camera as the form names it: hex digits of the SHA-256 of its make and model. They are
    /// EXIF text of any length and characters, which a browser would rewrite besides (it sends a
    /// line break as CR LF); the digest is short, plain and the same on every request.
    static func token(_ key: CameraKey) -> String {
        func part(_ text: String?) -> String { text.map { "\($0.utf8.count):\($0)" } ?? "-" }
        return String(SHA256.hexDigest(Array((part(key.make) + part(key.model)).utf8)).prefix(tokenLength))
    }

    /// The carried field of a page: the clocks chosen for the plan's cameras not shown on it.
    static func carried(_ clocks: [CameraKey: CameraClock], of cameras: [PlacementPlan.Camera], shown: [PlacementPlan.Camera]) -> String {
        let onPage = Set(shown.map(\.key))
        return cameras.filter { !onPage.contains($0.key) }
            .compactMap { camera in clocks[camera.key].map { token(camera.key) + ":" + $0.formValue } }
            .sorted().joined(separator: ",")
    }

    /// The options a form sends: minutes within 0…1440, estimates on or off, the clocks carried,
    /// and a clock for each camera of the page (`camera-N` is its token, `clock-N` "" for the
    /// measured one, minutes like "+120", or a zone). Anything else is a 422 naming the field.
    static func request(from form: Form, track: Track?, cameras: [PlacementPlan.Camera]) throws -> PlacementRequest {
        var request = PlacementRequest(trackIDs: track.map { [$0.id] })
        request.estimate = form["estimate"] == "on"
        for (field, name) in [("tolerance", "The gap tolerance"), ("window", "The time to nearby photos")] {
            guard let text = form[field] else { continue }
            let largest = PlacementRequest.largestMinutes
            guard let minutes = Int(text.trimmingCharacters(in: .whitespaces)), (0...largest).contains(minutes) else {
                throw refusal("\(name) must be minutes from 0 to \(largest).")
            }
            if field == "tolerance" { request.gapTolerance = minutes } else { request.neighbourWindow = minutes }
        }
        // A camera no longer among the photos (placed meanwhile) is dropped, not refused.
        let byToken = Dictionary(cameras.map { (token($0.key), $0) }, uniquingKeysWith: { first, _ in first })
        for (token, clock) in try carriedClocks(form[carriedField] ?? "") {
            if let camera = byToken[token] { request.clocks[camera.key] = clock }
        }
        for row in 0..<camerasPerPage {
            guard let token = form["camera-\(row)"], let camera = byToken[token] else { continue }
            let text = form["clock-\(row)"] ?? ""
            guard !text.isEmpty else {
                request.clocks[camera.key] = nil
                continue
            }
            guard let clock = CameraClock(formValue: text) else {
                let name = camera.key.name(atMost: CameraKey.longestShownName)
                throw refusal(
                    """
                    RoadTrip knows no zone “\(String(text.prefix(64)))” for the clock of the \(name): type a zone’s name, such as \
                    Europe/Zagreb.
                    """
                )
            }
            request.clocks[camera.key] = clock
        }
        guard request.clocks.count <= largestCarried else {
            throw refusal(
                "At most \(largestCarried.formatted()) cameras’ clocks can be chosen at once: "
                    + "place these photos, then come back for the rest.")
        }
        return request
    }

    /// The page of cameras asked for: a page button's, else the one the form showed, else the first.
    /// A page past the last is the last (cameras leave the list as their photos are placed).
    static func cameraPage(from form: Form) throws -> Int {
        let field = form[showPageField] == nil ? pageField : showPageField
        guard let text = form[field] else { return 0 }
        guard let page = Int(text), page >= 0 else {
            throw refusal("The page of cameras (the field “\(field)”) must be a number from 0.")
        }
        return page
    }

    /// The carried clocks by camera token. Only what a page of ours writes is read: anything else
    /// (a clock that is none, a token that is not hex, a camera twice, too many) is a 422.
    static func carriedClocks(_ text: String) throws -> [String: CameraClock] {
        guard !text.isEmpty else { return [:] }
        let unreadable = refusal(
            "The clocks chosen for other cameras (the field “\(carriedField)”) could not be read: "
                + "open the preview again and choose them anew."
        )
        guard text.utf8.count <= largestCarriedText else { throw unreadable }
        var clocks: [String: CameraClock] = [:]
        for pair in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard clocks.count < largestCarried, parts.count == 2, isToken(parts[0]), clocks[String(parts[0])] == nil,
                let clock = CameraClock(formValue: String(parts[1]))
            else { throw unreadable }
            clocks[String(parts[0])] = clock
        }
        return clocks
    }

    /// What `token` writes: lowercase hex digits, so many.
    private static func isToken(_ text: Substring) -> Bool {
        let digits = UInt8(ascii: "0")...UInt8(ascii: "9"), letters = UInt8(ascii: "a")...UInt8(ascii: "f")
        return text.utf8.count == tokenLength && text.utf8.allSatisfy { digits.contains($0) || letters.contains($0) }
    }

    private static func refusal(_ message: String) -> HTTPError {
        HTTPError(status: .unprocessableContent, message: message)
    }
}

/// One page of the cameras whose clock the form asks for: those with photos that do not say
/// their zone, A to Z.
struct CameraPage {
    /// The cameras on this page.
    let cameras: [PlacementPlan.Camera]
    /// This page, from 0; a page asked past the last is the last.
    let number: Int
    let count: Int
    /// How many cameras ask for their clock, on every page, and the first of this page (from 0).
    let total: Int
    let first: Int

    init(plan: PlacementPlan, page: Int) {
        let unsure = plan.cameras.filter { $0.knowingTheirTime < $0.photoCount }
        let size = PlacingForm.camerasPerPage
        total = unsure.count
        count = max(1, (unsure.count + size - 1) / size)
        number = min(max(0, page), count - 1)
        first = number * size
        cameras = Array(unsure.dropFirst(first).prefix(size))
    }
}
