import Foundation
import HTTPServer
import RoadTrip
import TestSupport
import Testing
@testable import RoadTripWeb

/// A corpus of hostile input sent to every form and as cookies. Each gets a clear 4xx whose
/// page says what is wrong; nothing crashes and nothing is stored half-way.
@Suite struct HostileInputTests {
    /// Every form of the app, posted by the browser that would post it.
    enum Form: String, CaseIterable, CustomTestStringConvertible {
        case signIn, setup, ownPassword, addAccount, resetPassword, removeAccount

        var testDescription: String { rawValue }

        var path: String {
            switch self {
            case .signIn: Route.signIn(next: nil).path
            case .setup: Route.setup(token: nil).path
            case .ownPassword: Route.accountPassword.path
            case .addAccount: Route.accounts.path
            case .resetPassword: Route.accountPasswordReset(AccountID(2)).path
            case .removeAccount: Route.accountRemoval(AccountID(2)).path
            }
        }

        /// The fields a person types into.
        var textFields: [String] {
            switch self {
            case .signIn: ["name", "password"]
            case .setup, .addAccount: ["name", "password", "repeated"]
            case .ownPassword: ["current", "password", "repeated"]
            case .resetPassword: ["password", "repeated"]
            case .removeAccount: []
            }
        }
    }

    /// A fresh library, the browser that posts `form`, and the fields of a post that would work.
    struct Scene {
        let web: WebFixture
        let visitor: Visitor
        let valid: [(String, String)]

        init(_ form: Form) throws {
            web = try WebFixture()
            let password = WebFixture.password, new = "a brand new password"
            if form == .setup {
                let token = try #require(try web.library.setup.issueTokenIfNeeded())
                visitor = web.visitor()
                visitor.get(Route.setup(token: token).path)
                valid = [("token", token), ("name", "Carol"), ("password", new), ("repeated", new)]
                return
            }
            let ann = try web.library.accounts.create(name: "Ann", password: password, repeated: password, isOwner: true)
            if form == .resetPassword || form == .removeAccount {
                // The account these forms name (a hash costs 64 MiB and a tenth of a second: only where needed).
                let bob = try web.library.accounts.create(name: "Bob", password: password, repeated: password)
                try #require(bob.id == AccountID(2))
            }
            switch form {
            case .signIn:
                visitor = web.visitor()
                visitor.get(Route.signIn(next: nil).path)
                valid = [("name", "Ann"), ("password", password)]
            default:
                visitor = try web.signedIn(ann)
                visitor.get(Route.accounts.path)
                valid =
                    form == .ownPassword
                    ? [("current", password), ("password", new), ("repeated", new)]
                    : form == .addAccount
                        ? [("name", "Carol"), ("password", new), ("repeated", new)]
                        : form == .resetPassword ? [("password", new), ("repeated", new)] : []
            }
        }

        /// The valid post with `field`'s value written as `encodedValue` (already %-encoded, so
        /// it may be anything); with no such field, as an extra field.
        func body(_ field: String?, encodedValue: String) -> [UInt8] {
            var pairs = [("csrf", visitor.formToken ?? "")] + valid
            if let field, let index = pairs.firstIndex(where: { $0.0 == field }) {
                pairs.remove(at: index)
                return Array((urlEncodedForm(pairs) + "&\(field)=\(encodedValue)").utf8)
            }
            return Array((urlEncodedForm(pairs) + "&extra=\(encodedValue)").utf8)
        }
    }

    /// Checks the one answer every hostile post must get: a 4xx page with `message`, nothing stored.
    private func expectRefusal(
        _ response: Response, _ status: Status, _ message: String, before: WebFixture.Snapshot, in scene: Scene,
        _ comment: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(response.status == status, "\(comment)", sourceLocation: sourceLocation)
        #expect(response.status.code >= 400 && response.status.code < 500, "\(comment)", sourceLocation: sourceLocation)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8", "\(comment)", sourceLocation: sourceLocation)
        #expect(response.message.contains(message), "\(comment): \(response.message.prefix(300))", sourceLocation: sourceLocation)
        #expect(response.setCookie(Visitor.sessionCookie) == nil, "\(comment)", sourceLocation: sourceLocation)
        #expect(try scene.web.snapshot() == before, "\(comment)", sourceLocation: sourceLocation)
        #expect(scene.web.log.all.isEmpty, "\(comment): \(scene.web.log.all)", sourceLocation: sourceLocation)
    }

    // MARK: the control case

    @Test(arguments: Form.allCases)
    func theValidPostOfEachFormWorks(form: Form) throws {
        // setup
        let scene = try Scene(form)

        // MUT
        let response = scene.visitor.postBody(form.path, body: scene.body(nil, encodedValue: "harmless"))

        // validate: the refusals below are the hostile part's doing, not the form's.
        #expect(response.status == .ok || response.status == .seeOther, "\(response.status): \(response.message)")
    }

    // MARK: hostile field values

    static let overlong = String(repeating: "x", count: 10_000)
    static let huge = String(repeating: "y", count: 100 * 1024)

    /// What a too-long value in `field` of `form` is told.
    private static func overlongRefusal(_ form: Form, _ field: String) -> (Status, String) {
        switch (form, field) {
        case (.signIn, _): (.unauthorized, "The name or password is not right.")
        case (_, "name"): (.unprocessableContent, "A name can be at most 64 characters long.")
        case (_, "current"): (.unprocessableContent, "The current password is not right.")
        case (_, "password"): (.unprocessableContent, "A password can be at most 1024 characters long.")
        default: (.unprocessableContent, "The two passwords are not the same.")
        }
    }

    @Test(arguments: Form.allCases.filter { !$0.textFields.isEmpty })
    func anOverlongFieldIsRefusedAndSaysWhy(form: Form) throws {
        // setup: one library for the corpus, which must leave it as it was after each post.
        let scene = try Scene(form)
        let before = try scene.web.snapshot()

        for (index, (field, value)) in form.textFields.flatMap({ field in [Self.overlong, Self.huge].map { (field, $0) } }).enumerated() {
            // MUT: each from its own address, so that sign-in's lock-out does not answer instead.
            scene.visitor.address = "198.51.100.\(index + 1)"
            let response = scene.visitor.postBody(form.path, body: scene.body(field, encodedValue: value))

            // validate
            let (status, message) = Self.overlongRefusal(form, field)
            try expectRefusal(response, status, message, before: before, in: scene, "\(form) \(field) of \(value.count)")
        }
    }

    @Test(arguments: Form.allCases.filter { !$0.textFields.isEmpty })
    func aNulCharacterInAFieldIsRefused(form: Form) throws {
        // setup
        let scene = try Scene(form)
        let before = try scene.web.snapshot()

        for field in form.textFields {
            for encoded in ["%00", "correct%00horse%20battery", "abcdefghijk%00"] {
                // MUT
                let response = scene.visitor.postBody(form.path, body: scene.body(field, encodedValue: encoded))

                // validate
                try expectRefusal(
                    response, .badRequest, "The form contains a NUL character. Nothing was changed.", before: before, in: scene,
                    "\(form) \(field) = \(encoded)")
            }
        }
    }

    // MARK: hostile bodies

    static let malformedBodies: [(encoded: String, message: String)] = [
        ("%FF%FE", "The form is not valid UTF-8 text."),
        ("abc%C3", "The form is not valid UTF-8 text."),
        ("%ED%A0%80", "The form is not valid UTF-8 text."),  // a UTF-16 surrogate
        ("%C0%AF", "The form is not valid UTF-8 text."),  // an overlong encoding of "/"
        ("%G1", "The form has a malformed %-escape."),
        ("abc%", "The form has a malformed %-escape."),
        ("abc%4", "The form has a malformed %-escape."),
        ("%%41", "The form has a malformed %-escape."),
    ]

    static let otherContentTypes: [(type: String?, body: String)] = [
        ("multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=\"name\"\r\n\r\nMallory\r\n--x--\r\n"),
        ("application/json", #"{"name": "Mallory", "password": "a brand new password"}"#),
        ("text/plain", "name=Mallory"),
        ("application/x-www-form-urlencodedx", "name=Mallory"),
        (nil, "name=Mallory"),
    ]

    @Test(arguments: Form.allCases)
    func aMalformedBodyIsRefusedWholeAndSaysWhy(form: Form) throws {
        // setup: one library for the corpus, which must leave it as it was after each post.
        let scene = try Scene(form)
        let before = try scene.web.snapshot()

        for (encoded, message) in Self.malformedBodies {
            // MUT: in the first field a person types into (or an extra one).
            let response = scene.visitor.postBody(form.path, body: scene.body(form.textFields.first, encodedValue: encoded))

            // validate
            try expectRefusal(response, .badRequest, message + " Nothing was changed.", before: before, in: scene, "\(form): \(encoded)")
        }

        // MUT: 101 fields.
        let padding = (0..<100).map { "f\($0)=x" }.joined(separator: "&")
        let tooMany = scene.visitor.postBody(form.path, body: scene.body(nil, encodedValue: "x") + Array("&\(padding)".utf8))

        // validate
        try expectRefusal(
            tooMany, .badRequest, "The form has more than 100 fields. Nothing was changed.", before: before, in: scene,
            "\(form): 101 fields")

        for (type, text) in Self.otherContentTypes {
            // MUT: the form token travels in the body as usual, so only the type is wrong.
            let response = scene.visitor.postBody(
                form.path, body: scene.body(nil, encodedValue: "x") + Array("&\(text)".utf8), contentType: type)

            // validate
            try expectRefusal(
                response, .unsupportedMediaType, "RoadTrip's forms are sent as application/x-www-form-urlencoded.",
                before: before, in: scene, "\(form) as \(type ?? "no type")")
        }
    }

    @Test func theContentTypeIsMatchedWithoutRegardToCaseOrParameters() throws {
        // setup
        let scene = try Scene(.addAccount)

        // MUT
        let response = scene.visitor.postBody(
            Form.addAccount.path, body: scene.body(nil, encodedValue: "x"), contentType: "Application/X-WWW-Form-URLEncoded; charset=UTF-8")

        // validate
        #expect(response.status == .ok, "\(response.message)")
        #expect(try scene.web.library.accounts.account(named: "Carol") != nil)
    }

    // MARK: markup in names

    static let script = "<script>alert(1)</script>"
    static let attributeBreaker = #""><img src=x onerror=alert(1)>"#

    /// The page shows `name` escaped and never as markup.
    private func expectEscaped(_ html: String, _ name: String, _ comment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!html.contains(name), "\(comment): the name appears raw", sourceLocation: sourceLocation)
        #expect(!html.contains("<script>alert") && !html.contains("<img src=x"), "\(comment)", sourceLocation: sourceLocation)
        #expect(
            html.contains(
                name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
                    of: ">", with: "&gt;"
                )
                .replacingOccurrences(of: "\"", with: "&quot;"))
                || html.contains(name.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")),
            "\(comment): the name is not shown", sourceLocation: sourceLocation)
    }

    @Test(arguments: [script, attributeBreaker])
    func markupInANameTypedAtSignInIsShownEscaped(name: String) throws {
        // setup
        let scene = try Scene(.signIn)

        // MUT
        let response = scene.visitor.post(Form.signIn.path, [("name", name), ("password", "not the password")])

        // validate
        #expect(response.status == .unauthorized)
        expectEscaped(response.bodyText, name, "sign-in")
    }

    @Test(arguments: [script, attributeBreaker])
    func markupInAnAddedNameIsStoredAsTypedAndShownEscapedEverywhere(name: String) throws {
        // setup
        let scene = try Scene(.addAccount)

        // MUT
        let added = scene.visitor.post(
            Form.addAccount.path, [("name", name), ("password", "a brand new password"), ("repeated", "a brand new password")])
        let account = try #require(try scene.web.library.accounts.account(named: name))
        let own = try scene.web.signedIn(account)

        // validate: the list, the notice, the labels, the footer and the account's own page.
        #expect(added.status == .ok)
        expectEscaped(added.bodyText, name, "accounts list")
        expectEscaped(own.get("/").bodyText, name, "footer")
        expectEscaped(own.get(Route.account.path).bodyText, name, "own account page")
        let refused = scene.visitor.post(
            Form.addAccount.path, [("name", name), ("password", "a brand new password"), ("repeated", "different password")])
        expectEscaped(refused.bodyText, name, "the name put back into a refused form")
    }

    @Test func markupInTheOwnersNameAtSetupIsShownEscaped() throws {
        // setup
        let scene = try Scene(.setup)
        let token = try #require(scene.valid.first?.1)

        // MUT
        let refused = scene.visitor.post(
            Form.setup.path, [("token", token), ("name", Self.script), ("password", "short"), ("repeated", "short")])
        let created = scene.visitor.post(
            Form.setup.path,
            [("token", token), ("name", Self.script), ("password", "a brand new password"), ("repeated", "a brand new password")])

        // validate
        #expect(refused.status == .unprocessableContent)
        expectEscaped(refused.bodyText, Self.script, "refused setup")
        #expect(created.status == .seeOther)
        expectEscaped(scene.visitor.get("/").bodyText, Self.script, "home after setup")
    }

    // MARK: hostile cookies

    static let hostileSessionCookies: [String] = [
        "rt_session=" + String(repeating: "A", count: 100 * 1024),
        "rt_session=" + String(repeating: "A", count: 43),
        "rt_session=%%%;;;==",
        "rt_session=\u{FFFD}\u{FFFD}",
        "rt_session=\"\"",
        "rt_session",
        "rt_session=; rt_session=",
        "=rt_session",
        ";;;;",
        (0..<1000).map { "c\($0)=\($0)" }.joined(separator: "; "),
        "rt_session=../../etc/passwd",
        "rt_session=' OR 1=1 --",
    ]

    @Test func aHostileSessionCookieIsTreatedAsNoSession() throws {
        // setup
        let scene = try Scene(.addAccount)
        let token = try #require(scene.visitor.formToken)
        let before = try scene.web.snapshot()
        let stranger = scene.web.visitor()

        for cookie in Self.hostileSessionCookies {
            // MUT
            let page = stranger.get("/", headers: ["Cookie": cookie])
            let post = stranger.postBody(Form.addAccount.path, body: scene.body(nil, encodedValue: "x"), headers: ["Cookie": cookie])
            let withFormToken = stranger.postBody(
                Form.addAccount.path, body: Array("csrf=\(token)&name=Mallory".utf8), headers: ["Cookie": cookie])

            // validate
            let shown = String(cookie.prefix(40))
            #expect(page.status == .seeOther, "\(shown)")
            #expect(page.location == Route.signIn(next: "/").path, "\(shown)")
            #expect(post.status == .forbidden, "\(shown)")
            #expect(withFormToken.status == .forbidden, "\(shown)")
            #expect(try scene.web.snapshot() == before, "\(shown)")
        }
        #expect(scene.web.log.all.isEmpty)
    }

    @Test func ofSeveralSessionCookiesTheFirstCounts() throws {
        // setup
        let scene = try Scene(.addAccount)
        let valid = try #require(scene.visitor.sessionToken)
        let stranger = scene.web.visitor()

        // MUT
        let validFirst = stranger.get("/", headers: ["Cookie": "rt_session=\(valid); rt_session=garbage"])
        let garbageFirst = stranger.get("/", headers: ["Cookie": "rt_session=garbage; rt_session=\(valid)"])
        var two = Headers()
        two.add("Cookie", "rt_session=garbage")
        two.add("Cookie", "rt_session=\(valid)")
        let twoHeaders = stranger.send("GET", "/", headers: two)

        // validate
        #expect(validFirst.status == .ok)
        #expect(garbageFirst.status == .seeOther)
        #expect(twoHeaders.status == .seeOther)
    }

    @Test func aForgedFormCookieWithAMatchingFieldDoesNotPass() throws {
        // setup: the attacker controls both halves, but not in the form RoadTrip issues.
        let scene = try Scene(.signIn)
        let stranger = scene.web.visitor()

        // 43 well-formed characters too (a planted token), and one signed by another library's key.
        let otherKey = FormTokens(key: try WebFixture(loadDemo: false).library.signingKey).issuePreSessionToken()
        for forged in [
            "", "x", String(repeating: "A", count: 42), String(repeating: "A", count: 42) + "!", String(repeating: "A", count: 100 * 1024),
            "\u{FFFD}",
            String(repeating: "A", count: 43), String(repeating: "_", count: 43), otherKey,
        ] {
            // MUT
            let body = Array(urlEncodedForm([("csrf", forged), ("name", "Ann"), ("password", WebFixture.password)]).utf8)
            let response = stranger.postBody(Form.signIn.path, body: body, headers: ["Cookie": "rt_form=\(forged)"])
            let page = stranger.get(Form.signIn.path, headers: ["Cookie": "rt_form=\(forged)"])

            // validate
            let shown = String(forged.prefix(40))
            #expect(response.status == .forbidden, "\(shown)")
            #expect(try scene.web.rows(in: "sessions") == 0, "\(shown)")
            #expect(page.status == .ok, "\(shown)")
            let issued = try #require(
                page.setCookie(Visitor.formCookie).flatMap { $0.split(separator: ";").first }, "a new form cookie replaces the forged one")
            #expect(issued.utf8.count == "rt_form=".utf8.count + 43 && issued != "rt_form=\(forged)", "\(issued)")
        }
    }

    @Test func aHostileDeviceCookieNeitherBreaksNorHelpsSignIn() throws {
        // setup
        let scene = try Scene(.signIn)

        for (index, device) in [String(repeating: "A", count: 100 * 1024), "garbage", String(repeating: "A", count: 43)].enumerated() {
            let visitor = scene.web.visitor(address: "192.0.2.\(index + 10)")
            visitor.get(Form.signIn.path)
            visitor.cookies[Visitor.deviceCookie] = device

            // MUT
            let response = visitor.post(Form.signIn.path, scene.valid)

            // validate
            #expect(response.status == .seeOther, "\(device.prefix(40))")
            let issued = try #require(visitor.cookies[Visitor.deviceCookie])
            #expect(issued != device && issued.utf8.count == 43, "a device token of RoadTrip's own replaces it")
            #expect(try scene.web.rows(in: "known_devices") == index + 1)
        }
    }
}
