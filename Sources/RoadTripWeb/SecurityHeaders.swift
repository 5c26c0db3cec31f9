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

    static let all: Headers = [
        "Content-Security-Policy": contentSecurityPolicy,
        "X-Content-Type-Options": "nosniff",
        "X-Frame-Options": "SAMEORIGIN",
        "Referrer-Policy": "same-origin",
        "Cross-Origin-Opener-Policy": "same-origin",
    ]

    static func apply(to response: inout Response) {
        for (name, value) in all {
            response.headers[name] = value
        }
    }
}

extension App {
    /// For the server's own answers (a 413 before the body is read, a 400 for a malformed
    /// header), which never reach `respond(to:)`.
    public static var securityHeaders: Headers { SecurityHeaders.all }
}
