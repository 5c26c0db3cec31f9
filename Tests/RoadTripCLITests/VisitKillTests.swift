import Foundation
import RoadTrip
import SQLDatabase
import SQLite
import Synchronization
import TestSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// The server killed (SIGKILL) while visits are being written: the library must be whole and
/// the vacation agree with itself afterwards — each visit there entirely or not at all.
@Suite struct VisitKillTests {
    let scratch: TemporaryFolder
    let drawn: TemporaryFolder

    init() throws {
        scratch = try TemporaryFolder("roadtrip-cli-tests")
        drawn = try TemporaryFolder("roadtrip-cli-photos")
    }

    @Test func killingTheServerDuringVisitsLeavesTheVacationBeforeOrAfterEachVisit() throws {
        // setup: Ann, 24 photos (after the demo's), a vacation, the server
        let data = try scratch.startedData()
        let demoPhotos = try Library(folder: URL(fileURLWithPath: data), readers: 1).photos.count
        let added = try RoadTripProcess.run(
            ["user", "add", "Ann", "--owner", "--data", data], input: "correct horse battery\ncorrect horse battery\n",
            scratch: scratch.url)
        try #require(added.status == 0, "\(added.standardError)")
        let folder = drawn.url.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<24 {
            let path = try drawn.drawPhoto(
                "v\(index).jpg", seed: UInt64(index + 1), at: (38.7 + Double(index) * 0.01, -9.14), width: 1200, height: 900)
            try FileManager.default.moveItem(atPath: path, toPath: folder.appendingPathComponent("v\(index).jpg").path)
        }
        try #require(try RoadTripProcess.run(["import", folder.path, "--data", data], scratch: scratch.url).status == 0)
        let library = try Library(folder: URL(fileURLWithPath: data), readers: 1)
        let account = try #require(try library.accounts.account(named: "Ann"))
        let vacation = try library.vacations.create(named: "Lisbon", for: account.id)
        let server = try RoadTripProcess.start(["serve", "--port", "0", "--data", data, "--no-offline-copies"], scratch: scratch.url)
        try server.waitForOutput(containing: "Press Ctrl-C to stop.", within: 60)
        let port = try #require(
            server.standardOutput.firstMatch(of: #/running at http://127\.0\.0\.1:([0-9]+)//#).flatMap { Int($0.output.1) })
        let (session, _) = try signInOverSocket(port: port, name: "Ann", password: "correct horse battery")
        let page = try HTTPExchange(port: port, path: "/photos/1", extraHeaders: "Cookie: rt_session=\(session)\r\n")
        let token = try #require(page.formToken)

        // MUT: visits from two threads; the server is killed once some have been answered
        let answered = Counter()
        let group = DispatchGroup()
        for lane in 0..<2 {
            DispatchQueue.global().async(group: group) {
                for id in stride(from: demoPhotos + 1 + lane, through: demoPhotos + 24, by: 2) {
                    guard
                        let visit = try? HTTPExchange(
                            port: port, path: "/photos/\(id)/visit", method: "POST",
                            extraHeaders: """
                                Content-Type: application/x-www-form-urlencoded\r\nCookie: rt_session=\(session)\r\n
                                """, body: urlEncodedForm([("csrf", token), ("vacation", String(vacation))]))
                    else { return }
                    if visit.status == 303 { answered.increment() }
                }
            }
        }
        let deadline = Date().addingTimeInterval(60)
        while answered.value < 4, Date() < deadline { usleep(5_000) }
        server.signal(SIGKILL)
        group.wait()
        _ = try? server.waitForExit(within: 10)

        // validate: opening the library recovers from its log; what is left agrees with itself
        let database = try SQLiteDatabase(path: URL(fileURLWithPath: data).appendingPathComponent("library.sqlite").path, readers: 1)
        let integrity: [String] = try database.read { db in try db.fetchAll("PRAGMA integrity_check") { try $0[0] as String } }
        let foreignKeys: Int = try database.read { db in try db.fetchAll("PRAGMA foreign_key_check") { _ in 1 }.count }
        let photos: Int = try database.read { db in
            try db.fetchValue("SELECT count(*) FROM vacation_photos WHERE vacation_id = \(vacation)") ?? -1
        }
        let placesWithoutPhotos: Int = try database.read { db in
            try db.fetchValue(
                """
                SELECT count(*) FROM vacation_places WHERE vacation_id = \(vacation)
                    AND id NOT IN (SELECT place_id FROM vacation_photos WHERE vacation_id = \(vacation) AND place_id IS NOT NULL)
                """) ?? -1
        }
        let withoutPreview: Int = try database.read { db in
            try db.fetchValue(
                "SELECT count(*) FROM vacation_photos WHERE vacation_id = \(vacation) AND (length(preview) = 0 OR length(thumbnail) = 0)")
                ?? -1
        }
        // Each visit commits its photo and the vacation's new version together.
        let version: Int = try database.read { db in try db.fetchValue("SELECT version FROM vacations WHERE id = \(vacation)") ?? -1 }
        let ids: [Int64] = try database.read { db in
            try db.fetchAll("SELECT id FROM vacation_photos WHERE vacation_id = \(vacation) ORDER BY id") { try $0["id"] as Int64 }
        }
        #expect(version == 1 + photos, "one new version per visit kept")
        let numbered: [Int64] = (0..<photos).map { (index: Int) -> Int64 in Int64(index) + 1 }
        #expect(ids == numbered, "numbered 1, 2, 3… with no gap")
        #expect(integrity == ["ok"])
        #expect(foreignKeys == 0)
        #expect(photos >= answered.value, "every visit answered is kept: \(photos) of \(answered.value)")
        #expect(photos <= 24)
        #expect(placesWithoutPhotos == 0)
        #expect(withoutPreview == 0)
        #expect(try library.vacations.all(of: account.id).first?.photoCount == photos)
    }
}

/// A count shared by threads.
final class Counter: Sendable {
    private let count = Mutex(0)

    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}
