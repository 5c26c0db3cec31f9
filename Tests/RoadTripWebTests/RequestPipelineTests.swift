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
        return try Exchange(Request(method: method, path: path, headers: fields, bodyFile: bodyFile))
    }

    func status(of step: RequestPipeline.Step, _ exchange: Exchange) -> Status? {
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
                "host", "method", "before the session", "session", "share link", "upload admission", "CSRF", "gate",
            ])
        #expect(RequestPipeline.finishing.map(\.name) == ["form cookie", "account", "share link"])
    }

    @Test func anAddressThatNamesNoRouteIsNotFound() {
        // MUT + validate
        #expect(throws: HTTPError.self) { try exchange("GET", "/nowhere") }
        #expect((try? exchange("GET", "/vacations/0")) == nil, "0 is no identifier")
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
        for (_, finish) in RequestPipeline.finishing {
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
