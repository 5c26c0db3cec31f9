import Foundation
import HTTPServer
import RoadTrip
import RoadTripWeb
import Testing

/// An upload's body is stored only for a signed-in session that sent its token, decided from
/// the head alone (`App.admitsUpload`): a stranger's 300 MB never reach the disk.
@Suite struct UploadAdmissionTests {
    let web: WebFixture

    init() throws {
        web = try WebFixture(loadDemo: false)
    }

    func head(_ target: String, cookie: String? = nil, headers extra: [(String, String)] = []) -> RequestHead {
        var headers: Headers = ["Host": "127.0.0.1:8080", "Content-Type": "application/octet-stream"]
        if let cookie { headers["Cookie"] = cookie }
        for (name, value) in extra { headers[name] = value }
        let (path, query) = Visitor.split(target)
        return RequestHead(
            method: "POST", path: path, query: query, headers: headers, clientAddress: "192.0.2.1", declaredLength: 300_000_000)
    }

    func refusal(_ admission: BodyAdmission) -> Response? {
        if case .refuse(let response) = admission { return response }
        return nil
    }

    @Test(arguments: ["/upload/file?name=a.jpg", "/upload", "/vacations/import"])
    func withoutASessionEveryUploadRouteIsRefused403(target: String) throws {
        // MUT
        let response = try #require(refusal(web.app.admitsUpload(head(target))))

        // validate: the app's own page, with its security headers.
        #expect(response.status == .forbidden)
        #expect(response.bodyText.contains("Sign in first. Nothing was uploaded."))
        #expect(response.headers["Content-Security-Policy"] != nil)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
    }

    @Test func anEndedOrMadeUpSessionIsRefused() throws {
        // setup
        let visitor = try web.signedIn()
        let token = try #require(visitor.sessionToken)
        try web.library.authenticator.signOut(try #require(try web.library.authenticator.sessions.session(token: token)))

        // MUT
        let ended = refusal(
            web.app.admitsUpload(head("/upload/file", cookie: "rt_session=\(token)", headers: [("X-CSRF-Token", visitor.formToken ?? "")])))
        let madeUp = refusal(web.app.admitsUpload(head("/upload/file", cookie: "rt_session=\(String(repeating: "A", count: 43))")))

        // validate
        #expect(ended?.status == .forbidden)
        #expect(madeUp?.status == .forbidden)
    }

    @Test func aSessionWithoutItsTokenIsRefused() throws {
        // setup
        let visitor = try web.signedIn()
        let cookie = "rt_session=\(try #require(visitor.sessionToken))"

        // MUT
        let none = refusal(web.app.admitsUpload(head("/upload/file?name=a.jpg", cookie: cookie)))
        let wrongHeader = refusal(web.app.admitsUpload(head("/upload/file", cookie: cookie, headers: [("X-CSRF-Token", "x")])))
        let wrongParameter = refusal(web.app.admitsUpload(head("/upload?upload=x", cookie: cookie)))
        let formTokenInAddress = refusal(web.app.admitsUpload(head("/upload?upload=\(visitor.formToken ?? "")", cookie: cookie)))

        // validate
        for response in [none, wrongHeader, wrongParameter, formTokenInAddress] {
            #expect(response?.status == .forbidden)
            #expect(response?.bodyText.contains("did not come from a RoadTrip page") == true)
        }
    }

    @Test func anUploadFromAnotherSiteIsRefusedEvenWithTheToken() throws {
        // setup
        let visitor = try web.signedIn()
        let cookie = "rt_session=\(try #require(visitor.sessionToken))"
        let token = ("X-CSRF-Token", try #require(visitor.formToken))

        // MUT
        let crossSite = refusal(
            web.app.admitsUpload(head("/upload/file", cookie: cookie, headers: [token, ("Sec-Fetch-Site", "cross-site")])))
        let otherOrigin = refusal(
            web.app.admitsUpload(head("/upload/file", cookie: cookie, headers: [token, ("Origin", "http://evil.example")])))

        // validate
        #expect(crossSite?.status == .forbidden)
        #expect(otherOrigin?.status == .forbidden)
    }

    @Test func theScriptsPostWithTheSessionsTokenIsAdmittedForItsAccount() throws {
        // setup
        let visitor = try web.signedIn()
        let cookie = "rt_session=\(try #require(visitor.sessionToken))"

        // MUT
        let admission = web.app.admitsUpload(
            head("/upload/file?name=a.jpg", cookie: cookie, headers: [("X-CSRF-Token", try #require(visitor.formToken))]))

        // validate
        guard case .accept(let owner) = admission else {
            Issue.record("expected the upload to be admitted, got \(admission)")
            return
        }
        let account = try #require(try web.library.accounts.all().first)
        #expect(owner == "account \(account.id.rawValue)")
    }

    @Test func theUploadFormsCarryTheTokenThatAdmitsThem() throws {
        // setup
        let visitor = try web.signedIn()
        let cookie = "rt_session=\(try #require(visitor.sessionToken))"

        // MUT: the actions of the two upload forms, as the pages render them.
        let actions = try ["/upload", "/vacations/import"].map { page in
            let html = visitor.get(page).bodyText
            return try #require(
                html.firstMatch(of: #/<form[^>]*action="([^"]*\?upload=[^"]+)"/#).map { String($0.output.1) }, "no upload form on \(page)")
        }

        // validate: each admits its upload, and none shows the form token itself.
        for action in actions {
            #expect(!action.contains(try #require(visitor.formToken)))
            let admission = web.app.admitsUpload(head(action.replacingOccurrences(of: "&amp;", with: "&"), cookie: cookie))
            guard case .accept = admission else {
                Issue.record("\(action) was not admitted: \(admission)")
                continue
            }
        }
    }

    @Test func anUploadNamingAnotherHostIsMisdirected() throws {
        // setup
        let hosted = try WebFixture(
            loadDemo: false, hosts: AllowedHosts(publicURL: URL(string: "https://trips.example.org"), listenHost: "127.0.0.1"))
        let visitor = try hosted.signedIn()
        var rebound = head(
            "/upload/file", cookie: "rt_session=\(try #require(visitor.sessionToken))",
            headers: [("X-CSRF-Token", try #require(visitor.formToken))])
        rebound.headers["Host"] = "attacker.example:8080"

        // MUT
        let response = refusal(hosted.app.admitsUpload(rebound))

        // validate
        #expect(response?.status == .misdirectedRequest)
    }
}
