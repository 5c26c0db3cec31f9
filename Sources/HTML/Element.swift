/// An HTML element: a tag, its attributes and its content, of the content's own type.
public struct Element<Content: HTML>: HTML {
    public let tag: StaticString
    public let attributes: [Attribute]
    public let children: Content

    /// `tag` is a name written in the program; the functions in `Tags.swift` are the usual way in.
    @inlinable
    public init(_ tag: StaticString, _ attributes: [Attribute] = [], @HTMLBuilder content: () -> Content) {
        self.tag = tag
        self.attributes = attributes
        self.children = content()
    }

    @inlinable
    public func render(into output: inout HTMLOutput) {
        output.writeOpeningTag(tag, attributes)
        children.render(into: &output)
        output.write("</")
        output.write(tag)
        output.write(byte: UInt8(ascii: ">"))
    }
}

/// An element that never has content or a closing tag (`img`, `input`, `meta`, `link`, …).
public struct VoidElement: HTML {
    public let tag: StaticString
    public let attributes: [Attribute]

    @inlinable
    public init(_ tag: StaticString, _ attributes: [Attribute] = []) {
        self.tag = tag
        self.attributes = attributes
    }

    @inlinable
    public func render(into output: inout HTMLOutput) {
        output.writeOpeningTag(tag, attributes)
    }
}

extension HTMLOutput {
    @inlinable
    mutating func writeOpeningTag(_ tag: StaticString, _ attributes: [Attribute]) {
        write(byte: UInt8(ascii: "<"))
        write(tag)
        Attribute.render(attributes, into: &self)
        write(byte: UInt8(ascii: ">"))
    }
}
