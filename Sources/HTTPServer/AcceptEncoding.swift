extension Request {
    /// Which of `offered` (content-coding names in the server's order of preference, with
    /// `identity` for the bytes as they are) to send, by the request's `Accept-Encoding`
    /// (RFC 9110 §12.5.3): the one with the highest weight, the earlier on a tie. A coding the
    /// header does not name counts as `*` does, and `identity`, unless named or refused, is
    /// acceptable but chosen last.
    /// Without the header, or when it accepts none of them, `identity`: the bytes as they are
    /// are always an answer a client can read.
    public func contentCoding(among offered: [String]) -> String {
        guard let header = headers["Accept-Encoding"] else { return "identity" }
        var weights: [String: Double] = [:]
        for element in header.split(separator: ",") {
            let parts = element.split(separator: ";")
            guard let coding = parts.first?.trimmingSpaces.lowercased(), !coding.isEmpty else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "q" else { continue }
                // A weight that is not a number from 0 to 1 makes the element mean nothing.
                guard let value = Double(pair[1].trimmingSpaces), (0...1).contains(value) else { weight = -1; break }
                weight = value
            }
            if weight >= 0 { weights[coding] = weight }
        }
        var best = "identity", bestWeight = 0.0
        for coding in offered {
            // Unnamed, identity is acceptable but the last choice: a client that names a coding
            // would rather have it.
            let weight = weights[coding] ?? weights["*"] ?? (coding == "identity" ? .leastNonzeroMagnitude : 0)
            if weight > bestWeight { best = coding; bestWeight = weight }
        }
        return best
    }
}
