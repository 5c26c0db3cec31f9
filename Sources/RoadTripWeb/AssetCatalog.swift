import Crypto
import Foundation
import HTTPServer
import RoadTrip

/// The static files shipped with RoadTrip (CSS, JavaScript, icons), read once at start-up
/// to fingerprint them, then served from disk with a year-long immutable cache.
public struct AssetCatalog: Sendable {
    struct Asset: Sendable {
        let path: String
        let contentType: String
    }

    /// Logical name (`app.css`) → fingerprinted name (`app.0123456789abcdef.css`).
    private let fingerprinted: [String: String]
    /// Fingerprinted name → file.
    private let files: [String: Asset]
    /// Pictures of the demo destinations, by file name.
    let destinationImages: URL

    public init(folder: URL) throws {
        var fingerprinted: [String: String] = [:]
        var files: [String: Asset] = [:]
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        for name in names {
            let url = folder.appendingPathComponent(name)
            guard let type = AssetCatalog.contentType(of: name), let data = FileManager.default.contents(atPath: url.path) else { continue }
            let digest = String(SHA256.hexDigest(data).prefix(16))
            let served = AssetName.fingerprinted(name, digest: digest)
            fingerprinted[name] = served
            files[served] = Asset(path: url.path, contentType: type)
        }
        self.fingerprinted = fingerprinted
        self.files = files
        self.destinationImages = folder.appendingPathComponent("destinations")
    }

    /// The catalogue bundled with this build.
    public static func bundled() throws -> AssetCatalog {
        guard let folder = Bundle.module.url(forResource: "Assets", withExtension: nil) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "the static assets are missing from this build"])
        }
        return try AssetCatalog(folder: folder)
    }

    /// The route of an asset by its logical name. Asking for an asset that does not exist is a
    /// programming error, caught by the tests that render every page.
    func route(_ name: String) -> Route {
        guard let served = fingerprinted[name] else { preconditionFailure("no asset named \(name)") }
        return .asset(served)
    }

    func response(for name: String, request: Request) -> Response? {
        guard let asset = files[name] else { return nil }
        return Response.file(at: asset.path, contentType: asset.contentType, cacheControl: "public, max-age=31536000, immutable", for: request)
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
        default: nil
        }
    }
}
