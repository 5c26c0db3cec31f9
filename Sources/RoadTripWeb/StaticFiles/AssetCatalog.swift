import Compression
import Crypto
import Foundation
import HTTPServer
import RoadTrip
import Synchronization

/// The static files shipped with RoadTrip (CSS, JavaScript, icons), read once at start-up
/// to fingerprint them, kept in memory files with their text compressed ahead of time (Brotli
/// and gzip, chosen by Accept-Encoding), then served with a year-long immutable cache. A script's imports of
/// another (`"./shared.js"`) are rewritten to that one's fingerprinted name, so a module's
/// fingerprint changes with any module it imports, and no browser keeps an old one.
public struct AssetCatalog: Sendable {
    struct Asset: Sendable {
        /// The asset as it is and, for text, compressed ahead of time: in the order they are
        /// preferred (Brotli, gzip, the bytes as they are), each with an ETag of its own.
        let variants: [Variant]
        let contentType: String
        let modified: Int
    }

    struct Variant: Sendable {
        let coding: ContentCoding
        let body: StoredBody
        let etag: String
    }

    /// Why the assets cannot be served: a script imports one that is not there, or the
    /// scripts import each other in a circle.
    struct ImportError: Error, CustomStringConvertible {
        let description: String
    }

    /// Logical name (`app.css`) → fingerprinted name (`app.0123456789abcdef.css`).
    private let fingerprinted: [String: String]
    /// Fingerprinted name → asset.
    private let files: [String: Asset]
    /// Pictures of the demo destinations, by file name.
    let destinationImages: URL
    /// The book's gesture, written into RoadTrip's own pages in its frames (`InlineScript`); not
    /// served at an address. Nil in a folder without it (some tests').
    let frameGesture: InlineScript?
    static let frameGestureName = "frame-gesture.js"
    /// The service worker, with the addresses of every asset above written into it: served at
    /// the root under its own name, and checked for a change on every visit (`no-cache`).
    private let serviceWorker: Asset?

    /// Where Debian's libjs-leaflet and libjs-leaflet.markercluster put their files.
    public static let debianLeaflet = URL(fileURLWithPath: "/usr/share/javascript/leaflet")

    /// The files of Leaflet and Leaflet.markercluster RoadTrip serves, by the name it serves them
    /// under, and the file Debian installs (the minified build).
    static let leafletFiles = [
        ("leaflet.js", "leaflet.min.js"), ("leaflet.css", "leaflet.css"),
        ("leaflet-markercluster.js", "leaflet.markercluster.min.js"),
        ("markercluster.css", "MarkerCluster.css"), ("markercluster-default.css", "MarkerCluster.Default.css"),
    ]

    /// Why RoadTrip cannot start: a file of Leaflet is not where Debian puts it.
    struct LeafletMissing: Error, CustomStringConvertible {
        let path: String
        var description: String {
            "Leaflet is missing (\(path) not found): install Debian's libjs-leaflet and libjs-leaflet.markercluster (make installs them)"
        }
    }

    /// RoadTrip's own files in `folder`, and Leaflet's in `leaflet`, served alike (fingerprinted,
    /// compressed, cached for a year). Leaflet's are served as Debian ships them, never rewritten.
    /// With `compressedCopies`, the compressed text is kept there between starts
    /// (`CompressedAssetStore`) rather than made again.
    public init(folder: URL, leaflet: URL = AssetCatalog.debianLeaflet, compressedCopies: URL? = nil) throws {
        let store = compressedCopies.map(CompressedAssetStore.init(folder:))
        var fingerprinted: [String: String] = [:]
        var files: [String: Asset] = [:]
        var sources: [String: (bytes: [UInt8], type: String, path: String)] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            let path = folder.appendingPathComponent(name).path
            guard let type = AssetCatalog.contentType(of: name), let data = FileManager.default.contents(atPath: path) else { continue }
            sources[name] = ([UInt8](data), type, path)
        }
        let worker = sources.removeValue(forKey: AssetCatalog.serviceWorkerName)
        let gesture = try sources.removeValue(forKey: AssetCatalog.frameGestureName).map {
            try InlineScript(named: AssetCatalog.frameGestureName, source: $0.bytes)
        }
        frameGesture = gesture
        for (name, file) in AssetCatalog.leafletFiles {
            let path = leaflet.appendingPathComponent(file).path
            guard let type = AssetCatalog.contentType(of: name), let data = FileManager.default.contents(atPath: path) else {
                throw LeafletMissing(path: path)
            }
            sources[name] = ([UInt8](data), type, path)
        }
        // The world drawn from the basemap, for the maps without JavaScript.
        if let basemap = sources["map-countries.json"] {
            sources["map-world.svg"] = (try BasemapSVG.render(geoJSON: basemap.bytes), "image/svg+xml", basemap.path)
        }
        // The icon in pixels, for home screens.
        if let icon = sources["icon.svg"] {
            for picture in AppIcon.pictures {
                sources[picture.name] = (AppIcon.png(size: picture.size, maskable: picture.maskable), "image/png", icon.path)
            }
        }
        let vendored = Set(AssetCatalog.leafletFiles.map(\.0))
        // What each script imports, read once: for the order, then for the rewriting.
        let importsOf = Dictionary(
            uniqueKeysWithValues: sources.map { name, source in
                (name, name.hasSuffix(".js") && !vendored.contains(name) ? AssetCatalog.imports(in: source.bytes) : [])
            })
        for name in try AssetCatalog.importOrder(of: importsOf) {
            guard let source = sources[name], let imports = importsOf[name] else { continue }
            var bytes = source.bytes
            if !imports.isEmpty {
                bytes = AssetCatalog.rewriting(imports, in: bytes) { fingerprinted[$0] ?? $0 }
            }
            try add(name, bytes, type: source.type, path: source.path)
        }
        // The web app's manifest names its icons by their fingerprinted addresses, so it comes last.
        if let icon = sources["icon.svg"] {
            try add(
                "manifest.webmanifest", try AppManifest.json { "/static/" + (fingerprinted[$0] ?? $0) }, type: "application/manifest+json",
                path: icon.path)
        }
        func add(_ name: String, _ bytes: [UInt8], type: String, path: String) throws {
            let digest = String(SHA256.hexDigest(bytes).prefix(16))
            let served = AssetName.fingerprinted(name, digest: digest)
            fingerprinted[name] = served
            let modified =
                (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)?.map { Int($0.timeIntervalSince1970) }
                ?? 0
            files[served] = try Asset(
                variants: AssetCatalog.variants(
                    of: bytes, named: served, digest: digest, compressed: AssetCatalog.isText(type), store: store),
                contentType: type, modified: modified
            )
        }
        if let worker {
            // A module worker: its imports of the assets, rewritten as a page's are, name them in their folder.
            let imports = AssetCatalog.imports(in: worker.bytes)
            if let missing = imports.first(where: { fingerprinted[$0] == nil }) {
                throw ImportError(description: "\(AssetCatalog.serviceWorkerName) imports ./\(missing), which is not among the assets")
            }
            let source = AssetCatalog.rewriting(imports, in: worker.bytes) { String(Route.asset(fingerprinted[$0] ?? $0).path.dropFirst()) }
            let script = AssetCatalog.serviceWorkerScript(
                source, assets: fingerprinted.values.sorted().map { Route.asset($0).path },
                addresses: ScriptAddresses.json(
                    ScriptAddresses.serviceWorker(copyPolicy: SecurityHeaders.savedCopyPolicy(gesture: gesture))))
            let digest = String(SHA256.hexDigest(script).prefix(16))
            serviceWorker = Asset(
                variants: try AssetCatalog.variants(
                    of: script, named: AssetCatalog.serviceWorkerName, digest: digest, compressed: true, store: store),
                contentType: worker.type, modified: 0
            )
        } else {
            serviceWorker = nil
        }
        store?.removeUnused()
        self.fingerprinted = fingerprinted
        self.files = files
        self.destinationImages = AssetCatalog.destinationImages(in: folder)
    }

    /// The catalogue bundled with this build, made once per process (the bundle does not change
    /// while it runs): compressing it is the costly part of reading it. The first call's
    /// `compressedCopies` (a data folder's, `compressedCopies(in:)`) keeps the compressed text
    /// from one start to the next; later calls get the same catalogue whatever folder they name.
    public static func bundled(compressedCopies: URL? = nil) throws -> AssetCatalog {
        try bundledCatalogue.withLock { made in
            if let made { return made }
            let catalogue = Result<AssetCatalog, Error> {
                guard let folder = assetsFolder else { throw missingAssets }
                return try AssetCatalog(folder: folder, compressedCopies: compressedCopies)
            }
            made = catalogue
            return catalogue
        }.get()
    }

    /// Where a data folder keeps the compressed assets (`bundled(compressedCopies:)`).
    public static func compressedCopies(in dataFolder: URL) -> URL {
        dataFolder.appendingPathComponent("cache/assets")
    }

    /// The pictures of the demo destinations in an assets folder.
    static func destinationImages(in folder: URL) -> URL {
        folder.appendingPathComponent("destinations")
    }

    /// The demo destinations' pictures this build bundles, without making the catalogue (nothing
    /// read or compressed): for a command that only checks pictures.
    public static func bundledDestinationImages() throws -> URL {
        guard let folder = assetsFolder else { throw missingAssets }
        return destinationImages(in: folder)
    }

    private static var missingAssets: CocoaError {
        CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "the static assets are missing from this build"])
    }

    /// RoadTrip's own assets, as this build bundles them.
    static var assetsFolder: URL? { Bundle.module.url(forResource: "Assets", withExtension: nil) }

    private static let bundledCatalogue = Mutex<Result<AssetCatalog, Error>?>(nil)

    /// The route of an asset by its logical name. Asking for an asset that does not exist is a
    /// programming error, caught by the tests that render every page.
    func route(_ name: String) -> Route {
        guard let served = fingerprinted[name] else { preconditionFailure("no asset named \(name)") }
        return .asset(served)
    }

    func response(for name: String, request: Request) -> Response? {
        guard let asset = files[name] else { return nil }
        return response(for: asset, request: request, caching: AssetCatalog.caching)
    }

    /// The service worker's script; 404 for a catalogue without one.
    func serviceWorkerResponse(for request: Request) throws -> Response {
        guard let serviceWorker, let response = response(for: serviceWorker, request: request, caching: "no-cache") else {
            throw HTTPError.notFound()
        }
        return response
    }

    private func response(for asset: Asset, request: Request, caching: String) -> Response? {
        let coding = request.contentCoding(among: asset.variants.map(\.coding.rawValue))
        guard let variant = asset.variants.first(where: { $0.coding.rawValue == coding }) ?? asset.variants.last else { return nil }
        var headers: Headers = ["ETag": variant.etag, "Cache-Control": caching]
        if asset.modified > 0 { headers["Last-Modified"] = HTTPDate.format(secondsSince1970: asset.modified) }
        // A cache between RoadTrip and the browser keeps one copy per Accept-Encoding.
        if asset.variants.count > 1 { headers["Vary"] = "Accept-Encoding" }
        SecurityHeaders.servePicture(&headers, contentType: asset.contentType)
        // Without a date of its own (the service worker, made from every asset), only its ETag tells it unchanged.
        var asked = request
        if asset.modified == 0 { asked.headers["If-Modified-Since"] = nil }
        if Response.isUnchanged(request: asked, etag: variant.etag, modified: asset.modified) {
            return Response(status: .notModified, headers: headers)
        }
        headers["Content-Type"] = asset.contentType
        if variant.coding != .identity { headers["Content-Encoding"] = variant.coding.rawValue }
        return Response(status: .ok, headers: headers, body: .stored(variant.body))
    }

    /// The bytes as they are and, for text, each compressed variant that is smaller: about a
    /// second at start-up for all of them (the slowest, smallest settings) unless `store` kept
    /// them from an earlier start, then nothing per request.
    static func variants(
        of bytes: [UInt8], named name: String, digest: String, compressed: Bool,
        store: CompressedAssetStore? = nil
    ) throws -> [Variant] {
        var variants: [Variant] = []
        if compressed {
            for (coding, suffix) in [(ContentCoding.brotli, "br"), (.gzip, "gz")] {
                let encoded = store?.encoded(bytes, named: name, as: coding) ?? coding.encode(bytes)
                guard encoded.count < bytes.count else { continue }
                variants.append(
                    Variant(coding: coding, body: try StoredBody(encoded, name: "\(name).\(suffix)"), etag: "\"\(digest)-\(suffix)\""))
            }
        }
        variants.append(Variant(coding: .identity, body: try StoredBody(bytes, name: name), etag: "\"\(digest)\""))
        return variants
    }

    /// Text compresses; the pictures are compressed already.
    static func isText(_ contentType: String) -> Bool {
        contentType.hasPrefix("text/") || contentType.hasPrefix("image/svg+xml") || contentType.hasPrefix("application/manifest+json")
            || contentType.hasPrefix("application/json")
    }

    private static let caching = "public, max-age=31536000, immutable"

    static let serviceWorkerName = "service-worker.js"

    /// The worker's script as written, after a line naming the assets it keeps ahead of use and
    /// one with the addresses it asks for (`ScriptAddresses`, JSON). A new build's assets change
    /// the first line, so browsers install the new worker.
    static func serviceWorkerScript(_ source: [UInt8], assets: [String], addresses: String) -> [UInt8] {
        let list = assets.map { "\"\($0)\"" }.joined(separator: ", ")
        return Array("const ASSETS = [\(list)];\nconst ADDRESSES = \(addresses);\n".utf8) + source
    }

    /// The assets a script imports by a relative name: `"./shared.js"` (or in single quotes),
    /// in `import … from`, `import(…)` or anywhere else a string names one.
    static func imports(in bytes: [UInt8]) -> [String] {
        let text = String(decoding: bytes, as: UTF8.self)
        var found: [String] = []
        for match in text.matches(of: #/(["'])\./([A-Za-z0-9_-]+\.js)\1/#) where !found.contains(String(match.output.2)) {
            found.append(String(match.output.2))
        }
        return found
    }

    /// The script with each of `imports` renamed as `served` names it.
    static func rewriting(_ imports: [String], in bytes: [UInt8], served: (String) -> String) -> [UInt8] {
        var text = String(decoding: bytes, as: UTF8.self)
        for name in imports {
            for quote in ["\"", "'"] {
                text = text.replacingOccurrences(of: "\(quote)./\(name)\(quote)", with: "\(quote)./\(served(name))\(quote)")
            }
        }
        return Array(text.utf8)
    }

    /// The assets (each with what it imports) in an order where every script comes after the
    /// scripts it imports; refused when one imports a script that is not there or the imports
    /// go round in a circle.
    static func importOrder(of importsOf: [String: [String]]) throws(ImportError) -> [String] {
        var order: [String] = []
        var done: Set<String> = []
        func visit(_ name: String, path: [String]) throws(ImportError) {
            if done.contains(name) { return }
            if let start = path.firstIndex(of: name) {
                throw ImportError(
                    description: "the scripts import each other in a circle: \((path[start...] + [name]).joined(separator: " → "))")
            }
            for imported in importsOf[name] ?? [] {
                guard importsOf[imported] != nil else {
                    throw ImportError(description: "\(name) imports ./\(imported), which is not among the assets")
                }
                try visit(imported, path: path + [name])
            }
            done.insert(name)
            order.append(name)
        }
        for name in importsOf.keys.sorted() { try visit(name, path: []) }
        return order
    }

    static func contentType(of name: String) -> String? {
        switch name.split(separator: ".").last?.lowercased() {
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "webp": "image/webp"
        case "ico": "image/x-icon"
        case "webmanifest": "application/manifest+json"
        case "json": "application/json; charset=utf-8"
        default: nil
        }
    }
}
