/// Every address RoadTrip answers. The same enum matches incoming paths and builds every
/// link, so a link can never point at a page that does not exist.
public enum Route: Sendable, Equatable {
    /// The RoadTrip menu: the list of destinations.
    case home
    case destination(id: Int64)
    case destinationImage(id: Int64)
    /// A static asset by its fingerprinted file name (`app.3fa2c9d1.css`).
    case asset(String)
    case health

    /// The route a path names; nil when none does.
    public init?(path: String) {
        guard path.hasPrefix("/") else { return nil }
        let parts = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        switch (parts.count, parts.first) {
        case (1, ""): self = .home
        case (1, "healthz"): self = .health
        case (2, "destinations"):
            guard let id = Route.identifier(parts[1]) else { return nil }
            self = .destination(id: id)
        case (3, "destinations") where parts[2] == "image":
            guard let id = Route.identifier(parts[1]) else { return nil }
            self = .destinationImage(id: id)
        case (2, "static") where AssetName.isFingerprinted(parts[1]):
            self = .asset(parts[1])
        default: return nil
        }
    }

    /// The absolute path of this route.
    public var path: String {
        switch self {
        case .home: "/"
        case .health: "/healthz"
        case .destination(let id): "/destinations/\(id)"
        case .destinationImage(let id): "/destinations/\(id)/image"
        case .asset(let name): "/static/\(name)"
        }
    }

    /// Digits only, no sign or leading zeros, so each resource has exactly one address.
    private static func identifier(_ text: String) -> Int64? {
        guard let first = text.first, first != "0", text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else { return nil }
        return Int64(text)
    }
}
