/// The scripts of the screens that need more than app.js, each loaded only on a page that
/// shows such a screen. A view that needs one marks its root element `data-script="NAME"`
/// (`NAME.js` among the assets); the shell loads what a page's markup names, and app.js what
/// a pane it swaps in names.
enum ScreenScript {
    static let book = "book"
    static let webView = "web-view"
    static let photoViewer = "photo-viewer"
    static let photoGrid = "photo-grid"
    static let uploads = "uploads"

    static let all = [book, webView, photoViewer, photoGrid, uploads]

    /// The scripts `markup` asks for, in the order of `all`. Only these names are looked for, so
    /// text a person wrote (escaped, but free to contain the words) can at most load one of them.
    static func named(in markup: String) -> [String] {
        all.filter { markup.contains("data-script=\"\($0)\"") }
    }
}
