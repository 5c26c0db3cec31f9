import Foundation
import Testing
@testable import RoadTrip

extension DestinationFileTests {
    /// Bytes that are not UTF-8 where FoundationXML decodes a name or a comment: it unwrapped
    /// the decoding and stopped the process (found by the destination-plist fuzz target).
    static let notUTF8: [(name: String, bytes: [UInt8])] = [
        (
            "an element name",
            Array(#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>A</key><strin"#.utf8) + [0xFA]
                + Array(">x</string></dict></plist>".utf8)
        ),
        ("a comment", Array(#"<?xml version="1.0"?><plist version="1.0"><!-- caf"#.utf8) + [0xE9] + Array(" --><dict/></plist>".utf8)),
        ("an attribute name", Array("<plist version=\"1.0\"><dict a".utf8) + [0xE9] + Array("=\"1\"/></plist>".utf8)),
        // An encoding libxml2 does not know: it reads the document as UTF-8.
        (
            "an unknown encoding",
            Array(#"<?xml version="1.0" encoding="U"#.utf8) + [0xDA] + Array(#"TF-8"?><plist version="1.0"><strin"#.utf8)
                + [0xFA] + Array(">x</string></plist>".utf8)
        ),
        (
            "a malformed encoding declaration",
            Array(#"<?xml version="1.0" encoding=ISO-8859-1"UTF-8"?><plist version="1.0"><ar"#.utf8) + [0xCD]
                + Array("ray/></plist>".utf8)
        ),
        (
            "Latin-1",
            Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><plist version="1.0"><string>caf"#.utf8) + [0xE9]
                + Array("</string></plist>".utf8)
        ),
        (
            "an encoding libxml2 lacks",
            Array(#"<?xml version="1.0" encoding="X-ROADTRIP"?><plist version="1.0"><!-- caf"#.utf8) + [0xE9]
                + Array(" --><dict/></plist>".utf8)
        ),
    ]

    @Test(arguments: ["an element name", "a comment", "an attribute name", "a malformed encoding declaration", "Latin-1"])
    func aPropertyListThatIsNotUTF8IsRefusedNamingTheByte(_ name: String) throws {
        // setup
        let bytes = try #require(Self.notUTF8.first { $0.name == name }).bytes

        // MUT
        let error = #expect(throws: DestinationFileError.self) { try DestinationFile.parse(Data(bytes), format: .propertyList) }

        // validate
        let offset = try #require(bytes.firstIndex { $0 >= 0x80 })
        #expect(error?.reason == "is not UTF-8 text: byte \(offset) is not part of a character")
    }

    /// A declared encoding RoadTrip does not read is refused before its text is looked at, and
    /// named only when the name is plain ASCII.
    @Test(arguments: [("an unknown encoding", ""), ("an encoding libxml2 lacks", " (it says X-ROADTRIP)")])
    func aDeclaredEncodingRoadTripDoesNotReadIsRefused(_ name: String, _ named: String) throws {
        // setup
        let bytes = try #require(Self.notUTF8.first { $0.name == name }).bytes

        // MUT
        let error = #expect(throws: DestinationFileError.self) { try DestinationFile.parse(Data(bytes), format: .propertyList) }

        // validate
        #expect(error?.reason == "is in a character encoding RoadTrip does not read; save it as UTF-8 (or UTF-16)" + named)
    }

    /// FoundationXML read a processing instruction without data from a null pointer and crashed
    /// (found by the destination-plist fuzz target); a UTF-16 document's entities passed a check
    /// made on its bytes as UTF-8.
    @Test(arguments: [
        (
            "<?xml version=\"1.0\"?><?x?><plist version=\"1.0\"><dict/></plist>",
            "holds an XML processing instruction (<?…?>), which a property list never has"
        ),
        (
            "<plist version=\"1.0\"><dict/><?php echo 1 ?></plist>",
            "holds an XML processing instruction (<?…?>), which a property list never has"
        ),
        (
            "<?xmlvF-81?>\n<plist version=\"1.0\"><dict/></plist>",
            "holds an XML processing instruction (<?…?>), which a property list never has"
        ),
        (
            "<?xml version=\"1.0\"\n<plist version=\"1.0\"><dict><key>a</<?xmlAv?></plist>",
            "holds an XML processing instruction (<?…?>), which a property list never has"
        ),
        (
            "<?xml version=\"1.0\"?><!DOCTYPE plist [<!ENTITY x \"y\">]><plist version=\"1.0\"><string>&x;</string></plist>",
            "declares XML entities, which a property list never needs"
        ),
    ])
    func whatFoundationXMLCannotReadIsRefusedInUTF8AndUTF16(_ document: String, _ reason: String) throws {
        // setup
        let utf16 = Data([0xFF, 0xFE] + document.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })

        // MUT
        let refusals = [Data(document.utf8), utf16].map { data in
            #expect(throws: DestinationFileError.self) { try DestinationFile.parse(data, format: .propertyList) }?.reason
        }

        // validate
        #expect(refusals == [reason, reason])
    }
}

extension DestinationFileTests {
    /// A document declaring UTF-16 in ASCII may be read as UTF-16 from the declaration on, where
    /// `<\0?\0x\0?\0>\0` is an instruction FoundationXML crashes on: declared so, it is refused
    /// for its encoding; undeclared, for its NUL, which is never XML text.
    @Test func aNULByteIsRefusedAsNotText() throws {
        // setup
        let declared = Array(#"<?xml version="1.0" encoding="UTF-16"?>"#.utf8) + "<?x?><plist/>".utf8.flatMap { [$0, 0] }
        let undeclared = Array(#"<?xml version="1.0"?>"#.utf8) + "<?x?><plist/>".utf8.flatMap { [$0, 0] }

        // MUT
        let refusals = [declared, undeclared].map { bytes in
            #expect(throws: DestinationFileError.self) { try DestinationFile.parse(Data(bytes), format: .propertyList) }?.reason
        }

        // validate
        #expect(
            refusals == [
                "is in a character encoding RoadTrip does not read; save it as UTF-8 (or UTF-16) (it says UTF-16)",
                "is not UTF-8 text: byte 22 is a NUL",
            ])
    }
}
