/// Something that renders as HTML. Every conforming type is a value; escaping happens
/// while rendering, so no view can forget it.
public protocol HTML: Sendable {
    func render(into output: inout String)
}

extension HTML {
    /// The rendered markup.
    public func render() -> String {
        var output = ""
        render(into: &output)
        return output
    }
}

/// Text content: `&`, `<` and `>` are escaped.
public struct Text: HTML {
    public let content: String
    public init(_ content: String) { self.content = content }

    public func render(into output: inout String) {
        Escape.text(content, into: &output)
    }
}

/// Markup emitted verbatim. The one way around escaping: only for markup the program
/// itself wrote, never for anything that came from a person or a file.
public struct HTMLRaw: HTML {
    public let markup: String
    public init(_ markup: String) { self.markup = markup }

    public func render(into output: inout String) {
        output += markup
    }
}

/// A sequence of nodes rendered one after the other.
public struct Fragment: HTML {
    public let children: [any HTML]
    public init(_ children: [any HTML]) { self.children = children }
    public init(@HTMLBuilder _ content: () -> Fragment) { self = content() }

    public func render(into output: inout String) {
        for child in children { child.render(into: &output) }
    }
}

/// An `<!DOCTYPE html>` document around its root element.
public struct Document: HTML {
    public let root: Element
    public init(_ root: Element) { self.root = root }

    public func render(into output: inout String) {
        output += "<!DOCTYPE html>\n"
        root.render(into: &output)
    }
}

extension String: HTML {
    public func render(into output: inout String) {
        Escape.text(self, into: &output)
    }
}
