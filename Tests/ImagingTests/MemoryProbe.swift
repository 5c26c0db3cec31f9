import Foundation
import TestSupport

/// Runs the ImagingProbe executable (built beside the test bundle) and reads what it printed:
/// each file's outcome and the child's own resident memory, so a test bounds what decoding cost
/// without the rest of the test run's memory in the figure.
struct MemoryProbe {
    struct Report {
        /// "ok", or the error's kind and description.
        let results: [String]
        /// Resident KiB before the decodes, the most resident at once during them, and after.
        let baselineKB: Int
        let peakKB: Int
        let afterKB: Int

        var peakOverBaseline: Int { (peakKB - baselineKB) << 10 }
        var afterOverBaseline: Int { (afterKB - baselineKB) << 10 }
    }

    static func run(budgetMB: Int, waitSeconds: Int = 120, check: Bool = false, warmUp: String, _ files: [String]) throws -> Report {
        let arguments =
            ["--budget-mb", "\(budgetMB)", "--wait-s", "\(waitSeconds)", "--warm-up", warmUp] + (check ? ["--check"] : []) + files
        // Its own waits, and minutes more for the decodes on two busy cores: a hang is not waited out.
        let probe = try ChildProcess.run(try BuiltProducts.executable("ImagingProbe"), arguments, within: Double(waitSeconds) + 300)
        guard probe.status == 0 else { throw Failure("the probe exited with \(probe.status): \(probe.standardError)") }
        var results: [String] = []
        var figures: [String: Int] = [:]
        for line in probe.standardOutput.split(separator: "\n") {
            let words = line.split(separator: " ", maxSplits: 2).map(String.init)
            if words.first == "result", words.count == 3 {
                results.append(words[2])
            } else if words.count == 2 {
                figures[words[0]] = Int(words[1])
            }
        }
        guard let baseline = figures["baseline-kb"], let peak = figures["peak-kb"], let after = figures["after-kb"],
            baseline > 0, peak > 0, after > 0
        else { throw Failure("the probe printed no memory figures") }
        return Report(results: results, baselineKB: baseline, peakKB: peak, afterKB: after)
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
