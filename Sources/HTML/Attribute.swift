/// One attribute of an element. A `nil` value renders as a bare boolean attribute.
public struct Attribute: Sendable, Equatable {
    public let name: String
    public let value: String?

    /// `name` must be a literal written in the program: attribute names are not escaped.
    public init(_ name: StaticString, _ value: String?) {
        self.name = name.description
        self.value = value
    }

    public static func `class`(_ names: String...) -> Attribute {
        Attribute("class", names.filter { !$0.isEmpty }.joined(separator: " "))
    }
    public static func id(_ value: String) -> Attribute { Attribute("id", value) }
    public static func href(_ value: String) -> Attribute { Attribute("href", value) }
    public static func src(_ value: String) -> Attribute { Attribute("src", value) }
    public static func alt(_ value: String) -> Attribute { Attribute("alt", value) }
    public static func title(_ value: String) -> Attribute { Attribute("title", value) }
    public static func type(_ value: String) -> Attribute { Attribute("type", value) }
    public static func name(_ value: String) -> Attribute { Attribute("name", value) }
    public static func value(_ value: String) -> Attribute { Attribute("value", value) }
    public static func rel(_ value: String) -> Attribute { Attribute("rel", value) }
    public static func lang(_ value: String) -> Attribute { Attribute("lang", value) }
    public static func role(_ value: String) -> Attribute { Attribute("role", value) }
    public static func method(_ value: String) -> Attribute { Attribute("method", value) }
    public static func action(_ value: String) -> Attribute { Attribute("action", value) }
    public static func content(_ value: String) -> Attribute { Attribute("content", value) }
    public static func hidden() -> Attribute { Attribute("hidden", nil) }
    public static func required() -> Attribute { Attribute("required", nil) }
    public static func placeholder(_ value: String) -> Attribute { Attribute("placeholder", value) }
    public static func autocomplete(_ value: String) -> Attribute { Attribute("autocomplete", value) }
    public static func `for`(_ value: String) -> Attribute { Attribute("for", value) }
    public static func minlength(_ value: Int) -> Attribute { Attribute("minlength", String(value)) }
    public static func maxlength(_ value: Int) -> Attribute { Attribute("maxlength", String(value)) }
    public static func ariaLabel(_ value: String) -> Attribute { Attribute("aria-label", value) }
    public static func ariaCurrent(_ value: String) -> Attribute { Attribute("aria-current", value) }
    public static func ariaExpanded(_ value: Bool) -> Attribute { Attribute("aria-expanded", value ? "true" : "false") }
    public static func ariaControls(_ value: String) -> Attribute { Attribute("aria-controls", value) }
    /// `data-<name>`; `name` is a program literal.
    public static func data(_ name: StaticString, _ value: String) -> Attribute {
        Attribute(dataName: "data-\(name)", value)
    }

    private init(dataName: String, _ value: String) {
        self.name = dataName
        self.value = value
    }

    func render(into output: inout String) {
        output += " "
        output += name
        if let value {
            output += "=\""
            Escape.attribute(value, into: &output)
            output += "\""
        }
    }
}
