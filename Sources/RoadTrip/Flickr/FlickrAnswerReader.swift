import Foundation

/// Reads what came back from Flickr: the HTTP status first, then Flickr's own `stat`, then the
/// shape the method documents.
enum FlickrAnswerReader {
    static func read<Answer: Decodable>(_ answer: FlickrHTTPAnswer, limit: Int, as _: Answer.Type) throws(FlickrError) -> Answer {
        guard answer.body.count <= limit else { throw .network("the answer is larger than \(limit >> 20) MiB") }
        if answer.status == 429 { throw .rateLimited }
        if (500..<600).contains(answer.status) { throw .unavailable("HTTP status \(answer.status)") }
        let data = Data(answer.body)
        let succeeded = (200..<300).contains(answer.status)
        let status: FlickrStatusWire
        do {
            status = try JSONDecoder().decode(FlickrStatusWire.self, from: data)
        } catch {
            throw .badAnswer(succeeded ? notJSON(answer.body) : "HTTP status \(answer.status)")
        }
        switch status.stat?.text {
        case "fail":
            throw failure(code: status.code?.text.flatMap { Int($0) }, message: status.message?.text ?? "")
        case "ok" where succeeded:
            break
        case "ok":
            throw .badAnswer("HTTP status \(answer.status)")
        case let stat?:
            throw .badAnswer("its status is “\(stat.prefix(40))”, neither ok nor fail")
        case nil:
            throw .badAnswer("it has no status")
        }
        do {
            return try JSONDecoder().decode(Answer.self, from: data)
        } catch let error as DecodingError {
            throw .badAnswer(shape(error))
        } catch {
            throw .badAnswer("unreadable JSON")
        }
    }

    /// Flickr's `"stat":"fail"` answers. Codes 0, 10 and 105 are Flickr's own outages; any other
    /// code is a question RoadTrip asked wrongly, reported with Flickr's words.
    static func failure(code: Int?, message: String) -> FlickrError {
        let lowered = message.lowercased()
        if ["rate limit", "rate-limit", "ratelimit", "too many requests"].contains(where: lowered.contains) { return .rateLimited }
        let words = message.trimmingCharacters(in: .whitespacesAndNewlines)
        switch code {
        case 100:
            return .invalidKey
        case 0, 10, 105:
            return .unavailable(words.isEmpty ? "Flickr error \(code ?? 0)" : words)
        default:
            let number = code.map { "Flickr error \($0)" } ?? "a Flickr error"
            return .badAnswer(words.isEmpty ? number : "\(number): \(words)")
        }
    }

    private static func notJSON(_ body: [UInt8]) -> String {
        let start = body.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if start.isEmpty { return "an empty answer" }
        if start.first == UInt8(ascii: "<") { return "an HTML page instead of JSON" }
        if start.starts(with: Array("jsonFlickrApi(".utf8)) { return "JSONP instead of JSON" }
        return "not JSON"
    }

    /// Where the answer departs from Flickr's documented shape, as a path: “photos.photo[3]”.
    private static func shape(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            "“\(path(context.codingPath + [key]))” is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            "“\(path(context.codingPath))” is not what Flickr documents"
        case .dataCorrupted(let context):
            context.codingPath.isEmpty ? "not JSON" : "“\(path(context.codingPath))” is unreadable"
        @unknown default:
            "unexpected JSON"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text.isEmpty ? "the answer" : text
    }
}
