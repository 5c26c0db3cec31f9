import Crypto
import Foundation

/// A script RoadTrip writes into a document itself rather than linking it: the book's gesture
/// in its own pages shown in sandboxed frames (`frame-gesture.js`), which have no origin a
/// service worker answers for. The document's policy lets it run by its hash, and nothing else.
struct InlineScript: Sendable {
    /// The `<script>` element, as written into the page.
    let element: [UInt8]
    /// `'sha256-…'`: the policy's source expression for exactly this script.
    let hashSource: String

    /// A few characters of the hash, for an ETag: a page served with another script is another page.
    var variant: String {
        String(hashSource.dropFirst(8).prefix(12).map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// Why an asset cannot be written into a page: the HTML parser would end the element early.
    struct Unwritable: Error, CustomStringConvertible {
        let name: String
        var description: String { "\(name) cannot be written into a page: it contains </script" }
    }

    init(named name: String, source: [UInt8]) throws {
        guard String(decoding: source, as: UTF8.self).lowercased().range(of: "</script") == nil else { throw Unwritable(name: name) }
        element = Array("<script>".utf8) + source + Array("</script>".utf8)
        hashSource = "'sha256-\(Data(SHA256.hash(source)).base64EncodedString())'"
    }

    /// The document with the script after its last byte: the HTML parser puts it at the end of
    /// the body, after everything the page draws, and the page's own bytes stay as they are
    /// (its `<meta charset>` still within the first kilobyte). A page that ends inside an element
    /// it never closed (a `<textarea>`, a comment) takes the script as its text: it turns by its
    /// edges only, as another site's page does.
    func appended(to document: [UInt8]) -> [UInt8] {
        document + element
    }
}
