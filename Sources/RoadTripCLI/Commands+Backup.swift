import Foundation
import RoadTrip

extension Commands {
    /// `roadtrip backup DIR [--keep N] [--with-renditions]`: a snapshot of the library in DIR,
    /// while the server runs or not; `roadtrip backup --verify SNAPSHOT` checks one.
    static func backup(_ arguments: [String]) throws(CommandFailure) {
        let parsed = try parse(arguments, values: ["--keep", "--verify"], flags: ["--with-renditions"])
        if let snapshot = parsed.options["--verify"] {
            guard parsed.words.isEmpty, parsed.options["--keep"] == nil, parsed.flags.isEmpty else {
                throw CommandFailure(message: "usage: roadtrip backup --verify SNAPSHOT", status: 64)
            }
            return try verify(URL(fileURLWithPath: snapshot))
        }
        guard parsed.words.count == 1 else {
            throw CommandFailure(
                message: "usage: roadtrip backup DIR [--keep N] [--with-renditions] [--data DIR] [--database URL]", status: 64)
        }
        let keep = try parsed.options["--keep"].map { text throws(CommandFailure) in
            guard let number = Int(text), (1...100_000).contains(number) else {
                throw CommandFailure(message: "--keep must be a number of snapshots from 1 to 100000, not '\(text)'", status: 64)
            }
            return number
        }
        let library = try openLibrary(parsed, readers: { _ in 1 })
        let target = URL(fileURLWithPath: parsed.words[0])
        var backup = LibraryBackup(folder: library.folder, location: library.location, to: target)
        backup.keep = keep
        backup.withRenditions = parsed.flags.contains("--with-renditions")
        let bar = ProgressBar(isTerminal: isatty(STDOUT_FILENO) == 1)
        let started = Int64(Date().timeIntervalSince1970.rounded(.down))
        let result: BackupResult
        do {
            result = try backup.run { progress in
                // The files' count is known once the database is copied: no bar before.
                guard bar.isTerminal, progress.totalFiles > 0 else { return }
                bar.show(isLast: progress.files == progress.totalFiles) { line(progress) }
            }
            if bar.isTerminal { bar.finish() }
        } catch {
            if bar.isTerminal { bar.finish() }
            try? library.backups.recordFailure(error.description, folder: target, startedAt: started, scheduled: false)
            throw CommandFailure(message: "backup failed: \(error.description); the earlier snapshots are as they were")
        }
        try? library.backups.record(result, startedAt: started, scheduled: false)
        for warning in result.warnings { Console.out("warning: \(warning)") }
        Console.out(summary(result))
    }

    private static func line(_ progress: BackupProgress) -> String {
        let seconds = (ContinuousClock.now - progress.started).inSeconds
        return "\(ProgressBar.bar(progress.bytes, of: progress.totalBytes)) \(progress.files)/\(progress.totalFiles) files  "
            + """
            \(ByteCount.text(progress.bytes))/\(ByteCount.text(progress.totalBytes))  \
            \(ProgressBar.timeLeft(progress.bytes, of: progress.totalBytes, in: seconds))
            """
    }

    private static func summary(_ result: BackupResult) -> String {
        let linked = result.linkedFiles > 0 ? ", \(result.linkedFiles) unchanged hard-linked" : ""
        let removed = result.removed.isEmpty ? "" : "; removed \(result.removed.joined(separator: ", "))"
        return
            "Backed up \(result.files) files (\(ByteCount.text(result.bytes)), \(ByteCount.text(result.copiedBytes)) written\(linked)) "
            + "to \(result.snapshot.path) in "
            + String(format: "%.1f s", result.duration.inSeconds)
            + "; \(result.kept) snapshot\(result.kept == 1 ? "" : "s") in the folder\(removed)."
    }

    private static func verify(_ snapshot: URL) throws(CommandFailure) {
        let manifest: SnapshotManifest
        do {
            manifest = try SnapshotFolder.verify(snapshot)
        } catch {
            for file in error.damaged { Console.out("damaged: \(file)") }
            throw CommandFailure(message: error.description)
        }
        Console.out(
            "\(snapshot.lastPathComponent): all \(manifest.files.count) files (\(ByteCount.text(manifest.byteCount))) match the manifest; "
                + """
                \(manifest.photos) photos, made by RoadTrip \(manifest.roadTrip) on \
                \(manifest.engine == .sqlite ? "SQLite" : "PostgreSQL").
                """
        )
    }

    /// `roadtrip restore SNAPSHOT --data NEWDIR [--database URL]`.
    static func restore(_ arguments: [String]) throws(CommandFailure) {
        let parsed = try parse(arguments, values: [])
        guard parsed.words.count == 1, let data = parsed.options["--data"] else {
            throw CommandFailure(message: "usage: roadtrip restore SNAPSHOT --data NEWDIR [--database postgresql://…]", status: 64)
        }
        let location: LibraryDatabase
        do {
            // Only the one given here: never $ROADTRIP_DATABASE, which names the library being served.
            location = try LibraryDatabase.chosen(option: parsed.options["--database"], environment: [:])
        } catch {
            throw CommandFailure(message: error.description, status: 64)
        }
        let snapshot = URL(fileURLWithPath: parsed.words[0])
        let folder = URL(fileURLWithPath: data)
        Console.out("Checking every file of \(snapshot.lastPathComponent) against its manifest …")
        let result: RestoreResult
        do {
            result = try LibraryRestore(snapshot: snapshot, into: folder, database: location).run()
        } catch {
            for file in error.damaged { Console.out("damaged: \(file)") }
            throw CommandFailure(message: "\(error.description); nothing was restored")
        }
        let manifest = result.manifest
        Console.out(
            """
            Restored \(manifest.photos) photos and \(manifest.files.count) files (\(ByteCount.text(manifest.byteCount))) into \(folder.path)
            """
                + "\(location == .sqlite ? "" : " and \(location)").")
        if !result.upgrades.isEmpty { Console.out("Brought up to this RoadTrip's schema: \(result.upgrades.joined(separator: ", ")).") }
        for note in result.check.notes { Console.out("note: \(note)") }
        for repair in result.check.repairs { Console.out("repaired: \(repair)") }
        for problem in result.check.problems { Console.out("problem: \(problem)") }
        guard result.check.problems.isEmpty else {
            throw CommandFailure(message: "roadtrip check found \(result.check.problems.count) problems in the restored library")
        }
        Console.out(
            """
            roadtrip check: nothing is inconsistent. Serve it with: roadtrip serve --data \
            \(folder.path)\(location == .sqlite ? "" : " --database URL")
            """
        )
    }
}
