import Foundation

/// Every name folded once, laid end to end in one byte buffer ("\nsao paulo\nzurich\n…"),
/// so a search is a single pass of memchr/memcmp over about 1.7 MB rather than 170,000
/// String comparisons. A folded query holds no newline, so a match never spans two names.
struct NameIndex: Sendable {
    private static let separator = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")

    private let folded: [UInt8]
    /// `starts[i]` is where name i begins; the separator after it is at `starts[i + 1] - 1`.
    private let starts: [Int]
    private let populations: [Int]

    init(names: [String], populations: [Int]) {
        var folder = NameFolder()
        var folded: [UInt8] = [Self.separator]
        folded.reserveCapacity(names.count * 12)
        var starts: [Int] = []
        starts.reserveCapacity(names.count + 1)
        for name in names {
            starts.append(folded.count)
            folder.fold(name, into: &folded)
            folded.append(Self.separator)
        }
        starts.append(folded.count)
        self.folded = folded
        self.starts = starts
        self.populations = populations
    }

    /// How well a name matches; lower ranks first.
    enum Kind: Int, Comparable {
        case prefix, wordPrefix, substring
        static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    struct Match {
        let kind: Kind
        let population: Int
        let position: Int

        /// Prefix before word prefix before substring; then larger places; then file order,
        /// so equal results always come back in the same order.
        func ranksBefore(_ other: Match) -> Bool {
            if kind != other.kind { return kind < other.kind }
            if population != other.population { return population > other.population }
            return position < other.position
        }
    }

    /// Positions of the best `limit` names containing `query` (already folded).
    func search(folded query: [UInt8], limit: Int) -> [Int] {
        guard !query.isEmpty, limit > 0 else { return [] }
        var matches = self.matches(of: query)
        if matches.count > limit && limit <= 1_000 {
            // Keeping a short sorted top list beats sorting the 100,000 names that contain "a".
            matches = Self.best(limit, of: matches)
        } else {
            matches.sort { $0.ranksBefore($1) }
        }
        return matches.prefix(limit).map(\.position)
    }

    private func matches(of query: [UInt8]) -> [Match] {
        var matches: [Match] = []
        folded.withUnsafeBufferPointer { text in
            query.withUnsafeBufferPointer { query in
                var name = 0
                var from = 0
                while let found = Self.firstOccurrence(of: query, in: text, from: from) {
                    while starts[name + 1] <= found { name += 1 }
                    let start = starts[name]
                    let end = starts[name + 1] - 1
                    let kind: Kind
                    if found == start {
                        kind = .prefix
                    } else if Self.hasWordStartOccurrence(of: query, in: text, from: found, before: end) {
                        kind = .wordPrefix
                    } else {
                        kind = .substring
                    }
                    matches.append(Match(kind: kind, population: populations[name], position: name))
                    from = end + 1
                }
            }
        }
        return matches
    }

    private static func firstOccurrence(
        of query: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, from: Int
    ) -> Int? {
        // An empty gazetteer's text has no buffer: nothing is in it.
        guard let base = text.baseAddress, let queryBase = query.baseAddress else { return nil }
        let first = Int32(queryBase.pointee)
        var position = from
        while position + query.count <= text.count {
            guard let hit = memchr(base + position, first, text.count - query.count + 1 - position) else {
                return nil
            }
            let offset = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
            if memcmp(base + offset, queryBase, query.count) == 0 { return offset }
            position = offset + 1
        }
        return nil
    }

    /// A later occurrence may start a word ("an" in "santa ana") even when the first does not.
    private static func hasWordStartOccurrence(
        of query: UnsafeBufferPointer<UInt8>, in text: UnsafeBufferPointer<UInt8>, from: Int, before end: Int
    ) -> Bool {
        guard let base = text.baseAddress, let queryBase = query.baseAddress else { return false }
        var position = from
        while position + query.count <= end {
            if text[position - 1] == space, memcmp(base + position, queryBase, query.count) == 0 {
                return true
            }
            position += 1
        }
        return false
    }

    private static func best(_ limit: Int, of matches: [Match]) -> [Match] {
        var best: [Match] = []
        best.reserveCapacity(limit + 1)
        for match in matches {
            if best.count == limit, !match.ranksBefore(best[limit - 1]) { continue }
            let index = best.partitionPoint { !$0.ranksBefore(match) }
            best.insert(match, at: index)
            if best.count > limit { best.removeLast() }
        }
        return best
    }
}

private extension Array {
    /// The first index whose element satisfies `belongsToSecondPart`, for an array already
    /// partitioned by it (a binary search).
    func partitionPoint(where belongsToSecondPart: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongsToSecondPart(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
