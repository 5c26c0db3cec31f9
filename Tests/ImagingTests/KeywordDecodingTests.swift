import Testing
@testable import Imaging

/// Reading XPKeywords that SyntheticPhoto would never write: broken UTF-16, limits, other formats.
@Suite struct KeywordDecodingTests {
    private func decode(_ value: ExifField.Value) -> [String] {
        let block = ExifEncoding.block(of: [ExifField(.image, ExifTagNumber.xpKeywords, value)])
        return ExifDecoding.metadata(from: block).keywords
    }

    /// UTF-16 code units as little-endian bytes, with no NUL added.
    private func littleEndian(_ units: [UInt16]) -> [UInt8] {
        units.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8($0 >> 8)] }
    }

    private func littleEndian(_ text: String) -> [UInt8] {
        littleEndian(Array(text.utf16))
    }

    @Test func keywordsAreSplitTrimmedAndDeduplicatedIgnoringCase() {
        // setup
        let bytes = littleEndian(" Beach ;SUNSET;;beach; Sunset ;\u{00A0};Dunes") + [0, 0]
        // MUT
        let keywords = decode(.bytes(bytes))
        // validate
        #expect(keywords == ["Beach", "SUNSET", "Dunes"])
    }

    /// Invisible, they would make "gpj.exe" read as "exe.jpg" in a tag list; keywords are cleaned, not refused.
    @Test func textDirectionOverridesAreRemoved() {
        // setup
        let bytes = littleEndian("photo\u{202E}gpj.exe;\u{2067}Lisboa\u{2069};\u{202D}") + [0, 0]
        // MUT
        let keywords = decode(.bytes(bytes))
        // validate
        #expect(keywords == ["photogpj.exe", "Lisboa"])
    }

    @Test func anOddByteCountDropsTheLastByte() {
        // setup
        let bytes = littleEndian("Alps;Lake") + [0x41]
        // MUT
        let keywords = decode(.bytes(bytes))
        // validate
        #expect(keywords == ["Alps", "Lake"])
    }

    @Test func keywordsWithoutATerminatingNULAreRead() {
        // MUT
        let keywords = decode(.bytes(littleEndian("Alps;Lake")))
        // validate
        #expect(keywords == ["Alps", "Lake"])
    }

    @Test func whatFollowsTheNULIsIgnored() {
        // setup
        let bytes = littleEndian("Alps") + [0, 0] + littleEndian(";Leftover")
        // MUT
        let keywords = decode(.bytes(bytes))
        // validate
        #expect(keywords == ["Alps"])
    }

    @Test(
        arguments: [
            ([0xD83D, 0x003B, 0x0041], ["\u{FFFD}", "A"]),  // a high surrogate before ";"
            ([0x0041, 0xDE00, 0x0042], ["A\u{FFFD}B"]),  // a low surrogate alone
            ([0x0041, 0xD83D], ["A\u{FFFD}"]),  // a high surrogate at the end
            ([0xD83D, 0xDE00], ["\u{1F600}"]),  // a proper pair stays one character
        ] as [([UInt16], [String])])
    func unpairedSurrogatesAreReplaced(units: [UInt16], expected: [String]) {
        // MUT
        let keywords = decode(.bytes(littleEndian(units) + [0, 0]))
        // validate
        #expect(keywords == expected)
    }

    @Test func controlCharactersAreRemoved() {
        // setup
        let bytes = littleEndian("Sea\u{7}side;\u{1}\u{1B};Line\nbreak;\u{85}Nel") + [0, 0]
        // MUT
        let keywords = decode(.bytes(bytes))
        // validate
        #expect(keywords == ["Seaside", "Linebreak", "Nel"])
    }

    @Test func atMostFiftyKeywordsAreKept() {
        // setup: repeats do not count towards the limit
        let text = (1...60).map { "k\($0);K\($0)" }.joined(separator: ";")
        // MUT
        let keywords = decode(.bytes(littleEndian(text) + [0, 0]))
        // validate
        #expect(keywords == (1...50).map { "k\($0)" })
    }

    @Test func aLongKeywordIsCutToSixtyCharacters() {
        // setup: a flag is one character of two scalars and four UTF-16 units
        let long = String(repeating: "é", count: 59) + "🇵🇹" + String(repeating: "x", count: 20)
        let spaced = String(repeating: "a", count: 59) + "   b"
        // MUT
        let keywords = decode(.bytes(littleEndian("\(long);\(spaced)") + [0, 0]))
        // validate
        #expect(keywords == [String(repeating: "é", count: 59) + "🇵🇹", String(repeating: "a", count: 59)])
    }

    @Test(arguments: [
        ExifField.Value.bytes([]), .bytes([0, 0]), .bytes([0x3B, 0, 0x20, 0, 0, 0]), .ascii("Alps;Lake"),
        .short(0x41),
    ])
    func anEmptyOrMistypedTagHasNoKeywords(value: ExifField.Value) {
        // MUT
        let keywords = decode(value)
        // validate
        #expect(keywords.isEmpty)
    }

    @Test func undefinedIsReadLikeBytes() {
        // MUT
        let keywords = decode(.undefined(littleEndian("Alps") + [0, 0]))
        // validate
        #expect(keywords == ["Alps"])
    }

    @Test func keywordsOutsideTheMainSectionAreIgnored() {
        // setup
        let field = ExifField(.photo, ExifTagNumber.xpKeywords, .bytes(littleEndian("Alps") + [0, 0]))
        let block = ExifEncoding.block(of: [field])
        // MUT
        let metadata = ExifDecoding.metadata(from: block)
        // validate
        #expect(metadata.keywords.isEmpty)
    }
}
