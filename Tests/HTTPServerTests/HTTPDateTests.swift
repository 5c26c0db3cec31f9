import HTTPServer
import Testing

@Suite struct HTTPDateTests {
    @Test func formatsTheIMFFixdateOfRFC9110() {
        // MUT
        let text = HTTPDate.format(secondsSince1970: 784_111_777)

        // validate
        #expect(text == "Sun, 06 Nov 1994 08:49:37 GMT")
    }

    @Test func parsesTheIMFFixdateOfRFC9110() {
        // MUT
        let seconds = HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT")

        // validate
        #expect(seconds == 784_111_777)
    }

    @Test(arguments: [0, 951_782_400, 1_700_000_000, 2_147_483_647, 4_102_444_800])
    func formattedDatesParseBackToTheSameSecond(seconds: Int) {
        // MUT
        let text = HTTPDate.format(secondsSince1970: seconds)

        // validate
        #expect(HTTPDate.parse(text) == seconds, "\(text)")
    }

    @Test(arguments: [
        "", "yesterday", "1700000000",
        "Sun, 06 Nov 1994 08:49:37",
        "Sun, 06 Nov 1994 08:49:37 PST",
        "Sun, 06 Nvm 1994 08:49:37 GMT",
        "Sun, xx Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 08:49 GMT",
        "Sun, 06 Nov 1994 08-49-37 GMT",
        "Sun, 06 Nov 1994 08:49:37 GMT extra",
    ])
    func junkIsNotADate(text: String) {
        // MUT
        let seconds = HTTPDate.parse(text)

        // validate
        #expect(seconds == nil)
    }

    /// RFC 9110 §13.1.3: a recipient MUST ignore an If-Modified-Since that is not a valid
    /// HTTP-date. These have the shape of one, but a field is out of range (`timegm` rolls it
    /// over into a real date), unknown, or surplus.
    @Test(arguments: [
        "Xyz, 06 Nov 1994 08:49:37 GMT",
        "Mon, 32 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 25:49:37 GMT",
        "Sun, 06 Nov 1994 08:61:37 GMT",
        "Sun, 06 Nov 1994 08:xx:49:37 GMT",
        // A year beyond four digits: one Int32 holds but tm_year (years since 1900) does not
        // overflowed the subtraction and stopped the server (found writing the headers fuzz target).
        "Sun, 06 Nov -2147483648 08:49:37 GMT",
        "Sun, 06 Nov -2147481749 08:49:37 GMT",
        "Sun, 06 Nov 2147483647 08:49:37 GMT",
        "Sun, 06 Nov 10000 08:49:37 GMT",
        "Sun, 06 Nov -1 08:49:37 GMT",
    ])
    func wellShapedDateWithAnInvalidFieldIsNotADate(text: String) {
        // MUT
        let seconds = HTTPDate.parse(text)

        // validate
        #expect(seconds == nil)
    }
}
