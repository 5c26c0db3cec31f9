import Foundation
import HTTPServer
import RoadTrip
import RoadTripWeb
import TestSupport

/// One browser talking to the app without a socket: the cookies it was given go back with each
/// request, and the form token of the last page it saw goes into the forms it sends.
final class Visitor {
    static let sessionCookie = "rt_session"
    static let formCookie = "rt_form"
    static let deviceCookie = "rt_device"

    let app: App
    /// The peer address the app sees (sign-in failures are counted per address).
    var address: String
    var cookies: [String: String] = [:]
    /// The `csrf` value the next form will carry.
    var formToken: String?

    init(app: App, address: String) {
        self.app = app
        self.address = address
    }

    var sessionToken: String? { cookies[Visitor.sessionCookie] }

    /// Sends a request and keeps what the answer sets: cookies, and the form token of its page.
    @discardableResult
    func send(_ method: String, _ target: String, headers: Headers = Headers(), body: [UInt8] = [], bodyFile: String? = nil) -> Response {
        var headers = headers
        if headers["Cookie"] == nil, !cookies.isEmpty {
            headers["Cookie"] = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }
        let (path, query) = Visitor.split(target)
        let response = app.respond(
            to: Request(method: method, path: path, query: query, headers: headers, body: body, clientAddress: address, bodyFile: bodyFile))
        remember(response)
        return response
    }

    @discardableResult
    func get(_ target: String, headers: Headers = Headers()) -> Response {
        send("GET", target, headers: headers)
    }

    @discardableResult
    func request(_ method: String, _ target: String) -> Response {
        send(method, target)
    }

    /// Which `csrf` field a form carries.
    enum FormTokenChoice {
        /// The token of the last page this browser saw, as a real form does.
        case page
        case omitted
        case value(String)
    }

    /// A form post as a browser sends it from one of RoadTrip's pages: urlencoded, with the
    /// page's form token unless told otherwise.
    @discardableResult
    func post(_ target: String, _ fields: [(String, String)] = [], csrf: FormTokenChoice = .page, headers: Headers = Headers()) -> Response
    {
        var all = fields
        switch csrf {
        case .page: if let formToken { all.insert((CSRFField.name, formToken), at: 0) }
        case .omitted: break
        case .value(let token): all.insert((CSRFField.name, token), at: 0)
        }
        return postBody(target, body: Visitor.encode(all), headers: headers)
    }

    /// A post with a body written by hand.
    @discardableResult
    func postBody(_ target: String, body: [UInt8], contentType: String? = "application/x-www-form-urlencoded", headers: Headers = Headers())
        -> Response
    {
        var headers = headers
        if let contentType, headers["Content-Type"] == nil { headers["Content-Type"] = contentType }
        return send("POST", target, headers: headers, body: body)
    }

    private func remember(_ response: Response) {
        for header in response.headers.values("Set-Cookie") {
            let parts = header.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let pair = parts.first, let equals = pair.firstIndex(of: "=") else { continue }
            let name = String(pair[..<equals]), value = String(pair[pair.index(after: equals)...])
            if parts.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
        if let token = Visitor.formToken(in: response.bodyText) { formToken = token }
    }

    /// The value of the first hidden `csrf` field of a page.
    static func formToken(in html: String) -> String? {
        formTokens(in: html).first
    }

    /// The values of every `csrf` field of a page, one per form. A plain search, not `Markup`:
    /// pages that echo a 100 KB field are read after every request.
    static func formTokens(in html: String) -> [String] {
        let marker = #"name="\#(CSRFField.name)" value=""#
        var tokens: [String] = []
        var rest = html[...]
        while let found = rest.range(of: marker) {
            let value = rest[found.upperBound...].prefix { $0 != "\"" }
            tokens.append(String(value))
            rest = rest[value.endIndex...]
        }
        return tokens
    }

    /// `application/x-www-form-urlencoded`, every byte but the unreserved ones escaped.
    static func encode(_ fields: [(String, String)]) -> [UInt8] {
        Array(urlEncodedForm(fields).utf8)
    }

    /// The path and the decoded query of a request target, as the server hands them to the app.
    static func split(_ target: String) -> (String, [(name: String, value: String)]) {
        guard let mark = target.firstIndex(of: "?") else { return (target, []) }
        let decode = { (text: Substring) in text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text) }
        let query = target[target.index(after: mark)...].split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (name: decode(parts[0]), value: parts.count > 1 ? decode(parts[1]) : "")
        }
        return (String(target[..<mark]), query)
    }
}

enum CSRFField {
    static let name = "csrf"
}

extension Response {
    /// The `Set-Cookie` header that sets `name`, if any.
    func setCookie(_ name: String) -> String? {
        headers.values("Set-Cookie").first { $0.hasPrefix("\(name)=") }
    }

    var location: String? { headers["Location"] }

    /// The text of the page's error notices and error message, to check what a person is told.
    /// A plain search, not `Markup`: pages that echo a 100 KB field are read here too.
    var message: String {
        let html = bodyText
        return
            (Response.contents(of: #"<p class="notice error" role="alert">"#, until: "</p>", in: html)
            + Response.contents(of: #"<section class="empty-state error" role="alert">"#, until: "</section>", in: html)).joined(
                separator: " ")
    }

    private static func contents(of start: String, until end: String, in html: String) -> [String] {
        var found: [String] = []
        var rest = html[...]
        while let open = rest.range(of: start), let close = rest[open.upperBound...].range(of: end) {
            found.append(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        return found
    }
}
