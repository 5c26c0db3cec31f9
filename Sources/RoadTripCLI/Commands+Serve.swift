import Dispatch
import Foundation
import HTTPServer
import NetworkAddress
import PageFetcher
import RoadTrip
import RoadTripWeb
#if canImport(Glibc)
import Glibc
#endif

extension Commands {
    static func threadPoolSize(for database: LibraryDatabase) -> Int {
        max(2, ProcessInfo.processInfo.activeProcessorCount * (database == .sqlite ? 2 : 4))
    }

    static func serve(_ arguments: [String]) throws(CommandFailure) {
        let parsed = try parse(
            arguments, values: [
                "--host", "--port", "--sample-pages", "--flickr-key", "--flickr-api", "--flickr-cache-size", "--trusted-proxy", "--public-url",
            ],
            flags: ["--secure-cookies", "--allow-private-fetch", "--no-offline-copies"]
        )
        guard parsed.words.isEmpty else { throw CommandFailure(message: "unexpected argument '\(parsed.words[0])' (see roadtrip --help)", status: 64) }
        var configuration = Configuration(headersOnEveryResponse: App.securityHeaders)
        // Photo uploads stream to a file; every other body stays small and in memory.
        configuration.spoolsBody = { method, path in Route.spoolsBody(method: method, path: path) }
        configuration.maximumSpooledBodySize = 1 << 30
        configuration.host = parsed.options["--host"] ?? "127.0.0.1"
        if let port = parsed.options["--port"] {
            guard let number = Int(port), (0...65535).contains(number) else {
                throw CommandFailure(message: "--port must be a number from 0 to 65535, not '\(port)'", status: 64)
            }
            configuration.port = number
        }
        var samplePages = SampleBook.defaultPageCount
        if let pages = parsed.options["--sample-pages"] {
            guard let number = Int(pages), (1...SampleBook.maximumPageCount).contains(number) else {
                throw CommandFailure(message: "--sample-pages must be a number from 1 to \(SampleBook.maximumPageCount), not '\(pages)'", status: 64)
            }
            samplePages = number
        }
        let proxies = try trustedProxies(parsed)
        let publicURL = try publicURL(parsed)
        // A thread waiting for PostgreSQL's answer, over the network, leaves its core idle: on
        // PostgreSQL each core gets twice the threads, and each thread a connection of its own.
        let library = try openLibrary(parsed) { database in database == .sqlite ? 4 : threadPoolSize(for: database) }
        configuration.threadPoolSize = threadPoolSize(for: library.location)
        // Beside the library, so an upload is never copied across file systems and a private data folder keeps it private.
        configuration.spoolFolder = library.spoolFolder.path
        let app: App
        let setupToken: String?
        do {
            try library.catalog.loadDemoOnFirstStart()
            try library.loadDemoPhotosOnFirstStart()
            try moveVacationDocuments(library)
            try library.vacations.removeStrayFiles()
            // An instance killed mid-upload leaves its spooled body; nothing else would remove it.
            let abandoned = library.removeAbandonedFiles()
            if abandoned > 0 { Server.standardError("removed \(abandoned) files left by interrupted uploads and writes") }
            try SampleBook.install(pages: samplePages, in: library.database)
            try library.authenticator.sessions.removeExpired()
            setupToken = try library.setup.issueTokenIfNeeded()
            app = App(
                library: library, assets: try AssetCatalog.bundled(), secureCookies: parsed.flags.contains("--secure-cookies"),
                copies: offlineCopies(parsed, library: library), flickr: try flickr(parsed, library: library),
                hosts: AllowedHosts(publicURL: publicURL, listenHost: configuration.host), proxies: proxies
            )
        } catch {
            throw CommandFailure(message: "cannot start: \(error)")
        }
        // Only a signed-in person's upload is written to disk, and only within the spool's bounds.
        configuration.admitsSpooledBody = { head in app.admitsUpload(head) }
        let server: Server
        do {
            server = try Server(configuration: configuration) { app.respond(to: $0) }
        } catch {
            throw CommandFailure(message: error.description)
        }
        // Renditions queued by any instance are made by the workers of whichever claims them.
        let renditionWorkers = library.renditionWorkers(log: Server.standardError)
        renditionWorkers.start()
        let signals = StopSignals(server: server)
        let shownHost = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
        let address = "http://\(shownHost):\(server.port)"
        if let setupToken {
            Console.out("No account exists yet. Create the owner account with this one-time link:\n  \(address)/setup?token=\(setupToken)")
        }
        Console.out("RoadTrip is running at \(address)/ (data in \(library.folder.path)\(library.location == .sqlite ? "" : ", database \(library.location)")). Press Ctrl-C to stop.")
        server.waitUntilStopped()
        renditionWorkers.stop()
        withExtendedLifetime(signals) {}
        Console.out("RoadTrip stopped.")
    }
}

extension Commands {
    /// `--trusted-proxy ADDRESS|CIDR`, as often as there are proxies: whose `X-Forwarded-For`
    /// names the client. None by default, so that nobody can choose the address they are counted by.
    static func trustedProxies(_ parsed: Arguments) throws(CommandFailure) -> TrustedProxies {
        var ranges: [AddressRange] = []
        for text in parsed.allValues["--trusted-proxy"] ?? [] {
            guard let range = AddressRange(text) else {
                throw CommandFailure(message: "--trusted-proxy must be an IP address or a CIDR block such as 10.0.0.0/8, not '\(text)'", status: 64)
            }
            ranges.append(range)
        }
        return TrustedProxies(ranges)
    }

    /// `--public-url URL`: the address people open RoadTrip at (behind a proxy, the proxy's).
    static func publicURL(_ parsed: Arguments) throws(CommandFailure) -> URL? {
        guard let text = parsed.options["--public-url"] else { return nil }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), let host = url.host, !host.isEmpty,
              url.user == nil, url.query == nil, url.fragment == nil else {
            throw CommandFailure(message: "--public-url must be an http or https address such as https://trips.example.org, not '\(text)'", status: 64)
        }
        return url
    }
}

extension Commands {
    /// Saved copies of event pages, fetched with libcurl; none with `--no-offline-copies`.
    static func offlineCopies(_ parsed: Arguments, library: Library) -> OfflineCopies? {
        guard !parsed.flags.contains("--no-offline-copies") else { return nil }
        var policy = FetchPolicy()
        policy.allowPrivateAddresses = parsed.flags.contains("--allow-private-fetch")
        return OfflineCopies(
            folder: library.folder.appendingPathComponent("cache/event-pages"),
            fetcher: EventPageFetcher(fetcher: PageFetcher(policy: policy)),
            jobs: library.jobs, clock: library.clock, log: Server.standardError
        )
    }
}

extension Commands {
    /// Flickr, with the key from --flickr-key, else $ROADTRIP_FLICKR_KEY, else the owner's in
    /// Settings. --flickr-api points RoadTrip at another endpoint speaking Flickr's REST API
    /// (a proxy, a mirror); --flickr-cache-size bounds the image cache, in MiB (default 200).
    static func flickr(_ parsed: Arguments, library: Library) throws(CommandFailure) -> FlickrService {
        let key = parsed.options["--flickr-key"] ?? ProcessInfo.processInfo.environment["ROADTRIP_FLICKR_KEY"]
        var endpoint = FlickrSettings.defaultEndpoint
        if let text = parsed.options["--flickr-api"] {
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw CommandFailure(message: "--flickr-api must be an http or https address, not '\(text)'", status: 64)
            }
            endpoint = url
        }
        var capacity = FlickrImageCache.defaultCapacity
        if let text = parsed.options["--flickr-cache-size"] {
            guard let megabytes = Int(text), (1...1_048_576).contains(megabytes) else {
                throw CommandFailure(message: "--flickr-cache-size must be a number of MiB from 1 to 1048576, not '\(text)'", status: 64)
            }
            capacity = megabytes << 20
        }
        return FlickrService(
            configuredKey: key, endpoint: endpoint,
            transport: FlickrFetcher(allowPrivateAddresses: parsed.flags.contains("--allow-private-fetch")),
            cacheFolder: library.folder.appendingPathComponent("cache/flickr"), cacheCapacity: capacity,
            database: library.database, clock: library.clock
        )
    }
}

/// SIGINT and SIGTERM stop the server after the requests in progress have finished.
/// Kept out of `main.swift`: a closure there would be main-actor isolated, and these run on a dispatch queue.
final class StopSignals {
    private let sources: [any DispatchSourceSignal]

    init(server: Server) {
        let queue = DispatchQueue(label: "roadtrip.signals")
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                Console.out("Stopping: finishing the requests in progress…")
                DispatchQueue.global().async { server.stop() }
            }
            source.resume()
            return source
        }
    }
}
