/// The scripts of the screens that need more than app.js, each loaded only on a page that
/// shows such a screen. A view that needs one marks its root element `data-script="NAME"`
/// (`NAME.js` among the assets) with `.script(NAME)`; the shell links what a page's parts asked
/// for while it was rendered (`data-screen-script`), and app.js imports those a page whose panes
/// it swaps in links. This is the one list of them.
enum ScreenScript {
    static let book = "book"
    static let webView = "web-view"
    static let photoViewer = "photo-viewer"
    static let photoGrid = "photo-grid"
    static let uploads = "uploads"
    static let photoMap = "photo-map"
    static let pointMap = "point-map"
    static let timeline = "timeline"
    static let importing = "importing"
    static let progress = "progress"

    static let all = [book, webView, photoViewer, photoGrid, uploads, photoMap, pointMap, timeline, importing, progress]

    /// The scripts a page links for what its markup asked for (`Attribute.script`), in the order
    /// of `all`; a name that is not one of them is never linked.
    static func linked(_ requested: [String]) -> [String] {
        all.filter(requested.contains)
    }
}
