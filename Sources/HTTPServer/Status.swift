/// An HTTP status code with its reason phrase.
public struct Status: Sendable, Equatable, Hashable, CustomStringConvertible {
    public let code: Int
    public let reason: String

    public init(_ code: Int, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public var description: String { "\(code) \(reason)" }

    public static let ok = Status(200, "OK")
    public static let created = Status(201, "Created")
    public static let noContent = Status(204, "No Content")
    public static let partialContent = Status(206, "Partial Content")
    public static let movedPermanently = Status(301, "Moved Permanently")
    public static let found = Status(302, "Found")
    public static let seeOther = Status(303, "See Other")
    public static let notModified = Status(304, "Not Modified")
    public static let badRequest = Status(400, "Bad Request")
    public static let forbidden = Status(403, "Forbidden")
    public static let notFound = Status(404, "Not Found")
    public static let methodNotAllowed = Status(405, "Method Not Allowed")
    public static let contentTooLarge = Status(413, "Content Too Large")
    public static let unauthorized = Status(401, "Unauthorized")
    public static let conflict = Status(409, "Conflict")
    public static let gone = Status(410, "Gone")
    public static let misdirectedRequest = Status(421, "Misdirected Request")
    public static let unsupportedMediaType = Status(415, "Unsupported Media Type")
    public static let rangeNotSatisfiable = Status(416, "Range Not Satisfiable")
    public static let unprocessableContent = Status(422, "Unprocessable Content")
    public static let tooManyRequests = Status(429, "Too Many Requests")
    public static let internalServerError = Status(500, "Internal Server Error")
    public static let serviceUnavailable = Status(503, "Service Unavailable")
    public static let insufficientStorage = Status(507, "Insufficient Storage")
}
