import Foundation
import HTTPServer
import RoadTrip
import Testing
@testable import RoadTripWeb

/// Each step of `RequestPipeline` by itself, on an exchange made from a request without a
/// socket; the walks of SessionGateTests and the page tests cover the steps together.
@Suite struct RequestPipelineTests {
    let web: WebFixture

    init() throws {
        web = try WebFixture(
            loadDemo: false, hosts: AllowedHosts(publicURL: URL(string: "https://trips.example.org"), listenHost: "127.0.0.1"))
    }

    func exchange(
        _ method: String = "GET", _ path: String, headers: [(String, String)] = [("Host", "trips.example.org")], bodyFile: String? = nil
    ) throws -> Exchange {
        var fields = Headers()
        for (name, value) in headers { fields[name] = value }
        var exchange = Exchange(Request(method: method, path: path, headers: fields, bodyFile: bodyFile))
        try exchange.matchRoute()
        return exchange
    }

    func status(of step: RequestPipeline.Before, _ exchange: Exchange) -> Status? {
        var exchange = exchange
        do {
            return try step(web.app, &exchange)?.status
        } catch let error as HTTPError {
            return error.status
        } catch {
            return nil
        }
    }

    @Test func theStepsRunInTheirNamedOrder() {
        // MUT + validate
        #expect(
            RequestPipeline.steps.map(\.name) == [
                "share link headers", "security headers", "error page", "route", "host", "method", "before the session", "session",
                "form cookie", "account", "share link", "upload admission", "CSRF", "gate",
            ])
    }

    @Test func everyAnswerGoesBackThroughTheStepsItPassedAndAnErrorToTheStepThatRecovers() throws {
        // setup: a recording step outside the one that recovers, one inside it, and a step that fails
        typealias Step = RequestPipeline.Step
        let mark: (String) -> RequestPipeline.After = { name in { _, _, response in response.headers.add("X-Passed", name) } }
        let steps = [
            Step(name: "outer", after: mark("outer")),
            Step(name: "recovers", recover: { _, _, error in Response.text("recovered: \(error)", status: .conflict) }),
            Step(name: "inner", after: mark("inner")),
            Step(name: "answers", before: { _, exchange in exchange.request.path == "/healthz" ? .text("early") : nil }),
            Step(name: "fails", before: { _, _ in throw HTTPError(status: .forbidden, message: "no") }),
        ]
        var early = try exchange("GET", "/healthz"), failing = try exchange("GET", "/")

        // MUT
        let answered = try RequestPipeline.pass(web.app, &early, from: steps[...])
        let recovered = try RequestPipeline.pass(web.app, &failing, from: steps[...])

        // validate
        #expect(answered.status == .ok)
        #expect(answered.headers.values("X-Passed") == ["inner", "outer"], "an early answer is finished by every step it passed")
        #expect(recovered.status == .conflict)
        #expect(recovered.headers.values("X-Passed") == ["outer"], "an error unwinds to the step that recovers, then goes on out")
    }

    @Test func refusalsErrorPagesAndEarlyAnswersCarryTheSecurityHeaders() {
        // MUT
        func answer(_ path: String, method: String = "GET", host: String = "trips.example.org") -> Response {
            RequestPipeline.answer(Request(method: method, path: path, headers: ["Host": host]), in: web.app)
        }
        let answers = [
            answer("/nowhere"), answer("/", host: "evil.example"), answer("/healthz"), answer("/vacations"),
            answer("/vacations/new", method: "POST"),
        ]
        let underLink = answer("/s/not-a-token/nowhere")

        // validate
        #expect(answers.map(\.status) == [.notFound, .misdirectedRequest, .ok, .seeOther, .unsupportedMediaType])
        for answer in answers + [underLink] {
            #expect(answer.headers["Content-Security-Policy"] != nil)
            #expect(answer.headers["X-Content-Type-Options"] == "nosniff")
        }
        #expect(
            underLink.headers["Referrer-Policy"] == "no-referrer",
            "an address under a link is never sent onward, even one that names nothing")
        #expect(underLink.logPath == "/s/link-unknown/nowhere")
    }

    @Test func anAddressThatNamesNoRouteIsNotFound() {
        // MUT + validate
        #expect(throws: HTTPError.self) { try exchange("GET", "/nowhere") }
        #expect((try? exchange("GET", "/vacations/0")) == nil, "0 is no identifier")
        #expect(throws: HTTPError.self, "before the route step, no step sees a route") {
            try Exchange(Request(method: "GET", path: "/")).route
        }
    }

    @Test func theHostStepRefusesAnotherHostButNotTheHealthCheck() throws {
        // MUT + validate
        #expect(status(of: RequestPipeline.checkHost, try exchange("GET", "/", headers: [("Host", "evil.example")])) == .misdirectedRequest)
        #expect(status(of: RequestPipeline.checkHost, try exchange("GET", "/healthz", headers: [("Host", "10.1.2.3")])) == nil)
        #expect(status(of: RequestPipeline.checkHost, try exchange("GET", "/")) == nil)
    }

    @Test func theMethodStepAllowsWhatTheRouteDeclares() throws {
        // MUT
        var exchange = try exchange("DELETE", "/vacations")

        // validate
        do {
            _ = try RequestPipeline.checkMethod(web.app, &exchange)
            Issue.record("DELETE was let through")
        } catch let error as HTTPError {
            #expect(error.status == .methodNotAllowed)
            #expect(error.allowed == ["GET", "HEAD"])
        }
        #expect(status(of: RequestPipeline.checkMethod, try self.exchange("HEAD", "/vacations")) == nil)
    }

    @Test func staticFilesAndTheHealthCheckAnswerBeforeAnySession() throws {
        // MUT
        var health = try exchange("GET", "/healthz")
        var home = try exchange("GET", "/")
        let answered = try RequestPipeline.answerBeforeSession(web.app, &health)
        let page = try RequestPipeline.answerBeforeSession(web.app, &home)

        // validate
        #expect(answered?.status == .ok)
        #expect(page == nil)
        #expect(health.session == nil && health.stamp == nil, "no session was looked up")
    }

    @Test func theSessionStepFindsTheSessionAndItsTokenOrIssuesOne() throws {
        // setup
        let ann = try web.signedIn("Ann")
        let cookie = "rt_session=\(try #require(ann.sessionToken))"

        // MUT
        var signedIn = try exchange("GET", "/", headers: [("Host", "trips.example.org"), ("Cookie", cookie)])
        var stranger = try exchange("GET", "/")
        _ = try RequestPipeline.findSession(web.app, &signedIn)
        _ = try RequestPipeline.findSession(web.app, &stranger)

        // validate
        #expect(signedIn.session?.account.name == "Ann")
        #expect(signedIn.formToken == ann.formToken)
        #expect(!signedIn.formTokenIsNew)
        #expect(stranger.session == nil)
        #expect(!stranger.formToken.isEmpty)
        #expect(stranger.formTokenIsNew, "a new pre-session token goes out as a cookie")
    }

    @Test func anUploadWithoutASessionIsRefusedBeforeItsBodyIsRead() throws {
        // setup
        let file = web.folder.appendingPathComponent("body")
        try Data("not read".utf8).write(to: file)

        // MUT
        var upload = try exchange("POST", "/upload/file", bodyFile: file.path)
        _ = try RequestPipeline.findSession(web.app, &upload)

        // validate
        #expect(status(of: RequestPipeline.admitUpload, upload) == .forbidden)
        #expect(upload.upload == nil)
    }

    @Test func aPostWithoutTheFormTokenIsRefusedAndAGetReadsNoForm() throws {
        // MUT
        var post = try exchange(
            "POST", "/signin", headers: [("Host", "trips.example.org"), ("Content-Type", "application/x-www-form-urlencoded")])
        _ = try RequestPipeline.findSession(web.app, &post)
        var get = try exchange("GET", "/signin")

        // validate
        #expect(status(of: RequestPipeline.verifyForm, post) == .forbidden)
        #expect(status(of: RequestPipeline.verifyForm, get) == nil)
        _ = try RequestPipeline.verifyForm(web.app, &get)
        #expect(get.form.fields.isEmpty)
    }

    @Test func theGateSendsAPageToSignInAndRefusesAChange() throws {
        // MUT
        let page = try exchange("GET", "/vacations")
        let change = try exchange("POST", "/vacations/new")
        var signIn = try exchange("GET", "/signin")
        var gone = try exchange("GET", "/recents", headers: [("Host", "trips.example.org"), ("Cookie", "rt_session=ended")])
        let redirect = try RequestPipeline.gate(web.app, &gone)

        // validate
        #expect(status(of: RequestPipeline.gate, page) == .seeOther)
        #expect(status(of: RequestPipeline.gate, change) == .forbidden)
        #expect(try RequestPipeline.gate(web.app, &signIn) == nil, "a public route passes")
        #expect(redirect?.headers["Location"] == Route.signIn(next: "/recents").path)
        #expect(redirect?.headers["Clear-Site-Data"] != nil, "a session the server ended takes the browser's kept data with it")
    }

    @Test func aCachedPageIsSentFromThePageCacheTheSecondTime() throws {
        // setup
        let ann = try web.signedIn("Ann")
        let cookie = "rt_session=\(try #require(ann.sessionToken))"
        // (The Places screen itself is not kept: its On this day follows the date.)
        var exchange = try exchange("GET", "/map", headers: [("Host", "trips.example.org"), ("Cookie", cookie)])
        _ = try RequestPipeline.findSession(web.app, &exchange)

        // MUT
        let first = try RequestPipeline.act(web.app, exchange)
        let second = try RequestPipeline.act(web.app, exchange)

        // validate
        #expect(first.status == .ok)
        #expect(web.app.pages.hits == 1)
        guard case .bytes(let sent) = second.body, case .bytes(let rendered) = first.body else { Issue.record("not a page"); return }
        #expect(sent == rendered)
    }

    @Test func theFinishingStepsSetTheNewTokensCookieAndNameTheAccount() throws {
        // setup
        let ann = try web.signedIn("Ann")
        var signedIn = try exchange(
            "GET", "/", headers: [("Host", "trips.example.org"), ("Cookie", "rt_session=\(try #require(ann.sessionToken))")])
        var stranger = try exchange("GET", "/signin")
        _ = try RequestPipeline.findSession(web.app, &signedIn)
        _ = try RequestPipeline.findSession(web.app, &stranger)
        var annsPage = Response.html(bytes: [])
        var strangersPage = Response.html(bytes: [])

        // MUT
        for finish in RequestPipeline.steps.compactMap(\.after) {
            finish(web.app, signedIn, &annsPage)
            finish(web.app, stranger, &strangersPage)
        }

        // validate
        #expect(annsPage.headers["Set-Cookie"] == nil)
        #expect(annsPage.headers[Cookies.accountHeader] == web.app.tokens.keepKey(of: try #require(signedIn.session).account.id))
        #expect(strangersPage.headers["Set-Cookie"]?.hasPrefix("rt_form=\(stranger.formToken)") == true)
        #expect(strangersPage.headers[Cookies.accountHeader] == nil)
    }
}
