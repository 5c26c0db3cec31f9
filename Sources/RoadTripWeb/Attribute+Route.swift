import HTML

extension Attribute {
    /// A link to a route: views never write an address by hand.
    static func href(_ route: Route) -> Attribute { .href(route.path) }
    static func src(_ route: Route) -> Attribute { .src(route.path) }
}

extension Attribute {
    static func action(_ route: Route) -> Attribute { .action(route.path) }
}
