import Foundation
import HTML
import RoadTrip

/// The cameras' clocks of the placing form: a clock to choose for each camera of one page, the
/// clocks chosen on other pages carried along, and buttons to the pages before and after.
struct CameraClocksView: HTML {
    let plan: PlacementPlan
    let request: PlacementRequest
    let page: CameraPage

    var content: some HTML {
        if page.count > 1 {
            input(.type("hidden"), .name(PlacingForm.pageField), .value(String(page.number)))
            let carried = PlacingForm.carried(request.clocks, of: plan.cameras, shown: page.cameras)
            input(.type("hidden"), .name(PlacingForm.carriedField), .value(carried))
        }
        if !page.cameras.isEmpty {
            fieldset {
                legend { "Cameras’ clocks" }
                p(.class("hint")) {
                    "A camera’s clock shows local time without a zone. Photos that carry their own zone or a GPS time use it; "
                    "for the others, say what the camera was set to."
                }
                ForEach(page.cameras.indices) { row in clock(of: page.cameras[row], row: row) }
                if page.count > 1 { pager }
            }
        }
    }

    private func clock(of camera: PlacementPlan.Camera, row: Int) -> some HTML {
        div(.class("camera-clock")) {
            input(.type("hidden"), .name("camera-\(row)"), .value(PlacingForm.token(camera.key)))
            label(.for("clock-\(row)")) {
                let withoutZone = PhotoFormat.count(camera.photoCount - camera.knowingTheirTime)
                "\(camera.key.name(atMost: CameraKey.longestShownName)) (\(withoutZone) without a zone)"
            }
            select(.id("clock-\(row)"), .name("clock-\(row)")) {
                let chosen = request.clocks[camera.key]
                option(.value(""), .when(chosen == nil, .selected())) {
                    let measuredFrom = PhotoFormat.count(camera.measuredFrom)
                    camera.measured.map { "Measured: \(CameraClock.offset(minutes: $0).description), from \(measuredFrom) with GPS time" }
                        ?? "Unknown: choose the camera’s zone"
                }
                ForEach(ClockChoices.all) { choice in
                    option(.value(choice.value), .when(chosen?.formValue == choice.value, .selected())) { choice.label }
                }
            }
        }
    }

    /// Which cameras these are, and buttons that show the page before or after with every option
    /// and clock kept (a form post: it works without JavaScript).
    private var pager: some HTML {
        div(.class("camera-pager")) {
            p(.class("hint"), .id("camera-range")) { "Cameras \(page.first + 1)–\(page.first + page.cameras.count) of \(page.total)" }
            if page.number > 0 { pageButton(page.number - 1, "Earlier cameras") }
            if page.number < page.count - 1 { pageButton(page.number + 1, "More cameras") }
        }
    }

    private func pageButton(_ number: Int, _ title: String) -> some HTML {
        let field = PlacingForm.showPageField
        return button(.type("submit"), .name(field), .value(String(number)), .class("button secondary"), .ariaDescribedby("camera-range")) {
            title
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
