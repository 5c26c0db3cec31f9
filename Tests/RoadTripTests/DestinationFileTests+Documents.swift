import Foundation
import Testing
@testable import RoadTrip

extension DestinationFileTests {
    /// A whole document that is not a catalogue, and the refusal it must cause.
    struct DocumentRefusal: Sendable, CustomTestStringConvertible {
        var document: String
        var line: Int?
        var keyPath: String?
        var reason: String

        var testDescription: String { reason }

        init(_ document: String, line: Int?, at keyPath: String? = nil, _ reason: String) {
            self.document = document
            self.line = line
            self.keyPath = keyPath
            self.reason = reason
        }
    }

    static let deeplyNested = String(repeating: "<array>", count: 40) + String(repeating: "</array>", count: 40)

    static let documentRefusals: [DocumentRefusal] = [
        .init(#"<plist version="1.0">"# + "\n<array/>\n</plist>", line: 2, "the top level must be a dictionary, found an array"),
        .init(
            "<plist>\n<dict><key>DestinationData</key>\n<array/></dict></plist>", line: 3, at: "DestinationData", "holds no destinations"),
        .init(
            "<plist><dict><key>DestinationData</key><string>x</string></dict></plist>", line: 1, at: "DestinationData",
            #"expected an array of destinations, found "x""#),
        .init("<html><body/></html>", line: 1, "not a property list: the document is <html>, not <plist>"),
        .init("<plist>\n</plist>", line: 1, "<plist> holds no value"),
        .init("<plist><dict/>\n<dict/></plist>", line: 2, "<plist> holds more than one value"),
        .init("<plist><array>\n<key>a</key></array></plist>", line: 2, "<key> outside a <dict>"),
        .init("<plist><dict><key>a</key>\n</dict></plist>", line: 1, at: "a", "the <key> has no value"),
        .init("<plist><dict><key>a</key><key>b</key></dict></plist>", line: 1, "two <key>s in a row"),
        .init("<plist><dict>\n<string>a</string></dict></plist>", line: 2, "<string> has no <key> before it"),
        .init("<plist><dict>\noops</dict></plist>", line: 2, "text outside a value"),
        .init("<plist><dict><key>a</key><string>a<b/></string></dict></plist>", line: 1, at: "a", "<b> inside <string>"),
        .init(
            "<plist><dict><key>Deep</key>\(deeplyNested)</dict></plist>", line: 1,
            at: "Deep" + String(repeating: "[0]", count: 30), "values nested too deeply"),
        .init(
            #"<!DOCTYPE plist [<!ENTITY name SYSTEM "file:///etc/hostname">]><plist><string>&name;</string></plist>"#,
            line: nil, "declares XML entities, which a property list never needs"),
        .init("bplist00\u{1}\u{2}", line: nil, "is a binary property list; convert it to XML first (plutil -convert xml1)"),
    ]

    @Test(arguments: documentRefusals)
    func documentThatIsNoCatalogueIsRefused(_ refusal: DocumentRefusal) {
        let error = #expect(throws: DestinationFileError.self) {
            try DestinationFile.parse(Data(refusal.document.utf8), format: .propertyList)
        }
        #expect(error == DestinationFileError(line: refusal.line, keyPath: refusal.keyPath, reason: refusal.reason))
    }

    @Test func externalDocumentTypeIsNeverLoaded() throws {
        // setup: a DTD on disk that would define the entity the document uses.
        let folder = try DestinationSample.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let dtd = folder.appendingPathComponent("leak.dtd")
        try Data(#"<!ENTITY secret "LEAKED">"#.utf8).write(to: dtd)
        let document = "<!DOCTYPE plist SYSTEM \"\(dtd.absoluteString)\">\n<plist><string>&secret;</string></plist>"

        // MUT
        let error = #expect(throws: DestinationFileError.self) {
            try DestinationFile.parse(Data(document.utf8), format: .propertyList)
        }

        // validate
        #expect(error?.line == 2)
        #expect(error?.reason.hasPrefix("not well-formed XML: an entity reference to an entity that is not declared") == true)
    }

    @Test func contentAfterThePlistIsRefusedAsMalformedXML() {
        let error = #expect(throws: DestinationFileError.self) {
            try DestinationFile.parse(Data((DestinationSample.plist() + "<plist/>\n").utf8), format: .propertyList)
        }
        #expect(error?.line == DestinationSample.plist().split(separator: "\n").count + 1)
        #expect(error?.reason.hasPrefix("not well-formed XML: extra content after the end of the document (column ") == true)
    }

    @Test func dataOverTheSizeLimitIsRefusedBeforeParsing() {
        let data = Data(repeating: UInt8(ascii: " "), count: DestinationFile.maximumFileSize + 1)
        let error = #expect(throws: DestinationFileError.self) {
            try DestinationFile.parse(data, format: .propertyList, fileName: "big.plist")
        }
        #expect(
            error == DestinationFileError(fileName: "big.plist", reason: "the file is too large: 8388609 bytes, the limit is 8388608 bytes")
        )
    }

    @Test func fileOverTheSizeLimitIsRefusedAndOneAtTheLimitIsRead() throws {
        // setup: a valid catalogue padded with trailing blanks to exactly the limit, and one byte more.
        let folder = try DestinationSample.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var catalogue = Data(DestinationSample.plist().utf8)
        catalogue.append(Data(repeating: UInt8(ascii: "\n"), count: DestinationFile.maximumFileSize - catalogue.count))
        let atLimit = folder.appendingPathComponent("AtLimit.plist")
        let overLimit = folder.appendingPathComponent("OverLimit.plist")
        try catalogue.write(to: atLimit)
        try (catalogue + Data("\n".utf8)).write(to: overLimit)

        // MUT + validate
        #expect(try DestinationFile.read(contentsOf: atLimit).count == 2)
        let error = #expect(throws: DestinationFileError.self) { try DestinationFile.read(contentsOf: overLimit) }
        #expect(
            error
                == DestinationFileError(
                    fileName: "OverLimit.plist", reason: "the file is too large: more than 8388608 bytes, the limit is 8388608 bytes"
                ))
    }

    @Test func missingFolderEmptyOrUnknownFilesAreRefusedWithAReason() throws {
        // setup
        let folder = try DestinationSample.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = folder.appendingPathComponent("empty")
        let prose = folder.appendingPathComponent("notes.txt")
        try Data(" \n".utf8).write(to: empty)
        try Data("Destinations: New York".utf8).write(to: prose)

        // MUT
        func refusal(_ url: URL) -> DestinationFileError? {
            #expect(throws: DestinationFileError.self) { try DestinationFile.read(contentsOf: url) }
        }

        // validate
        #expect(
            refusal(folder.appendingPathComponent("nowhere.plist"))
                == DestinationFileError(fileName: "nowhere.plist", reason: "no such file"))
        #expect(refusal(folder) == DestinationFileError(fileName: folder.lastPathComponent, reason: "is a folder, not a file"))
        #expect(
            refusal(URL(string: "https://example.com/Destinations.plist")!)
                == DestinationFileError(fileName: "Destinations.plist", reason: "is not a local file (https URL)"))
        #expect(refusal(empty) == DestinationFileError(fileName: "empty", reason: "the file is empty"))
        #expect(
            refusal(prose)
                == DestinationFileError(
                    fileName: "notes.txt", reason: "is neither an XML property list nor JSON (it starts with neither '<' nor '{')"
                ))
    }
}
