import Foundation
import HTTPServer
import NetworkAddress
import PageFetcher
import RoadTrip
import RoadTripWeb
import Synchronization

/// One running RoadTrip: its library made ready for a start, the web app over it (with its
/// saved copies of event pages and Flickr), the HTTP server, and the workers of the
/// background jobs. `roadtrip serve` only turns its arguments into `Options` and starts one;
/// a test starts one the same way.
public final class Instance: Sendable {
    /// How to serve, as `roadtrip serve`'s options say (see its help).
    public struct Options: Sendable {
        public var host = "127.0.0.1"
        /// 0: a free port, which `port` then tells.
        public var port = 8080
        public var samplePages = SampleBook.defaultPageCount
        public var secureCookies = false
        /// Event pages are copied in the background for offline reading unless this is false.
        public var savedCopies = true
        /// Fetches (event pages, Flickr) may reach this machine and its local networks.
        public var allowPrivateFetch = false
        /// Flickr's API key; without one, the owner's in Settings.
        public var flickrKey: String?
        public var flickrEndpoint = FlickrSettings.defaultEndpoint
        public var flickrCacheCapacity = FlickrImageCache.defaultCapacity
        public var trustedProxies = TrustedProxies([])
        public var publicURL: URL?
        /// Memory for pages kept until the database changes (`PageCache`); 0 keeps none.
        public var pageCacheMiB = PageCache.defaultMegabytes
        public static let maximumPageCacheMiB = 4096
        /// A tile server under the maps; nil: the offline basemap only.
        public var mapTiles: MapTiles?
        /// The basemap's tiles down to city scale (`--basemap`); nil: the countries' outlines alone.
        public var basemap: BasemapPack?
        /// Backups made on a schedule (`--backup-to`); nil: none.
        public var backups: BackupSchedule?
        /// A folder on the server the owner's Import screen imports from (`--import-from`).
        public var importFrom: URL?

        public init() {}
    }

    /// Why an instance did not start, in one line for the person who started it.
    public struct StartFailure: Error, CustomStringConvertible {
        public let description: String
    }

    public let library: Library
    public let app: App
    public let server: Server
    /// The one-time setup link's token, when no account exists yet.
    public let setupToken: String?
    /// The background workers: renditions, the saved copies' fetches and the scheduled backups when there are any.
    private let workers: [JobRunner]
    private let backups: BackupScheduler?
    private let stopping = Mutex(Stopping())

    private struct Stopping {
        var begun = false
        var done = false
        var abandoned = 0
    }

    /// Seconds a stop (SIGTERM) gives the requests and jobs in progress before it abandons
    /// them: a page takes milliseconds, so only work stuck on something outside (a site or
    /// Flickr that does not answer) is cut short, and an abandoned job is done at the next start.
    public static let stopGracePeriod: Double = 3

    /// Threads serving requests: a thread waiting for PostgreSQL's answer, over the network,
    /// leaves its core idle, so on PostgreSQL each core gets twice the threads (and each
    /// thread a connection of its own: `readers(for:)`).
    public static func threadPoolSize(for database: LibraryDatabase) -> Int {
        max(2, ProcessInfo.processInfo.activeProcessorCount * (database == .sqlite ? 2 : 4))
    }

    /// Connections for reads at once: SQLite's readers; PostgreSQL's pool (one more for a write).
    public static func readers(for database: LibraryDatabase) -> Int {
        database == .sqlite ? 4 : threadPoolSize(for: database)
    }

    /// Makes the library ready (the demo on a first start, vacation documents moved in, what a
    /// killed instance left removed, the sample book, a setup token when there is no account),
    /// then serves it and starts the background workers. `log` gets the lines a person should
    /// read and the access log.
    public init(library: Library, options: Options, log: @escaping @Sendable (String) -> Void = Server.standardError) throws(StartFailure) {
        var configuration = Configuration(headersOnEveryResponse: App.securityHeaders)
        // Photo uploads stream to a file; every other body stays small and in memory.
        configuration.spoolsBody = { method, path in Route.spoolsBody(method: method, path: path) }
        // A video may be as large as the library takes (`--max-video-size`), with room for the form around it.
        configuration.maximumSpooledBodySize = Int(clamping: max(1 << 30, library.photos.video.maximumSize + (1 << 20)))
        // A share link's token never reaches the log, even in an answer the server makes itself.
        configuration.pathForLog = { Route.pathForLog($0) }
        configuration.host = options.host
        configuration.port = options.port
        configuration.threadPoolSize = Self.threadPoolSize(for: library.location)
        // Beside the library, so an upload is never copied across file systems and a private data folder keeps it private.
        configuration.spoolFolder = library.spoolFolder.path
        configuration.shutdownGracePeriod = Self.stopGracePeriod
        let app: App
        let copies: SavedCopies?
        do {
            // A first start takes seconds (the demo's destinations and photos, their pictures
            // made): said at once, so a person does not wait in silence for the setup link.
            if try library.catalog.isNew() {
                log("Setting up a new library in \(library.folder.path): the sample destinations and photos. This takes a few seconds…")
            }
            try library.catalog.loadDemoOnFirstStart()
            try library.loadDemoPhotosOnFirstStart()
            for exposed in library.fileModeWarnings() { log("warning: \(exposed)") }
            for unmoved in try library.vacations.moveDocumentsIntoLibrary() { log("warning: \(unmoved)") }
            try library.vacations.removeStrayFiles()
            // An instance killed mid-upload leaves its spooled body; nothing else would remove it.
            let abandoned = library.removeAbandonedFiles()
            if abandoned > 0 { log("removed \(abandoned) files left by interrupted uploads and writes") }
            try SampleBook.install(pages: options.samplePages, in: library.database)
            try library.authenticator.sessions.removeExpired()
            setupToken = try library.setup.issueTokenIfNeeded()
            copies = Self.savedCopies(options, library: library, log: log)
            app = App(
                library: library, assets: try AssetCatalog.bundled(compressedCopies: AssetCatalog.compressedCopies(in: library.folder)),
                secureCookies: options.secureCookies,
                copies: copies, flickr: Self.flickr(options, library: library),
                hosts: AllowedHosts(publicURL: options.publicURL, listenHost: options.host), proxies: options.trustedProxies,
                pageCacheBytes: options.pageCacheMiB << 20, mapTiles: options.mapTiles, basemap: options.basemap,
                // Bounds of the server's own threads (PostgreSQL runs more of them than SQLite).
                workLimits: .leavingThreadsFree(requestThreads: configuration.threadPoolSize), backupSchedule: options.backups,
                importFrom: options.importFrom
            )
        } catch {
            throw StartFailure(description: "cannot start: \(error)")
        }
        // Only a signed-in person's upload is written to disk, and only within the spool's bounds.
        configuration.admitsSpooledBody = { head in app.admitsUpload(head) }
        do {
            server = try Server(configuration: configuration, log: log) { app.respond(to: $0) }
        } catch {
            throw StartFailure(description: error.description)
        }
        self.library = library
        self.app = app
        // Renditions queued by any instance are made by the workers of whichever claims them.
        let renditionWorkers = library.renditionWorkers(log: log)
        renditionWorkers.start()
        backups = options.backups.map { BackupScheduler(library: library, schedule: $0, log: log) }
        var backupWorkers: [JobRunner] = []
        if let backups {
            // A database away now leaves the schedule to the next start, or another instance's.
            do { try backups.queueNext() } catch { log("backup: cannot queue the next backup: \(error)") }
            backupWorkers = [backups.runner()]
            backupWorkers[0].start()
        }
        // Trips are looked for after photos changed, by whichever instance claims the job the photos' triggers queue.
        let tripWorker = library.tripWorker(log: log)
        tripWorker.start()
        // Videos' renditions, a few at a time (`--video-jobs`), FFmpeg stopped at once at a stop.
        let videoWorkers = library.videoWorkers(log: log)
        videoWorkers.start()
        // Imports asked for on the Import screen, one at a time, by whichever instance claims them.
        let importWorker = library.importWorker(log: log)
        importWorker.start()
        let bookWorker = library.bookWorker(land: options.basemap?.landShapes, log: log)
        bookWorker.start()
        workers =
            [renditionWorkers, tripWorker, videoWorkers, importWorker, bookWorker] + (copies.map { [$0.fetchers] } ?? []) + backupWorkers
    }

    /// Where it answers: `http://127.0.0.1:8080`, an IPv6 host in brackets.
    public var address: String {
        let host = server.configuration.host
        return "http://\(host.contains(":") ? "[\(host)]" : host):\(server.port)"
    }

    /// Stops taking requests and jobs, and gives those in progress `stopGracePeriod` seconds
    /// to finish: a request still being answered then is abandoned (its connection closes when
    /// the process exits) and a job is given back to the queue, for the next start. Returns by
    /// then; `waitUntilStopped` returns too. Safe to call more than once.
    public func stop() {
        let first = stopping.withLock { state in
            defer { state.begun = true }
            return !state.begun
        }
        guard first else { return waitUntilStopped() }
        let deadline = Date(timeIntervalSinceNow: Self.stopGracePeriod)
        // First, so that no worker takes a job while the requests finish; a backup under way stops at its next file.
        backups?.stop()
        for runner in workers { runner.stop() }
        server.stop()
        // Both counted when each stop decided what to abandon: read again later, a handler or
        // job ending in between would let the process exit with clean-ups under the others.
        let jobWorkers = workers.reduce(0) { $0 + $1.stop(waitingUntil: deadline).workers }
        stopping.withLock { state in
            state.abandoned = server.handlersAbandoned + jobWorkers
            state.done = true
        }
    }

    /// Returns once `stop` has finished.
    public func waitUntilStopped() {
        server.waitUntilStopped()
        while !stopping.withLock({ $0.done }) { Thread.sleep(forTimeInterval: 0.01) }
    }

    /// Requests and jobs that `stop` left running on their threads: nonzero, the process should
    /// end without the clean-ups that could pull state from under them (`_exit`).
    public var abandonedWork: Int {
        stopping.withLock { $0.abandoned }
    }

    /// Saved copies of event pages, fetched with libcurl; none without `savedCopies`.
    private static func savedCopies(_ options: Options, library: Library, log: @escaping @Sendable (String) -> Void) -> SavedCopies? {
        guard options.savedCopies else { return nil }
        var policy = FetchPolicy()
        policy.allowPrivateAddresses = options.allowPrivateFetch
        return SavedCopies(
            folder: library.folder.appendingPathComponent("cache/event-pages"),
            fetcher: EventPageFetcher(fetcher: PageFetcher(policy: policy)),
            jobs: library.jobs, clock: library.clock, log: log
        )
    }

    private static func flickr(_ options: Options, library: Library) -> FlickrService {
        FlickrService(
            configuredKey: options.flickrKey, endpoint: options.flickrEndpoint,
            transport: FlickrFetcher(allowPrivateAddresses: options.allowPrivateFetch),
            cacheFolder: library.folder.appendingPathComponent("cache/flickr"), cacheCapacity: options.flickrCacheCapacity,
            database: library.database, clock: library.clock
        )
    }
}
