import HTML
import Testing

@Suite struct EscapingTests {
    @Test func textIsEscapedAtRenderTime() {
        // setup
        let hostile = "\"><script>alert(1)</script> &amp; 'quoted'"
        // MUT
        let markup = p { hostile }.render()
        // validate
        #expect(markup == "<p>\"&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp;amp; 'quoted'</p>")
    }

    @Test func attributeValuesEscapeQuotesAndAngles() {
        let hostile = "\"><script>alert('x')</script>&amp;"
        let markup = a(.href(hostile), .title(hostile)) { "link" }.render()
        let escaped = "&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;amp;"
        #expect(markup == "<a href=\"\(escaped)\" title=\"\(escaped)\">link</a>")
    }

    @Test func nulCharactersNeverReachTheOutput() {
        #expect(p { "a\u{0}b" }.render() == "<p>a\u{FFFD}b</p>")
        #expect(div(.title("a\u{0}b")) {}.render() == "<div title=\"a\u{FFFD}b\"></div>")
    }

    @Test func theRawEscapeHatchIsTheOnlyUnescapedPath() {
        let markup = div {
            HTMLRaw("<b>trusted</b>"); "<b>not trusted</b>"
        }.render()
        #expect(markup == "<div><b>trusted</b>&lt;b&gt;not trusted&lt;/b&gt;</div>")
    }

    @Test func unicodeTextIsKeptAsIs() {
        #expect(p { "Zürich · 東京 · 🚗" }.render() == "<p>Zürich · 東京 · 🚗</p>")
    }
}

@Suite struct BuilderTests {
    @Test func controlFlowBuildsTheExpectedChildren() {
        let names = ["Paris", "Rome"]
        let showEmpty = false
        let markup = ul(.class("rows")) {
            for name in names { li { name } }
            if showEmpty { li { "none" } } else { li(.class("end")) { "end" } }
        }.render()
        #expect(markup == "<ul class=\"rows\"><li>Paris</li><li>Rome</li><li class=\"end\">end</li></ul>")
    }

    @Test func voidElementsHaveNoClosingTag() {
        #expect(img(.src("/a.png"), .alt("")).render() == "<img src=\"/a.png\" alt=\"\">")
        #expect(meta(Attribute("charset", "utf-8")).render() == "<meta charset=\"utf-8\">")
    }

    @Test func booleanAndDataAttributes() {
        #expect(div(.hidden(), .data("screen", "detail")) {}.render() == "<div hidden data-screen=\"detail\"></div>")
    }

    @Test func classJoinsNonEmptyNames() {
        #expect(span(.class("a", "", "b")) {}.render() == "<span class=\"a b\"></span>")
    }

    @Test func documentStartsWithTheDoctype() {
        let markup = Document(html(.lang("en")) { body { "hi" } }).render()
        #expect(markup == "<!DOCTYPE html>\n<html lang=\"en\"><body>hi</body></html>")
    }
}
