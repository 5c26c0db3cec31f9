import Foundation
import TestSupport
import Testing

/// The `roadtrip` executable, run as a person runs it.
@Suite struct CommandLineTests {
    let scratch: TemporaryFolder

    init() throws {
        scratch = try TemporaryFolder("roadtrip-cli-tests")
    }

    func run(_ arguments: String..., environment: [String: String] = [:]) throws -> CommandResult {
        try RoadTripProcess.run(arguments, environment: environment, scratch: scratch.url)
    }

    /// A catalogue file in the book's format, with one destination per name.
    func catalogue(_ names: [String], badLatitudeIn badName: String? = nil) throws -> URL {
        var entries = ""
        for name in names {
            entries += """
                    <dict>
                        <key>DestinationName</key>
                        <string>\(name)</string>
                        <key>DestinationImage</key>
                        <string>\(name).svg</string>
                        <key>DestinationLocation</key>
                        <dict>
                            <key>Title</key>
                            <string>\(name)</string>
                            <key>Subtitle</key>
                            <string>\(name) subtitle</string>
                            <key>Latitude</key>
                            \(name == badName ? "<string>north</string>" : "<real>41.8781</real>")
                            <key>Longitude</key>
                            <real>-87.6298</real>
                        </dict>
                        <key>Events</key>
                        <array>
                            <string>https://example.com/\(name)/events</string>
                        </array>
                        <key>POIs</key>
                        <array/>
                        <key>Weather</key>
                        <string>https://example.com/\(name)/weather</string>
                    </dict>

                """
        }
        let text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
                <key>DestinationData</key>
                <array>
            \(entries)    </array>
            </dict>
            </plist>

            """
        let file = scratch.url.appendingPathComponent("catalogue-\(UUID().uuidString).plist")
        try Data(text.utf8).write(to: file)
        return file
    }

    /// The 1-based line of the first line of `file` containing `text`.
    private func line(of text: String, in file: URL) throws -> Int {
        let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.contains(text) })
        return index + 1
    }

    // MARK: help, version, usage errors

    @Test func versionPrintsNameAndVersion() throws {
        // MUT
        let result = try run("--version")

        // validate
        #expect(result.status == 0)
        #expect(result.standardOutput.contains(#/^roadtrip [0-9]+\.[0-9]+\.[0-9]+\n$/#), "\(result.standardOutput)")
        #expect(result.standardError.isEmpty)
    }

    @Test func helpNamesTheCommandsAndTheDataOption() throws {
        // MUT
        let result = try run("--help")

        // validate
        #expect(result.status == 0)
        for text in ["roadtrip serve", "destinations import", "destinations list", "--data", "--port", "--host", "ROADTRIP_DATA"] {
            #expect(result.standardOutput.contains(text), "help does not mention \(text)")
        }
        #expect(result.standardError.isEmpty)
    }

    @Test func aCommandsHelpIsItsPartOfTheHelp() throws {
        // MUT
        let result = try run("vacation", "--help")

        // validate
        #expect(result.status == 0 && result.standardError.isEmpty)
        #expect(result.standardOutput.hasPrefix("Usage:\n  roadtrip vacation import FILE"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("roadtrip vacation book ID") && !result.standardOutput.contains("roadtrip serve"))
    }

    @Test(arguments: [
        ["--frobnicate"],
        ["serve", "--frobnicate"],
        ["serve", "--frobnicate=1"],
        ["destinations", "list", "--frobnicate"],
    ])
    func anUnknownFlagIsAUsageErrorNamingIt(arguments: [String]) throws {
        // MUT
        let result = try RoadTripProcess.run(arguments, scratch: scratch.url)

        // validate
        #expect(result.status == 64)
        #expect(result.standardErrorLines.count == 1, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("roadtrip: "))
        #expect(result.standardError.contains("--frobnicate"))
        #expect(result.standardOutput.isEmpty)
        #expect(
            !FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("home/.local/share/roadtrip").path),
            "a refused command touches no data folder")
    }

    @Test(arguments: [["--version", "--frobnicate"], ["--help", "--frobnicate"]])
    func anUnknownFlagAfterVersionOrHelpIsRefusedToo(arguments: [String]) throws {
        // MUT
        let result = try RoadTripProcess.run(arguments, scratch: scratch.url)

        // validate
        #expect(result.status == 64, "stdout: \(result.standardOutput)")
        #expect(result.standardErrorLines.count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("--frobnicate"))
    }

    @Test func anUnknownCommandIsAUsageError() throws {
        // MUT
        let result = try run("fly", "--data", scratch.url.appendingPathComponent("data").path)

        // validate
        #expect(result.status == 64)
        #expect(result.standardErrorLines == ["roadtrip: unknown command 'fly' (see roadtrip --help)"])
    }

    @Test func anOptionWithoutItsValueIsAUsageError() throws {
        // MUT
        let result = try run("destinations", "list", "--data")

        // validate
        #expect(result.status == 64)
        #expect(result.standardErrorLines == ["roadtrip: --data needs a value"])
    }

    // MARK: destinations

    @Test func importingAValidFileAddsItsDestinationsToTheList() throws {
        // setup: the pictures the catalogue names are in place, so there is nothing to warn about
        let data = scratch.url.appendingPathComponent("data").path
        let file = try catalogue(["Chicago", "Denver"])
        let images = URL(fileURLWithPath: data).appendingPathComponent("destination-images")
        try FileManager.default.createDirectory(at: images, withIntermediateDirectories: true)
        for name in ["Chicago", "Denver"] { try Data("<svg/>".utf8).write(to: images.appendingPathComponent("\(name).svg")) }

        // MUT
        let imported = try run("destinations", "import", file.path, "--data", data)
        let listed = try run("destinations", "list", "--data", data)

        // validate
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(imported.standardOutput == "Added 2: Chicago, Denver\n")
        #expect(imported.standardError.isEmpty)
        #expect(listed.status == 0)
        #expect(listed.standardOutput == "1\tChicago\tChicago subtitle\t1 events\n2\tDenver\tDenver subtitle\t1 events\n")
    }

    @Test func importingTheSameCatalogueAsJSONWorksToo() throws {
        // setup
        let data = scratch.url.appendingPathComponent("data").path
        let file = scratch.url.appendingPathComponent("Destinations.json")
        let json = """
            {"DestinationData": [{
                "DestinationName": "Reykjavík", "DestinationImage": "Reykjavik.svg",
                "DestinationLocation": {"Title": "Reykjavík", "Subtitle": "Iceland", "Latitude": 64.1466, "Longitude": -21.9426},
                "Events": ["https://example.com/events"], "POIs": [], "Weather": "https://example.com/weather"
            }]}
            """
        try Data(json.utf8).write(to: file)

        // MUT
        let imported = try run("destinations", "import", file.path, "--data", data)

        // validate
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(try run("destinations", "list", "--data", data).standardOutput == "1\tReykjavík\tIceland\t1 events\n")
    }

    @Test func importingAgainReplacesAndSaysSo() throws {
        // setup
        let data = scratch.url.appendingPathComponent("data").path
        let file = try catalogue(["Chicago"])
        try #require(try run("destinations", "import", file.path, "--data", data).status == 0)

        // MUT
        let again = try run("destinations", "import", file.path, "--data", data)

        // validate
        #expect(again.status == 0)
        #expect(again.standardOutput == "Replaced 1: Chicago\n")
        #expect(try run("destinations", "list", "--data", data).standardOutput.components(separatedBy: "\n").count == 2)
    }

    @Test func aBadFileIsRefusedWithItsLineAndKeyAndChangesNothing() throws {
        // setup
        let data = scratch.url.appendingPathComponent("data").path
        try #require(try run("destinations", "import", try catalogue(["Chicago"]).path, "--data", data).status == 0)
        let before = try run("destinations", "list", "--data", data)
        let bad = try catalogue(["Denver", "Boston"], badLatitudeIn: "Boston")
        let badLine = try line(of: "<string>north</string>", in: bad)

        // MUT
        let result = try run("destinations", "import", bad.path, "--data", data)

        // validate
        #expect(result.status == 1)
        #expect(result.standardErrorLines.count == 1, "\(result.standardError)")
        let message = result.standardError
        #expect(message.hasPrefix("roadtrip: \(bad.lastPathComponent), line \(badLine): "), "\(message)")
        #expect(message.contains("DestinationData[1].DestinationLocation.Latitude"), "\(message)")
        #expect(message.contains("nothing was imported"), "\(message)")
        #expect(result.standardOutput.isEmpty)
        let after = try run("destinations", "list", "--data", data)
        #expect(after.standardOutput == before.standardOutput)
        #expect(!after.standardOutput.contains("Denver"))
    }

    @Test func aMissingFileIsRefusedInOneLine() throws {
        // MUT
        let result = try run(
            "destinations", "import", scratch.url.appendingPathComponent("nope.plist").path,
            "--data", scratch.url.appendingPathComponent("data").path)

        // validate
        #expect(result.status == 1)
        #expect(result.standardErrorLines == ["roadtrip: nope.plist: no such file; nothing was imported"])
    }

    @Test func theDataFolderComesFromRoadTripDataWithoutDataOption() throws {
        // setup
        let data = scratch.url.appendingPathComponent("from-environment")
        let file = try catalogue(["Chicago"])

        // MUT
        let imported = try run("destinations", "import", file.path, environment: ["ROADTRIP_DATA": data.path])

        // validate
        #expect(imported.status == 0, "\(imported.standardError)")
        #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("library.sqlite").path))
        #expect(try run("destinations", "list", "--data", data.path).standardOutput.contains("Chicago"))
        #expect(try run("destinations", "list", environment: ["ROADTRIP_DATA": data.path]).standardOutput.contains("Chicago"))
        #expect(!FileManager.default.fileExists(atPath: scratch.url.appendingPathComponent("home/.local/share/roadtrip").path))
    }

    @Test func dataOptionWinsOverRoadTripData() throws {
        // setup
        let option = scratch.url.appendingPathComponent("option")
        let environment = scratch.url.appendingPathComponent("environment")

        // MUT
        let imported = try run(
            "destinations", "import", try catalogue(["Chicago"]).path, "--data", option.path,
            environment: ["ROADTRIP_DATA": environment.path])

        // validate
        #expect(imported.status == 0)
        #expect(try run("destinations", "list", "--data", option.path).standardOutput.contains("Chicago"))
        #expect(!FileManager.default.fileExists(atPath: environment.path))
    }
}
