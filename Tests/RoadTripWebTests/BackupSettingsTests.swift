import Foundation
import HTTPServer
import RoadTrip
import Synchronization
import TestSupport
import Testing
@testable import RoadTripWeb

/// What the owner sees of backups: Settings with the schedule, the last backup, the next and
/// any failure; and on every page, a warning while the last backup failed or the next is late.
@Suite struct BackupSettingsTests {
    let scratch: TemporaryFolder
    let clock = SettableClock()
    let web: WebFixture
    let schedule: BackupSchedule

    init() throws {
        scratch = try TemporaryFolder("roadtrip-backup-settings")
        schedule = BackupSchedule(folder: scratch.url.appendingPathComponent("backups"), every: 86_400, keep: 1)
        web = try WebFixture(clock: WallClock { [clock] in clock.now }, backupSchedule: schedule)
    }

    var scheduler: BackupScheduler { BackupScheduler(library: web.library, schedule: schedule, log: { _ in }) }

    func banner(in response: Response) -> Bool {
        response.bodyText.contains("class=\"backup-banner\"")
    }

    @Test func settingsShowTheScheduleTheLastBackupAndTheNext() throws {
        // setup
        let owner = try web.signedIn()
        let before = owner.get("/settings").bodyText

        // MUT
        try scheduler.backUp()
        let after = owner.get("/settings").bodyText

        // validate
        let schedulePath = schedule.folder.path
        #expect(before.contains("Every day into \(schedulePath), keeping the newest 1 snapshot."), "\(before)")
        #expect(before.contains("None yet"))
        let last = try #require(try web.library.backups.status().lastSuccess)
        #expect(after.contains(try #require(last.snapshot)))
        #expect(after.contains("4 Dec 2026, 16:00 UTC"), "when the last backup was made")
        #expect(after.contains("\(ByteCount.text(last.bytes)), \(ByteCount.text(last.copiedBytes)) new · took 0 s"), "\(after)")
        #expect(after.contains("1 snapshot kept"))
        #expect(after.contains("5 Dec 2026, 16:00 UTC"), "the next backup, a day later")
        #expect(!banner(in: owner.get("/photos")), "no warning after a backup that succeeded")
    }

    @Test func aBackupThatRunsOutOfSpaceIsShownInSettingsAndWarnedOfOnEveryOwnersPageUntilOneSucceeds() throws {
        // setup: the backup folder on a 1 MiB file system, a first backup that fits
        try FileManager.default.createDirectory(at: schedule.folder, withIntermediateDirectories: true)
        let mounted = try ChildProcess.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", schedule.folder.path], within: 30)
        try #require(mounted.status == 0, "mounting a small tmpfs (as root): \(mounted.standardError)")
        defer { _ = try? ChildProcess.run("/bin/umount", [schedule.folder.path], within: 30) }
        try scheduler.backUp()
        let first = try #require(SnapshotFolder(schedule.folder).snapshots().first)
        // Then a picture larger than the whole file system.
        let pictures = web.folder.appendingPathComponent("destination-images")
        try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
        try Data((0..<(2 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: pictures.appendingPathComponent("large.jpg"))
        let owner = try web.signedIn()
        let member = try web.signedIn("Bob", owner: false)
        let newYork = try web.destination(named: "New York City")

        // MUT
        try scheduler.backUp()

        // validate: in Settings with the reason, a banner on the owner's pages only, nothing removed
        let settings = owner.get("/settings").bodyText
        #expect(settings.contains("No space left on device"), "\(settings)")
        #expect(settings.contains("The last backup failed (4 Dec 2026, 16:00 UTC)"))
        #expect(!banner(in: owner.get("/settings")), "Settings says it once, in its Backups section")
        let page = owner.get(Route.destination(id: newYork.id).path)
        #expect(banner(in: page))
        #expect(
            page.bodyText.contains(
                "<span>The last backup failed (4 Dec 2026, 16:00 UTC).</span> <a href=\"/settings\">See Backups in Settings</a>"),
            "\(page.bodyText)")
        #expect(banner(in: owner.get("/photos")))
        #expect(!banner(in: member.get(Route.destination(id: newYork.id).path)), "only the owner is warned")
        #expect(SnapshotFolder(schedule.folder).snapshots() == [first], "keep 1 removed nothing for a failed backup")
        #expect(try SnapshotFolder.verify(schedule.folder.appendingPathComponent(first)).files.count > 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: schedule.folder.path).filter { $0.hasPrefix(".partial") }
        #expect(left.isEmpty, "the partial snapshot went: \(left)")

        // MUT: room again, and the next backup succeeds
        try FileManager.default.removeItem(at: pictures.appendingPathComponent("large.jpg"))
        clock.advance(by: 3600)
        try scheduler.backUp()

        // validate
        #expect(!banner(in: owner.get(Route.destination(id: newYork.id).path)))
        #expect(SnapshotFolder(schedule.folder).snapshots().count == 1, "keep 1 removed the first once the new one was made")
    }

    @Test func aLateBackupIsWarnedOfThoughThePageWasKeptBeforeItWasLate() throws {
        // setup: a backup now, a page kept while it is fresh
        try scheduler.backUp()
        let owner = try web.signedIn()
        let page = Route.destination(id: try web.destination(named: "New York City").id).path
        #expect(
            eventually {
                _ = owner.get(page); return web.app.pages.count > 0
            })
        let hits = web.app.pages.hits
        #expect(!banner(in: owner.get(page)))
        #expect(web.app.pages.hits == hits + 1, "the page came from memory")

        // MUT: a day and a quarter later, with nothing written meanwhile
        clock.advance(by: 86_400 + 86_400 / 4 + 1)
        let late = owner.get(page)

        // validate
        #expect(banner(in: late))
        #expect(
            late.bodyText.contains("No backup since 4 Dec 2026, 16:00 UTC: the next was due by 5 Dec 2026, 16:00 UTC."), "\(late.bodyText)")
    }
}

/// The time the app reads, moved by the test: 2026-12-04 16:00 UTC at first.
final class SettableClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_796_400_000))

    var now: Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }
}
