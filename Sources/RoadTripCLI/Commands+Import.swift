import Foundation
import RoadTrip
import Synchronization

extension Commands {
    /// `roadtrip import PATH...`: photos from files and folders, with a progress bar on a
    /// terminal (a line every few seconds otherwise) and a summary at the end.
    static func importPhotos(_ arguments: [String]) throws(CommandFailure) {
        let parsed = try parse(arguments, values: ["--max-video-size"], flags: ["--dry-run"])
        guard !parsed.words.isEmpty else {
            throw CommandFailure(message: "usage: roadtrip import PATH... [--data DIR] [--max-video-size SIZE] [--dry-run]", status: 64)
        }
        let library = try openLibrary(parsed)
        // A zip file is a Google Takeout's part (known by its first bytes): all of them are one Takeout.
        let parts = parsed.words.filter(Takeout.isZip)
        let selection = ImportSelection(paths: parsed.words.filter { !parts.contains($0) })
        for path in selection.missing { Console.error("\(path): no such file or folder") }
        guard !selection.found.isEmpty || !selection.refused.isEmpty || !parts.isEmpty else {
            if let skipped = selection.skipped.summary { Console.out(skipped) }
            throw CommandFailure(message: selection.missing.isEmpty ? "no photos to import" : "nothing to import")
        }
        let takeout: Takeout?
        do {
            takeout = parts.isEmpty ? nil : try Takeout(parts: parts)
        } catch {
            throw CommandFailure(message: "the Takeout cannot be read: \(error)", status: 65)
        }
        if parsed.flags.contains("--dry-run") {
            try plan(selection, takeout: takeout, parts: parts.count, library: library.photos)
            return
        }
        let bar = ProgressBar(isTerminal: isatty(STDOUT_FILENO) == 1)
        PhotoImporter.prepareImportOnlyProcess()
        let importer = PhotoImporter(library: library.photos)
        var refused = false
        if !selection.found.isEmpty || !selection.refused.isEmpty {
            var summary = importer.run(selection.found) { bar.show($0) }
            bar.finish()
            summary.refused = selection.refused + summary.refused
            report(summary, skipped: selection.skipped)
            refused = !summary.refused.isEmpty
        }
        if let takeout {
            var summary = importer.run(takeout, in: library.uploadsFolder.path) { bar.show($0) }
            bar.finish()
            summary.refused = takeout.refused + summary.refused
            Console.out(fromTakeout(parts.count))
            report(summary, skipped: takeout.skipped)
            reportSidecars(of: takeout, past: true)
            refused = refused || !summary.refused.isEmpty
        }
        // Skipped files are not a failure: a photo folder is expected to hold other files.
        if refused || !selection.missing.isEmpty {
            throw CommandFailure(message: "some files were not imported", status: 2)
        }
    }

    /// `--dry-run`: what the import would bring, what it has already, and what it would leave out
    /// with why; nothing is written.
    private static func plan(_ selection: ImportSelection, takeout: Takeout?, parts: Int, library: PhotoStore) throws(CommandFailure) {
        do {
            if !selection.found.isEmpty || !selection.refused.isEmpty {
                let plan = try ImportPlan.files(selection.found, in: library)
                Console.out(plan.summary)
                if let skipped = selection.skipped.summary { Console.out(skipped) }
                for (source, reason) in selection.refused + plan.unreadable { Console.out("  would refuse \(source.path): \(reason)") }
            }
            if let takeout {
                let plan = try ImportPlan.takeout(takeout, in: library)
                Console.out(fromTakeout(parts))
                Console.out(plan.summary)
                if let skipped = takeout.skipped.summary { Console.out(skipped) }
                reportSidecars(of: takeout, past: false)
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

    private static func report(_ summary: ImportSummary, skipped: SkippedFiles) {
        let kinds = summary.importedKinds.map { " (\($0))" } ?? ""
        Console.out("Imported \(summary.imported.count)\(kinds), already there \(summary.alreadyThere.count), refused \(summary.refused.count).")
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
