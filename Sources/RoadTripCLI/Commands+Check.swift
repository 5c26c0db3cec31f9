import Foundation
import RoadTrip

extension Commands {
    /// `roadtrip check [--hashes] [--fix]`: what a crash or a killed instance could have left
    /// inconsistent. Exit status 1 when a problem is found; notes and repairs (each printed,
    /// the library is right once they are made) leave it 0. `--fix` also files photos in the
    /// country they were taken in (without it, their number is a note).
    static func check(_ arguments: [String]) throws(CommandFailure) {
        let parsed = try parse(arguments, values: [], flags: ["--hashes", "--fix"])
        guard parsed.words.isEmpty else { throw CommandFailure(message: "usage: roadtrip check [--hashes] [--fix]", status: 64) }
        let library = try openLibrary(parsed)
        let report: LibraryCheckReport
        do {
            report = try library.check(hashes: parsed.flags.contains("--hashes"), fix: parsed.flags.contains("--fix"))
        } catch {
            throw CommandFailure(message: "cannot check the library: \(error)")
        }
        for note in report.notes { Console.out("note: \(note)") }
        for repair in report.repairs { Console.out("repaired: \(repair)") }
        for problem in report.problems { Console.out("problem: \(problem)") }
        let checked = "\(report.photos) photos\(parsed.flags.contains("--hashes") ? " (with their bytes)" : "")"
        guard report.problems.isEmpty else {
            throw CommandFailure(message: "\(report.problems.count) problems found in \(checked)")
        }
        let repaired = report.repairs.isEmpty ? "" : " (once \(report.repairs.count) repaired)"
        Console.out("Checked \(checked), their places, the files and the jobs: nothing is inconsistent\(repaired).")
    }
}
