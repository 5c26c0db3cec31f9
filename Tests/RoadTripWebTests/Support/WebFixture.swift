import Crypto
import Foundation
import HTTPServer
@testable import RoadTrip
import RoadTripWeb
import Synchronization
import TestDatabases
import TestSupport

/// A fresh data folder, a library in it and the app over it; the folder is removed when the
/// fixture goes away (each test gets its own suite instance, so its own fixture).
final class WebFixture: Sendable {
    let folder: URL
    let library: Library
    let app: App
    let log: LogRecorder

    /// The password of every account the fixture makes.
    static let password = "correct horse battery"

    init(
        loadDemo: Bool = true, secureCookies: Bool = false, hosts: AllowedHosts = .any, proxies: TrustedProxies = .none,
        database: LibraryDatabase = .sqlite, mapTiles: MapTiles? = nil, basemap: BasemapPack? = nil,
        workLimits: WorkAdmission.Limits = .standard, clock: WallClock = .system, backupSchedule: BackupSchedule? = nil
    ) throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("roadtrip-web-tests-\(UUID().uuidString)", isDirectory: true)
        // A new SQLite library as its first open leaves it, copied (`TestDatabase.placeSQLite`): the
        // web tests make hundreds.
        if database == .sqlite {
            try TestDatabase.placeSQLite(at: LibraryDatabase.sqlitePath(in: folder), migratedBy: Schema.migrations)
        }
        library = try Library(folder: folder, database: database, readers: 2, clock: clock, hasher: .leastWork())
        log = LogRecorder()
        app = App(
            library: library, assets: try AssetCatalog.bundled(), secureCookies: secureCookies, hosts: hosts, proxies: proxies,
            log: log.sink,
            mapTiles: mapTiles, basemap: basemap, workLimits: workLimits, backupSchedule: backupSchedule)
        if loadDemo { try library.catalog.loadDemoOnFirstStart() }
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func get(_ path: String, headers: Headers = Headers()) -> Response {
        app.respond(to: Request(method: "GET", path: path, headers: headers))
    }

    func request(_ method: String, _ path: String) -> Response {
        app.respond(to: Request(method: method, path: path))
    }

    /// The stored hash of `password`, made once for all tests: an account a test merely needs
    /// costs no hash of its own. Tests of making an account call `accounts.create`. Like every
    /// hash the fixture's library makes, at the least work Argon2id takes: at INTERACTIVE's, the
    /// sign-ins of this target's tests took a minute of CPU.
    static let storedHash: String = (try? PasswordHasher.leastWork().hash(password)) ?? ""

    /// A browser signed in to a new account: the account stored as `AccountStore.create` stores
    /// it (with `password`), the session started directly (no sign-in form, no failures
    /// counted), its cookie sent with every request.
    func signedIn(_ name: String = "Ann", owner: Bool = true, address: String = "192.0.2.1") throws -> Visitor {
        let name = try Credentials.validName(name)
        let account = try library.database.write { db in
            try library.accounts.insert(name: name, hash: WebFixture.storedHash, isOwner: owner, into: db)
        }
        return try signedIn(account, address: address)
    }

    /// Another browser signed in to an existing account.
    func signedIn(_ account: Account, address: String = "192.0.2.1") throws -> Visitor {
        let grant = try library.authenticator.sessions.start(for: account)
        let visitor = Visitor(app: app, address: address)
        visitor.cookies[Visitor.sessionCookie] = grant.token
        visitor.formToken = grant.session.csrfToken
        return visitor
    }

    /// A browser without a session.
    func visitor(address: String = "192.0.2.1") -> Visitor {
        Visitor(app: app, address: address)
    }

    /// Rows in a table, to show that a refused request stored nothing.
    func rows(in table: String) throws -> Int {
        try library.database.read { db in try db.fetchValue("SELECT count(*) FROM \(raw: table)") ?? 0 }
    }

    /// What a form could change: the rows of each table and every password hash.
    struct Snapshot: Equatable, CustomStringConvertible {
        let rows: [String: Int]
        let passwordHashes: [String]
        var description: String { "\(rows.sorted { $0.key < $1.key }), \(passwordHashes.count) hashes" }
    }

    func snapshot() throws -> Snapshot {
        var rows: [String: Int] = [:]
        for table in ["accounts", "sessions", "known_devices", "setup_tokens", "destinations"] {
            rows[table] = try self.rows(in: table)
        }
        let hashes = try library.database.read { db in
            try db.fetchAll("SELECT password_hash FROM accounts ORDER BY id") { try $0["password_hash"] as String }
        }
        return Snapshot(rows: rows, passwordHashes: hashes)
    }

    /// The demo destination of that name, as stored.
    func destination(named name: String) throws -> Destination {
        guard let destination = try library.catalog.all().first(where: { $0.name == name }) else {
            throw FixtureError(description: "no destination named \(name) in the library")
        }
        return destination
    }
}

struct FixtureError: Error, CustomStringConvertible {
    let description: String
}

extension Response {
    /// The body as bytes, reading a file body from disk as the server would send it.
    var bodyBytes: [UInt8] {
        switch body {
        case .bytes(let bytes): bytes
        case .file(let path, _): FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
        case .fileRange(let path, _, let offset, let length):
            FileManager.default.contents(atPath: path).map { Array([UInt8]($0).dropFirst(Int(offset)).prefix(Int(length))) } ?? []
        case .stored(let stored): (try? stored.bytes()) ?? []
        case .headersOnly: []
        }
    }

    var bodyText: String { String(decoding: bodyBytes, as: UTF8.self) }
}

/// Just enough HTML reading for assertions: the markup is produced by our own renderer, so
/// every `<` in it starts a real tag (text and attribute values have theirs escaped).
enum Markup {
    /// Every start tag of that element, whole (`<a class="row" href="/destinations/1">`).
    static func tags(_ name: String, in html: String) -> [String] {
        matches("<\(name)(?:\\s[^>]*)?>", in: html, group: 0)
    }

    /// Every start tag in the document.
    static func allTags(in html: String) -> [String] {
        matches("<[a-zA-Z][^>]*>", in: html, group: 0)
    }

    /// The value of an attribute in a start tag, still escaped as written.
    static func attribute(_ name: String, of tag: String) -> String? {
        matches("\\s\(name)=\"([^\"]*)\"", in: tag, group: 1).first
    }

    /// The text between `<element class="className" ...>` and the next `</element>`, for each such element.
    static func texts(ofClass className: String, element: String, in html: String) -> [String] {
        matches("<\(element) class=\"\(className)\"[^>]*>(.*?)</\(element)>", in: html, group: 1)
    }

    /// Every `/static/...` address the page links to.
    static func staticURLs(in html: String) -> [String] {
        matches(#"(?:href|src)="(/static/[^"]+)""#, in: html, group: 1)
    }

    /// The first group of each match of `pattern` (written in a test).
    static func matches(_ pattern: String, in text: String) -> [String] {
        matches(pattern, in: text, group: 1)
    }

    /// The patterns are written in this file; one that does not compile matches nothing,
    /// which fails the test that relied on it.
    private static func matches(_ pattern: String, in text: String, group: Int) -> [String] {
        guard let regex = try? Regex(pattern) else { return [] }
        return text.matches(of: regex).compactMap { $0.output[group].substring.map(String.init) }
    }
}

/// A clock that stands still until the test moves it.
final class TestClockBox: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_767_225_600))  // 2026-01-01 00:00 UTC

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }

    var wallClock: WallClock { WallClock { [self] in current.withLock { $0 } } }
}
