import Foundation
import TestDatabases
import TestSupport
import Testing
@testable import RoadTrip

/// Scheduled backups on each engine: of two instances over one library exactly one makes each
/// backup; a failure is recorded and tried again within the hour; a late backup is warned of.
@Suite(.onEachEngine) struct BackupScheduleTests {
    let fixture: PhotosFixture
    let backups: URL

    init() throws {
        fixture = try PhotosFixture(engine: .current)
        backups = fixture.data.url.deletingLastPathComponent().appendingPathComponent("roadtrip-scheduled-\(UUID().uuidString)")
        ExitCleanup.add { [backups] in try? FileManager.default.removeItem(at: backups) }
        _ = fixture.importPhoto(try fixture.draw("p.jpg"))
    }

    func scheduler(_ library: Library, into folder: URL? = nil) -> BackupScheduler {
        BackupScheduler(library: library, schedule: BackupSchedule(folder: folder ?? backups, every: 86_400, keep: 3), log: { _ in })
    }

    @Test func ofTwoInstancesOverOneLibraryExactlyOneMakesEachBackup() throws {
        // setup: a second instance's library over the same folder and database
        let other = try Library(folder: fixture.data.url, database: fixture.library.location, readers: 1, clock: fixture.clock.wallClock)
        let schedulers = [scheduler(fixture.library), scheduler(other)]
        for scheduler in schedulers { try scheduler.queueNext() }
        let runners = schedulers.map { $0.runner() }

        // MUT: both run their workers; the first backup is due at once, the next a day later
        for runner in runners { runner.start() }
        defer { for runner in runners { runner.stop() } }
        #expect(eventually { (try? fixture.library.backups.status().lastSuccess) != nil })
        for runner in runners { #expect(runner.waitUntilIdle()) }
        let first = try #require(try fixture.library.backups.status().latest)
        fixture.clock.advance(by: .day + 1)
        for runner in runners { runner.wake() }
        #expect(eventually { (try? fixture.library.backups.status().latest?.id) != first.id })
        for runner in runners { #expect(runner.waitUntilIdle()) }

        // validate: two backups, one each time, and the third queued once
        #expect(SnapshotFolder(backups).snapshots().count == 2)
        #expect(try fixture.rows(in: "backups") == 2)
        let status = try fixture.library.backups.status()
        #expect(status.latest?.succeeded == true && status.latest?.scheduled == true)
        let queued: Int? = try fixture.library.database.fetchValue("SELECT count(*) FROM jobs WHERE kind = 'backup'")
        #expect(queued == 1)
        #expect(try fixture.library.backups.nextScheduled() == (status.latest?.finishedAt ?? 0) + 86_400)
    }

    @Test func aFailedBackupIsRecordedTriedAgainWithinTheHourAndWarnedOfUntilOneSucceeds() throws {
        // setup: a backup folder that cannot be made (a file is where it would go)
        let file = backups.appendingPathExtension("file")
        try Data("x".utf8).write(to: file)
        ExitCleanup.add { try? FileManager.default.removeItem(at: file) }
        let failing = scheduler(fixture.library, into: file.appendingPathComponent("backups"))
        let now = fixture.clock.seconds

        // MUT
        try failing.backUp()

        // validate: recorded with the reason, tried again in an hour, warned of
        let failed = try fixture.library.backups.status()
        let attempt = try #require(failed.latest)
        #expect(attempt.error?.contains("Not a directory") == true, "\(attempt)")
        #expect(failed.lastSuccess == nil)
        #expect(failed.warning(schedule: failing.schedule, now: now) == .failed(attempt))
        #expect(try fixture.library.backups.nextScheduled() == now + BackupSchedule.retry)

        // MUT: then a backup that succeeds
        let working = scheduler(fixture.library)
        try working.backUp()

        // validate: no warning until it is late: past a day and a quarter of one
        let succeeded = try fixture.library.backups.status()
        let success = try #require(succeeded.lastSuccess)
        #expect(succeeded.latest == success)
        #expect(succeeded.warning(schedule: working.schedule, now: fixture.clock.seconds) == nil)
        let late = success.finishedAt + 86_400 + 86_400 / 4
        #expect(succeeded.warning(schedule: working.schedule, now: late) == nil)
        #expect(
            succeeded.warning(schedule: working.schedule, now: late + 1) == .overdue(lastSuccess: success, due: success.finishedAt + 86_400)
        )
        #expect(succeeded.warning(schedule: nil, now: late + 1) == nil, "without a schedule nothing is late")
    }
}

@Suite struct BackupIntervalTests {
    @Test(arguments: [("90m", 5400), ("24h", 86_400), ("7d", 604_800), ("1m", 60), ("366d", 31_622_400)])
    func anIntervalIsAWholeNumberOfMinutesHoursOrDays(_ text: String, _ seconds: Int64) {
        #expect(BackupSchedule.interval(text) == seconds)
    }

    @Test(arguments: ["", "h", "0h", "-1h", "1.5h", "30s", "24", "367d", "9223372036854775807d", "99999999999999999999h", "１h", "24H"])
    func anythingElseIsRefused(_ text: String) {
        #expect(BackupSchedule.interval(text) == nil, "\(text.debugDescription) was taken")
    }
}
