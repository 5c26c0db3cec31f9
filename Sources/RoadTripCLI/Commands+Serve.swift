import Foundation
import HTTPServer
import NetworkAddress
import RoadTrip
import RoadTripInstance
import RoadTripWeb
import SystemCalls
#if canImport(Glibc)
    import Glibc
#endif

extension Commands {
    /// `roadtrip serve`: its arguments become `Instance.Options`; the instance does the rest.
    static func serve(_ arguments: [String]) throws(CommandFailure) {
        let parsed = try parse(
            arguments,
            values: [
                "--host", "--port", "--sample-pages", "--flickr-key", "--flickr-api", "--flickr-cache-size", "--trusted-proxy",
                "--public-url",
                "--page-cache-size", "--map-tiles", "--map-attribution", "--basemap", "--backup-to", "--backup-every", "--backup-keep",
                "--max-video-size", "--video-jobs", "--import-from",
            ],
            flags: ["--secure-cookies", "--allow-private-fetch", "--no-saved-copies", "--no-offline-copies"]
        )
        guard parsed.words.isEmpty else {
            throw CommandFailure(message: "unexpected argument '\(parsed.words[0])' (see roadtrip --help)", status: 64)
        }
        var options = Instance.Options()
        options.host = parsed.options["--host"] ?? options.host
        if let folder = parsed.options["--import-from"] {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw CommandFailure(message: "--import-from must name a folder on this server, not '\(folder)'", status: 64)
            }
            options.importFrom = URL(fileURLWithPath: folder, isDirectory: true).standardizedFileURL
        }
        if let port = parsed.options["--port"] {
            guard let number = Int(port), (0...65535).contains(number) else {
                throw CommandFailure(message: "--port must be a number from 0 to 65535, not '\(port)'", status: 64)
            }
            options.port = number
        }
        if let pages = parsed.options["--sample-pages"] {
            guard let number = Int(pages), (1...SampleBook.maximumPageCount).contains(number) else {
                throw CommandFailure(
                    message: "--sample-pages must be a number from 1 to \(SampleBook.maximumPageCount), not '\(pages)'", status: 64)
            }
            options.samplePages = number
        }
        if let size = parsed.options["--page-cache-size"] {
            guard let megabytes = Int(size), (0...Instance.Options.maximumPageCacheMiB).contains(megabytes) else {
                throw CommandFailure(
                    message: "--page-cache-size must be a number of MiB from 0 to \(Instance.Options.maximumPageCacheMiB), not '\(size)'",
                    status: 64
                )
            }
            options.pageCacheMiB = megabytes
        }
        options.mapTiles = try mapTiles(parsed)
        let givenBasemap = try basemap(parsed)
        options.backups = try backupSchedule(parsed)
        options.secureCookies = parsed.flags.contains("--secure-cookies")
        // --no-offline-copies is the flag's name before saved copies were called so.
        options.savedCopies = !parsed.flags.contains("--no-saved-copies") && !parsed.flags.contains("--no-offline-copies")
        options.allowPrivateFetch = parsed.flags.contains("--allow-private-fetch")
        options.trustedProxies = try trustedProxies(parsed)
        options.publicURL = try publicURL(parsed)
        try flickrOptions(parsed, into: &options)
        try StopOnSignal.catchSignals()
        let library = try openLibrary(parsed, readers: Instance.readers(for:))
        // Looked for once the data folder is known to be there (one that cannot be made is said first, alone).
        options.basemap = givenBasemap ?? foundBasemap(data: library.folder)
        let instance: Instance
        do {
            instance = try Instance(library: library, options: options)
        } catch {
            throw CommandFailure(message: error.description)
        }
        if let setupToken = instance.setupToken {
            Console.out(
                "No account exists yet. Create the owner account with this one-time link:\n  \(instance.address)/setup?token=\(setupToken)")
        }
        Console.out(
            """
            RoadTrip is running at \(instance.address)/ (data in \
            \(library.folder.path)\(library.location == .sqlite ? "" : ", database \(library.location)")). Press Ctrl-C to stop.
            """
        )
        // Signals caught already wait in the pipe; acted on once the lines above are out.
        StopOnSignal.stop(instance)
        instance.waitUntilStopped()
        Console.out("RoadTrip stopped.")
        // Work abandoned by the stop still runs on its threads; the clean-ups `exit` runs
        // (OpenSSL's, libcurl's) would free what they use, and a crash would turn a clean stop
        // into a failed one. Everything written is whole already, and the console unbuffered.
        if instance.abandonedWork > 0 { _exit(0) }
    }
}

extension Commands {
    /// Where an offline basemap is looked for without --basemap: the data folder, the file
    /// `make basemap` writes in a checkout (beside the build's binaries, or under the folder
    /// `make run` is run in), and an install's.
    static func basemapPlaces(data: URL, executable: String = CommandLine.arguments.first ?? "") -> [URL] {
        let binaries = URL(fileURLWithPath: executable).deletingLastPathComponent()
        let places = [
            data.appendingPathComponent("basemap.pack"),
            binaries.deletingLastPathComponent().appendingPathComponent("basemap/basemap.pack"),
            // SwiftPM's real folder of binaries is one deeper (.build/<triple>/release).
            binaries.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("basemap/basemap.pack"),
            URL(fileURLWithPath: ".build/basemap/basemap.pack"),
            URL(fileURLWithPath: "/usr/share/roadtrip/basemap.pack"),
        ].map(\.standardizedFileURL)
        // Each once: run from the checkout, the build's and the folder's are the same file.
        return places.enumerated().filter { index, place in !places.prefix(index).contains(place) }.map(\.element)
    }

    /// --basemap's file, refused with the reason if it is none; nil without the flag.
    static func basemap(_ parsed: Arguments) throws(CommandFailure) -> BasemapPack? {
        guard let path = parsed.options["--basemap"] else { return nil }
        do {
            return try BasemapPack(file: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure(message: error.description, status: 66)
        }
    }

    /// Without --basemap, the first of `basemapPlaces` there is. Says at start which, or that
    /// there is none and what the maps then draw.
    static func foundBasemap(data: URL) -> BasemapPack? {
        let places = basemapPlaces(data: data)
        for place in places where FileManager.default.fileExists(atPath: place.path) {
            do {
                let pack = try BasemapPack(file: place)
                Console.out("Offline basemap: \(place.standardizedFileURL.path)")
                return pack
            } catch {
                Console.out("Not using the basemap at \(place.path): \(error.description)")
            }
        }
        Console.out(
            """
            No offline basemap found (looked for \(places.map { $0.standardizedFileURL.path }.joined(separator: ", "))): maps draw \
            country outlines only, blank at city zoom. `make basemap` writes one; or give --basemap FILE.
            """)
        return nil
    }

    /// `--backup-to DIR [--backup-every 24h] [--backup-keep 14]`: the other two need the first.
    static func backupSchedule(_ parsed: Arguments) throws(CommandFailure) -> BackupSchedule? {
        guard let folder = parsed.options["--backup-to"] else {
            if parsed.options["--backup-every"] != nil || parsed.options["--backup-keep"] != nil {
                throw CommandFailure(message: "--backup-every and --backup-keep go with --backup-to DIR, which is missing", status: 64)
            }
            return nil
        }
        var every: Int64 = 86_400
        if let text = parsed.options["--backup-every"] {
            guard let seconds = BackupSchedule.interval(text) else {
                throw CommandFailure(
                    message:
                        "--backup-every must be a whole number of minutes, hours or days (90m, 24h, 7d), from 1m to 366d, not '\(text)'",
                    status: 64)
            }
            every = seconds
        }
        var keep = 14
        if let text = parsed.options["--backup-keep"] {
            guard let number = Int(text), (1...100_000).contains(number) else {
                throw CommandFailure(message: "--backup-keep must be a number of snapshots from 1 to 100000, not '\(text)'", status: 64)
            }
            keep = number
        }
        return BackupSchedule(folder: URL(fileURLWithPath: folder), every: every, keep: keep)
    }

    /// `--map-tiles URL-TEMPLATE --map-attribution TEXT`: both or neither.
    static func mapTiles(_ parsed: Arguments) throws(CommandFailure) -> MapTiles? {
        let template = parsed.options["--map-tiles"], attribution = parsed.options["--map-attribution"]
        guard let template else {
            if attribution != nil {
                throw CommandFailure(message: "--map-attribution credits the tiles of --map-tiles, which is missing", status: 64)
            }
            return nil
        }
        guard let attribution else {
            throw CommandFailure(
                message: "--map-tiles needs --map-attribution TEXT: the tile server's terms say what the map must credit", status: 64)
        }
        do {
            return try MapTiles(template: template, attribution: attribution)
        } catch {
            throw CommandFailure(message: error.description, status: 64)
        }
    }

    /// `--trusted-proxy ADDRESS|CIDR`, as often as there are proxies: whose `X-Forwarded-For`
    /// names the client. None by default, so that nobody can choose the address they are counted by.
    static func trustedProxies(_ parsed: Arguments) throws(CommandFailure) -> TrustedProxies {
        var ranges: [AddressRange] = []
        for text in parsed.allValues["--trusted-proxy"] ?? [] {
            guard let range = AddressRange(text) else {
                throw CommandFailure(
                    message: "--trusted-proxy must be an IP address or a CIDR block such as 10.0.0.0/8, not '\(text)'", status: 64)
            }
            ranges.append(range)
        }
        return TrustedProxies(ranges)
    }

    /// `--public-url URL`: the address people open RoadTrip at (behind a proxy, the proxy's).
    static func publicURL(_ parsed: Arguments) throws(CommandFailure) -> URL? {
        guard let text = parsed.options["--public-url"] else { return nil }
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), let host = url.host, !host.isEmpty,
            url.user == nil, url.query == nil, url.fragment == nil
        else {
            throw CommandFailure(
                message: "--public-url must be an http or https address such as https://trips.example.org, not '\(text)'", status: 64)
        }
        return url
    }
}

extension Commands {
    /// Flickr, with the key from --flickr-key, else $ROADTRIP_FLICKR_KEY, else the owner's in
    /// Settings. --flickr-api points RoadTrip at another endpoint speaking Flickr's REST API
    /// (a proxy, a mirror); --flickr-cache-size bounds the image cache, in MiB (default 200).
    static func flickrOptions(_ parsed: Arguments, into options: inout Instance.Options) throws(CommandFailure) {
        options.flickrKey = parsed.options["--flickr-key"] ?? ProcessInfo.processInfo.environment["ROADTRIP_FLICKR_KEY"]
        if let text = parsed.options["--flickr-api"] {
            guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
                throw CommandFailure(message: "--flickr-api must be an http or https address, not '\(text)'", status: 64)
            }
            options.flickrEndpoint = url
        }
        if let text = parsed.options["--flickr-cache-size"] {
            guard let megabytes = Int(text), (1...1_048_576).contains(megabytes) else {
                throw CommandFailure(message: "--flickr-cache-size must be a number of MiB from 1 to 1048576, not '\(text)'", status: 64)
            }
            options.flickrCacheCapacity = megabytes << 20
        }
    }
}

/// SIGINT and SIGTERM stop the server after the requests and jobs in progress have finished,
/// or `Instance.stopGracePeriod` seconds have passed (then they are abandoned). Caught
/// from before the instance starts: one that comes during a first start stops the server as
/// soon as it is up, rather than killing it halfway through.
enum StopOnSignal {
    static func catchSignals() throws(CommandFailure) {
        do {
            try StopSignals.catch()
        } catch {
            throw CommandFailure(message: "cannot catch SIGINT and SIGTERM: \(error)")
        }
    }

    static func stop(_ instance: Instance) {
        Thread.detachNewThread {
            guard (try? StopSignals.wait()) != nil else { return }
            Console.out("Stopping: finishing the requests in progress…")
            instance.stop()
        }
    }
}
