import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// Text from a catalogue file reaches the page escaped, wherever it lands.
@Suite struct HostileTextTests {
    let web: WebFixture
    /// Every page but signing in needs a session.
    let ann: Visitor

    init() throws {
        web = try WebFixture()
        ann = try web.signedIn()
    }

    static let hostileName = #"<script>alert("x")</script> & "Quotes""#
    static let hostileSubtitle = #"'"><img src=x onerror=alert(1)>"#

    private func importHostileDestination() throws -> Destination {
        try web.library.catalog.importRecords([
            DestinationRecord(
                name: Self.hostileName, imageName: "Hostile.svg", locationTitle: "Title <b>bold</b>",
                locationSubtitle: Self.hostileSubtitle, coordinate: Coordinate(latitude: 1, longitude: 2)!,
                weatherURL: #"https://example.com/?a=1&b="><script>x</script>"#, eventURLs: [],
                pointsOfInterest: [
                    PointOfInterest(
                        title: "</li><script>poi()</script>", subtitle: "&amp;", coordinate: Coordinate(latitude: 1, longitude: 2)!)
                ]
            )
        ])
        return try web.destination(named: Self.hostileName)
    }

    @Test func hostileDestinationIsEscapedInTextTitleAndAttributes() throws {
        // setup
        let hostile = try importHostileDestination()

        // MUT
        let html = ann.get(Route.destination(id: hostile.id).path).bodyText

        // validate: never raw
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("<b>bold"))
        #expect(!html.contains("<script>poi"))
        #expect(!html.contains("<script>x"))
        // text
        let escapedText = #"&lt;script&gt;alert("x")&lt;/script&gt; &amp; "Quotes""#
        #expect(Markup.texts(ofClass: "destination-name", element: "h2", in: html) == [escapedText])
        #expect(Markup.texts(ofClass: "location-subtitle", element: "span", in: html) == [#"'"&gt;&lt;img src=x onerror=alert(1)&gt;"#])
        #expect(html.contains("&lt;/li&gt;&lt;script&gt;poi()&lt;/script&gt;"))
        #expect(html.contains("&amp;amp;"), "an entity in the data is shown as typed, not decoded")
        // title
        #expect(html.contains("<title>\(escapedText) · RoadTrip</title>"))
        #expect(html.contains(#"<h2 class="bar-title" id="detail-title">\#(escapedText)</h2>"#))
        // attributes
        let picture = try #require(Markup.tags("img", in: html).first { Markup.attribute("class", of: $0) == "destination-picture" })
        #expect(
            Markup.attribute("alt", of: picture) == "Picture of &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;Quotes&quot;")
        let weather = try #require(
            Markup.tags("a", in: html).first { Markup.attribute("href", of: $0)?.hasPrefix("https://example.com/") == true })
        #expect(Markup.attribute("href", of: weather) == "https://example.com/?a=1&amp;b=&quot;&gt;&lt;script&gt;x&lt;/script&gt;")
    }

    @Test func hostileDestinationIsEscapedInTheMasterList() throws {
        // setup
        _ = try importHostileDestination()

        // MUT
        let html = ann.get(Route.home.path).bodyText

        // validate
        #expect(!html.contains("<script>alert"))
        #expect(!html.contains("<img src=x"))
        #expect(
            Markup.texts(ofClass: "row-title", element: "span", in: html).contains(
                #"&lt;script&gt;alert("x")&lt;/script&gt; &amp; "Quotes""#))
        #expect(Markup.texts(ofClass: "row-subtitle", element: "span", in: html).contains(#"'"&gt;&lt;img src=x onerror=alert(1)&gt;"#))
    }
}
