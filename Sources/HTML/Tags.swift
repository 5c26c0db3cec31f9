// Each function builds the element of the same name. They read like the markup they make:
// `ul(.class("list")) { li { "Paris" } }`.

public typealias Content = () -> Fragment

public func html(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("html", a, content: content) }
public func head(@HTMLBuilder content: Content) -> Element { Element("head", content: content) }
public func body(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("body", a, content: content) }
public func title(_ text: String) -> Element { Element("title") { text } }
public func meta(_ a: Attribute...) -> Element { Element("meta", a) }
public func link(_ a: Attribute...) -> Element { Element("link", a) }
public func script(_ a: Attribute...) -> Element { Element("script", a) }
public func header(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("header", a, content: content) }
public func footer(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("footer", a, content: content) }
public func nav(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("nav", a, content: content) }
public func main(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("main", a, content: content) }
public func section(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("section", a, content: content) }
public func aside(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("aside", a, content: content) }
public func div(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("div", a, content: content) }
public func span(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("span", a, content: content) }
public func h1(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("h1", a, content: content) }
public func h2(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("h2", a, content: content) }
public func p(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("p", a, content: content) }
public func a(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("a", a, content: content) }
public func ul(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("ul", a, content: content) }
public func li(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("li", a, content: content) }
public func dl(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("dl", a, content: content) }
public func dt(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("dt", a, content: content) }
public func dd(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("dd", a, content: content) }
public func img(_ a: Attribute...) -> Element { Element("img", a) }
public func button(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("button", a, content: content) }
public func strong(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("strong", a, content: content) }
public func form(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("form", a, content: content) }
public func input(_ a: Attribute...) -> Element { Element("input", a) }
public func label(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("label", a, content: content) }
public func fieldset(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("fieldset", a, content: content) }
public func legend(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("legend", a, content: content) }
public func table(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("table", a, content: content) }
public func tr(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("tr", a, content: content) }
public func td(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("td", a, content: content) }
public func th(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("th", a, content: content) }
public func code(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("code", a, content: content) }
public func h3(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("h3", a, content: content) }
public func ol(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("ol", a, content: content) }
public func details(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("details", a, content: content) }
public func summary(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("summary", a, content: content) }
public func figure(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("figure", a, content: content) }
public func progress(_ a: Attribute..., @HTMLBuilder content: Content) -> Element { Element("progress", a, content: content) }
