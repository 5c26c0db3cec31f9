import HTTPServer
import Testing

@Suite struct HeadersTests {
    @Test func valueIsFoundWhateverTheCaseOfTheName() {
        // setup
        let headers: Headers = ["Content-Type": "text/html"]

        // MUT
        let values = [headers["content-type"], headers["CONTENT-TYPE"], headers["Content-Type"], headers["Content-Length"]]

        // validate
        #expect(values == ["text/html", "text/html", "text/html", nil])
    }

    @Test func settingReplacesEveryFieldOfThatNameWhateverItsCase() {
        // setup
        var headers = Headers()
        headers.add("Set-Cookie", "a=1")
        headers.add("set-cookie", "b=2")
        headers.add("Vary", "Accept")

        // MUT
        headers["SET-COOKIE"] = "c=3"

        // validate
        #expect(headers.values("Set-Cookie") == ["c=3"])
        #expect(headers["Vary"] == "Accept")
        #expect(headers.fields.count == 2)
    }

    @Test func settingNilRemovesTheField() {
        // setup
        var headers: Headers = ["ETag": "\"1\"", "Vary": "Accept"]

        // MUT
        headers["etag"] = nil

        // validate
        #expect(headers["ETag"] == nil)
        #expect(headers.fields.map(\.name) == ["Vary"])
    }

    @Test func addingKeepsEarlierFieldsOfTheSameNameInOrder() {
        // setup
        var headers = Headers()

        // MUT
        headers.add("Set-Cookie", "a=1")
        headers.add("SET-COOKIE", "b=2")

        // validate
        #expect(headers.values("set-cookie") == ["a=1", "b=2"])
        #expect(headers["Set-Cookie"] == "a=1", "the subscript gives the first")
        #expect(Array(headers).map(\.name) == ["Set-Cookie", "SET-COOKIE"])
    }

    @Test func nameThatOnlyLooksAlikeIsADifferentName() {
        // setup
        let headers: Headers = ["X-Trip": "1"]

        // MUT
        let values = [headers["X-Trip "], headers["X-Tri"], headers["X_Trip"]]

        // validate
        #expect(values == [nil, nil, nil])
    }

    @Test func equalityComparesNamesValuesAndOrder() {
        // setup
        let headers: Headers = ["A": "1", "B": "2"]

        // MUT / validate
        #expect(headers == ["A": "1", "B": "2"])
        #expect(headers != ["B": "2", "A": "1"])
        #expect(headers != ["A": "1", "B": "3"])
    }
}
