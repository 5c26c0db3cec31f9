/// Builds markup from the statements of a closure, with `if`, `if let`, `switch` and `for`,
/// keeping every part's concrete type: a block of three statements is one `HTMLTuple` of
/// their three types, an `if` an `Optional`, a `for` an `Array`.
@resultBuilder
public enum HTMLBuilder {
    @inlinable public static func buildExpression<Part: HTML>(_ part: Part) -> Part { part }
    @inlinable public static func buildBlock() -> EmptyHTML { EmptyHTML() }
    @inlinable public static func buildBlock<Part: HTML>(_ part: Part) -> Part { part }
    @inlinable public static func buildBlock<each Part: HTML>(_ parts: repeat each Part) -> HTMLTuple<repeat each Part> {
        HTMLTuple(repeat each parts)
    }
    @inlinable public static func buildOptional<Part: HTML>(_ part: Part?) -> Part? { part }
    @inlinable public static func buildEither<First: HTML, Second: HTML>(first part: First) -> HTMLEither<First, Second> { .first(part) }
    @inlinable public static func buildEither<First: HTML, Second: HTML>(second part: Second) -> HTMLEither<First, Second> { .second(part) }
    @inlinable public static func buildArray<Part: HTML>(_ parts: [Part]) -> [Part] { parts }
    @inlinable public static func buildLimitedAvailability<Part: HTML>(_ part: Part) -> AnyHTML { AnyHTML(part) }
}

/// The statements of one builder block, rendered in order.
public struct HTMLTuple<each Part: HTML>: HTML {
    public let parts: (repeat each Part)
    @inlinable public init(_ parts: repeat each Part) { self.parts = (repeat each parts) }

    @inlinable
    public func render(into output: inout HTMLOutput) {
        for part in repeat each parts { part.render(into: &output) }
    }
}

/// One branch of an `if`/`else` or a `switch`.
public enum HTMLEither<First: HTML, Second: HTML>: HTML {
    case first(First)
    case second(Second)

    @inlinable
    public func render(into output: inout HTMLOutput) {
        switch self {
        case .first(let part): part.render(into: &output)
        case .second(let part): part.render(into: &output)
        }
    }
}

/// The same markup for each item of a collection: `ForEach(places) { place in li { row(place) } }`.
/// A `for` loop does as much, except where its body calls a function that returns `some HTML`
/// (Swift 6.3 cannot infer the loop's element type then).
public struct ForEach<Items: Collection & Sendable, Part: HTML>: HTML {
    public let items: Items
    public let part: @Sendable (Items.Element) -> Part
    @inlinable public init(_ items: Items, @HTMLBuilder _ part: @escaping @Sendable (Items.Element) -> Part) {
        self.items = items
        self.part = part
    }
    @inlinable public func render(into output: inout HTMLOutput) {
        for item in items { part(item).render(into: &output) }
    }
}
