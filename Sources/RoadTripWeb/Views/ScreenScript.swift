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
        var markup = markup
        let named = markup.withUTF8 { names(in: $0) }
        return all.filter(named.contains)
    }

    /// One pass over the bytes for every `data-script="…"`. (Five `String.contains` went
    /// through Foundation's UTF-16 search and were half of a page's time.)
    private static func names(in bytes: UnsafeBufferPointer<UInt8>) -> Set<String> {
        let marker = Array("data-script=\"".utf8)
        var names: Set<String> = []
        var index = 0
        while index + marker.count <= bytes.count {
            guard bytes[index] == marker[0], marker.indices.allSatisfy({ bytes[index + $0] == marker[$0] }) else {
                index += 1
                continue
            }
            let start = index + marker.count
            if let end = bytes[start...].prefix(32).firstIndex(of: UInt8(ascii: "\"")) {
                names.insert(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
            }
            // On from the name's start, not its end: what looked like a name may hold a marker.
            index = start
        }
        return names
    }
}
