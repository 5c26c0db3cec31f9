/// One parser of bytes that come from outside, as a fuzzer drives it: a function of any bytes
/// that must return (refusing what it cannot read) and never trap, and the seeds a fuzzer
/// starts from — valid inputs made by RoadTrip's own writers, so that they stay valid as the
/// formats change.
public struct FuzzTarget: Sendable {
    /// The target's name: its corpus folder `fuzz/corpus/<name>`, its dictionary `fuzz/dicts/<name>.dict`.
    public let name: String
    /// Feeds one input to the parser. A trap, or a failed check of what the parser promises, is a finding.
    public let run: @Sendable ([UInt8]) -> Void
    /// Named inputs the corpus starts from.
    public let seeds: @Sendable () throws -> [Seed]

    public init(name: String, seeds: @escaping @Sendable () throws -> [Seed], run: @escaping @Sendable ([UInt8]) -> Void) {
        self.name = name
        self.seeds = seeds
        self.run = run
    }

    public struct Seed: Sendable {
        public let name: String
        public let bytes: [UInt8]

        public init(_ name: String, _ bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }

        public init(_ name: String, _ text: String) {
            self.init(name, Array(text.utf8))
        }
    }

    /// Every target, in the order `make fuzz` runs them.
    public static let all: [FuzzTarget] = [
        .multipart, .form, .cookie, .headers,
        .route, .mapQuery,
        .destinationPropertyList, .destinationJSON, .vacationDocument, .vacationRows, .flickr,
        .imageHeader, .exif, .tracks, .videoFacts, .motionParts, .takeout, .exportSidecars,
    ]

    public static func named(_ name: String) -> FuzzTarget? {
        all.first { $0.name == name }
    }
}

extension [UInt8] {
    /// The input cut at line ends (LF, a CR before it dropped), for targets whose input is a few fields.
    var lines: [String] {
        split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
        }
    }
}
