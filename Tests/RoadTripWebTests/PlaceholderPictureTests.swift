import Testing
@testable import RoadTripWeb

@Suite struct PlaceholderPictureTests {
    @Test(arguments: [
        ("New York City", "NY"),
        ("lisbon", "L"),
        ("Ísafjörður", "Í"),
        ("東京", "東"),
        ("Saint-Étienne", "SÉ"),
        ("  São   Paulo  ", "SP"),
        ("<b>Rome</b>", "BR"),
        ("🏔️ Alps", "A"),
        ("!!!", "!"),
    ])
    func initialsAreTheFirstLettersOfUpToTwoWords(name: String, initials: String) {
        #expect(PlaceholderPicture(name: name).initials == initials)
    }

    @Test func theColourIsDerivedFromTheNameAlone() {
        let hues = ["Lisbon", "Porto", "Faro", "Braga", "Coimbra"].map { PlaceholderPicture(name: $0).hue }

        #expect(PlaceholderPicture(name: "Lisbon").hue == hues[0])
        #expect(hues.allSatisfy { (0..<360).contains($0) })
        #expect(Set(hues).count > 1, "\(hues)")
    }

    @Test func theNameIsEscapedInTheDrawing() {
        let svg = PlaceholderPicture(name: #"A&B "quoted" <script>alert(1)</script>"#).render()

        #expect(svg.contains(#"aria-label="A&amp;B &quot;quoted&quot; &lt;script&gt;alert(1)&lt;/script&gt;""#), "\(svg)")
        #expect(svg.contains("<title>A&amp;B \"quoted\" &lt;script&gt;"), "\(svg)")
        #expect(!svg.contains("<script"))
    }
}
