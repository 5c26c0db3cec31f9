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

    /// The most photos drawn on the map and shown as thumbnails.
    static let shownOnMap = 500
    static let shownAsThumbnails = 60

    /// A camera as its hidden field names it: make and model, a line apart ("" for one missing).
    static func cameraField(_ key: CameraKey) -> String {
        (key.make ?? "") + "\n" + (key.model ?? "")
    }

    var content: some HTML {
        section(.class("placing")) {
            h2(.class("section-title")) { track.map { "Place photos from \($0.name)" } ?? "Place photos from tracks" }
            if let notice { Notice(kind: .error, message: notice) }
            p(.class("placing-summary"), .role("status")) { summary }
            if plan.more {
                p(.class("hint")) { "Only the first \(PhotoPlacer.maximumPhotos.formatted()) photos without a position are looked at: place these, then come back for the rest." }
            }
            let lines = outlines.flatMap { $0.segments }.map { $0.compactMap { Coordinate(latitude: $0.latitude, longitude: $0.longitude) } }.filter { !$0.isEmpty }
            let points = plan.proposals.prefix(Self.shownOnMap).compactMap { proposal in
                Coordinate(latitude: proposal.latitude, longitude: proposal.longitude).map {
                    MapPoint(coordinate: $0, name: proposal.source == .track ? "Along \(proposal.trackName ?? "the track")" : "Estimated", label: nil, kind: .photo,
                             link: .photo(id: proposal.photoID, inRecents: false))
                }
            }
            if !points.isEmpty || !lines.isEmpty {
                PointMapView(points: Array(points), style: .placing, label: "Map of the photos that would be placed, along the tracks", sources: sources, lines: lines)
            }
            options
            if !plan.proposals.isEmpty {
                h3 { "To be placed" }
                thumbnails(plan.proposals.map(\.photoID))
            }
            if !plan.leftOut.isEmpty {
                h3 { "Left out" }
                let reasons = Dictionary(grouping: plan.leftOut, by: \.reason.sentence).sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }
                ForEach(reasons.indices) { index in
                    p(.class("left-out-reason")) { "\(PhotoFormat.count(reasons[index].value.count)): \(reasons[index].key)" }
                    thumbnails(reasons[index].value.map(\.photoID))
                }
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
            let unsure = plan.cameras.indices.filter { plan.cameras[$0].knowingTheirTime < plan.cameras[$0].photoCount }
            if !unsure.isEmpty {
                fieldset {
                    legend { "Cameras’ clocks" }
                    p(.class("hint")) { "A camera’s clock shows local time without a zone. Photos that carry their own zone or a GPS time use it; for the others, say what the camera was set to." }
                    ForEach(unsure) { index in
                        let camera = plan.cameras[index]
                        div(.class("camera-clock")) {
                            input(.type("hidden"), .name("camera-\(index)"), .value(Self.cameraField(camera.key)))
                            label(.for("clock-\(index)")) { "\(camera.key.name) (\(PhotoFormat.count(camera.photoCount - camera.knowingTheirTime)) without a zone)" }
                            select(.id("clock-\(index)"), .name("clock-\(index)")) {
                                let chosen = request.clocks[camera.key]
                                option(.value(""), .when(chosen == nil, .selected())) {
                                    camera.measured.map { "Measured: \(CameraClock.offset(minutes: $0).description), from \(PhotoFormat.count(camera.measuredFrom)) with GPS time" } ?? "Unknown: choose the camera’s zone"
                                }
                                ForEach(ClockChoices.all) { choice in
                                    option(.value(choice.value), .when(chosen?.formValue == choice.value, .selected())) { choice.label }
                                }
                            }
                        }
                    }
                }
            }
            label(.for("tolerance")) { "Join points of a track up to this many minutes apart" }
            input(.type("number"), .id("tolerance"), .name("tolerance"), .min(0), .max(PlacementRequest.largestMinutes), .value(String(request.gapTolerance)))
            label(.class("check")) {
                input(.type("checkbox"), .name("estimate"), .when(request.estimate, .checked()))
                " Estimate the others from photos of the same camera with a position"
            }
            label(.for("window")) { "…taken within this many minutes" }
            input(.type("number"), .id("window"), .name("window"), .min(0), .max(PlacementRequest.largestMinutes), .value(String(request.neighbourWindow)))
            div(.class("form-actions")) {
                button(.type("submit"), .name("do"), .value("preview"), .class("button")) { "Preview again" }
                button(.type("submit"), .name("do"), .value("place"), .class("button primary"), .when(plan.proposals.isEmpty, .disabled())) {
                    "Place \(PhotoFormat.count(plan.proposals.count))"
                }
            }
        }
    }

    private func thumbnails(_ ids: [Int64]) -> some HTML {
        ul(.class("photo-grid placing-photos")) {
            ForEach(ids.prefix(Self.shownAsThumbnails).compactMap { photos[$0] }) { photo in li { PhotoCell(photo: photo) } }
        }
    }
}

/// The clocks a camera may be set to: offsets from UTC by the quarter hour, then the zones.
enum ClockChoices {
    struct Choice { let value: String; let label: String }

    static let all: [Choice] = {
        let offsets = stride(from: -12 * 60, through: 14 * 60, by: 15).map { minutes in
            Choice(value: CameraClock.offset(minutes: minutes).formValue, label: CameraClock.offset(minutes: minutes).description)
        }
        let zones = TimeZone.knownTimeZoneIdentifiers.filter { $0.contains("/") }.sorted().map {
            Choice(value: $0, label: CameraClock.zone($0).description)
        }
        return offsets + zones
    }()
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
                    "The \(PhotoFormat.count(placement.photoCount)) are back where they were (photos placed again since keep their new positions)."
                } else {
                    "\(PhotoFormat.count(placement.photoCount)) placed\(by.map { " by \($0)" } ?? ""). Their places, the map and the vacations holding them follow; the original files are unchanged."
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
