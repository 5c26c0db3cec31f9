import HTML
import Testing

/// Views as a page declares them: content built once, the page's form token and script requests
/// carried by the output, attributes that are there or not.
@Suite struct RenderingTests {
    struct Greeting: HTML {
        let name: String
        var content: some HTML {
            p(.class("greeting")) {
                "Hello, "; strong { name }
            }
        }
    }

    struct TokenForm: HTML {
        var content: some HTML {
            form(.method("post"), .dataFormToken("token")) { TokenField() }
        }
    }

    struct TokenField: HTML {
        func render(into output: inout HTMLOutput) {
            input(.type("hidden"), .name("csrf"), .value(output.formToken ?? "none")).render(into: &output)
        }
    }

    @Test func aViewRendersWhatItsContentDeclaresWithItsValuesEscaped() {
        // MUT
        let markup = Greeting(name: "<Ann & Bob>").render()
        // validate
        #expect(markup == "<p class=\"greeting\">Hello, <strong>&lt;Ann &amp; Bob&gt;</strong></p>")
    }

    @Test func theFormTokenComesFromTheOutputAndIsEscapedThere() {
        // MUT
        let markup = TokenForm().render(formToken: "a\"b")
        // validate
        #expect(markup == "<form method=\"post\" data-token=\"a&quot;b\"><input type=\"hidden\" name=\"csrf\" value=\"a&quot;b\"></form>")
    }

    @Test func bytesAndTextAreTheSameMarkup() {
        let view = Greeting(name: "Zürich · 東京")
        #expect(view.renderBytes() == Array(view.render().utf8))
    }

    @Test func conditionalAttributesAreLeftOutWhenTheyDoNotApply() {
        let yes = a(.href("/x"), .when(true, .ariaCurrent("page")), .ifPresent("o" as String?) { .data("original", $0) }) {}
        let no = a(.href("/x"), .when(false, .ariaCurrent("page")), .ifPresent(nil as String?) { .data("original", $0) }) {}
        #expect(yes.render() == "<a href=\"/x\" aria-current=\"page\" data-original=\"o\"></a>")
        #expect(no.render() == "<a href=\"/x\"></a>")
    }

    @Test func typedAttributesWriteTheirNames() {
        let markup = img(.src("/p.jpg"), .alt(""), .width(250), .height(188), .loading("lazy"), .decoding("async"), .ariaHidden()).render()
        #expect(
            markup == "<img src=\"/p.jpg\" alt=\"\" width=\"250\" height=\"188\" loading=\"lazy\" decoding=\"async\" aria-hidden=\"true\">")
        #expect(div(.tabindex(-1), .hidden()) {}.render() == "<div tabindex=\"-1\" hidden></div>")
        #expect(iframe(.sandbox("allow-scripts")) {}.render() == "<iframe sandbox=\"allow-scripts\"></iframe>")
    }

    @Test func aScriptMarkerIsWrittenAndRequestedOncePerName() {
        // setup
        let markup = Fragment {
            section(.script("book")) {}
            div(.script("<x>")) {}
            section(.script("book")) {}
        }
        // MUT
        var output = HTMLOutput()
        markup.render(into: &output)
        // validate
        #expect(output.requestedScripts == ["book", "<x>"])
        #expect(
            String(decoding: output.markup, as: UTF8.self)
                == "<section data-script=\"book\"></section><div data-script=\"&lt;x&gt;\"></div><section data-script=\"book\"></section>")
    }

    @Test func loopsBranchesAndOptionalsKeepTheirOrder() {
        // setup
        let names = ["Paris", "Rome", "Oslo"]
        let nothing: String? = nil
        // MUT
        let markup = ol {
            ForEach(names.enumerated()) { index, name in
                li(.class(index.isMultiple(of: 2) ? "even" : "odd")) { name }
            }
            if let nothing { li { nothing } }
            switch names.count {
            case 0: li { "none" }
            case 1: li { "one" }
            default: li { "\(names.count) places" }
            }
        }.render()
        // validate
        #expect(markup == "<ol><li class=\"even\">Paris</li><li class=\"odd\">Rome</li><li class=\"even\">Oslo</li><li>3 places</li></ol>")
    }

    @Test func markupRenderedElsewhereIsCopiedAsItIs() {
        // setup: a body rendered first, as the shell does, then placed in the document
        var body = HTMLOutput(formToken: "t")
        p { "<kept>" }.render(into: &body)
        // MUT
        let markup = div { HTMLRaw(rendered: body) }.render()
        // validate
        #expect(markup == "<div><p>&lt;kept&gt;</p></div>")
    }

    @Test func aBoxedViewRendersLikeItself() {
        let view: any HTML = Greeting(name: "Ann")
        #expect(AnyHTML(AnyHTML(view)).render() == Greeting(name: "Ann").render())
    }
}
