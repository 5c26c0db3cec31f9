import Foundation
import HTTPServer
import Testing

/// The placing form of a preview page, sent back as a browser sends it: its hidden fields, number
/// fields, ticked boxes and the option selected in each list, and the one button pressed.
struct PlacingPageForm {
    private let html: String

    init(_ page: Response) throws {
        let text = page.bodyText
        let start = try #require(text.range(of: #"class="stacked placing-options">"#), "no placing form on the page (\(page.status))")
        let end = try #require(text[start.upperBound...].range(of: "</form>"))
        html = String(text[start.upperBound..<end.lowerBound])
    }

    /// The fields sent, lists and typed fields (a clock's zone) changed as `choosing` says, and
    /// values as `replacing` says.
    func submission(
        choosing: [String: String] = [:], replacing: [String: String] = [:],
        pressing button: (String, String)
    ) -> [(String, String)] {
        var fields: [(String, String)] = []
        for tag in Markup.tags("input", in: html) {
            guard let name = Markup.attribute("name", of: tag).map(Self.unescaped) else { continue }
            switch Markup.attribute("type", of: tag) {
            case "checkbox": if tag.contains(" checked") { fields.append((name, "on")) }
            default: fields.append((name, choosing[name] ?? Markup.attribute("value", of: tag).map(Self.unescaped) ?? ""))
            }
        }
        for select in html.matches(of: #/<select id="[^"]*" name="([^"]*)">(.*?)</select>/#) {
            let options = select.output.2.matches(of: #/<option value="([^"]*)"( selected)?>/#)
            let value = (options.first { $0.output.2 != nil } ?? options.first).map { Self.unescaped(String($0.output.1)) } ?? ""
            fields.append((String(select.output.1), choosing[String(select.output.1)] ?? value))
        }
        return fields.map { (name, value) in (name, replacing[name] ?? value) } + [button]
    }

    /// The value of a field as the page wrote it.
    func value(of name: String) -> String? {
        submission(pressing: ("do", "preview")).first { $0.0 == name }?.1
    }

    private static func unescaped(_ value: String) -> String {
        value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
