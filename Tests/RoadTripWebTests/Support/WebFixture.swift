import Foundation
import HTTPServer
import RoadTrip
import RoadTripWeb
import Synchronization

/// A fresh data folder, a library in it and the app over it; the folder is removed when the
/// fixture goes away (each test gets its own suite instance, so its own fixture).
final class WebFixture: Sendable {
    let folder: URL
    let library: Library
    let app: App
    let log: LogRecorder

    init(loadDemo: Bool = true) throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("roadtrip-web-tests-\(UUID().uuidString)", isDirectory: true)
        library = try Library(folder: folder)
        log = LogRecorder()
        app = App(library: library, assets: try AssetCatalog.bundled(), log: log.sink)
        if loadDemo { try library.catalog.loadDemoOnFirstStart() }
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func get(_ path: String, headers: Headers = Headers()) -> Response {
        app.respond(to: Request(method: "GET", path: path, headers: headers))
    }

    func request(_ method: String, _ path: String) -> Response {
        app.respond(to: Request(method: method, path: path))
    }

    /// The demo destination of that name, as stored.
    func destination(named name: String) throws -> Destination {
        guard let destination = try library.catalog.all().first(where: { $0.name == name }) else {
            throw FixtureError(description: "no destination named \(name) in the library")
        }
        return destination
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
}

/// Collects what the app writes to its log, from any thread.
final class LogRecorder: Sendable {
    private let lines = Mutex<[String]>([])

    var sink: LogSink {
        { [self] line in lines.withLock { $0.append(line) } }
    }

    var recorded: [String] { lines.withLock { $0 } }
}

extension Response {
    /// The body as bytes, reading a file body from disk as the server would send it.
    var bodyBytes: [UInt8] {
        switch body {
        case .bytes(let bytes): bytes
        case .file(let path, _): FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
        }
    }

    var bodyText: String { String(decoding: bodyBytes, as: UTF8.self) }
}

/// Just enough HTML reading for assertions: the markup is produced by our own renderer, so
/// every `<` in it starts a real tag (text and attribute values have theirs escaped).
enum Markup {
    /// Every start tag of that element, whole (`<a class="row" href="/destinations/1">`).
    static func tags(_ name: String, in html: String) -> [String] {
        matches("<\(name)(?:\\s[^>]*)?>", in: html, group: 0)
    }

    /// Every start tag in the document.
    static func allTags(in html: String) -> [String] {
        matches("<[a-zA-Z][^>]*>", in: html, group: 0)
    }

    /// The value of an attribute in a start tag, still escaped as written.
    static func attribute(_ name: String, of tag: String) -> String? {
        matches("\\s\(name)=\"([^\"]*)\"", in: tag, group: 1).first
    }

    /// The text between `<element class="className" ...>` and the next `</element>`, for each such element.
    static func texts(ofClass className: String, element: String, in html: String) -> [String] {
        matches("<\(element) class=\"\(className)\"[^>]*>(.*?)</\(element)>", in: html, group: 1)
    }

    /// Every `/static/...` address the page links to.
    static func staticURLs(in html: String) -> [String] {
        matches(#"(?:href|src)="(/static/[^"]+)""#, in: html, group: 1)
    }

    /// The patterns are written in this file; one that does not compile matches nothing,
    /// which fails the test that relied on it.
    private static func matches(_ pattern: String, in text: String, group: Int) -> [String] {
        guard let regex = try? Regex(pattern) else { return [] }
        return text.matches(of: regex).compactMap { $0.output[group].substring.map(String.init) }
    }
}
