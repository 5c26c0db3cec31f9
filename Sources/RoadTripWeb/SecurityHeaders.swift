import HTTPServer

/// Headers every response carries, error pages and redirects included.
enum SecurityHeaders {
    static let contentSecurityPolicy = [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self'",
    ].joined(separator: "; ")

    static func apply(to response: inout Response) {
        response.headers["Content-Security-Policy"] = contentSecurityPolicy
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["X-Frame-Options"] = "SAMEORIGIN"
        response.headers["Referrer-Policy"] = "same-origin"
        response.headers["Cross-Origin-Opener-Policy"] = "same-origin"
    }
}
