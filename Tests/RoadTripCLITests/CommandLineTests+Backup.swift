import Crypto
import Foundation
import RoadTrip
import SQLite
import TestSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// `roadtrip backup`, `backup --verify` and `restore` as docs/running.md walks through them, and a
/// backup killed at any moment.
extension CommandLineTests {
    @Test func theReadmeWalkThroughBacksUpVerifiesAndRestoresALibrary() throws {
        // setup
        let data = try scratch.startedData()
        let backups = scratch.url.appendingPathComponent("backups").path
        let restored = scratch.url.appendingPathComponent("restored").path

        // MUT
        let backup = try run("backup", backups, "--data", data, "--keep", "14")
        let snapshot = try #require(try FileManager.default.contentsOfDirectory(atPath: backups).first { !$0.hasPrefix(".") })
        let verify = try run("backup", "--verify", "\(backups)/\(snapshot)")
        let restore = try run("restore", "\(backups)/\(snapshot)", "--data", restored)
        let check = try run("check", "--hashes", "--data", restored)

        // validate: one summary line each (not a terminal: no progress bar), and a clean library
        #expect(backup.status == 0, "\(backup.standardError)")
        #expect(backup.standardOutput.split(separator: "\n").count == 1, "\(backup.standardOutput)")
        #expect(backup.standardOutput.hasPrefix("Backed up 10 files ("), "\(backup.standardOutput)")
        #expect(backup.standardOutput.contains("to \(backups)/\(snapshot) in "))
        #expect(
            verify.status == 0 && verify.standardOutput.contains("\(snapshot): all 10 files"),
            "\(verify.standardOutput)\(verify.standardError)")
        #expect(restore.status == 0, "\(restore.standardError)")
        #expect(restore.standardOutput.contains("Restored 9 photos and 10 files"), "\(restore.standardOutput)")
        #expect(restore.standardOutput.contains("roadtrip check: nothing is inconsistent."))
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(check.standardOutput.contains("Checked 9 photos (with their bytes)"))
    }

    @Test(arguments: [
        (["backup", "--data", "DATA"], "usage: roadtrip backup DIR"),
        (["backup", "a", "b", "--data", "DATA"], "usage: roadtrip backup DIR"),
        (["backup", "dir", "--keep", "0", "--data", "DATA"], "--keep must be a number of snapshots from 1 to 100000, not '0'"),
        (["backup", "--verify", "x", "--keep", "2"], "usage: roadtrip backup --verify SNAPSHOT"),
        (["restore", "snapshot"], "usage: roadtrip restore SNAPSHOT --data NEWDIR"),
        (
            ["serve", "--backup-every", "24h", "--data", "DATA"],
            "--backup-every and --backup-keep go with --backup-to DIR, which is missing"
        ),
        (
            ["serve", "--backup-to", "dir", "--backup-every", "1s", "--data", "DATA"],
            "--backup-every must be a whole number of minutes, hours or days"
        ),
        (
            ["serve", "--backup-to", "dir", "--backup-keep", "-1", "--data", "DATA"],
            "--backup-keep must be a number of snapshots from 1 to 100000, not '-1'"
        ),
    ])
    func aBackupCommandMisusedIsAUsageError(arguments: [String], message: String) throws {
        // MUT
        let data = scratch.url.appendingPathComponent("data").path
        let result = try RoadTripProcess.run(arguments.map { $0 == "DATA" ? data : $0 }, scratch: scratch.url)

        // validate
        #expect(result.status == 64)
        #expect(result.standardError.contains(message), "\(result.standardError)")
        #expect(
            !FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("data").path),
            "a refused command touches no data folder")
    }

    @Test func aBackupKilledAtAnyMomentLeavesEveryEarlierSnapshotWholeAndTheNextCompletes() throws {
        // setup: a library with a few megabytes of originals, and a first snapshot of it
        let data = try scratch.startedData()
        let backups = scratch.url.appendingPathComponent("backups")
        var random = SplitMix64(seed: 35)
        try addOriginals(120, to: data, using: &random)
        #expect(try run("backup", backups.path, "--data", data).status == 0)
        let earliest = try #require(SnapshotFolder(backups).snapshots().first)
        let manifest = try SnapshotFolder.verify(backups.appendingPathComponent(earliest))
        // How long a backup like those killed below takes: a few new originals, the rest linked.
        try addOriginals(20, to: data, using: &random)
        var measured: CommandResult?
        let duration = try ContinuousClock().measure { measured = try run("backup", backups.path, "--data", data) }
        #expect(measured?.status == 0, "\(measured?.standardError ?? "")")
        let microseconds = UInt32(duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000)

        // MUT: each time a few new originals, a backup, and SIGKILL at a random moment of it: one
        // in each sixth of its time, from its start to its end
        var killed = 0, attempts = 0
        // The sixths of the time measured, then — when a busy machine made the later ones finish
        // before their moment — moments in the first half, until three were cut short (6 more at most).
        let sixths = (UInt32(0)..<6).map { ($0 * microseconds / 6, ($0 + 1) * microseconds / 6) }
        let halves = Array(repeating: (UInt32(0), microseconds / 2), count: 6)
        for (attempt, (from, to)) in (sixths + halves).enumerated() where attempt < 6 || killed < 3 {
            try addOriginals(20, to: data, using: &random)
            attempts += 1
            let backup = try RoadTripProcess.start(["backup", backups.path, "--data", data], scratch: scratch.url)
            usleep(UInt32.random(in: from...to, using: &random))
            _ = backup.signal(SIGKILL)  // false when it has ended already
            if try backup.waitForExit(within: 60).status == 128 + SIGKILL { killed += 1 }

            // validate: every snapshot listed is whole, the first one as it was, nothing else looks like one
            for name in try FileManager.default.contentsOfDirectory(atPath: backups.path) where !name.hasPrefix(".") {
                #expect(SnapshotFolder(backups).snapshots().contains(name), "\(name) is in the folder but not a complete snapshot")
                #expect(throws: Never.self, "\(name) does not verify") { try SnapshotFolder.verify(backups.appendingPathComponent(name)) }
            }
            #expect(try SnapshotFolder.verify(backups.appendingPathComponent(earliest)) == manifest)
        }
        let last = try run("backup", backups.path, "--data", data)

        // validate: at least three runs were cut short; the next backup completed, with every photo, and left no leftovers
        #expect(killed >= 3, "only \(killed) of \(attempts) backups were killed before they finished: the moments chosen were too late")
        #expect(last.status == 0, "\(last.standardError)")
        let newest = try #require(SnapshotFolder(backups).snapshots().last)
        let complete = try SnapshotFolder.verify(backups.appendingPathComponent(newest))
        #expect(complete.photos == 9 + 120 + 20 + attempts * 20)
        #expect(complete.files.filter { $0.path.hasPrefix("originals/") }.count == complete.photos, "every original is in it")
        #expect(!last.standardOutput.contains("missing"), "\(last.standardOutput)")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: backups.path).filter {
            $0.hasPrefix(".partial") || $0.hasPrefix(".removing")
        }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }

    /// Originals of random bytes (32 KB each) and their photo rows, written straight into the
    /// library: a backup copies files by their rows and never decodes them.
    private func addOriginals(_ count: Int, to data: String, using random: inout SplitMix64) throws {
        let database = try SQLiteDatabase(path: data + "/library.sqlite", readers: 1)
        var rows: [(String, Int)] = []
        for _ in 0..<count {
            let words = (0..<4096).map { _ in random.next() }
            let bytes = words.withUnsafeBytes { [UInt8]($0) }
            let digest = FileDigest.sha256(of: bytes)
            let folder = "\(data)/originals/\(digest.prefix(2))"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: "\(folder)/\(digest).jpg"))
            rows.append((digest, bytes.count))
        }
        try database.write { db in
            for (digest, size) in rows {
                try db.execute(
                    """
                    INSERT INTO photos (sha256, format, byte_count, width, height, title, sorted_at, imported_at)
                    VALUES (\(digest), 'jpeg', \(size), 640, 480, 'Random', '2024-01-01T00:00:00', 0)
                    """)
            }
        }
    }
}
