import PageFetcher
import Testing

@Suite struct FetchErrorTests {
    @Test(arguments: [
        (FetchError.tooLarge(limit: 5 << 20), "The page is larger than 5 MiB."),
        (.tooLarge(limit: 1000), "The page is larger than 1000 bytes."),
        (.tooLarge(limit: 64 << 10), "The page is larger than 64 KiB."),
        (.tooManyRedirects(limit: 5), "The page redirected more than 5 times."),
        (.timedOut(seconds: 15), "The page did not arrive within 15 seconds."),
        (.timedOut(seconds: 0.5), "The page did not arrive within 0.5 seconds."),
        (.httpStatus(404), "The site answered with HTTP status 404 instead of the page."),
        (.notHTTP("ftp://example.org/"), "Only http and https pages can be fetched, and “ftp://example.org/” is neither."),
        (.network("Could not resolve host: example.invalid"), "The page could not be fetched: Could not resolve host: example.invalid."),
    ])
    func eachErrorReadsAsOneSentence(error: FetchError, sentence: String) {
        // MUT / validate
        #expect(error.description == sentence)
    }

    @Test func aPrivateAddressSaysWhichAndWhy() {
        // MUT
        let sentence = FetchError.privateAddress("10.0.0.1").description

        // validate
        #expect(sentence.contains("10.0.0.1"))
        #expect(sentence.contains("private"))
    }
}
