/// Builds a `Fragment` from the statements of a closure, with `if`, `if let`, `switch` and `for`.
@resultBuilder
public enum HTMLBuilder {
    public static func buildExpression(_ node: any HTML) -> Fragment { Fragment([node]) }
    public static func buildExpression(_ nodes: [any HTML]) -> Fragment { Fragment(nodes) }
    public static func buildBlock(_ parts: Fragment...) -> Fragment { Fragment(parts.flatMap(\.children)) }
    public static func buildOptional(_ part: Fragment?) -> Fragment { part ?? Fragment([]) }
    public static func buildEither(first part: Fragment) -> Fragment { part }
    public static func buildEither(second part: Fragment) -> Fragment { part }
    public static func buildArray(_ parts: [Fragment]) -> Fragment { Fragment(parts.flatMap(\.children)) }
    public static func buildLimitedAvailability(_ part: Fragment) -> Fragment { part }
}
