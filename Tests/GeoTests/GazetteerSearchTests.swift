import Testing
import Geo

@Suite struct GazetteerSearchTests {
    private let gazetteer = Gazetteer(places: [
        place(1, "Renew", 1, 1, population: 10_000_000),
        place(2, "Newark", 2, 2, population: 300_000),
        place(3, "Little New Town", 3, 3, population: 50_000),
        place(4, "New York", 4, 4, population: 8_000_000),
        place(5, "Newport", 5, 5, population: 300_000),
        place(6, "Old Trafford", 6, 6, population: 20_000),
        place(7, "Banana", 7, 7, population: 900_000),
        place(8, "Santa Ana", 8, 8, population: 300_000),
        place(9, "São Tomé", 9, 9, population: 70_000),
    ])

    @Test func prefixMatchesComeBeforeWordMatchesBeforeSubstringsWhateverTheirPopulation() {
        // MUT
        let found = gazetteer.search("new")

        // validate
        #expect(found.map(\.name) == ["New York", "Newark", "Newport", "Little New Town", "Renew"])
    }

    @Test func populationOrdersMatchesOfTheSameKindAndFileOrderBreaksEqualPopulations() {
        // MUT
        let found = gazetteer.search("newp") + gazetteer.search("ne")

        // validate: Newark and Newport have the same population; Newark was given first
        #expect(found.map(\.name) == ["Newport", "New York", "Newark", "Newport", "Little New Town", "Renew"])
    }

    @Test func aLaterOccurrenceThatStartsAWordCountsAsAWordMatch() {
        // MUT: "santa ana" contains "ana" first inside "santa", then as the second word
        let found = gazetteer.search("ana")

        // validate
        #expect(found.map(\.name) == ["Santa Ana", "Banana"])
    }

    @Test func accentsCaseAndSpacingAreIgnoredOnBothSides() {
        // MUT
        let plain = gazetteer.search("sao tome")
        let accented = gazetteer.search("  SÃO   TOMÉ ")
        let multiword = gazetteer.search("New Y")

        // validate
        #expect(plain.map(\.name) == ["São Tomé"])
        #expect(accented.map(\.name) == ["São Tomé"])
        #expect(multiword.map(\.name) == ["New York"])
    }

    @Test func theLimitCapsTheResults() {
        // MUT
        let two = gazetteer.search("new", limit: 2)
        let none = gazetteer.search("new", limit: 0)
        let many = gazetteer.search("a", limit: 100)

        // validate
        #expect(two.map(\.name) == ["New York", "Newark"])
        #expect(none.isEmpty)
        #expect(many.map(\.name) == ["Santa Ana", "Banana", "Newark", "São Tomé", "Old Trafford"])
    }

    @Test(arguments: ["", "   ", "\t", "--", "'"])
    func aBlankQueryFindsNothing(query: String) {
        // MUT
        let found = gazetteer.search(query)

        // validate
        #expect(found.isEmpty)
    }

    @Test func aQueryMatchingNoNameFindsNothing() {
        // MUT
        let found = gazetteer.search("atlantis")

        // validate
        #expect(found.isEmpty)
    }

    @Test func saoPauloWithoutAccentsFindsTheBrazilianCityFirst() throws {
        // setup
        let gazetteer = try Bundled.gazetteer.get()

        // MUT
        let plain = gazetteer.search("sao paulo")
        let accented = gazetteer.search("São Paulo", limit: 3)

        // validate
        #expect(plain.first?.id == 3_448_439)
        #expect(plain.first?.name == "São Paulo")
        #expect(plain.first?.country == "Brazil")
        #expect(plain.count > 1)
        #expect(plain.count <= 20)
        #expect(accented.map(\.id) == Array(plain.prefix(3)).map(\.id))
    }

    @Test func zurichInCapitalsFindsZurich() throws {
        // setup
        let gazetteer = try Bundled.gazetteer.get()

        // MUT
        let found = gazetteer.search("ZURICH")

        // validate
        #expect(found.first?.name == "Zürich")
        #expect(found.first?.country == "Switzerland")
    }

    @Test func newYorkFindsTheCityBeforeItsNeighbourhoods() throws {
        // setup
        let gazetteer = try Bundled.gazetteer.get()

        // MUT
        let found = gazetteer.search("new york", limit: 5)

        // validate
        #expect(found.first?.name == "New York City")
        #expect(found.first?.region == "New York")
        #expect(found.count == 5)
    }

    @Test func everyResultOfAShortBundledQueryContainsIt() throws {
        // setup
        let gazetteer = try Bundled.gazetteer.get()

        // MUT
        let found = gazetteer.search("be", limit: 500)

        // validate
        #expect(found.count == 500)
        #expect(found.allSatisfy { NameFolding.fold($0.name).contains("be") })
        #expect(found.prefix(while: { NameFolding.fold($0.name).hasPrefix("be") }).count == 500)
        #expect(zip(found, found.dropFirst()).allSatisfy { $0.population >= $1.population })
    }
}
