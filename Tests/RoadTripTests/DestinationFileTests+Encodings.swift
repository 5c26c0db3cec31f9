import Foundation
import Testing
@testable import RoadTrip

/// An entity a catalogue declares is refused whatever encoding the document is in: the parser
/// reads UTF-16 as well as UTF-8, and "Name&x;" would otherwise import as "Name".
extension DestinationFileTests {
    enum Encoding: String, CaseIterable, Sendable {
        case utf8 = "UTF-8", utf16LittleEndian = "UTF-16 LE", utf16BigEndian = "UTF-16 BE"

        /// The document in this encoding, with its byte order mark (none for UTF-8).
        func bytes(_ text: String) -> Data {
            switch self {
            case .utf8: Data(text.utf8)
            case .utf16LittleEndian: Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            case .utf16BigEndian: Data([0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
            }
        }

        var declared: String { self == .utf8 ? "UTF-8" : "UTF-16" }
    }

    /// The sample catalogue in `encoding`, its first destination's name changed by `name`, and
    /// the internal subset `subset` (nothing when empty).
    static func catalogue(in encoding: Encoding, name: String, subset: String) throws -> Data {
        var text = try DestinationSample.plist(replacing: "<string>New York City</string>", with: "<string>\(name)</string>")
        text = text.replacingOccurrences(of: #"encoding="UTF-8""#, with: #"encoding="\#(encoding.declared)""#)
        if !subset.isEmpty {
            text = text.replacingOccurrences(
                of: #""http://www.apple.com/DTDs/PropertyList-1.0.dtd">"#,
                with: #""http://www.apple.com/DTDs/PropertyList-1.0.dtd" [\#(subset)]>"#)
        }
        return encoding.bytes(text)
    }

    @Test(arguments: Encoding.allCases)
    func aCatalogueInAnyEncodingIsRead(encoding: Encoding) throws {
        let records = try DestinationFile.parse(try Self.catalogue(in: encoding, name: "New York Cité", subset: ""), format: .propertyList)
        #expect(records.first?.name == "New York Cité")
    }

    @Test(arguments: Encoding.allCases, [#"<!ENTITY x "">"#, #"<!ENTITY x "Cité">"#, #"<!ENTITY % p "">"#])
    func anEntityDeclaredInAnyEncodingIsRefused(encoding: Encoding, declaration: String) throws {
        // setup
        let document = try Self.catalogue(in: encoding, name: declaration.contains("%") ? "Name" : "Name&x;", subset: declaration)

        // MUT
        let error = #expect(throws: DestinationFileError.self) { try DestinationFile.parse(document, format: .propertyList) }

        // validate
        #expect(error?.reason == "declares XML entities, which a property list never needs", "\(String(describing: error))")
    }
}

extension DestinationFileTests {
    /// Encodings the parser could decode but the entity check does not read: refused, saying so.
    @Test(arguments: [
        Data(#"<?xml version="1.0" encoding="UTF-7"?>+ADw-!ENTITY x ""+AD4-<plist/>"#.utf8),
        Data([0x00, 0x00, 0xFE, 0xFF, 0x00, 0x00, 0x00, 0x3C]),
        Data([0x4C, 0x6F, 0xA7, 0x94, 0x93, 0x40]),
    ])
    func aCatalogueInAnEncodingTheCheckDoesNotReadIsRefused(document: Data) {
        let error = #expect(throws: DestinationFileError.self) { try DestinationFile.parse(document, format: .propertyList) }
        #expect(
            error?.reason.hasPrefix("is in a character encoding RoadTrip does not read; save it as UTF-8 (or UTF-16)") == true,
            "\(String(describing: error))")
    }
}
