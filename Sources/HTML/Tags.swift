// Each function builds the element of the same name. They read like the markup they make:
// `ul(.class("list")) { li { "Paris" } }`. Elements that cannot have content (`img`, `input`, …)
// take no closure and have no closing tag.

@inlinable public func html<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("html", attributes, content: content)
}
@inlinable public func head<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("head", attributes, content: content)
}
@inlinable public func body<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("body", attributes, content: content)
}
@inlinable public func header<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("header", attributes, content: content)
}
@inlinable public func footer<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("footer", attributes, content: content)
}
@inlinable public func nav<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("nav", attributes, content: content)
}
@inlinable public func main<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("main", attributes, content: content)
}
@inlinable public func section<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("section", attributes, content: content)
}
@inlinable public func aside<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("aside", attributes, content: content)
}
@inlinable public func article<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("article", attributes, content: content)
}
@inlinable public func div<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("div", attributes, content: content)
}
@inlinable public func span<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("span", attributes, content: content)
}
@inlinable public func h1<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("h1", attributes, content: content)
}
@inlinable public func h2<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("h2", attributes, content: content)
}
@inlinable public func h3<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("h3", attributes, content: content)
}
@inlinable public func p<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("p", attributes, content: content)
}
@inlinable public func pre<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("pre", attributes, content: content)
}
@inlinable public func a<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("a", attributes, content: content)
}
@inlinable public func strong<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("strong", attributes, content: content)
}
@inlinable public func code<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("code", attributes, content: content)
}
@inlinable public func ul<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("ul", attributes, content: content)
}
@inlinable public func ol<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("ol", attributes, content: content)
}
@inlinable public func li<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("li", attributes, content: content)
}
@inlinable public func dl<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("dl", attributes, content: content)
}
@inlinable public func dt<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("dt", attributes, content: content)
}
@inlinable public func dd<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("dd", attributes, content: content)
}
@inlinable public func form<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("form", attributes, content: content)
}
@inlinable public func fieldset<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("fieldset", attributes, content: content)
}
@inlinable public func legend<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("legend", attributes, content: content)
}
@inlinable public func select<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("select", attributes, content: content)
}
@inlinable public func option<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("option", attributes, content: content)
}
@inlinable public func datalist<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("datalist", attributes, content: content)
}
@inlinable public func label<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("label", attributes, content: content)
}
@inlinable public func button<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("button", attributes, content: content)
}
@inlinable public func table<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("table", attributes, content: content)
}
@inlinable public func tr<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("tr", attributes, content: content)
}
@inlinable public func td<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("td", attributes, content: content)
}
@inlinable public func th<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("th", attributes, content: content)
}
@inlinable public func details<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("details", attributes, content: content)
}
/// `<time>`: named so beside the C library's `time`.
@inlinable public func timeElement<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("time", attributes, content: content)
}
@inlinable public func summary<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("summary", attributes, content: content)
}
@inlinable public func dialog<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("dialog", attributes, content: content)
}
@inlinable public func figure<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("figure", attributes, content: content)
}
@inlinable public func figcaption<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("figcaption", attributes, content: content)
}
@inlinable public func video<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("video", attributes, content: content)
}
@inlinable public func progress<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("progress", attributes, content: content)
}
@inlinable public func iframe<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("iframe", attributes, content: content)
}
@inlinable public func script(_ attributes: Attribute...) -> Element<EmptyHTML> { Element("script", attributes) { EmptyHTML() } }
@inlinable public func svg<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("svg", attributes, content: content)
}
/// SVG's rectangle, closed as the HTML parser expects.
@inlinable public func rect(_ attributes: Attribute...) -> Element<EmptyHTML> { Element("rect", attributes) { EmptyHTML() } }
/// SVG's circle, closed as the HTML parser expects.
@inlinable public func circle(_ attributes: Attribute...) -> Element<EmptyHTML> { Element("circle", attributes) { EmptyHTML() } }
/// SVG's line through points, closed as the HTML parser expects.
@inlinable public func polyline(_ attributes: Attribute...) -> Element<EmptyHTML> { Element("polyline", attributes) { EmptyHTML() } }
/// SVG's picture element (`image`, which HTML would read as `img`).
@inlinable public func svgImage(_ attributes: Attribute...) -> Element<EmptyHTML> { Element("image", attributes) { EmptyHTML() } }
/// SVG's group.
@inlinable public func g<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("g", attributes, content: content)
}
/// SVG's text element.
@inlinable public func svgText<Content: HTML>(_ attributes: Attribute..., @HTMLBuilder content: () -> Content) -> Element<Content> {
    Element("text", attributes, content: content)
}
@inlinable public func title(_ text: String) -> Element<String> { Element("title") { text } }
@inlinable public func meta(_ attributes: Attribute...) -> VoidElement { VoidElement("meta", attributes) }
@inlinable public func link(_ attributes: Attribute...) -> VoidElement { VoidElement("link", attributes) }
@inlinable public func img(_ attributes: Attribute...) -> VoidElement { VoidElement("img", attributes) }
@inlinable public func input(_ attributes: Attribute...) -> VoidElement { VoidElement("input", attributes) }
@inlinable public func br(_ attributes: Attribute...) -> VoidElement { VoidElement("br", attributes) }
@inlinable public func hr(_ attributes: Attribute...) -> VoidElement { VoidElement("hr", attributes) }
