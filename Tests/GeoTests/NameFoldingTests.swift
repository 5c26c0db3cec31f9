import Testing
import Geo

@Suite struct NameFoldingTests {
    @Test(arguments: [
        ("São Paulo", "sao paulo"),
        ("Zürich", "zurich"),
        ("  NEW   york ", "new york"),
        ("Saint-Étienne", "saint etienne"),
        ("Straße", "strasse"),
        ("Łódź", "lodz"),
        ("Tromsø", "tromso"),
        ("Ærøskøbing", "aeroskobing"),
        ("Reykjavík", "reykjavik"),
        ("Þingeyri", "thingeyri"),
        ("İstanbul", "istanbul"),
        ("Diyarbakır", "diyarbakir"),
        ("Đà Nẵng", "da nang"),
        ("Île-de-France", "ile de france"),
        ("Washington, D.C.", "washington d c"),
        ("Paris (France) / Île", "paris france ile"),
        ("Ｚürich", "zurich"),
        ("Zu\u{308}rich", "zurich"),
    ])
    func foldRemovesCaseAccentsAndPunctuation(text: String, expected: String) {
        // MUT
        let folded = NameFolding.fold(text)

        // validate
        #expect(folded == expected)
    }

    @Test(arguments: [
        ("Hell's Kitchen", "hells kitchen"),
        ("Hawaiʻi", "hawaii"),
        ("Ra’s al Khaymah", "ras al khaymah"),
        ("‘Abdollāhābād", "abdollahabad"),
    ])
    func foldDropsApostrophesInsteadOfSplittingWords(text: String, expected: String) {
        // MUT
        let folded = NameFolding.fold(text)

        // validate
        #expect(folded == expected)
    }

    @Test(arguments: ["", "   ", "\t\n", "-- / --", "'"])
    func foldOfBlankOrPunctuationOnlyTextIsEmpty(text: String) {
        // MUT
        let folded = NameFolding.fold(text)

        // validate
        #expect(folded.isEmpty)
    }

    @Test func foldKeepsLettersOfOtherScriptsLowercased() {
        // MUT
        let cyrillic = NameFolding.fold("Москва")
        let greek = NameFolding.fold("ΑΘΉΝΑ Πόλις")
        let japanese = NameFolding.fold("東京")

        // validate
        #expect(cyrillic == "москва")
        #expect(greek == "αθηνα πολισ")
        #expect(japanese == "東京")
    }

    @Test func foldIsIdempotent() {
        // setup
        let names = ["São Paulo", "Hell's Kitchen", "  NEW   york ", "Ærøskøbing", "Πόλις"]

        // MUT
        let twice = names.map { NameFolding.fold(NameFolding.fold($0)) }

        // validate
        #expect(twice == names.map(NameFolding.fold))
    }
}
