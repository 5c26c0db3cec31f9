import Crypto
import Foundation
import Imaging
import SQLDatabase
import SQLite
import SystemCalls

/// Why a data folder cannot be used.
public struct LibraryError: Error, Sendable, CustomStringConvertible {
    public let description: String
}

/// The data folder and the library's database: `library.sqlite` in the folder, or PostgreSQL.
/// Several processes (the server and a command run beside it, or several instances over
/// PostgreSQL and one shared folder) may open the same library at once: SQLite's WAL and busy
/// timeout, or PostgreSQL itself, let them share it.
public final class Library: Sendable {
    public let folder: URL
    public let database: Database
    /// Where the rows are; its description never holds a password.
    public let location: LibraryDatabase
    public let clock: WallClock
    public let hasher: PasswordHasher
    public let photos: PhotoStore
    /// Thumbnails and previews, made on demand and in the background; one per library, so
    /// that two requests for the same missing file make it once.
    public let renditions: RenditionMaker
    /// Signs what the server hands out before anyone signs in (the sign-in form's token).
    public let signingKey: SigningKey
    /// Copies of vacations made for download: one per library, so their locks are shared.
    public let exports: VacationExports
    /// Background work, kept in the database so that any instance may do it.
    public let jobs: JobQueue
    /// Sign-in and sessions; one per library, so that the sessions it has read are shared.
    public let authenticator: Authenticator
    /// Vacations' share links; one per library, so that the links it has read are shared.
    public let sharing: VacationSharing
    /// Backups as they happened; one per library, so that the status it has read is shared.
    public let backups: BackupLog
    /// Vacations' counts, dates, places, tags and photo order; one per library, so that what one page read serves the next.
    public let vacationFigures = VacationFigures()

    public init(
        folder: URL, database location: LibraryDatabase = .sqlite, readers: Int = 4, clock: WallClock = .system,
        hasher: PasswordHasher = PasswordHasher(),
        gazetteer: GazetteerSource = .bundled, processor: ImageProcessor = ImageProcessor(),
        exportLimit: UInt64 = VacationExports.defaultLimit, video: VideoOptions = VideoOptions()
    ) throws(LibraryError) {
        self.folder = folder
        self.location = location
        self.clock = clock
        self.hasher = hasher
        try Library.prepare(folder)
        do {
            database = try location.open(in: folder, connections: readers)
            signingKey = try ServerKey.load(from: database)
        } catch {
            let place = location == .sqlite ? "in \(folder.path)" : "at \(location)"
            throw LibraryError(description: "cannot open the library \(place): \(error)")
        }
        photos = PhotoStore(database: database, folder: folder, processor: processor, gazetteer: gazetteer, video: video, clock: clock)
        renditions = RenditionMaker(files: photos.files, processor: processor)
        jobs = JobQueue(database: database, clock: clock)
        authenticator = Authenticator(database: database, hasher: hasher, clock: clock)
        sharing = VacationSharing(database: database, hasher: hasher, signingKey: signingKey, figures: vacationFigures, clock: clock)
        backups = BackupLog(database: database, clock: clock)
        exports = VacationExports(folder: folder.appendingPathComponent("cache/exports"), limit: exportLimit)
    }

    /// Throws unless the database answers a query now.
    public func checkDatabase() throws {
        _ = try database.fetchValue("SELECT 1") as Int?
    }

    public var catalog: DestinationCatalog { DestinationCatalog(database: database) }
    public var accounts: AccountStore { AccountStore(database: database, hasher: hasher, clock: clock) }
    public var setup: SetupStore { SetupStore(database: database, accounts: accounts, clock: clock) }
    public var trips: TripStore { TripStore(database: database, clock: clock) }
    public var events: EventList { EventList(database: database) }
    public var recents: Recents { Recents(database: database, clock: clock) }
    public var vacations: VacationStore {
        VacationStore(database: database, dataFolder: folder, exports: exports, figures: vacationFigures, clock: clock)
    }
    public var imports: ImportRuns { ImportRuns(library: self) }
    public var photoTags: PhotoTagStore { PhotoTagStore(database: database) }
    public var favorites: FavoriteStore { FavoriteStore(database: database) }
    public var tracks: TrackStore { TrackStore(database: database, clock: clock) }
    public var placer: PhotoPlacer { PhotoPlacer(photos: photos, tracks: tracks, clock: clock) }
    public var timeline: Timeline { Timeline(database: database) }
    public var onThisDay: OnThisDay { OnThisDay(database: database) }
    public var foundTrips: FoundTrips { FoundTrips(database: database, clock: clock) }
    public var tripFinder: TripFinder { TripFinder(database: database, clock: clock) }

    /// Creates the folder (and its parents) if needed and proves it writable, so that a bad
    /// `--data` is reported at once with the system's reason.
    private static func prepare(_ folder: URL) throws(LibraryError) {
        var path = ""
        for component in folder.standardizedFileURL.path.split(separator: "/") {
            path += "/" + component
            // The data folder itself is private: it holds password hashes, photos and where they were taken.
            let mode: mode_t = path == folder.standardizedFileURL.path ? 0o700 : 0o755
            if mkdir(path, mode) != 0, errno != EEXIST {
                throw LibraryError(description: "cannot create data folder \(folder.path): \(String(cString: strerror(errno)))")
            }
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw LibraryError(description: "data folder \(folder.path) is not a folder")
        }
        // A file really created, not access(2): that answers yes to root even on a read-only mount or /proc.
        let probe = folder.appendingPathComponent(".roadtrip-write-test-\(getpid())-\(UInt64.random(in: 0...UInt64.max))").path
        do throws(SystemError) {
            _ = try FileDescriptor.open(probe, flags: O_WRONLY | O_CREAT | O_EXCL, mode: 0o600)
        } catch {
            throw LibraryError(description: "data folder \(folder.path) is not writable: \(error.message)")
        }
        unlink(probe)
    }
}

extension Library {
    /// The data folder when none is given: `$ROADTRIP_DATA`, else `$XDG_DATA_HOME/roadtrip`,
    /// else `~/.local/share/roadtrip`.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let data = environment["ROADTRIP_DATA"], !data.isEmpty { return URL(fileURLWithPath: data) }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return URL(fileURLWithPath: xdg).appendingPathComponent("roadtrip")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/roadtrip")
    }
}

/// A read the stores hand out, for the web layer to read several at once without SQL of its own.
public typealias LibraryQuery<Value> = Query<Value>

extension Library {
    /// What the queries read, in one snapshot; on PostgreSQL in one round trip.
    public func fetch<each Value>(_ queries: repeat LibraryQuery<each Value>) throws -> (repeat each Value) {
        try database.fetch(repeat each queries)
    }
}
