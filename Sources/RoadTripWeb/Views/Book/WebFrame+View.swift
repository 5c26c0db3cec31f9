import HTML

/// Another site's page in a sandboxed frame (no `allow-same-origin`: it cannot reach
/// RoadTrip), with the status panel `web-view.js` fills: a spinner until it has loaded, or what went wrong.
/// The one place the sandbox of event and weather pages is written.
struct WebFrame: HTML {
    let source: String
    let title: String
    /// Attributes after the shared ones (`loading`, `data-original`, `data-copy`).
    var extra: [Attribute] = []

    static let sandbox = "allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms"

    func render(into output: inout String) {
        div(.class("page-frame")) {
            Element("iframe", [
                .src(source), Attribute("sandbox", WebFrame.sandbox), Attribute("referrerpolicy", "no-referrer"), .title(title),
            ] + extra)
            div(.class("page-status"), .role("status")) {
                span(.class("spinner"), Attribute("aria-hidden", "true")) {}
                span(.class("status-text")) { "Loading…" }
            }
        }.render(into: &output)
    }
}
