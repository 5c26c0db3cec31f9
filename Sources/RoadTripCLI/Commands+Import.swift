import Foundation
import RoadTrip
import Synchronization

extension Commands {
    /// `roadtrip import PATH...`: photos from files and folders and Google Takeouts, with a
    /// progress bar on a terminal (a line every few seconds otherwise) and a summary at the end;
    /// each batch is an import run (`--runs` lists them, `--undo N` undoes one), and the same
    /// import again after a stop continues its run.
    static func importPhotos(_ arguments: [String]) throws(CommandFailure) {
        let parsed = try parse(
            arguments, values: ["--max-video-size", "--user", "--undo"], flags: ["--dry-run", "--runs", "--with-trash", "--with-archive"])
        let usage =
            "usage: roadtrip import PATH... [--user NAME] [--dry-run] [--with-trash] [--with-archive] [--data DIR] [--max-video-size SIZE]"
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
        let bar = ProgressBar(isTerminal: isatty(STDOUT_FILENO) == 1)
        if !parsed.flags.contains("--dry-run") { PhotoImporter.prepareImportOnlyProcess() }
        let request = ImportRequest(
            paths: parsed.words, account: account, albumOwner: albumOwner, withTrash: parsed.flags.contains("--with-trash"),
            withArchive: parsed.flags.contains("--with-archive"), dryRun: parsed.flags.contains("--dry-run"))
        do {
            try LibraryImport(
                library: library, say: { Console.out($0) }, warn: { Console.error($0) }, progress: { bar.show($0) },
                finished: { bar.finish() }
            )
            .run(request)
        } catch {
            throw CommandFailure(message: error.message, status: error.status)
        }
    }

    /// Who imports (`--user`), and who owns the vacations made of albums: that account, else the
    /// library's first owner; nil, nil without accounts.
    private static func importingAccounts(_ name: String?, library: Library) throws(CommandFailure) -> (Account?, Account?) {
        do {
            if let name {
                guard let account = try library.accounts.account(named: name) else {
                    throw CommandFailure(message: "no account named '\(name)'")
                }
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
                var line = "\(run.id)  \(Self.dateText(run.startedAt))  \(run.source): \(run.counts)"
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
        guard let id = Int64(text), id > 0 else {
            throw CommandFailure(message: "--undo takes an import run's number (`roadtrip import --runs` lists them)", status: 64)
        }
        do {
            Console.out(try library.imports.undo(id).sentence(run: id))
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
        return
            """
            \(bar(progress.done, of: progress.total)) \(progress.done)/\(progress.total)  \(String(format: "%.1f", rate)) photos/s \
             \(timeLeft(progress.done, of: progress.total, in: seconds))
            """
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
