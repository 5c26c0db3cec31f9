import Foundation
import HTTPServer
import RoadTrip
import RoadTripWeb

extension FuzzTarget {
    /// A request's path (its first line, as the server hands it over: percent-decoded) and query
    /// parameters (`name=value`, one a line) matched against every address. A route that
    /// matches builds a link that names a route again, and the very route when it has no query.
    static let route = FuzzTarget(name: "route", seeds: RouteInput.seeds) { bytes in
        let lines = bytes.lines
        let path = lines[0]
        let query = lines.dropFirst().prefix(16).map { line in
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (name: String(parts[0]), value: parts.count > 1 ? String(parts[1]) : "")
        }
        _ = Route.spoolsBody(method: "POST", path: path)
        _ = RouteInput.hosts.allows(path)
        guard let route = Route(path: path, query: query) else { return }
        _ = (route.isPublic, route.methods)
        let link = route.path
        let linkPath = String(link.prefix { $0 != "?" })
        let linkQuery = URLComponents(string: link)?.queryItems?.map { (name: $0.name, value: $0.value ?? "") } ?? []
        precondition(link.hasPrefix("/"), "\(route) links to \(link)")
        precondition(Route(path: linkPath, query: linkQuery) != nil, "\(route) links to \(link), which names no route")
        if query.isEmpty, let bare = Route(path: path) {
            precondition(Route(path: linkPath, query: linkQuery) == bare, "\(bare) links to \(link), which names another route")
        }
    }

    /// The photo map's view (`/map/photos?bbox=west,south,east,north&zoom=z`: the bbox on the
    /// first line, the zoom on the second) read and answered from a small library, and a map
    /// cell (`/map/cells/level-x-y`, the third line) listed.
    static let mapQuery = FuzzTarget(
        name: "map-query",
        seeds: {
            [
                .init("world", "-180,-90,180,90\n2\n2-1-0"), .init("lisbon", "-9.2,38.7,-9.1,38.8\n14\n14-7775-5984"),
                .init("antimeridian", "170,-40,190,-30\n5\n6-63-21"), .init("wrapped", "-540.5,-10,900,10\n0\n"),
            ]
        }
    ) { bytes in
        let lines = bytes.lines
        let library = FuzzLibrary.shared.library
        if let (box, zoom) = try? PhotoMapController.view(bbox: lines[0], zoom: lines.count > 1 ? lines[1] : nil) {
            do {
                let map = try library.photos.map(of: box, zoom: zoom)
                precondition(map.points.count <= PhotoStore.mapPointLimit, "\(map.points.count) points")
            } catch {
                fatalError("the map of \(box) at zoom \(zoom) failed: \(error)")
            }
        }
        if lines.count > 2, case .photoMapCell(let level, let x, let y)? = Route(path: "/map/cells/\(lines[2])") {
            _ = PhotoStore.center(ofMapCell: level, x: x, y: y)
            do {
                _ = try library.photos.photos(inMapCell: level, x: x, y: y)
            } catch {
                fatalError("the photos of map cell \(lines[2]) failed: \(error)")
            }
        }
    }
}

enum RouteInput {
    static let hosts = AllowedHosts(publicURL: URL(string: "https://trips.example.org"), listenHost: "127.0.0.1", machineName: "roadtrip")

    /// The longest example address under each first segment, and the query parameters routes read.
    static func seeds() -> [FuzzTarget.Seed] {
        let longest = Dictionary(grouping: Route.examples.map(\.path)) { $0.split(separator: "/").first.map(String.init) ?? "" }
            .compactMapValues { $0.max { $0.count < $1.count } }
        let examples: [FuzzTarget.Seed] = longest.sorted { $0.key < $1.key }.map { first, path in
            FuzzTarget.Seed(
                "example-\(first.isEmpty ? "home" : first)",
                path.replacingOccurrences(of: "?", with: "\n").replacingOccurrences(of: "&", with: "\n"))
        }
        // Typed apart from the examples: added to them in one expression, the literal took the
        // type checker twelve seconds.
        let queries: [FuzzTarget.Seed] = [
            .init("query", "/vacations/12/photos/3\nplace=4\ntag=5"),
            .init("sign-in", "/signin\nnext=/vacations/3?x=1"),
            .init("places", "/places\norder=top\nafter=17"),
            .init("timeline-before", "/timeline\nbefore=2008-10-18T12:00:00_1234"),
            .init("timeline-after", "/timeline\nafter=2008-02-29T23:59:60_7"),
            .init("timeline-day", "/timeline/2008-02-29"),
            .init("memory", "/memories/2024-02-29/3"),
        ]
        return examples + queries
    }
}
