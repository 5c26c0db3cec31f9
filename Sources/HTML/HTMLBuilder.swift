/// Builds markup from the statements of a closure, with `if`, `if let`, `switch` and `for`,
/// keeping every part's concrete type: a block of three statements is `HTMLPair<HTMLPair<A, B>, C>`,
/// an `if` an `Optional`, a `for` an `Array`. (Pairs rather than a tuple of a parameter pack:
/// the compiler specializes pairs through and through, where a pack's tuple went through the
/// runtime's generic metadata on every render, the largest cost of a page.)
@resultBuilder
public enum HTMLBuilder {
    @inlinable public static func buildExpression<Part: HTML>(_ part: Part) -> Part { part }
    @inlinable public static func buildBlock() -> EmptyHTML { EmptyHTML() }
    @inlinable public static func buildPartialBlock<Part: HTML>(first part: Part) -> Part { part }
    @inlinable public static func buildPartialBlock<First: HTML, Next: HTML>(accumulated first: First, next: Next) -> HTMLPair<First, Next>
    {
        HTMLPair(first, next)
    }
    @inlinable public static func buildOptional<Part: HTML>(_ part: Part?) -> Part? { part }
    @inlinable public static func buildEither<First: HTML, Second: HTML>(first part: First) -> HTMLEither<First, Second> { .first(part) }
    @inlinable public static func buildEither<First: HTML, Second: HTML>(second part: Second) -> HTMLEither<First, Second> { .second(part) }
    @inlinable public static func buildArray<Part: HTML>(_ parts: [Part]) -> [Part] { parts }
    @inlinable public static func buildLimitedAvailability<Part: HTML>(_ part: Part) -> AnyHTML { AnyHTML(part) }
}

/// Two statements of a builder block, rendered in order.
public struct HTMLPair<First: HTML, Second: HTML>: HTML {
    public let first: First
    public let second: Second
    @inlinable public init(_ first: First, _ second: Second) { (self.first, self.second) = (first, second) }

    @inlinable
    public func render(into output: inout HTMLOutput) {
        first.render(into: &output)
        second.render(into: &output)
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
