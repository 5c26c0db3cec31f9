import HTML

/// A labelled input. Values typed by a person are only ever put back as attribute values,
/// which the renderer escapes.
struct Field: HTML {
    let caption: String
    let name: String
    var type = "text"
    var value = ""
    var autocomplete: String
    var hint: String? = nil

    func render(into output: inout String) {
        let id = "field-\(name)"
        div(.class("field")) {
            label(.for(id)) { caption }
            Element("input", [.id(id), .type(type), .name(name), .value(value), .autocomplete(autocomplete), .required()])
            if let hint { p(.class("hint")) { hint } }
        }.render(into: &output)
    }
}

/// The form token every form sends back (checked by `CSRFGuard`).
struct FormToken: HTML {
    let token: String

    func render(into output: inout String) {
        input(.type("hidden"), .name(CSRFGuard.field), .value(token)).render(into: &output)
    }
}

/// A message at the top of a form: what went wrong, or what was done.
struct Notice: HTML {
    enum Kind: String { case error, success }
    let kind: Kind
    let message: String

    func render(into output: inout String) {
        p(.class("notice \(kind.rawValue)"), .role(kind == .error ? "alert" : "status")) { message }.render(into: &output)
    }
}

/// "Are you sure?": the question, a button that posts `action` with the form token, and Cancel.
/// Works without JavaScript; the question is announced as an alert.
struct Confirmation: HTML {
    let classes: String
    let message: String
    let action: Route
    let buttonTitle: String
    let cancel: Route
    let formToken: String

    func render(into output: inout String) {
        section(.class(classes)) {
            p(.class("confirm-message"), .role("alert")) { message }
            form(.method("post"), .action(action), .class("inline-form")) {
                FormToken(token: formToken)
                button(.type("submit"), .class("button danger")) { buttonTitle }
            }
            " "
            a(.class("button secondary"), .href(cancel)) { "Cancel" }
        }.render(into: &output)
    }
}
