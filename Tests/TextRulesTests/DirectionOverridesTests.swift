import Testing
import TextRules

@Suite struct DirectionOverridesTests {
    /// Every one of the nine, and the neighbours on either side of each range that are not overrides.
    @Test func theNineOverridesAreFoundAndTheirNeighboursAreNot() {
        let overrides: [UInt32] = [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]
        let neighbours: [UInt32] = [0x2029, 0x202F, 0x2065, 0x206A, 0x200E, 0x200F]
        for value in overrides { #expect(DirectionOverrides.found(in: "a\(Character(Unicode.Scalar(value)!))b"), "U+\(value)") }
        for value in neighbours { #expect(!DirectionOverrides.found(in: "a\(Character(Unicode.Scalar(value)!))b"), "U+\(value)") }
    }

    @Test func removingKeepsEverythingElseInOrder() {
        #expect(DirectionOverrides.removed(from: "photo\u{202E}gpj.exe") == "photogpj.exe")
        #expect(DirectionOverrides.removed(from: "\u{2067}Lisboã\u{2069} 🇵🇹") == "Lisboã 🇵🇹")
        #expect(DirectionOverrides.removed(from: "plain") == "plain")
        #expect(DirectionOverrides.removed(from: "\u{202D}\u{202C}") == "")
    }
}
