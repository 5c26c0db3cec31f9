import Foundation
@testable import Geo
import Testing

/// Which country a position is in (the borders RoadTrip ships), and a photo filed in the country
/// it was taken in: along a track through Istria, Croatia, by the Italian and Slovenian borders.
@Suite struct CountryBordersTests {
    /// A drive through northern Istria, from Savudrija's lighthouse by Umag, Buje and Grožnjan
    /// to Motovun and Buzet: public coordinates, every one in Croatia, 15–30 km from Trieste.
    static let istria: [(Double, Double)] = [
        (45.4890, 13.5040), (45.4700, 13.5600), (45.4520, 13.6150), (45.4110, 13.6600), (45.4000, 13.7100),
        (45.3980, 13.7560), (45.3800, 13.8000), (45.3400, 13.8300), (45.3700, 13.9000), (45.4090, 13.9680),
    ]

    private func coordinate(_ latitude: Double, _ longitude: Double) -> Coordinate {
        Coordinate(latitude: latitude, longitude: longitude)!
    }

    @Test func theBundledBordersNameTheCountryOfPlacesAnyoneCanCheckOnAMap() throws {
        // setup
        let borders = try #require(try Bundled.gazetteer.get().borders)

        // MUT
        let found = [
            (45.6495, 13.7768), (45.5481, 13.7302), (45.4339, 13.5217),  // Trieste, Koper, Umag: three countries 20 km apart
            (41.9029, 12.4534), (41.8933, 12.4829),  // the Vatican, and Rome around it
            (-29.3167, 27.4833), (-26.2041, 28.0473),  // Maseru in Lesotho, and Johannesburg: an enclave
            (0, -30), (90, 0),  // the Atlantic, the North Pole: no country
        ].map { borders.country(at: coordinate($0.0, $0.1)) }

        // validate
        #expect(borders.count == 239)
        #expect(found == ["IT", "SI", "HR", "VA", "IT", "LS", "ZA", nil, nil])
    }

    @Test func aDriveThroughIstriaIsFiledInCroatiaWhereNearnessAndSizeAloneSayTrieste() throws {
        // setup
        let gazetteer = try Bundled.gazetteer.get()
        let borderless = Gazetteer(places: gazetteer.places)

        // MUT
        let filed = Self.istria.map { gazetteer.locality(for: coordinate($0.0, $0.1), within: 50_000) }
        let before = Self.istria.map { borderless.locality(for: coordinate($0.0, $0.1), within: 50_000) }

        // validate (the names typed first: inside the expectations they took the type checker four seconds)
        let countries: [String?] = filed.map { $0?.countryCode }
        let filedNames: [String?] = filed.map { $0?.name }
        let namesBefore: [String?] = before.map { $0?.name }
        #expect(countries == Array(repeating: "HR", count: Self.istria.count), "\(filedNames)")
        #expect(namesBefore.filter { $0 == "Trieste" }.count == 3, "what this fixes: \(namesBefore)")
        #expect(filedNames[0] == namesBefore[0], "within a country the choice is as before (Umag)")
    }

    @Test func aHoleInACountryIsNotInItAndASquareIsReadFromItsSteps() throws {
        // setup: AA, a 10° square with a 2° hole; BB in the hole (an enclave)
        let url = try writeGzip(
            """
            V\t1\ttest\t3
            C\tAA
            R\t0\t0\t100000\t0\t0\t100000\t-100000\t0\t0\t-100000
            R\t40000\t40000\t20000\t0\t0\t20000\t-20000\t0\t0\t-20000
            C\tBB
            R\t40000\t40000\t20000\t0\t0\t20000\t-20000\t0\t0\t-20000

            """)
        defer { try? FileManager.default.removeItem(at: url) }

        // MUT
        let borders = try CountryBorders(contentsOf: url)

        // validate
        #expect(borders.country(at: coordinate(2, 2)) == "AA")
        #expect(borders.country(at: coordinate(5, 5)) == "BB", "the hole of AA is BB")
        #expect(borders.country(at: coordinate(11, 5)) == nil)
        #expect(borders.country(at: coordinate(-0.5, -0.5)) == nil, "a cell of the world south-west of the square")
    }

    @Test(arguments: [
        ("V\t2\ttest\t0\n", "line 1: not a version 1 borders file"),
        ("V\t1\ttest\t1\nR\t0\t0\t1\t0\t0\t1\t-1\t-1\n", "line 2: a ring needs a country before it and at least four points"),
        ("V\t1\ttest\t1\nC\tHRV\n", "line 2: a country line needs a two-letter code"),
        ("V\t1\ttest\t1\nC\tHR\nR\t0\t0\tten\t0\t0\t1\t-1\t-1\n", "line 3: “ten” is not a whole number"),
        ("V\t1\ttest\t1\nC\tHR\nR\t1800000\t0\t1\t0\t0\t1\t-1\t-1\n", "line 3: a longitude past 180°"),
        ("V\t1\ttest\t2\nC\tHR\nR\t0\t0\t1\t0\t0\t1\t-1\t-1\n", "1 rings where the file says 2: cut short?"),
    ])
    func aDamagedFileIsRefusedWholeNamingTheLine(text: String, why: String) throws {
        // setup
        let url = try writeGzip(text)
        defer { try? FileManager.default.removeItem(at: url) }

        // MUT
        let error = #expect(throws: GazetteerError.self) { try CountryBorders(contentsOf: url) }

        // validate
        #expect(error?.description.hasSuffix(why) == true, "\(error?.description ?? "")")
    }
}
