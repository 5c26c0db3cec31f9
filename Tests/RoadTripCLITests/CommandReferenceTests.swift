import Foundation
@testable import RoadTripCLI
import Testing

/// `roadtrip --help` and `roadtrip COMMAND --help` are the command reference: every command the
/// CLI knows has its part of the help, and the docs for those who run RoadTrip name each one.
@Suite struct CommandReferenceTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func everyCommandHasItsPartOfTheHelpAndIsNamedInTheDocs() throws {
        let docs = try String(contentsOf: Self.root.appendingPathComponent("docs/running.md"), encoding: .utf8)

        for command in Command.allCases {
            let help = Help.text(of: command)
            let usage = help.split(separator: "\n").filter { $0.hasPrefix("  roadtrip ") }
            #expect(
                !usage.isEmpty
                    && usage.allSatisfy { $0.hasPrefix("  roadtrip \(command.rawValue) ") || $0 == "  roadtrip \(command.rawValue)" },
                "\(command): \(help)")
            #expect(help.contains("The data folder is"), "\(command)'s help ends with where the data is")
            #expect(docs.contains("`roadtrip \(command.rawValue)"), "docs/running.md names roadtrip \(command.rawValue)")
        }
    }
}
