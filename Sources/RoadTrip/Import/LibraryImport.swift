import Foundation

/// Why an import could not be done, with the status `roadtrip import` exits with.
public struct ImportFailure: Error, Equatable, CustomStringConvertible {
    public let message: String
    public var status: Int32 = 1

    public init(message: String, status: Int32 = 1) {
        self.message = message
        self.status = status
    }

    public var description: String { message }
}

/// What to import: files and folders (an iCloud export's among them, XMP sidecars beside their
/// photos), a Google Takeout's zip parts, location histories; who imports (noted as the photos'
/// importer, their favourites theirs) and who owns the vacations made of albums; whether the
/// export's trash and archive come too; and whether only the report is wanted.
public struct ImportRequest: Sendable {
    public var paths: [String]
    public var account: Account?
    public var albumOwner: Account?
    public var withTrash = false
    public var withArchive = false
    public var dryRun = false

    public init(
        paths: [String], account: Account?, albumOwner: Account?, withTrash: Bool = false, withArchive: Bool = false, dryRun: Bool = false
    ) {
        (self.paths, self.account, self.albumOwner) = (paths, account, albumOwner)
        (self.withTrash, self.withArchive, self.dryRun) = (withTrash, withArchive, dryRun)
    }
}

/// An import as `roadtrip import` and the owner's Import screen do it, saying what it does a line
/// at a time (`say`; a path that is not there to `warn`): first a report when asked for one
/// (`dryRun`), else the import — each batch an import run (the same import again continues it),
/// its albums vacations, its location history tracks — with its progress, and its summary.
public struct LibraryImport: Sendable {
    public let library: Library
    let workers: Int
    let say: @Sendable (String) -> Void
    let warn: @Sendable (String) -> Void
    let progress: @Sendable (ImportProgress) -> Void
    let finished: @Sendable () -> Void
    let wording: Wording

    /// What is said in the words of where the import was asked for.
    public struct Wording: Sendable {
        /// How a run is undone: "`roadtrip import --undo 3` undoes it".
        let undo: @Sendable (Int64) -> String
        /// The report's last line: "Nothing was imported (--dry-run)."
        let reportOnly: String

        public static let commandLine = Wording(
            undo: { "`roadtrip import --undo \($0)` undoes it" }, reportOnly: "Nothing was imported (--dry-run).")
        public static let importScreen = Wording(
            undo: { _ in "Undo… on the Import screen undoes it" },
            reportOnly: "Nothing was imported yet: this is the report. Import imports it.")
    }

    public init(
        library: Library, workers: Int = ProcessInfo.processInfo.activeProcessorCount + 1, say: @escaping @Sendable (String) -> Void,
        warn: @escaping @Sendable (String) -> Void, progress: @escaping @Sendable (ImportProgress) -> Void = { _ in },
        finished: @escaping @Sendable () -> Void = {}, wording: Wording = .commandLine
    ) {
        (self.library, self.workers, self.say, self.warn, self.progress, self.finished) = (library, workers, say, warn, progress, finished)
        self.wording = wording
    }

    /// Imports (or, for a dry run, reports on) `request`; throws when nothing could be imported,
    /// when the library cannot be read or written, and with status 2 when some files were refused
    /// (the rest are imported).
    public func run(_ request: ImportRequest) throws(ImportFailure) {
        let (account, albumOwner) = (request.account, request.albumOwner)
        // A zip file is a Google Takeout's part (known by its first bytes): all of them are one Takeout.
        let parts = request.paths.filter(Takeout.isZip)
        // A JSON file named is a location history (Records.json, a month of Semantic Location History, Timeline.json).
        let histories = request.paths.filter { !parts.contains($0) && $0.lowercased().hasSuffix(".json") }
        var selection = ImportSelection(paths: request.paths.filter { !parts.contains($0) && !histories.contains($0) })
        let (withTrash, withArchive) = (request.withTrash, request.withArchive)
        // An iCloud Photos export's lists among the folders' files: what they say of each photo, and its albums.
        let icloud = selection.exportFiles.isEmpty ? nil : ICloudExport(files: selection.exportFiles)
        let icloudAlbums = icloud?.apply(to: &selection, withTrash: withTrash, withArchive: withArchive) ?? []
        selection.refused += icloud?.refused ?? []
        for path in selection.missing { warn("\(path): no such file or folder") }
        guard !selection.found.isEmpty || !selection.refused.isEmpty || !selection.leftOut.isEmpty || !parts.isEmpty || !histories.isEmpty
        else {
            if let skipped = selection.skipped.summary { say(skipped) }
            reportSidecars(of: selection, past: false)
            throw ImportFailure(message: selection.missing.isEmpty ? "no photos to import" : "nothing to import")
        }
        let takeout: Takeout?
        do {
            takeout = parts.isEmpty ? nil : try Takeout(parts: parts, for: library.photos)
            takeout?.leaveOut(withTrash: withTrash, withArchive: withArchive)
        } catch {
            throw ImportFailure(message: "the Takeout cannot be read: \(error)", status: 65)
        }
        if request.dryRun {
            try plan(
                selection, icloud: icloud.map { ($0, icloudAlbums) }, takeout: takeout, parts: parts.count, library: library.photos,
                albumOwner: albumOwner)
            let files = histories.count + (takeout?.locationHistories.count ?? 0)
            if files > 0 {
                say(
                    """
                    Location history: \(files) \(files == 1 ? "file" : "files") would become tracks, one a day, placing photos \
                    without a position.
                    """
                )
            }
            return
        }
        let importer = PhotoImporter(library: library.photos, workers: workers)
        var refused = false
        do {
            if !selection.found.isEmpty || !selection.refused.isEmpty || !selection.leftOut.isEmpty {
                let recorder = try library.imports.begin(source: selection.label, key: selection.key, by: account?.id)
                var summary = importer.run(selection.found, by: account?.id, recorder: recorder) { progress($0) }
                finished()
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
                var summary = importer.run(takeout, by: account?.id, in: library.uploadsFolder.path, recorder: recorder) { progress($0) }
                finished()
                summary.refused = takeout.refused + summary.refused
                say(fromTakeout(parts.count))
                report(summary, skipped: takeout.skipped, run: recorder)
                reportSidecars(of: takeout, past: true)
                reportLeftOut(takeout.leftOut, past: true)
                try makeAlbums(takeout.albums, owner: albumOwner, recorder: recorder, library: library)
                try importHistories(takeout.locationHistories, by: account, recorder: recorder, library: library, refused: &refused)
                try recorder.finish(at: library.clock.seconds)
                refused = refused || !summary.refused.isEmpty
            }
            if !histories.isEmpty {
                let files = histories.map { path in
                    (name: path, bytes: { () throws -> [UInt8] in try LocationHistory.bytes(ofFileAt: path) })
                }
                let label = "Location history from " + histories.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")
                let key = ImportRuns.key(
                    of: histories.map { ($0, ((try? FileManager.default.attributesOfItem(atPath: $0)[.size]) as? Int64) ?? -1) })
                let recorder = try library.imports.begin(source: label, key: key, by: account?.id)
                say("Import run \(recorder.id) (\(wording.undo(recorder.id))).")
                try importHistories(files, by: account, recorder: recorder, library: library, refused: &refused)
                try recorder.finish(at: library.clock.seconds)
            }
        } catch let failure as ImportFailure {
            throw failure
        } catch {
            throw ImportFailure(message: "the import could not finish (the same import again continues it): \(error)")
        }
        // Skipped files are not a failure: a photo folder is expected to hold other files.
        if refused || !selection.missing.isEmpty {
            throw ImportFailure(message: "some files were not imported", status: 2)
        }
    }

    /// Location histories made tracks of the run, and photos placed by them: "Location history:
    /// 12 tracks, one a day (12 new); placed 8 photos that had no position."
    private func importHistories(
        _ files: [(name: String, bytes: () throws -> [UInt8])], by account: Account?, recorder: ImportRunRecorder,
        library: Library, refused: inout Bool
    ) throws {
        guard !files.isEmpty else { return }
        let history = try library.imports.importLocationHistory(files, by: account?.id, recorder: recorder)
        if history.tracks > 0 {
            say(
                "Location history: \(history.tracks) \(history.tracks == 1 ? "track" : "tracks"), one a day (\(history.added) new); "
                    + "placed \(history.placed) \(history.placed == 1 ? "photo" : "photos") that had no position.")
        }
        for (source, reason) in history.refused { say("  refused \(source): \(reason)") }
        refused = refused || !history.refused.isEmpty
    }

    /// Makes `albums` vacations of `owner`'s and says so: "Albums: 2 became vacations of anna's:
    /// “Lisbon 2019” (3), “Tram rides (2)” (1)."
    private func makeAlbums(_ albums: [ImportAlbum], owner: Account?, recorder: ImportRunRecorder, library: Library) throws {
        guard !albums.isEmpty else { return }
        guard let owner else {
            say("Albums: \(albums.count) not made into vacations: there is no account to own them (name one with --user).")
            return
        }
        let made = try library.imports.makeVacations(of: albums, for: owner.id, recorder: recorder)
        guard !made.isEmpty else { return }
        reportAlbums(made, owner: owner)
    }

    private func reportAlbums(_ albums: [ImportedAlbum], owner: Account) {
        let list = albums.map { "“\($0.vacation)” (\($0.added))" }.joined(separator: ", ")
        say("Albums: \(albums.count) became \(albums.count == 1 ? "a vacation" : "vacations") of \(owner.name)’s: \(list).")
        for album in albums { if let problem = album.problem { say("  “\(album.vacation)”: \(problem)") } }
    }

    /// `--dry-run`: what the import would bring, what it has already, and what it would leave out
    /// with why; nothing is written.
    private func plan(
        _ selection: ImportSelection, icloud: (ICloudExport, [ImportAlbum])?, takeout: Takeout?, parts: Int, library: PhotoStore,
        albumOwner: Account?
    ) throws(ImportFailure) {
        do {
            if !selection.found.isEmpty || !selection.refused.isEmpty || !selection.leftOut.isEmpty {
                let plan = try ImportPlan.files(selection.found, in: library)
                say(plan.summary)
                if let skipped = selection.skipped.summary { say(skipped) }
                reportSidecars(of: selection, past: false)
                reportLeftOut(selection.leftOut, past: false)
                if let (export, albums) = icloud {
                    reportExport(export, of: selection, past: false)
                    planAlbums(
                        albums, owner: albumOwner, copies: Self.editedCopies(selection.found, names: selection.found.map(\.fileName)))
                }
                for (source, reason) in selection.refused + plan.unreadable { say("  would refuse \(source.path): \(reason)") }
            }
            if let takeout {
                let plan = try ImportPlan.takeout(takeout, in: library)
                say(fromTakeout(parts))
                say(plan.summary)
                if let skipped = takeout.skipped.summary { say(skipped) }
                reportSidecars(of: takeout, past: false)
                reportLeftOut(takeout.leftOut, past: false)
                planAlbums(
                    takeout.albums, owner: albumOwner,
                    copies: Self.editedCopies(
                        takeout.items.map(\.source), names: takeout.items.map(\.member.fileName),
                        folders: takeout.items.map(\.member.folder)))
                for (source, reason) in takeout.refused + plan.unreadable { say("  would refuse \(source.path): \(reason)") }
            }
        } catch {
            throw ImportFailure(message: "the library cannot be read: \(error)")
        }
        say(wording.reportOnly)
    }

    private func fromTakeout(_ parts: Int) -> String {
        "From the Takeout (\(parts == 1 ? "1 part" : "\(parts) parts")):"
    }

    /// "Sidecars: 40 of 42 photos and videos had one; 1 had no photo." and each sidecar without one.
    private func reportSidecars(of takeout: Takeout, past: Bool) {
        let described = takeout.items.count { $0.sidecar != nil }, orphans = takeout.unmatchedSidecars.count
        let have = { (count: Int) in past ? "had" : count == 1 ? "has" : "have" }
        say(
            """
            Sidecars: \(described) of \(takeout.items.count) photos and videos \(have(takeout.items.count)) one; \(orphans) \
            \(have(orphans)) no photo.
            """
        )
        for name in takeout.unmatchedSidecars { say("  no photo for \(name)") }
    }

    /// The edited copies among `sources` that will be one item with their originals: not counted twice.
    private static func editedCopies(_ sources: [ImportSource], names: [String], folders: [String]? = nil) -> Set<String> {
        let folders = folders ?? sources.map { ($0.path as NSString).deletingLastPathComponent }
        return Set(PhotoImporter.editedCopies(names: names, folders: folders).values.map { sources[$0].path })
    }

    /// "Albums: 2 would become vacations of anna’s: “Lisbon 2019” (3), “Tram rides” (1)."
    private func planAlbums(_ albums: [ImportAlbum], owner: Account?, copies: Set<String>) {
        guard !albums.isEmpty else { return }
        let list = albums.map { "“\($0.title)” (\($0.items.count { !copies.contains($0) }))" }.joined(separator: ", ")
        let whose =
            owner.map { "would become \(albums.count == 1 ? "a vacation" : "vacations") of \($0.name)’s" }
            ?? "would become vacations only of an account's (name one with --user)"
        say("Albums: \(albums.count) \(whose): \(list).")
    }

    /// "Left out 2, in the export's trash or archive:" and each with why.
    private func reportLeftOut(_ leftOut: [(source: ImportSource, reason: String)], past: Bool) {
        guard !leftOut.isEmpty else { return }
        say("\(past ? "Left out" : "Would leave out") \(leftOut.count), in the export's trash or archive:")
        for (source, reason) in leftOut { say("  \(source.path): \(reason)") }
    }

    /// "iCloud export: 40 of 42 photos and videos are in its Photo Details."
    private func reportExport(_ export: ICloudExport, of selection: ImportSelection, past: Bool) {
        let described = selection.found.count { $0.exportHints != nil }
        say("iCloud export: \(described) of \(selection.found.count) photos and videos \(past ? "were" : "are") in its Photo Details.")
    }

    /// "XMP sidecars: 3 of 10 photos and videos had one; 1 had no photo." and each sidecar without
    /// one, when the files had any.
    private func reportSidecars(of selection: ImportSelection, past: Bool) {
        let described = selection.found.count { $0.sidecar != nil }, orphans = selection.unmatchedSidecars.count
        guard described + orphans > 0 else { return }
        let have = { (count: Int) in past ? "had" : count == 1 ? "has" : "have" }
        say(
            """
            XMP sidecars: \(described) of \(selection.found.count) photos and videos \(have(selection.found.count)) one; \
            \(orphans) \(have(orphans)) no photo.
            """
        )
        for path in selection.unmatchedSidecars { say("  no photo for \(path)") }
    }

    private func report(_ summary: ImportSummary, skipped: SkippedFiles, run: ImportRunRecorder) {
        if run.continued {
            say(
                """
                Continued import run \(run.id), which had stopped before its end: \(summary.doneBefore.count) done then were not read again.
                """
            )
        } else {
            say("Import run \(run.id) (\(wording.undo(run.id))).")
        }
        let kinds = summary.importedKinds.map { " (\($0))" } ?? ""
        say("Imported \(summary.imported.count)\(kinds), already there \(summary.alreadyThere.count), refused \(summary.refused.count).")
        if !summary.stacked.isEmpty {
            let count = summary.stacked.count
            say(
                "Edited copies: \(count) kept as one item with \(count == 1 ? "its original" : "their originals") "
                    + "(the edited version shown where the library had no original before).")
        }
        if !summary.filled.isEmpty {
            say("Of those already there, \(summary.filled.count) lacked what their export gives and were given it:")
            for (source, fill) in summary.filled { say("  \(source.path): its \(fill.fields.listedInASentence)") }
        }
        if let skipped = skipped.summary { say(skipped) }
        for (source, warning) in summary.warnings {
            say("  \(source.path): \(warning)")
        }
        for (source, reason) in summary.refused {
            say("  refused \(source.path): \(reason)")
        }
    }
}
