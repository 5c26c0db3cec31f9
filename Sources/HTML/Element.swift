/// An HTML element: a tag, its attributes and its children.
public struct Element: HTML {
    public let tag: String
    public let attributes: [Attribute]
    public let children: [any HTML]

    /// Elements that never have content or a closing tag.
    static let voidTags: Set<String> = ["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]

    /// `tag` must be a literal written in the program.
    public init(_ tag: StaticString, _ attributes: [Attribute] = [], @HTMLBuilder content: () -> Fragment = { Fragment([]) }) {
        self.tag = tag.description
        self.attributes = attributes
        self.children = content().children
    }

    public func render(into output: inout String) {
        output += "<"
        output += tag
        for attribute in attributes { attribute.render(into: &output) }
        output += ">"
        if Element.voidTags.contains(tag) { return }
        for child in children { child.render(into: &output) }
        output += "</"
        output += tag
        output += ">"
    }
}
