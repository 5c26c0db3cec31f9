import Foundation
import HTTPServer
import RoadTrip
import RoadTripWeb

/// A failure to tell the person in one line, and the exit status to leave with.
struct CommandFailure: Error {
    let message: String
    var status: Int32 = 1
}

/// The commands `roadtrip` knows: each has its part of the help (`roadtrip COMMAND --help`), and
/// the docs name every one (a test reads them).
enum Command: String, CaseIterable {
    case serve, destinations, `import`, vacation, user, check, backup, restore, tracks, trips, migrate
}

enum Commands {
    static func run(_ arguments: [String]) throws(CommandFailure) {
        guard let first = arguments.first else {
            Console.out(Help.text)
            return
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--help", "-h", "help":
            try refuseExtra(rest)
            Console.out(Help.text)
            return
        case "--version":
            try refuseExtra(rest)
            Console.out(Help.version)
            return
        default: break
        }
        guard let command = Command(rawValue: first) else {
            if first.hasPrefix("-") { throw CommandFailure(message: "unknown option '\(first)' (see roadtrip --help)", status: 64) }
            throw CommandFailure(message: "unknown command '\(first)' (see roadtrip --help)", status: 64)
        }
        // `roadtrip COMMAND --help`: that command's part of the help.
        if rest.contains("--help") || rest.contains("-h") {
            Console.out(Help.text(of: command))
            return
        }
        switch command {
        case .serve: try serve(rest)
        case .destinations: try destinations(rest)
        case .user: try user(rest)
        case .import: try importPhotos(rest)
        case .vacation: try vacation(rest)
        case .migrate: try migrate(rest)
        case .check: try check(rest)
        case .backup: try backup(rest)
        case .restore: try restore(rest)
        case .tracks: try tracks(rest)
        case .trips: try trips(rest)
        }
    }

    private static func refuseExtra(_ arguments: [String]) throws(CommandFailure) {
        guard let extra = arguments.first else { return }
        let kind = extra.hasPrefix("-") ? "unknown option" : "unexpected argument"
        throw CommandFailure(message: "\(kind) '\(extra)' (see roadtrip --help)", status: 64)
    }

    static func parse(_ arguments: [String], values: Set<String>, flags: Set<String> = []) throws(CommandFailure) -> Arguments {
        do {
            return try Arguments(arguments, valueOptions: values.union(["--data", "--database"]), flagOptions: flags)
        } catch {
            throw CommandFailure(message: error.description, status: 64)
        }
    }

    /// - readers: connections for reads at once (SQLite's readers; PostgreSQL's pool, one more for a write).
    static func openLibrary(_ arguments: Arguments, readers: (LibraryDatabase) -> Int = { _ in 4 }) throws(CommandFailure) -> Library {
        let folder = arguments.options["--data"].map { URL(fileURLWithPath: $0) } ?? Library.defaultFolder()
        let video = try videoOptions(arguments)
        do {
            let database = try LibraryDatabase.chosen(option: arguments.options["--database"])
            return try Library(
                folder: folder, database: database, readers: readers(database),
                hasher: .forCommands(environment: ProcessInfo.processInfo.environment), video: video)
        } catch {
            throw CommandFailure(message: error.description)
        }
    }

    /// `--max-video-size` (bytes, or with K, M or G: "500M", "4G") and `--video-jobs N`, where a
    /// command takes them; the defaults otherwise.
    static func videoOptions(_ arguments: Arguments) throws(CommandFailure) -> VideoOptions {
        var options = VideoOptions()
        if let text = arguments.options["--max-video-size"] {
            guard let bytes = byteCount(text), bytes >= 1 << 20, bytes <= 1 << 40 else {
                throw CommandFailure(
                    message: "--max-video-size must be a size from 1M to 1024G (such as 500M or 4G), not '\(text)'", status: 64)
            }
            options.maximumSize = bytes
        }
        if let text = arguments.options["--video-jobs"] {
            guard let jobs = Int(text), (1...16).contains(jobs) else {
                throw CommandFailure(message: "--video-jobs must be a number from 1 to 16, not '\(text)'", status: 64)
            }
            options.jobs = jobs
        }
        return options
    }

    /// "4G" → 4 GiB, "500M", "100K", "1048576"; nil for anything else.
    static func byteCount(_ text: String) -> UInt64? {
        let units: [Character: UInt64] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30]
        let upper = text.uppercased()
        let (digits, unit) = upper.last.flatMap { units[$0] }.map { (String(upper.dropLast()), $0) } ?? (upper, 1)
        guard !digits.isEmpty, digits.count <= 13, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), let value = UInt64(digits)
        else { return nil }
        let (bytes, overflow) = value.multipliedReportingOverflow(by: unit)
        return overflow ? nil : bytes
    }
}
