/// One attribute of an element. A `nil` value renders as a bare boolean attribute.
///
/// Names are written in the program (`StaticString`) and copied as they are; values are escaped
/// while rendering. The functions below name the attributes views use, so a view never spells
/// one out; `Attribute(_:_:)` stays for the rare one they do not cover.
public struct Attribute: Sendable {
    @usableFromInline
    enum Name: Sendable {
        case plain(StaticString)
        /// `data-<name>`.
        case data(StaticString)
        /// `data-script`, which also asks the page for the script of that name.
        case script
        /// `data-<name>` holding the page's form token (`HTMLOutput.formToken`).
        case formToken(StaticString)
        /// No attribute at all: what `when(false, …)` gives.
        case absent
    }

    @usableFromInline let name: Name
    @usableFromInline let value: String?

    /// `name` must be a literal written in the program: attribute names are not escaped.
    public init(_ name: StaticString, _ value: String?) {
        self.init(name: .plain(name), value: value)
    }

    @usableFromInline
    init(name: Name, value: String?) {
        self.name = name
        self.value = value
    }

    /// `attribute` where `condition` holds, and nothing otherwise.
    public static func when(_ condition: Bool, _ attribute: @autoclosure () -> Attribute) -> Attribute {
        condition ? attribute() : Attribute(name: .absent, value: nil)
    }

    /// `make(value)` where there is a value, and nothing otherwise.
    public static func ifPresent<Value>(_ value: Value?, _ make: (Value) -> Attribute) -> Attribute {
        value.map(make) ?? Attribute(name: .absent, value: nil)
    }

    /// `data-<name>`; `name` is a program literal.
    public static func data(_ name: StaticString, _ value: String) -> Attribute {
        Attribute(name: .data(name), value: value)
    }

    /// `data-script="NAME"`: this markup needs the script `NAME`. Rendering it tells the output
    /// (`HTMLOutput.requestedScripts`), so the page links the scripts its own parts asked for.
    public static func script(_ name: String) -> Attribute {
        Attribute(name: .script, value: name)
    }

    /// `data-<name>` with the page's form token as its value, for a script that sends the token
    /// in a header rather than in the form.
    public static func dataFormToken(_ name: StaticString) -> Attribute {
        Attribute(name: .formToken(name), value: nil)
    }

    @usableFromInline
    static func render(_ attributes: [Attribute], into output: inout HTMLOutput) {
        for attribute in attributes {
            switch attribute.name {
            case .absent: continue
            case .plain(let name):
                output.write(byte: UInt8(ascii: " "))
                output.write(name)
            case .data(let name):
                output.write(" data-")
                output.write(name)
            case .script:
                output.write(" data-script")
                output.requestScript(attribute.value ?? "")
            case .formToken(let name):
                output.write(" data-")
                output.write(name)
                output.write("=\"")
                output.writeAttributeValue(output.formToken ?? "")
                output.write(byte: UInt8(ascii: "\""))
            }
            if let value = attribute.value {
                output.write("=\"")
                output.writeAttributeValue(value)
                output.write(byte: UInt8(ascii: "\""))
            }
        }
    }
}

extension Attribute {
    public static func `class`(_ name: String) -> Attribute { Attribute("class", name) }
    /// Several class names, the empty ones left out: `.class("book-page", isCurrent ? "current" : "")`.
    public static func `class`(_ names: String...) -> Attribute {
        Attribute("class", names.filter { !$0.isEmpty }.joined(separator: " "))
    }
    public static func id(_ value: String) -> Attribute { Attribute("id", value) }
    public static func href(_ value: String) -> Attribute { Attribute("href", value) }
    public static func src(_ value: String) -> Attribute { Attribute("src", value) }
    public static func datetime(_ value: String) -> Attribute { Attribute("datetime", value) }
    public static func alt(_ value: String) -> Attribute { Attribute("alt", value) }
    public static func title(_ value: String) -> Attribute { Attribute("title", value) }
    public static func type(_ value: String) -> Attribute { Attribute("type", value) }
    public static func name(_ value: String) -> Attribute { Attribute("name", value) }
    public static func value(_ value: String) -> Attribute { Attribute("value", value) }
    public static func rel(_ value: String) -> Attribute { Attribute("rel", value) }
    public static func target(_ value: String) -> Attribute { Attribute("target", value) }
    public static func download(_ value: String? = nil) -> Attribute { Attribute("download", value) }
    public static func lang(_ value: String) -> Attribute { Attribute("lang", value) }
    public static func charset(_ value: String) -> Attribute { Attribute("charset", value) }
    public static func role(_ value: String) -> Attribute { Attribute("role", value) }
    public static func method(_ value: String) -> Attribute { Attribute("method", value) }
    public static func action(_ value: String) -> Attribute { Attribute("action", value) }
    public static func enctype(_ value: String) -> Attribute { Attribute("enctype", value) }
    public static func accept(_ value: String) -> Attribute { Attribute("accept", value) }
    public static func content(_ value: String) -> Attribute { Attribute("content", value) }
    /// A media query (`link`, `meta name="theme-color"`, `source`).
    public static func media(_ value: String) -> Attribute { Attribute("media", value) }
    public static func hidden() -> Attribute { Attribute("hidden", nil) }
    public static func required() -> Attribute { Attribute("required", nil) }
    public static func checked() -> Attribute { Attribute("checked", nil) }
    public static func selected() -> Attribute { Attribute("selected", nil) }
    public static func readonly() -> Attribute { Attribute("readonly", nil) }
    public static func spellcheck(_ on: Bool) -> Attribute { Attribute("spellcheck", on ? "true" : "false") }
    public static func crossorigin(_ value: String) -> Attribute { Attribute("crossorigin", value) }
    public static func disabled() -> Attribute { Attribute("disabled", nil) }
    public static func multiple() -> Attribute { Attribute("multiple", nil) }
    public static func autofocus() -> Attribute { Attribute("autofocus", nil) }
    public static func placeholder(_ value: String) -> Attribute { Attribute("placeholder", value) }
    public static func autocomplete(_ value: String) -> Attribute { Attribute("autocomplete", value) }
    public static func `for`(_ value: String) -> Attribute { Attribute("for", value) }
    public static func minlength(_ value: Int) -> Attribute { Attribute("minlength", String(value)) }
    public static func maxlength(_ value: Int) -> Attribute { Attribute("maxlength", String(value)) }
    public static func min(_ value: Int) -> Attribute { Attribute("min", String(value)) }
    public static func max(_ value: Int) -> Attribute { Attribute("max", String(value)) }
    public static func width(_ value: Int) -> Attribute { Attribute("width", String(value)) }
    public static func height(_ value: Int) -> Attribute { Attribute("height", String(value)) }
    public static func tabindex(_ value: Int) -> Attribute { Attribute("tabindex", String(value)) }
    /// `lazy` or `eager`: when an image or frame is fetched.
    public static func loading(_ value: String) -> Attribute { Attribute("loading", value) }
    /// `async`, `sync` or `auto`: whether an image may be decoded off the main thread.
    public static func decoding(_ value: String) -> Attribute { Attribute("decoding", value) }
    public static func sandbox(_ value: String) -> Attribute { Attribute("sandbox", value) }
    /// A media element's own controls, played in place on a phone (not full screen), what it
    /// fetches before it is played, and the picture shown until then.
    public static func controls() -> Attribute { Attribute("controls", nil) }
    public static func playsinline() -> Attribute { Attribute("playsinline", nil) }
    public static func preload(_ value: String) -> Attribute { Attribute("preload", value) }
    public static func poster(_ value: String) -> Attribute { Attribute("poster", value) }
    public static func referrerpolicy(_ value: String) -> Attribute { Attribute("referrerpolicy", value) }
    public static func ariaLabel(_ value: String) -> Attribute { Attribute("aria-label", value) }
    public static func ariaCurrent(_ value: String) -> Attribute { Attribute("aria-current", value) }
    public static func ariaExpanded(_ value: Bool) -> Attribute { Attribute("aria-expanded", value ? "true" : "false") }
    public static func ariaPressed(_ value: Bool) -> Attribute { Attribute("aria-pressed", value ? "true" : "false") }
    public static func ariaControls(_ value: String) -> Attribute { Attribute("aria-controls", value) }
    public static func ariaHidden() -> Attribute { Attribute("aria-hidden", "true") }
    public static func ariaLive(_ value: String) -> Attribute { Attribute("aria-live", value) }
    public static func ariaDisabled() -> Attribute { Attribute("aria-disabled", "true") }
    public static func ariaInvalid() -> Attribute { Attribute("aria-invalid", "true") }
    public static func ariaDescribedby(_ value: String) -> Attribute { Attribute("aria-describedby", value) }
}

/// SVG's geometry, numbers written with at most two decimals.
extension Attribute {
    public static func viewBox(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Attribute {
        Attribute("viewBox", [x, y, width, height].map(number).joined(separator: " "))
    }
    public static func x(_ value: Double) -> Attribute { Attribute("x", number(value)) }
    public static func y(_ value: Double) -> Attribute { Attribute("y", number(value)) }
    public static func cx(_ value: Double) -> Attribute { Attribute("cx", number(value)) }
    public static func cy(_ value: Double) -> Attribute { Attribute("cy", number(value)) }
    public static func r(_ value: Double) -> Attribute { Attribute("r", number(value)) }
    public static func svgWidth(_ value: Double) -> Attribute { Attribute("width", number(value)) }
    public static func svgHeight(_ value: Double) -> Attribute { Attribute("height", number(value)) }
    /// A polyline's points, `x,y x,y …`.
    public static func points(_ points: [(x: Double, y: Double)]) -> Attribute {
        Attribute("points", points.map { number($0.x) + "," + number($0.y) }.joined(separator: " "))
    }

    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        // Int(exactly:): a whole number too large for an Int (or infinite) is written as it is, never trapped on.
        return Int(exactly: rounded).map(String.init) ?? String(rounded)
    }
}
