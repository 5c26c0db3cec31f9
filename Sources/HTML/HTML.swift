/// Something that renders as HTML. Every conforming type is a value; escaping happens while
/// rendering, so no view can forget it.
///
/// A view declares what it shows once, as `var content: some HTML { … }` (built by
/// `HTMLBuilder`), and keeps the concrete types of its parts: rendering walks them without
/// boxing a child or making a string per element. Only the module's own building blocks
/// (elements, text, the escape hatch) write bytes themselves, in `render(into:)`.
public protocol HTML: Sendable {
    associatedtype Content: HTML = Never
    @HTMLBuilder var content: Content { get }
    func render(into output: inout HTMLOutput)
}

extension HTML {
    @inlinable
    public func render(into output: inout HTMLOutput) {
        content.render(into: &output)
    }

    /// The rendered markup, as text.
    public func render(formToken: String? = nil) -> String {
        String(decoding: renderBytes(formToken: formToken), as: UTF8.self)
    }

    /// The rendered markup, as the UTF-8 bytes a response sends.
    public func renderBytes(formToken: String? = nil) -> [UInt8] {
        var output = HTMLOutput(formToken: formToken)
        render(into: &output)
        return output.markup
    }
}

/// The building blocks render themselves and have no content of their own.
extension HTML where Content == Never {
    public var content: Never {
        fatalError("\(Self.self) renders itself; it has no content to ask for")
    }
}

extension Never: HTML {
    public func render(into output: inout HTMLOutput) {}
}

/// Text content: `&`, `<` and `>` are escaped.
extension String: HTML {
    @inlinable
    public func render(into output: inout HTMLOutput) {
        output.writeText(self)
    }
}

/// Text content as a named node, escaped as a string is.
public struct Text: HTML {
    public let content: String
    public init(_ content: String) { self.content = content }

    public func render(into output: inout HTMLOutput) {
        output.writeText(content)
    }
}

/// Markup emitted verbatim. The one way around escaping: only for markup the program
/// itself wrote, never for anything that came from a person or a file.
public struct HTMLRaw: HTML {
    let markup: [UInt8]
    public init(_ markup: String) { self.markup = Array(markup.utf8) }
    /// What was rendered into another output (a page's body, rendered before its head).
    public init(rendered: HTMLOutput) { self.markup = rendered.markup }

    public func render(into output: inout HTMLOutput) {
        output.writeVerbatim(markup)
    }
}

/// Nothing: what an empty builder block makes.
public struct EmptyHTML: HTML {
    @inlinable public init() {}
    @inlinable public func render(into output: inout HTMLOutput) {}
}

/// A sequence of nodes rendered one after the other, for a view that shows several things at
/// its top level without an element around them.
public struct Fragment<Children: HTML>: HTML {
    public let children: Children
    @inlinable
    public init(@HTMLBuilder _ children: () -> Children) { self.children = children() }

    @inlinable
    public func render(into output: inout HTMLOutput) {
        children.render(into: &output)
    }
}

/// Markup whose type is decided at run time (a page's panes): the one place a view is boxed.
public struct AnyHTML: HTML {
    public let wrapped: any HTML
    public init(_ wrapped: any HTML) {
        self.wrapped = (wrapped as? AnyHTML)?.wrapped ?? wrapped
    }

    public func render(into output: inout HTMLOutput) {
        wrapped.render(into: &output)
    }
}

/// An `<!DOCTYPE html>` document around its root element.
public struct Document<Root: HTML>: HTML {
    public let root: Root
    @inlinable public init(_ root: Root) { self.root = root }

    @inlinable
    public func render(into output: inout HTMLOutput) {
        output.write("<!DOCTYPE html>\n")
        root.render(into: &output)
    }
}

extension Optional: HTML where Wrapped: HTML {
    @inlinable
    public func render(into output: inout HTMLOutput) {
        if let self { self.render(into: &output) }
    }
}

extension Array: HTML where Element: HTML {
    @inlinable
    public func render(into output: inout HTMLOutput) {
        for element in self { element.render(into: &output) }
    }
}
