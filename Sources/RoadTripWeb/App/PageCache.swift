import HTTPServer
import RoadTrip
import SQLDatabase
import Synchronization

/// Pages rendered since the database last changed, kept per session (or share link) and address, so that a
/// page asked for again (back, reload, the tab a person keeps returning to) is sent from
/// memory: no read, no rendering, and on PostgreSQL no round trip.
///
/// Only routes that say so keep their pages (`RouteDeclaration.cachesPages`): those whose page
/// is made from the database and the request alone, never from the clock, a file or a job in
/// progress. A page is kept per session, so it carries that session's form token, and only
/// for a plain GET answered 200, under the route's own address (query parameters the route
/// does not read make no new entry). The owner's pages with the backup warning, which comes with
/// the clock, are kept apart from those without it. Any commit anywhere empties the cache
/// (`Database.changeStamp()`); a database that cannot tell its stamp keeps nothing.
public final class PageCache: Sendable {
    /// What a page is kept under: whose it is (a session, or a share link), the route's address,
    /// and whether it carries the owner's backup warning (which the clock can bring without a commit).
    struct Key: Hashable, Sendable {
        let owner: Owner
        let address: String
        let warnsOfBackups: Bool
    }

    /// Whose pages: a session's (by its id) or a share link's (by its number), never mixed.
    enum Owner: Hashable, Sendable {
        case session([UInt8])
        case link(Int64)
    }

    static func owner(session: Session) -> Owner { .session(session.id) }
    static func owner(link: OpenedLink) -> Owner { .link(link.shared.link.id) }

    /// The default memory the kept pages may take, `--page-cache-size`.
    public static let defaultMegabytes = 32
    /// What a kept page costs beyond its body: its headers and the key.
    static let overhead = 512

    private let pages: ChangeStampedCache<Key, Response>
    private let sentFromMemory = Atomic<Int>(0)

    init(bytes: Int) {
        pages = ChangeStampedCache(costLimit: bytes)
    }

    var isEnabled: Bool { pages.costLimit > 0 }

    /// How many pages are kept now.
    var count: Int { pages.count }

    /// How many pages were sent from memory since the start.
    var hits: Int { sentFromMemory.load(ordering: .relaxed) }

    /// The page at `address` (a route's own) for `owner`, read while the database was at
    /// `stamp`: the kept one, or `render`'s, kept when it may be.
    func page(
        at address: String, for request: Request, of owner: Owner, warnsOfBackups: Bool = false, stamp: UInt64?,
        render: () throws -> Response
    ) throws -> Response {
        guard isEnabled, request.method == "GET", let stamp else { return try render() }
        let key = Key(owner: owner, address: address, warnsOfBackups: warnsOfBackups)
        if let kept = pages.value(for: key, at: stamp) {
            sentFromMemory.add(1, ordering: .relaxed)
            return kept
        }
        let response = try render()
        if response.status == .ok, case .bytes(let body) = response.body {
            pages.keep(response, for: key, at: stamp, cost: body.count + Self.overhead)
        }
        return response
    }
}
