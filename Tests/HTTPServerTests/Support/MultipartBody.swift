/// A multipart/form-data body as a browser sends it (CR LF line ends), built part by part;
/// `raw` lets a test write what no browser would.
struct MultipartBody {
    let boundary: String
    private(set) var bytes: [UInt8] = []

    init(boundary: String = "----RoadTripBoundary7MA4YWxkTrZu0gW") {
        self.boundary = boundary
    }

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    mutating func field(_ name: String, _ value: String) {
        part(["Content-Disposition: form-data; name=\"\(name)\""], Array(value.utf8))
    }

    mutating func file(_ name: String, fileName: String, contentType: String = "application/octet-stream", _ data: [UInt8]) {
        part(["Content-Disposition: form-data; name=\"\(name)\"; filename=\"\(fileName)\"", "Content-Type: \(contentType)"], data)
    }

    mutating func part(_ headers: [String], _ data: [UInt8]) {
        raw("--\(boundary)\r\n" + headers.map { $0 + "\r\n" }.joined() + "\r\n")
        bytes += data
        raw("\r\n")
    }

    mutating func close() {
        raw("--\(boundary)--\r\n")
    }

    mutating func raw(_ text: String) {
        bytes += Array(text.utf8)
    }

    mutating func raw(_ data: [UInt8]) {
        bytes += data
    }
}
