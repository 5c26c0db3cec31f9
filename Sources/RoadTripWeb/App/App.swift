import Crypto
import Foundation
import HTML
import HTTPServer
import RoadTrip
import SQLDatabase

/// RoadTrip on the web: one pure function from `Request` to `Response`. Tests call it
/// without a socket; the server calls it from its threads.
public struct App: Sendable {
    let library: Library
    let assets: AssetCatalog
    /// Pictures of imported destinations, looked up before the bundled demo pictures.
    let destinationPictures: DestinationPictures
    /// Set `Secure` on cookies: RoadTrip is behind a TLS proxy.
    let secureCookies: Bool
    /// Saved copies of event pages; nil when RoadTrip is told never to fetch them.
    let copies: SavedCopies?
    /// Flickr as a second photo source; its tab shows while it has an API key. Nil: no Flickr at all.
    let flickr: FlickrService?
    /// Which `Host`s RoadTrip answers to; any, for tests without a socket.
    let hosts: AllowedHosts
    /// The reverse proxies whose `X-Forwarded-For` names the client; none by default.
    let proxies: TrustedProxies
    let tokens: FormTokens
    let log: LogSink
    /// Pages kept until the database changes (`PageCache`).
    let pages: PageCache
    /// The tile server under the maps (`--map-tiles`); nil: the offline basemap, nothing from outside.
    let mapTiles: MapTiles?
    /// The offline basemap's tiles (`--basemap`), under the maps where `mapTiles` is not given.
    let basemap: BasemapPack?
    /// What every response carries (`SecurityHeaders`), its policy allowing `mapTiles`' host.
    let securityHeaders: Headers
    /// How many exports, keep lists, coarse map cells and uploads run at once (`BoundedWork`).
    let work: WorkAdmission
    /// The server's scheduled backups (`--backup-to`), which Settings describes and whose
    /// lateness the owner is warned of; nil: none scheduled here.
    let backupSchedule: BackupSchedule?

    /// What the owner's Import screen imports from: the uploads, and `--import-from DIR`.
    let importFolders: ImportFolders

    /// The printed books' previews kept, and the share links' books being made.
    let printedBooks = PrintedBookMaking()

    public init(
        library: Library, assets: AssetCatalog, secureCookies: Bool = false, copies: SavedCopies? = nil,
        flickr: FlickrService? = nil, hosts: AllowedHosts = .any, proxies: TrustedProxies = .none,
        log: @escaping LogSink = Server.standardError, pageCacheBytes: Int = PageCache.defaultMegabytes << 20, mapTiles: MapTiles? = nil,
        basemap: BasemapPack? = nil,
        workLimits: WorkAdmission.Limits = .standard, backupSchedule: BackupSchedule? = nil, importFrom: URL? = nil
    ) {
        self.importFolders = ImportFolders(library: library.folder, server: importFrom)
        self.work = WorkAdmission(limits: workLimits)
        self.backupSchedule = backupSchedule
        self.mapTiles = mapTiles
        self.basemap = basemap
        self.securityHeaders = SecurityHeaders.headers(tiles: mapTiles)
        self.pages = PageCache(bytes: pageCacheBytes)
        self.hosts = hosts
        self.proxies = proxies
        self.tokens = FormTokens(key: library.signingKey)
        self.flickr = flickr
        self.library = library
        self.assets = assets
        self.destinationPictures = App.destinationPictures(dataFolder: library.folder, bundled: assets.destinationImages)
        self.secureCookies = secureCookies
        self.copies = copies
        self.log = log
    }

    /// Where pages find destinations' pictures (those imported into the data folder, then those
    /// `bundled` with the assets); `roadtrip destinations import` checks a catalogue against the same.
    public static func destinationPictures(dataFolder: URL, bundled: URL) -> DestinationPictures {
        DestinationPictures(folders: [DestinationPictures.importedFolder(in: dataFolder), bundled])
    }

    var catalog: DestinationCatalog { library.catalog }
    var authenticator: Authenticator { library.authenticator }

    public func respond(to request: Request) -> Response {
        RequestPipeline.answer(request, in: self)
    }

    /// The page for a request that failed: its own status and message for an `HTTPError`, a
    /// page that shows no internals for anything else (the log gets the cause).
    func failure(_ error: any Error, _ exchange: Exchange) -> Response {
        let request = exchange.request
        let (status, message, allowed): (Status, String, [String])
        var retryAfter: Int? = nil
        if let error = error as? HTTPError {
            (status, message, allowed) = (error.status, error.message, error.allowed)
            retryAfter = error.retryAfter
        } else if let error = error as? DatabaseError, error.isUnavailable {
            // The database server is away (restarting, unreachable, too slow): nothing is wrong
            // with the request, and the page says so rather than hanging or showing an error.
            log("database unavailable: \(request.method) \(request.path): \(error)")
            var response = errorPage(status: .serviceUnavailable, message: Self.databaseAway, session: nil)
            response.headers["Retry-After"] = "5"
            return response
        } else {
            log("error: \(request.method) \(request.path): \(error)")
            (status, message, allowed) = (.internalServerError, "Something went wrong on our side. Please try again.", [])
        }
        // Signed in, the list stays beside the error, so the person can go on from there (the
        // session step may not have run: an address that names nothing, a method refused).
        let session =
            exchange.session ?? (try? request.cookies[Cookies.session].flatMap { try authenticator.sessions.session(token: $0) })
        var response = errorPage(status: status, message: message, session: hosts.allows(request.headers["Host"]) ? session : nil)
        if !allowed.isEmpty { response.headers["Allow"] = allowed.joined(separator: ", ") }
        if let retryAfter { response.headers["Retry-After"] = String(retryAfter) }
        return response
    }

    /// A new folder for one upload's files, beside the library so they can be imported without crossing file systems.
    func newUploadFolder() -> String {
        library.uploadsFolder.appendingPathComponent(SecureRandom.token(bytes: 12)).path
    }

    func page(_ frame: PageFrame, context: RequestContext?, status: Status = .ok) -> Response {
        let shell = Shell(frame: frame, assets: assets, viewer: context?.session.map { viewer(of: $0) })
        var response = Response.html(bytes: shell.renderBytes(formToken: context?.formToken), status: status)
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    func viewer(of session: Session) -> Viewer {
        Viewer(session: session, tokens: tokens, backupWarning: backupWarning(for: session))
    }

    /// What the owner is warned of on every page until a backup succeeds (`BackupStatus.warning`);
    /// nil for everyone else, and when the status cannot be read (the page matters more).
    func backupWarning(for session: Session?) -> BackupWarning? {
        guard let session, session.account.mayManageAccounts, let status = try? library.backups.status() else { return nil }
        return status.warning(schedule: backupSchedule, now: library.clock.seconds)
    }

    private func errorPage(status: Status, message: String, session: Session?) -> Response {
        let menu = session.flatMap { try? Menu.read(for: $0.account, from: library) }
        let frame = PageFrame(
            title: status == .notFound ? "Not found" : status.reason,
            screen: .detail,
            master: menu.map { MenuView(menu: $0) },
            detail: ErrorView(status: status, message: message)
        )
        let shell = Shell(frame: frame, assets: assets, viewer: session.map { viewer(of: $0) })
        var response = Response.html(bytes: shell.renderBytes(formToken: session?.csrfToken), status: status)
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}
