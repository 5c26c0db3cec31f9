import HTTPServer
import NetworkAddress

extension FuzzTarget {
    /// `application/x-www-form-urlencoded` bodies.
    static let form = FuzzTarget(
        name: "form",
        seeds: {
            [
                .init("sign-in", "name=Ann+Lee&password=%C3%A9t%C3%A9%21&next=%2Fvacations%2F3"), .init("empty-values", "a=&=b&&c"),
                .init("escapes", "q=%41%4a%ZZ&r=%"),
            ]
        }
    ) { bytes in
        guard let form = try? Form(urlEncoded: bytes) else { return }
        precondition(form.fields.count <= Form.maximumFields, "\(form.fields.count) fields were read")
        for field in form.fields {
            precondition(!field.name.utf8.contains(0) && !field.value.utf8.contains(0), "a field holds a NUL")
            _ = form[field.name]
        }
    }

    /// `Cookie` headers, one a line.
    static let cookie = FuzzTarget(
        name: "cookie",
        seeds: {
            [.init("session", "roadtrip_session=3f9a0c; theme=dark\nroadtrip_session=older"), .init("quoted", "a=\"b\"; c=\"; =d; e")]
        }
    ) { bytes in
        var headers = Headers()
        for line in bytes.lines.prefix(16) { headers.add("Cookie", line) }
        _ = Request(path: "/", headers: headers).cookies
    }

    /// Request headers, `Name: value` a line, through every reader of them: `Accept-Encoding`,
    /// `If-None-Match` and `If-Modified-Since`, `X-Forwarded-For` and `Forwarded` from a trusted
    /// proxy, and each value as a date, as parameters (`Content-Type`, `Content-Disposition`)
    /// and as a form's boundary.
    static let headers = FuzzTarget(name: "headers", seeds: HeaderInput.seeds) { bytes in
        var headers = Headers()
        for line in bytes.lines.prefix(32) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
        let request = Request(path: "/", headers: headers, clientAddress: "10.0.0.2")
        let coding = request.contentCoding(among: HeaderInput.codings)
        precondition(HeaderInput.codings.contains(coding), "chose \(coding)")
        _ = Response.isUnchanged(request: request, etag: "\"1f-65a0c1d2-0\"", modified: 1_705_000_000)
        let client = HeaderInput.proxies.client(of: request)
        precondition(IPAddress(client) != nil, "the client is not an address: \(client)")
        for field in headers {
            _ = HeaderSyntax.isValid(field)
            if let seconds = HTTPDate.parse(field.value) {
                precondition(HTTPDate.format(secondsSince1970: seconds) == field.value, "\(field.value) is not \(seconds)")
            }
            let parameters = HeaderParameters(field.value)
            for parameter in parameters.parameters {
                _ = ExtendedValue.decode(parameter.value)
                _ = MultipartPartHeaders.sanitized(parameter.value)
            }
            _ = try? MultipartForm.boundary(in: field.value)
            // A `Range` asked of a file of 1,000 bytes (a video seeking) and of an empty one.
            for size: UInt64 in [0, 1000] {
                if case .span(let offset, let length) = ByteRange(header: field.value, size: size) {
                    precondition(length > 0 && offset < size && offset + length <= size, "\(field.value): \(offset)+\(length) of \(size)")
                }
            }
        }
    }
}

enum HeaderInput {
    static let codings = ["br", "gzip", "identity"]
    static let proxies = TrustedProxies([AddressRange("10.0.0.0/8")!, AddressRange("::1/128")!, AddressRange("192.168.0.0/16")!])

    static func seeds() -> [FuzzTarget.Seed] {
        [
            .init(
                "browser",
                """
                Host: 127.0.0.1:8080
                Accept-Encoding: gzip, deflate, br;q=0.9, *;q=0
                If-None-Match: W/"1f-65a0c1d2-0", "x"
                If-Modified-Since: Sun, 06 Nov 1994 08:49:37 GMT
                Cookie: roadtrip_session=abc
                """),
            .init(
                "video-ranges",
                """
                Range: bytes=0-
                Range: bytes=500-999
                Range: bytes=-200
                Range: bytes=18446744073709551615-
                Range: bytes=0-1,5-9
                If-Range: "3e8-65a0c1d2-0"
                """),
            .init(
                "proxied",
                """
                X-Forwarded-For: 203.0.113.7, 10.1.2.3:4711, [2001:db8::1]:443
                Forwarded: for="[2001:db8::2]:80";proto=https, for=192.168.1.1
                Content-Type: multipart/form-data; boundary="----x y"; charset=utf-8
                Content-Disposition: form-data; name="photos"; filename*=UTF-8''caf%C3%A9.jpg; filename="C:\\a\\b.jpg"
                """),
            .init("weights", "Accept-Encoding: identity;q=0, br;q=1.0, gzip;q=0.5;x=y\nAccept-Encoding: *;q=2"),
        ]
    }
}
