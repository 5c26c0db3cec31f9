import Foundation
import RoadTrip
import Synchronization

extension Commands {
    /// `roadtrip import PATH...`: photos from files and folders and Google Takeouts, with a
    /// progress bar on a terminal (a line every few seconds otherwise) and a summary at the end;
    /// each batch is an import run (`--runs` lists them, `--undo N` undoes one), and the same
    /// import again after a stop continues its run.
    static func importPhotos(_ arguments: [String]) throws(CommandFailure) {
        let parsed = try parse(arguments, values: ["--max-video-size", "--user", "--undo"], flags: ["--dry-run", "--runs", "--with-trash", "--with-archive"])
        let usage = "usage: roadtrip import PATH... [--user NAME] [--dry-run] [--with-trash] [--with-archive] [--data DIR] [--max-video-size SIZE]"
            + " | roadtrip import --runs | roadtrip import --undo RUN"
        if parsed.flags.contains("--runs") || parsed.options["--undo"] != nil {
            guard parsed.words.isEmpty, parsed.flags.contains("--runs") != (parsed.options["--undo"] != nil) else {
                throw CommandFailure(message: usage, status: 64)
            }
            let library = try openLibrary(parsed)
            if let undo = parsed.options["--undo"] { try undoImport(undo, library: library) } else { try listImports(library) }
            return
        }
        guard !parsed.words.isEmpty else { throw CommandFailure(message: usage, status: 64) }
        let library = try openLibrary(parsed)
        let (account, albumOwner) = try importingAccounts(parsed.options["--user"], library: library)
        // A zip file is a Google Takeout's part (known by its first bytes): all of them are one Takeout.
        let parts = parsed.words.filter(Takeout.isZip)
        // A JSON file named is a location history (Records.json, a month of Semantic Location History, Timeline.json).
        let histories = parsed.words.filter { !parts.contains($0) && $0.lowercased().hasSuffix(".json") }
        var selection = ImportSelection(paths: parsed.words.filter { !parts.contains($0) && !histories.contains($0) })
        let (withTrash, withArchive) = (parsed.flags.contains("--with-trash"), parsed.flags.contains("--with-archive"))
        // An iCloud Photos export's lists among the folders' files: what they say of each photo, and its albums.
        let icloud = selection.exportFiles.isEmpty ? nil : ICloudExport(files: selection.exportFiles)
        let icloudAlbums = icloud?.apply(to: &selection, withTrash: withTrash, withArchive: withArchive) ?? []
        selection.refused += icloud?.refused ?? []
        for path in selection.missing { Console.error("\(path): no such file or folder") }
        guard !selection.found.isEmpty || !selection.refused.isEmpty || !selection.leftOut.isEmpty || !parts.isEmpty || !histories.isEmpty else {
            if let skipped = selection.skipped.summary { Console.out(skipped) }
            reportSidecars(of: selection, past: false)
            throw CommandFailure(message: selection.missing.isEmpty ? "no photos to import" : "nothing to import")
        }
        let takeout: Takeout?
        do {
            takeout = parts.isEmpty ? nil : try Takeout(parts: parts, for: library.photos)
            takeout?.leaveOut(withTrash: withTrash, withArchive: withArchive)
        } catch {
            throw CommandFailure(message: "the Takeout cannot be read: \(error)", status: 65)
        }
        if parsed.flags.contains("--dry-run") {
            try plan(selection, icloud: icloud.map { ($0, icloudAlbums) }, takeout: takeout, parts: parts.count, library: library.photos,
                     albumOwner: albumOwner)
            let files = histories.count + (takeout?.locationHistories.count ?? 0)
            if files > 0 { Console.out("Location history: \(files) \(files == 1 ? "file" : "files") would become tracks, one a day, placing photos without a position.") }
            return
        }
        let bar = ProgressBar(isTerminal: isatty(STDOUT_FILENO) == 1)
        PhotoImporter.prepareImportOnlyProcess()
        let importer = PhotoImporter(library: library.photos)
        var refused = false
        do {
            if !selection.found.isEmpty || !selection.refused.isEmpty || !selection.leftOut.isEmpty {
                let recorder = try library.imports.begin(source: selection.label, key: selection.key, by: account?.id)
                var summary = importer.run(selection.found, by: account?.id, recorder: recorder) { bar.show($0) }
                bar.finish()
                summary.refused = selection.refused + summary.refused
                report(summary, skipped: selection.skipped, run: recorder)
                reportSidecars(of: selection, past: true)
                reportLeftOut(selection.leftOut, past: true)
                if let icloud {
                    reportExport(icloud, of: selection, past: true)
                    try makeAlbums(icloudAlbums, owner: albumOwner, recorder: recorder, library: library)
                }
                try recorder.finish(at: library.clock.seconds)
                refused = !summary.refused.isEmpty
            }
            if let takeout {
                let recorder = try library.imports.begin(source: takeout.label, key: takeout.key, by: account?.id)
                var summary = importer.run(takeout, by: account?.id, in: library.uploadsFolder.path, recorder: recorder) { bar.show($0) }
                bar.finish()
                summary.refused = takeout.refused + summary.refused
                Console.out(fromTakeout(parts.count))
                report(summary, skipped: takeout.skipped, run: recorder)
                reportSidecars(of: takeout, past: true)
                reportLeftOut(takeout.leftOut, past: true)
                try makeAlbums(takeout.albums, owner: albumOwner, recorder: recorder, library: library)
                try importHistories(takeout.locationHistories, by: account, recorder: recorder, library: library, refused: &refused)
                try recorder.finish(at: library.clock.seconds)
                refused = refused || !summary.refused.isEmpty
            }
            if !histories.isEmpty {
                let files = histories.map { path in (name: path, bytes: { () throws -> [UInt8] in try LocationHistory.bytes(ofFileAt: path) }) }
                let label = "Location history from " + histories.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")
                let key = ImportRuns.key(of: histories.map { ($0, ((try? FileManager.default.attributesOfItem(atPath: $0)[.size]) as? Int64) ?? -1) })
                let recorder = try library.imports.begin(source: label, key: key, by: account?.id)
                Console.out("Import run \(recorder.id) (`roadtrip import --undo \(recorder.id)` undoes it).")
                try importHistories(files, by: account, recorder: recorder, library: library, refused: &refused)
                try recorder.finish(at: library.clock.seconds)
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(message: "the import could not finish (the same import again continues it): \(error)")
        }
        // Skipped files are not a failure: a photo folder is expected to hold other files.
        if refused || !selection.missing.isEmpty {
            throw CommandFailure(message: "some files were not imported", status: 2)
        }
    }

    /// Location histories made tracks of the run, and photos placed by them: "Location history:
    /// 12 tracks, one a day (12 new); placed 8 photos that had no position."
    private static func importHistories(_ files: [(name: String, bytes: () throws -> [UInt8])], by account: Account?, recorder: ImportRunRecorder,
                                        library: Library, refused: inout Bool) throws {
        guard !files.isEmpty else { return }
        let history = try library.imports.importLocationHistory(files, by: account?.id, recorder: recorder)
        if history.tracks > 0 {
            Console.out("Location history: \(history.tracks) \(history.tracks == 1 ? "track" : "tracks"), one a day (\(history.added) new); "
                        + "placed \(history.placed) \(history.placed == 1 ? "photo" : "photos") that had no position.")
        }
        for (source, reason) in history.refused { Console.out("  refused \(source): \(reason)") }
        refused = refused || !history.refused.isEmpty
    }

    /// Who imports (`--user`), and who owns the vacations made of albums: that account, else the
    /// library's first owner; nil, nil without accounts.
    private static func importingAccounts(_ name: String?, library: Library) throws(CommandFailure) -> (Account?, Account?) {
        do {
            if let name {
                guard let account = try library.accounts.account(named: name) else { throw CommandFailure(message: "no account named '\(name)'") }
                return (account, account)
            }
            return (nil, try library.accounts.all().first(where: \.isOwner))
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(message: "cannot read the accounts: \(error)")
        }
    }

    /// `--runs`: every import run, the newest first.
    private static func listImports(_ library: Library) throws(CommandFailure) {
        do {
            let runs = try library.imports.all()
            if runs.isEmpty { Console.out("No imports yet.") }
            let names = Dictionary(try library.accounts.all().map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            for run in runs {
                var line = "\(run.id)  \(Self.dateText(run.startedAt))  \(run.source): \(run.made) new, \(run.found) already there"
                if run.vacations > 0 { line += ", \(run.vacations) \(run.vacations == 1 ? "vacation" : "vacations")" }
                if run.tracks > 0 { line += ", \(run.tracks) \(run.tracks == 1 ? "track" : "tracks")" }
                if let account = run.accountID, let name = names[account] { line += ", by \(name)" }
                if let undone = run.undoneAt {
                    line += "; undone \(Self.dateText(undone))"
                } else if run.finishedAt == nil {
                    line += "; stopped before its end (the same import again continues it)"
                }
                Console.out(line)
            }
        } catch {
            throw CommandFailure(message: "cannot read the import runs: \(error)")
        }
    }

    /// `--undo N`.
    private static func undoImport(_ text: String, library: Library) throws(CommandFailure) {
        guard let id = Int64(text), id > 0 else { throw CommandFailure(message: "--undo takes an import run's number (`roadtrip import --runs` lists them)", status: 64) }
        do {
            let undone = try library.imports.undo(id)
            var removed = ["\(undone.removed) \(undone.removed == 1 ? "photo or video" : "photos and videos")"]
            if undone.vacations > 0 { removed.append("\(undone.vacations) \(undone.vacations == 1 ? "vacation" : "vacations")") }
            if undone.tracks > 0 { removed.append("\(undone.tracks) \(undone.tracks == 1 ? "track" : "tracks") (and the positions they gave)") }
            var line = "Undid import run \(id): removed \(removed.listedInASentence)."
            if undone.kept > 0 { line += " Kept \(undone.kept) that another import brought too." }
            if undone.unfilled > 0 {
                line += " Took back what it gave \(undone.unfilled) \(undone.unfilled == 1 ? "photo" : "photos") the library had already."
            }
            Console.out(line)
        } catch let error as ImportRunError {
            throw CommandFailure(message: error.description)
        } catch {
            throw CommandFailure(message: "import run \(id) could not be undone: \(error)")
        }
    }

    /// "2026-12-06 23:40" in UTC.
    private static func dateText(_ seconds: Int64) -> String {
        String(PhotoStore.timestampText(seconds).prefix(16)).replacingOccurrences(of: "T", with: " ")
    }

    /// Makes `albums` vacations of `owner`'s and says so: "Albums: 2 became vacations of anna's:
    /// “Lisbon 2019” (3), “Tram rides (2)” (1)."
    private static func makeAlbums(_ albums: [ImportAlbum], owner: Account?, recorder: ImportRunRecorder, library: Library) throws {
        guard !albums.isEmpty else { return }
        guard let owner else {
            Console.out("Albums: \(albums.count) not made into vacations: there is no account to own them (name one with --user).")
            return
        }
        let made = try library.imports.makeVacations(of: albums, for: owner.id, recorder: recorder)
        guard !made.isEmpty else { return }
        reportAlbums(made, owner: owner)
    }

    private static func reportAlbums(_ albums: [ImportedAlbum], owner: Account) {
        let list = albums.map { "“\($0.vacation)” (\($0.added))" }.joined(separator: ", ")
        Console.out("Albums: \(albums.count) became \(albums.count == 1 ? "a vacation" : "vacations") of \(owner.name)’s: \(list).")
        for album in albums { if let problem = album.problem { Console.out("  “\(album.vacation)”: \(problem)") } }
    }

    /// `--dry-run`: what the import would bring, what it has already, and what it would leave out
    /// with why; nothing is written.
    private static func plan(_ selection: ImportSelection, icloud: (ICloudExport, [ImportAlbum])?, takeout: Takeout?, parts: Int, library: PhotoStore,
                             albumOwner: Account?) throws(CommandFailure) {
        do {
            if !selection.found.isEmpty || !selection.refused.isEmpty || !selection.leftOut.isEmpty {
                let plan = try ImportPlan.files(selection.found, in: library)
                Console.out(plan.summary)
                if let skipped = selection.skipped.summary { Console.out(skipped) }
                reportSidecars(of: selection, past: false)
                reportLeftOut(selection.leftOut, past: false)
                if let (export, albums) = icloud {
                    reportExport(export, of: selection, past: false)
                    planAlbums(albums, owner: albumOwner)
                }
                for (source, reason) in selection.refused + plan.unreadable { Console.out("  would refuse \(source.path): \(reason)") }
            }
            if let takeout {
                let plan = try ImportPlan.takeout(takeout, in: library)
                Console.out(fromTakeout(parts))
                Console.out(plan.summary)
                if let skipped = takeout.skipped.summary { Console.out(skipped) }
                reportSidecars(of: takeout, past: false)
                reportLeftOut(takeout.leftOut, past: false)
                planAlbums(takeout.albums, owner: albumOwner)
                for (source, reason) in takeout.refused + plan.unreadable { Console.out("  would refuse \(source.path): \(reason)") }
            }
        } catch {
            throw CommandFailure(message: "the library cannot be read: \(error)")
        }
        Console.out("Nothing was imported (--dry-run).")
    }

    private static func fromTakeout(_ parts: Int) -> String {
        "From the Takeout (\(parts == 1 ? "1 part" : "\(parts) parts")):"
    }

    /// "Sidecars: 40 of 42 photos and videos had one; 1 had no photo." and each sidecar without one.
    private static func reportSidecars(of takeout: Takeout, past: Bool) {
        let described = takeout.items.count { $0.sidecar != nil }, orphans = takeout.unmatchedSidecars.count
        let have = { (count: Int) in past ? "had" : count == 1 ? "has" : "have" }
        Console.out("Sidecars: \(described) of \(takeout.items.count) photos and videos \(have(takeout.items.count)) one; \(orphans) \(have(orphans)) no photo.")
        for name in takeout.unmatchedSidecars { Console.out("  no photo for \(name)") }
    }

    /// "Albums: 2 would become vacations of anna’s: “Lisbon 2019” (3), “Tram rides” (1)."
    private static func planAlbums(_ albums: [ImportAlbum], owner: Account?) {
        guard !albums.isEmpty else { return }
        let list = albums.map { "“\($0.title)” (\($0.items.count))" }.joined(separator: ", ")
        let whose = owner.map { "would become vacations of \($0.name)’s" } ?? "would become vacations only of an account's (name one with --user)"
        Console.out("Albums: \(albums.count) \(whose): \(list).")
    }

    /// "Left out 2, in the export's trash or archive:" and each with why.
    private static func reportLeftOut(_ leftOut: [(source: ImportSource, reason: String)], past: Bool) {
        guard !leftOut.isEmpty else { return }
        Console.out("\(past ? "Left out" : "Would leave out") \(leftOut.count), in the export's trash or archive:")
        for (source, reason) in leftOut { Console.out("  \(source.path): \(reason)") }
    }

    /// "iCloud export: 40 of 42 photos and videos are in its Photo Details."
    private static func reportExport(_ export: ICloudExport, of selection: ImportSelection, past: Bool) {
        let described = selection.found.count { $0.exportHints != nil }
        Console.out("iCloud export: \(described) of \(selection.found.count) photos and videos \(past ? "were" : "are") in its Photo Details.")
    }

    /// "XMP sidecars: 3 of 10 photos and videos had one; 1 had no photo." and each sidecar without
    /// one, when the files had any.
    private static func reportSidecars(of selection: ImportSelection, past: Bool) {
        let described = selection.found.count { $0.sidecar != nil }, orphans = selection.unmatchedSidecars.count
        guard described + orphans > 0 else { return }
        let have = { (count: Int) in past ? "had" : count == 1 ? "has" : "have" }
        Console.out("XMP sidecars: \(described) of \(selection.found.count) photos and videos \(have(selection.found.count)) one; \(orphans) \(have(orphans)) no photo.")
        for path in selection.unmatchedSidecars { Console.out("  no photo for \(path)") }
    }

    private static func report(_ summary: ImportSummary, skipped: SkippedFiles, run: ImportRunRecorder) {
        if run.continued {
            Console.out("Continued import run \(run.id), which had stopped before its end: \(summary.doneBefore.count) done then were not read again.")
        } else {
            Console.out("Import run \(run.id) (`roadtrip import --undo \(run.id)` undoes it).")
        }
        let kinds = summary.importedKinds.map { " (\($0))" } ?? ""
        Console.out("Imported \(summary.imported.count)\(kinds), already there \(summary.alreadyThere.count), refused \(summary.refused.count).")
        if !summary.filled.isEmpty {
            Console.out("Of those already there, \(summary.filled.count) lacked what their export gives and were given it:")
            for (source, fill) in summary.filled { Console.out("  \(source.path): its \(fill.fields.listedInASentence)") }
        }
        if let skipped = skipped.summary { Console.out(skipped) }
        for (source, warning) in summary.warnings {
            Console.out("  \(source.path): \(warning)")
        }
        for (source, reason) in summary.refused {
            Console.out("  refused \(source.path): \(reason)")
        }
    }
}

/// "[#########-----------]  42/100  3.1 photos/s  0:19 left" redrawn in place on a terminal;
/// elsewhere (a log, a pipe) a plain line every 5 seconds.
final class ProgressBar: Sendable {
    let isTerminal: Bool
    private let lastLine = Mutex<ContinuousClock.Instant?>(nil)

    init(isTerminal: Bool) {
        self.isTerminal = isTerminal
    }

    func show(_ progress: ImportProgress) {
        show(isLast: progress.done == progress.total) { ProgressBar.line(progress, elapsed: ContinuousClock.now - progress.started) }
    }

    /// Draws `line()` if it is due: at most every 100 ms on a terminal, every 5 s elsewhere,
    /// and always the last.
    func show(isLast: Bool, line: () -> String) {
        let due = lastLine.withLock { last in
            let now = ContinuousClock.now
            let interval: Duration = isTerminal ? .milliseconds(100) : .seconds(5)
            guard isLast || last.map({ now - $0 >= interval }) ?? true else { return false }
            last = now
            return true
        }
        guard due else { return }
        if isTerminal {
            FileHandle.standardOutput.write(Data(("\r\u{1B}[K" + line()).utf8))
        } else {
            Console.out(line())
        }
    }

    func finish() {
        if isTerminal { FileHandle.standardOutput.write(Data("\n".utf8)) }
    }

    static func line(_ progress: ImportProgress, elapsed: Duration) -> String {
        let seconds = elapsed.inSeconds
        let rate = seconds > 0 ? Double(progress.done) / seconds : 0
        return "\(bar(progress.done, of: progress.total)) \(progress.done)/\(progress.total)  \(String(format: "%.1f", rate)) photos/s  \(timeLeft(progress.done, of: progress.total, in: seconds))"
    }

    /// `[#########-----------]`, filled as far as `done` is of `total`.
    static func bar<Number: BinaryInteger>(_ done: Number, of total: Number) -> String {
        let width = 24
        let filled = total <= 0 ? width : Int(Double(width) * min(1, Double(done) / Double(total)))
        return "[" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "]"
    }

    /// "0:19 left" at the rate so far.
    static func timeLeft<Number: BinaryInteger>(_ done: Number, of total: Number, in seconds: Double) -> String {
        let rate = seconds > 0 ? Double(done) / seconds : 0
        guard rate > 0 else { return "--:-- left" }
        let left = Int(min(Double(Int32.max), (Double(total - done) / rate).rounded()))
        return String(format: "%d:%02d left", left / 60, left % 60)
    }
}

extension Duration {
    /// The duration as a number of seconds, for rates and the lines people read.
    var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
