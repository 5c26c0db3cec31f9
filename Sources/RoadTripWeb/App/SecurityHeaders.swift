import Foundation
import HTTPServer

/// Headers every response carries, error pages and redirects included.
enum SecurityHeaders {
    static let contentSecurityPolicy = contentSecurityPolicy(tiles: nil)

    /// RoadTrip's own origin for everything; pictures from the tile server too when the maps
    /// draw one (`--map-tiles`), and from nowhere else.
    static func contentSecurityPolicy(tiles: MapTiles?) -> String {
        [
            "default-src 'self'",
            "script-src 'self'",
            "style-src 'self'",
            "img-src 'self'" + (tiles.map { " " + $0.origin } ?? ""),
            // Event and weather pages are other sites' pages, shown in sandboxed frames.
            "frame-src 'self' http: https:",
            "object-src 'none'",
            "base-uri 'self'",
            "form-action 'self'",
            "frame-ancestors 'self'",
        ].joined(separator: "; ")
    }

    static let all = headers(tiles: nil)

    static func headers(tiles: MapTiles?) -> Headers {
        [
            "Content-Security-Policy": contentSecurityPolicy(tiles: tiles),
            "X-Content-Type-Options": "nosniff",
            "X-Frame-Options": "SAMEORIGIN",
            "Referrer-Policy": "same-origin",
            "Cross-Origin-Opener-Policy": "same-origin",
        ]
    }

    /// A response that set its own Content-Security-Policy (a saved copy of a web page, which
    /// gets `sandbox`; a picture) keeps it, and an SVG that did not gets `picturePolicy`;
    /// every other header is set here.
    static func apply(_ headers: Headers, to response: inout Response) {
        if response.headers["Content-Security-Policy"] == nil {
            servePicture(&response.headers, contentType: response.headers["Content-Type"])
        }
        for (name, value) in headers where !(name == "Content-Security-Policy" && response.headers[name] != nil) {
            response.headers[name] = value
        }
    }

    /// Every answer under a share link, its errors included: the address is a secret, so it is
    /// never sent onward (no `Referer` from its pages), never indexed, never kept by a cache
    /// between the guest and RoadTrip, and never written to the log (the link's number is,
    /// where the link was found).
    static func applyUnderLink(to response: inout Response, path: String) {
        response.headers["Referrer-Policy"] = "no-referrer"
        response.headers["X-Robots-Tag"] = "noindex, nofollow"
        response.headers["Cache-Control"] = "private, no-store"
        if response.logPath == nil { response.logPath = Route.pathForLog(path) }
    }

    /// For a picture, SVG above all: opened on its own or in a frame, an SVG is a document
    /// that runs its `<script>`s (`<script href=…>` too) under its own response's policy, and
    /// the pages' `script-src 'self'` would let it run any script of RoadTrip's origin. Under
    /// this one it runs nothing and loads nothing; its own `<style>` still draws.
    /// A 304 carries it too: a browser puts a 304's headers over the ones it keeps.
    static let picturePolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'"

    /// The one home of "this answer is a picture, so it runs nothing": an SVG wherever it comes
    /// from, and anything `isPicture` says is one (a destination's picture, whatever its format,
    /// and its 304, which has no type to tell by).
    static func servePicture(_ headers: inout Headers, contentType: String?, isPicture: Bool = false) {
        guard isPicture || isSVG(contentType) else { return }
        headers["Content-Security-Policy"] = picturePolicy
    }

    static func isSVG(_ contentType: String?) -> Bool {
        contentType.map { HeaderParameters($0).value.lowercased() == "image/svg+xml" } ?? false
    }

    /// For RoadTrip's copy of someone else's page: it is its own origin, it may load its pictures
    /// and styles from its site, only RoadTrip may frame it, and none of its scripts run — only
    /// the book's gesture RoadTrip wrote into it (`InlineScript`), allowed by its hash.
    static func savedCopyPolicy(gesture: InlineScript?) -> String {
        [
            "sandbox allow-popups allow-popups-to-escape-sandbox" + (gesture == nil ? "" : " allow-scripts"),
            "default-src http: https: data:",
            "style-src http: https: data: 'unsafe-inline'",
            "script-src " + (gesture?.hashSource ?? "'none'"),
            "object-src 'none'",
            "frame-ancestors 'self'",
        ].joined(separator: "; ")
    }

    /// For a page of the sample book: RoadTrip's stylesheet, and the book's gesture by its hash.
    static func samplePagePolicy(gesture: InlineScript?) -> String {
        [
            "default-src 'self'",
            "script-src " + (gesture?.hashSource ?? "'none'"),
            "object-src 'none'",
            "base-uri 'none'",
            "form-action 'none'",
            "frame-ancestors 'self'",
        ].joined(separator: "; ")
    }
}

extension App {
    /// For the server's own answers (a 413 before the body is read, a 400 for a malformed
    /// header), which never reach `respond(to:)`.
    public static var securityHeaders: Headers { SecurityHeaders.all }
}
