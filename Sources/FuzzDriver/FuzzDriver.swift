import Foundation
import FuzzTargets

/// The plain front end of the fuzz targets. A libFuzzer build renames this entry point
/// (`-entry-point-function-name`), so libFuzzer's own main runs instead and calls LibFuzzerEntry.
///
///     FuzzDriver corpus DIR          every target over each file of DIR/<target>/, once (`make test`)
///     FuzzDriver run TARGET FILE...  one target over the files given (replays a crash without sanitizers)
///     FuzzDriver seeds DIR           writes each target's seeds to DIR/<target>/seed-<name>
///     FuzzDriver list                the targets' names
@main
enum FuzzDriver {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        switch arguments.first {
        case "corpus" where arguments.count == 2:
            runCorpus(arguments[1])
        case "run" where arguments.count >= 3:
            guard let target = FuzzTarget.named(arguments[1]) else { fail("no target is called \(arguments[1])") }
            for path in arguments.dropFirst(2) {
                // On stderr, unbuffered: the input a trap stops at is the last one named.
                FileHandle.standardError.write(Data("\(target.name): \(path)\n".utf8))
                target.run(read(path))
            }
        case "seeds" where arguments.count == 2:
            writeSeeds(arguments[1])
        case "list" where arguments.count == 1:
            for target in FuzzTarget.all { print(target.name) }
        default:
            fail("usage: FuzzDriver corpus DIR | run TARGET FILE... | seeds DIR | list")
        }
    }
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("FuzzDriver: \(message)\n".utf8))
    exit(1)
}

func files(in folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(folder)/\($0)" }
}

func read(_ path: String) -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
    return Array(data)
}

/// Each target over its corpus folder: every target has one with at least one input, and
/// every folder is a target's, so a target cannot be left out nor a folder go stale.
func runCorpus(_ root: String) {
    let folders = Set(((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).filter { !$0.hasPrefix(".") })
    let names = Set(FuzzTarget.all.map(\.name))
    if let stray = folders.subtracting(names).sorted().first { fail("\(root)/\(stray) is no target's corpus") }
    var total = 0
    let started = Date()
    for target in FuzzTarget.all {
        let inputs = files(in: "\(root)/\(target.name)")
        guard !inputs.isEmpty else { fail("\(root)/\(target.name) holds no inputs (scripts/make-fuzz-corpus.sh writes the seeds)") }
        for input in inputs { target.run(read(input)) }
        total += inputs.count
    }
    print(
        """
        Fuzz corpus: \(FuzzTarget.all.count) targets over \(total) inputs in \
        \(String(format: "%.1f", Date().timeIntervalSince(started))) s, none crashed.
        """
    )
}

func writeSeeds(_ root: String) {
    for target in FuzzTarget.all {
        let folder = "\(root)/\(target.name)"
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for old in files(in: folder) where URL(fileURLWithPath: old).lastPathComponent.hasPrefix("seed-") {
                try FileManager.default.removeItem(atPath: old)
            }
            let seeds = try target.seeds()
            for seed in seeds { try Data(seed.bytes).write(to: URL(fileURLWithPath: "\(folder)/seed-\(seed.name)")) }
            print("\(target.name): \(seeds.count) seeds, \(seeds.reduce(0) { $0 + $1.bytes.count }) bytes")
        } catch {
            fail("cannot write the seeds of \(target.name): \(error)")
        }
    }
}
