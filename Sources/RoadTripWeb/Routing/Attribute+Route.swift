import HTML

extension Attribute {
    /// A link to a route: views never write an address by hand.
    static func href(_ route: Route) -> Attribute { .href(route.path) }
    static func src(_ route: Route) -> Attribute { .src(route.path) }
    static func poster(_ route: Route) -> Attribute { .poster(route.path) }
}

extension Attribute {
    static func action(_ route: Route) -> Attribute { .action(route.path) }

    /// The address of an upload form: its route with the session's upload token, which lets the
    /// server store the body before the form's own token (after the file) has been read.
    static func action(_ route: Route, uploadToken: String) -> Attribute {
        .action(route.path + "?\(App.uploadTokenParameter)=\(uploadToken)")
    }
}
