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
                    "for the others, type the zone the camera was set to (Europe/Zagreb, America/New_York: the list finds it as you type)."
                }
                ForEach(page.cameras.indices) { row in clock(of: page.cameras[row], row: row) }
                datalist(.id("clock-zones")) {
                    ForEach(ClockChoices.zones) { zone in option(.value(zone)) {} }
                }
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
            // A zone by its name, searched in a list (datalist) rather than picked from hundreds;
            // empty: the clock measured from GPS time, where there is one.
            let measuredFrom = PhotoFormat.count(camera.measuredFrom)
            input(
                .type("text"), .id("clock-\(row)"), .name("clock-\(row)"), Attribute("list", "clock-zones"),
                .value(request.clocks[camera.key]?.formValue ?? ""), Attribute("autocomplete", "off"), Attribute("autocapitalize", "none"),
                Attribute("spellcheck", "false"), .class("clock-zone"),
                Attribute(
                    "placeholder",
                    camera.measured.map { "Measured: \(CameraClock.offset(minutes: $0).description), from \(measuredFrom) with GPS time" }
                        ?? "The camera’s zone, e.g. Europe/Zagreb"))
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
    /// The zones a camera's clock may be set to, by their names ("Europe/Zagreb").
    static let zones: [String] = TimeZone.knownTimeZoneIdentifiers.filter { $0.contains("/") }.sorted()
}
