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

    var content: some HTML {
        let id = "field-\(name)"
        div(.class("field")) {
            label(.for(id)) { caption }
            input(.id(id), .type(type), .name(name), .value(value), .autocomplete(autocomplete), .required())
            if let hint { p(.class("hint")) { hint } }
        }
    }
}

/// The form token every form sends back (checked by `CSRFGuard`): the page's own, from the
/// output it is rendered into, so no view carries it.
struct FormToken: HTML {
    func render(into output: inout HTMLOutput) {
        // Every page is rendered with its request's token (`App.page`); a form without one could
        // only be refused when sent.
        assert(output.formToken != nil, "a form rendered on a page without a form token")
        input(.type("hidden"), .name(CSRFGuard.field), .value(output.formToken ?? "")).render(into: &output)
    }
}

/// A message at the top of a form: what went wrong, or what was done.
struct Notice: HTML {
    enum Kind: String { case error, success }
    let kind: Kind
    let message: String

    var content: some HTML {
        p(.class("notice \(kind.rawValue)"), .role(kind == .error ? "alert" : "status")) { message }
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

    var content: some HTML {
        section(.class(classes)) {
            p(.class("confirm-message"), .role("alert")) { message }
            form(.method("post"), .action(action), .class("inline-form")) {
                FormToken()
                button(.type("submit"), .class("button danger")) { buttonTitle }
            }
            " "
            a(.class("button secondary"), .href(cancel)) { "Cancel" }
        }
    }
}

/// One choice of a segmented control (a `fieldset.segmented` of radio buttons, as iOS draws it).
struct Segment: HTML {
    let name: String
    let value: String
    let caption: String
    let checked: Bool

    var content: some HTML {
        label(.class("segment")) {
            input(.type("radio"), .name(name), .value(value), .when(checked, .checked()))
            span { caption }
        }
    }
}
