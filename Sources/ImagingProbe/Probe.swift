import Foundation
import Imaging
import Synchronization

/// `ImagingProbe --budget-mb N [--wait-s S] [--check] [--warm-up FILE] FILE...`
///
/// Makes a thumbnail of every FILE at once, one thread each, through one `ImageProcessor` with a
/// decode budget of N MiB (or, with `--check`, runs the importer's completeness check). The warm-up
/// file is decoded first so libvips' threads and modules are loaded, then the kernel's peak-RSS
/// mark is reset. Prints `result INDEX ok` or `result INDEX KIND DESCRIPTION` per file, then
/// `baseline-kb`, `peak-kb` (VmHWM: the most resident at once since the reset) and `after-kb`.
enum Probe {
    static func main(_ arguments: [String]) {
        var budget = 1024
        var wait = 30
        var check = false
        var warmUp: String?
        var files: [String] = []
        var rest = arguments.dropFirst().makeIterator()
        while let argument = rest.next() {
            switch argument {
            case "--budget-mb": budget = Int(rest.next() ?? "") ?? budget
            case "--wait-s": wait = Int(rest.next() ?? "") ?? wait
            case "--check": check = true
            case "--warm-up": warmUp = rest.next()
            default: files.append(argument)
            }
        }
        let processor = ImageProcessor(decodeBudget: DecodeBudget(capacity: budget << 20, longestWait: .seconds(wait)))
        if let warmUp { _ = run(processor, warmUp, check: check) }
        resetPeak()
        let baseline = status("VmRSS")
        let results = Results(count: files.count)
        let group = DispatchGroup()
        let checking = check
        for (index, file) in files.enumerated() {
            group.enter()
            Thread.detachNewThread {
                results.set(index, run(processor, file, check: checking))
                group.leave()
            }
        }
        group.wait()
        for (index, line) in results.lines.enumerated() { print("result \(index) \(line)") }
        print("baseline-kb \(baseline)")
        print("peak-kb \(status("VmHWM"))")
        print("after-kb \(status("VmRSS"))")
    }

    static func run(_ processor: ImageProcessor, _ file: String, check: Bool) -> String {
        do {
            if check {
                try processor.checkComplete(fileAt: file)
            } else {
                let output = FileManager.default.temporaryDirectory.path + "/imaging-probe-\(UUID().uuidString).webp"
                defer { try? FileManager.default.removeItem(atPath: output) }
                try processor.makeRendition(.thumbnail, of: file, to: output)
            }
            return "ok"
        } catch {
            return "\(error.kind) \(error.description)"
        }
    }

    /// Writing 5 to clear_refs resets VmHWM to the current RSS (Linux 4.0 and later).
    static func resetPeak() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }

    /// A "kB" line of /proc/self/status.
    static func status(_ field: String) -> Int {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
    }
}

/// One slot per file, written by that file's thread.
final class Results: Sendable {
    private let slots: Mutex<[String]>
    init(count: Int) { slots = Mutex(Array(repeating: "missing", count: count)) }
    func set(_ index: Int, _ line: String) { slots.withLock { $0[index] = line } }
    var lines: [String] { slots.withLock { $0 } }
}
