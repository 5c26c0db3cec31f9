@testable import PageFetcher
import Testing

@Suite struct URLTextTests {
    @Test(
        arguments: [
            ("http://example.org/", "http"), ("HTTPS://example.org", "https"), ("ftp://x", "ftp"),
            ("svn+ssh://x", "svn+ssh"), ("javascript:alert(1)", nil), ("/events/3", nil), ("//example.org", nil),
            ("example.org:80/x", nil), ("1http://x", nil), ("", nil), (" http://x", nil),
        ] as [(String, String?)])
    func theSchemeIsReadOnlyWhenTheTextStartsWithOne(text: String, scheme: String?) {
        // MUT / validate
        #expect(URLText.scheme(of: text) == scheme)
    }

    @Test(arguments: [
        ("http://trip:s3cret@example.org/a", "http://example.org/a"),
        ("https://trip@example.org", "https://example.org"),
        ("http://a@b@example.org/x@y", "http://example.org/x@y"),
        ("http://example.org/path@here?q=@#@", "http://example.org/path@here?q=@#@"),
        ("mailto:trip@example.org", "mailto:trip@example.org"),
    ])
    func credentialsAreRemovedFromTheAuthorityOnly(text: String, expected: String) {
        // MUT / validate
        #expect(URLText.withoutCredentials(text) == expected)
    }
}
