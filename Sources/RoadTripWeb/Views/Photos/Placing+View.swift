import Foundation
import HTML
import RoadTrip

/// The plan of "Place photos from tracks": how many would be placed and how, on a map along the
/// tracks, the cameras' clocks to set, and the photos left out with why. Nothing is changed
/// until "Place them".
struct PlacingView: HTML {
    let plan: PlacementPlan
    let request: PlacementRequest
    let track: Track?
    let outlines: [TrackOutlineView]
    let notice: String?
    let sources: MapSources
    /// The photos shown, by id (the first of each list).
    var photos: [Int64: Photo] = [:]
    /// The page of cameras whose clock the form asks for, from 0.
    var cameraPage = 0

    /// The most photos drawn on the map and shown as thumbnails.
    static let shownOnMap = 500
    static let shownAsThumbnails = 60
    /// A reason's photos shown under it: enough to recognise them, not a wall before the form.
    static let shownPerReason = 8

    /// The reasons shown under "Left out" with their photos, the most common first; the others
    /// are counted in one line (one camera of unknown clock is one reason, and there may be thousands).
    static let shownReasons = 10

    struct LeftOutReasons {
        var shown: [(sentence: String, photos: [Int64])] = []
        var others = 0
        var otherPhotos = 0
    }

    static func leftOutReasons(_ plan: PlacementPlan) -> LeftOutReasons {
        let reasons = Dictionary(grouping: plan.leftOut, by: \.reason.sentence).sorted {
            ($1.value.count, $0.key) < ($0.value.count, $1.key)
        }
        var result = LeftOutReasons()
        result.shown = reasons.prefix(shownReasons).map { ($0.key, $0.value.map(\.photoID)) }
        result.others = max(0, reasons.count - shownReasons)
        result.otherPhotos = reasons.dropFirst(shownReasons).reduce(0) { $0 + $1.value.count }
        return result
    }

    var content: some HTML {
        section(.class("placing")) {
            h2(.class("section-title")) { track.map { "Place photos from \($0.name)" } ?? "Place photos from tracks" }
            if let notice { Notice(kind: .error, message: notice) }
            p(.class("placing-summary"), .role("status")) { summary }
            if plan.more {
                p(.class("hint")) {
                    """
                    Only the first \(PhotoPlacer.maximumPhotos.formatted()) photos without a position are looked at: place these, \
                    then come back for the rest.
                    """
                }
            }
            // The result first, with why photos are left out (a camera's unknown clock, mostly),
            // then what changes it, then where they would go.
            if !plan.leftOut.isEmpty {
                h3 { "Left out" }
                let reasons = Self.leftOutReasons(plan)
                ForEach(reasons.shown.indices) { index in
                    let (sentence, ids) = reasons.shown[index]
                    p(.class("left-out-reason")) { "\(PhotoFormat.count(ids.count)): \(sentence)" }
                    thumbnails(ids, atMost: Self.shownPerReason)
                }
                if reasons.others > 0 {
                    p(.class("left-out-reason")) {
                        reasons.otherPhotos == 1 ? "1 more photo" : "\(reasons.otherPhotos) more photos"
                        reasons.others == 1 ? ", for another reason." : ", for \(reasons.others) other reasons."
                    }
                }
            }
            options
            let lines = outlines.flatMap { $0.segments }.map {
                $0.compactMap { Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
            }.filter { !$0.isEmpty }
            let points = plan.proposals.prefix(Self.shownOnMap).compactMap { proposal in
                Coordinate(latitude: proposal.latitude, longitude: proposal.longitude).map {
                    MapPoint(
                        coordinate: $0, name: proposal.source == .track ? "Along \(proposal.trackName ?? "the track")" : "Estimated",
                        label: nil, kind: .photo,
                        link: .photo(id: proposal.photoID, inRecents: false))
                }
            }
            if !points.isEmpty || !lines.isEmpty {
                PointMapView(
                    points: Array(points), style: .placing, label: "Map of the photos that would be placed, along the tracks",
                    sources: sources, lines: lines)
            }
            if !plan.proposals.isEmpty {
                h3 { "To be placed" }
                thumbnails(plan.proposals.map(\.photoID))
            }
        }
    }

    private var summary: String {
        if plan.proposals.isEmpty && plan.leftOut.isEmpty { return "Every photo has a position: there is nothing to place." }
        var parts: [String] = []
        if plan.proposals.isEmpty {
            parts.append("No photo can be placed with these settings.")
        } else {
            var how: [String] = []
            if plan.fromTracks > 0 { how.append("\(plan.fromTracks) along \(track == nil ? "the tracks" : "the track")") }
            if plan.estimated > 0 { how.append("\(plan.estimated) estimated from photos taken near them") }
            parts.append("\(PhotoFormat.count(plan.proposals.count)) would be placed: \(how.joined(separator: ", ")).")
        }
        if !plan.leftOut.isEmpty { parts.append("\(PhotoFormat.count(plan.leftOut.count)) left out.") }
        return parts.joined(separator: " ")
    }

    private var options: some HTML {
        form(.method("post"), .action(.placing(track: track?.id)), .class("stacked placing-options")) {
            FormToken()
            let page = CameraPage(plan: plan, page: cameraPage)
            if page.count > 1 {
                // Enter in a number field presses the form's first button: "Preview again", not a page button.
                button(.type("submit"), .name("do"), .value("preview"), .class("visually-hidden"), .tabindex(-1), .ariaHidden()) {
                    "Preview again"
                }
            }
            CameraClocksView(plan: plan, request: request, page: page)
            label(.for("tolerance")) { "Join points of a track up to this many minutes apart" }
            input(
                .type("number"), .id("tolerance"), .name("tolerance"), .min(0), .max(PlacementRequest.largestMinutes),
                .value(String(request.gapTolerance)))
            label(.class("check")) {
                input(.type("checkbox"), .name("estimate"), .when(request.estimate, .checked()))
                " Estimate the others from photos of the same camera with a position"
            }
            label(.for("window")) { "…taken within this many minutes" }
            input(
                .type("number"), .id("window"), .name("window"), .min(0), .max(PlacementRequest.largestMinutes),
                .value(String(request.neighbourWindow)))
            div(.class("form-actions")) {
                button(.type("submit"), .name("do"), .value("preview"), .class("button")) { "Preview again" }
                button(.type("submit"), .name("do"), .value("place"), .class("button primary"), .when(plan.proposals.isEmpty, .disabled()))
                {
                    "Place \(PhotoFormat.count(plan.proposals.count))"
                }
            }
        }
    }

    private func thumbnails(_ ids: [Int64], atMost limit: Int = Self.shownAsThumbnails) -> some HTML {
        ul(.class("photo-grid placing-photos")) {
            ForEach(ids.prefix(limit).compactMap { photos[$0] }) { photo in li { PhotoCell(photo: photo) } }
        }
    }
}

/// A placement made: how many, when and by whom, and Undo (or that it was undone).
struct PlacementView: HTML {
    let placement: Placement
    let by: String?
    let mayUndo: Bool

    var content: some HTML {
        section(.class("placement")) {
            h2(.class("section-title")) { placement.undoneAt == nil ? "Placed \(PhotoFormat.count(placement.photoCount))" : "Put back" }
            p(.role("status")) {
                if placement.undoneAt != nil {
                    """
                    The \(PhotoFormat.count(placement.photoCount)) are back where they were (photos placed again since keep their \
                    new positions).
                    """
                } else {
                    """
                    \(PhotoFormat.count(placement.photoCount)) placed\(by.map { " by \($0)" } ?? ""). Their places, the map and \
                    the vacations holding them follow; the original files are unchanged.
                    """
                }
            }
            if placement.undoneAt == nil && mayUndo {
                form(.method("post"), .action(.placement(id: placement.id)), .class("inline-form")) {
                    FormToken()
                    button(.type("submit"), .class("button")) { "Undo" }
                }
            }
            p {
                a(.class("button"), .href(.photoMap)) { "See the map" }
                " "
                a(.class("button"), .href(.placing(track: nil))) { "Place more" }
            }
        }
    }
}
