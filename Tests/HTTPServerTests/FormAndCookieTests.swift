import HTTPServer
import Testing

@Suite struct FormTests {
    @Test func fieldsArePercentAndPlusDecodedInOrder() throws {
        // MUT
        let form = try Form(urlEncoded: Array("name=Ann+Lee&note=caf%C3%A9+%26+more&empty=&flag".utf8))

        // validate
        #expect(form.fields.map(\.name) == ["name", "note", "empty", "flag"])
        #expect(form["name"] == "Ann Lee")
        #expect(form["note"] == "café & more")
        #expect(form["empty"] == "")
        #expect(form["flag"] == "")
        #expect(form["missing"] == nil)
    }

    @Test(arguments: [
        ("a=%FF%FE", "The form is not valid UTF-8 text."),
        ("a=x%00y", "The form contains a NUL character."),
        ("a=%G1", "The form has a malformed %-escape."),
        ("a=50%", "The form has a malformed %-escape."),
        ("a=5%4", "The form has a malformed %-escape."),
    ])
    func malformedFormsAreRefusedWhole(body: String, message: String) {
        let error = #expect(throws: FormError.self) { try Form(urlEncoded: Array(body.utf8)) }
        #expect(error?.description == message)
    }

    @Test func tooManyFieldsAreRefused() {
        let body = (0...Form.maximumFields).map { "f\($0)=1" }.joined(separator: "&")
        #expect(throws: FormError.self) { try Form(urlEncoded: Array(body.utf8)) }
    }
}

@Suite struct CookieTests {
    @Test func cookiesAreSplitTrimmedAndUnquoted() {
        // setup
        var headers = Headers()
        headers.add("Cookie", " a=1;b = two ;\tc=\"quoted\"; broken; d=")

        // MUT
        let cookies = Request(path: "/", headers: headers).cookies

        // validate
        #expect(cookies == ["a": "1", "b": "two", "c": "quoted", "d": ""])
    }

    @Test func theFirstOfTwoCookiesWithOneNameWins() {
        var headers = Headers()
        headers.add("Cookie", "rt=first; rt=second")
        headers.add("Cookie", "rt=third")
        #expect(Request(path: "/", headers: headers).cookies["rt"] == "first")
    }

    @Test func setCookieCarriesItsAttributes() {
        #expect(
            SetCookie(name: "s", value: "v", maxAge: 60, secure: true).headerValue
                == "s=v; Path=/; HttpOnly; SameSite=Lax; Max-Age=60; Secure")
        #expect(SetCookie(name: "s", value: "", maxAge: nil, secure: false).headerValue == "s=; Path=/; HttpOnly; SameSite=Lax")
    }
}
