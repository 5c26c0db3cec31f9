import Foundation
import HTTPServer
import RoadTrip
import SQLDatabase
import Testing

/// The Places screen of a library with more places than one screen holds: its countries with
/// their counts, each country's places and the top places a page at a time.
@Suite struct LargeLibraryPlacesTests {
    let fixture: WebFixture
    let ann: Visitor

    /// 201 places in Testland (place i with i % 3 + 1 photos) and one in Otherland, as rows.
    init() throws {
        fixture = try WebFixture()
        ann = try fixture.signedIn()
        var places: [(Int64, String, String, String, Int)] = (1...201).map { (index: Int) -> (Int64, String, String, String, Int) in
            (Int64(900_000_000 + index), String(format: "Place %03d", index), "Testland", "TL", index % 3 + 1)
        }
        places.append((900_001_000, "Lone Town", "Otherland", "OL", 2))
        try fixture.library.database.write { db in
            for (id, name, country, code, photos) in places {
                try db.execute(
                    """
                    INSERT INTO places (id, name, region, country, country_code, latitude, longitude, folded_name)
                    VALUES (\(id), \(name), NULL, \(country), \(code), 10.0, 20.0, \(name.lowercased()))
                    """)
                for photo in 0..<photos {
                    try db.execute(
                        """
                        INSERT INTO photos (sha256, format, byte_count, width, height, title, sorted_at, place_id, imported_at)
                        VALUES (\(String(format: "%064x", Int(id) * 10 + photo)), 'jpeg', 1, 4, 3, 'photo', '2024-01-01T00:00:00', \(id), 0)
                        """)
                }
            }
        }
    }

    private func links(ofClass className: String, in html: String) -> [String] {
        Markup.tags("a", in: html).filter { $0.contains("class=\"\(className)\"") }.compactMap { Markup.attribute("href", of: $0) }
    }

    @Test func thePlacesScreenListsTheCountriesAToZWithTheirCounts() {
        // MUT
        let page = ann.get("/places")
        // validate
        #expect(page.status == .ok)
        #expect(links(ofClass: "row country-row", in: page.bodyText) == ["/places/countries/OL", "/places/countries/TL"])
        #expect(Markup.texts(ofClass: "row-title", element: "span", in: page.bodyText) == ["Otherland", "Testland"])
        let testlandPhotos = (1...201).reduce(0) { $0 + $1 % 3 + 1 }
        #expect(
            Markup.texts(ofClass: "row-subtitle", element: "span", in: page.bodyText) == [
                "1 place · 2 photos", "201 places · \(testlandPhotos) photos",
            ])
        #expect(links(ofClass: "row place-row", in: page.bodyText).isEmpty, "no place is listed on the screen itself")
    }

    @Test func aCountrysPlacesComeAPageAtATimeAToZ() {
        // MUT
        var pages = [ann.get("/places/countries/TL")]
        while let more = links(ofClass: "button more-places", in: pages.last!.bodyText).first, pages.count < 5 {
            pages.append(ann.get(more.replacingOccurrences(of: "&amp;", with: "&")))
        }
        // validate
        #expect(pages.allSatisfy { $0.status == .ok })
        let rows = pages.map { Markup.texts(ofClass: "row-title", element: "span", in: $0.bodyText) }
        #expect(rows.map(\.count) == [100, 100, 1])
        #expect(rows.flatMap { $0 } == (1...201).map { String(format: "Place %03d", $0) })
        #expect(pages[0].bodyText.contains("<title>Testland · RoadTrip</title>"))
        #expect(links(ofClass: "button more-places", in: pages[0].bodyText) == ["/places/countries/TL?after=900000100"])
    }

    @Test func theTopPlacesComeAPageAtATimeMostPhotosFirst() {
        // MUT
        let first = ann.get("/places?order=top")
        let more = links(ofClass: "button more-places", in: first.bodyText)
        let second = ann.get((more.first ?? "").replacingOccurrences(of: "&amp;", with: "&"))
        // validate
        #expect(first.status == .ok && second.status == .ok)
        let titles = Markup.texts(ofClass: "row-title", element: "span", in: first.bodyText)
        #expect(titles.count == 100)
        #expect(titles.prefix(2) == ["Place 002", "Place 005"], "three photos each, A to Z")
        #expect(more.count == 1 && more[0].hasPrefix("/places?order=top&amp;after="))
        #expect(Set(Markup.texts(ofClass: "row-title", element: "span", in: second.bodyText)).isDisjoint(with: titles))
    }

    @Test(arguments: ["/places/countries/XX", "/places/countries/TL?after=12345", "/places?order=top&after=12345", "/places/countries/T-L"])
    func anUnknownCountryOrAPageThatIsGoneIsNotFound(path: String) {
        #expect(ann.get(path).status == .notFound, "\(path)")
    }
}
