/// A feature's name and the times of its positions, under either name exporters use.
struct GeoJSONProperties {
    /// Cleaned (`TrackFile.cleanName`) as it is read.
    var name: String?
    var coordTimes: GeoJSONTimes?
    var times: GeoJSONTimes?
    /// A Point's own `time`.
    var time: Int64?
    var timeProblem: GeoJSONTimes.Problem?

    /// One list of times a line (`coordTimes` when there are both), or the reason they are not
    /// times, said of `subject` (“Lake loop”, "a feature"). Until now a bad list was dropped
    /// silently, and the name with it.
    func lineTimes(of subject: String) throws(TrackFileError) -> [[Int64]] {
        if let timeProblem { throw TrackFileError(reason: timeProblem.sentence(of: subject)) }
        switch coordTimes ?? times {
        case .lists(let lists)?: return lists
        case .refused(let problem)?: throw TrackFileError(reason: problem.sentence(of: subject))
        case nil: return []
        }
    }
}

/// A `coordTimes` or `times` member as read.
enum GeoJSONTimes {
    case lists([[Int64]])
    case refused(Problem)

    enum Problem {
        case notAList(key: String)
        case notADate(String)
        case notMilliseconds(Double)

        func sentence(of subject: String) -> String {
            switch self {
            case .notAList(let key): "the “\(key)” of \(subject) is not a list of times"
            case .notADate(let text): "\(subject) has the time \"\(text)\", which is not a date and time"
            case .notMilliseconds(let value): "\(subject) has the time \(value), which is not a time in milliseconds since 1970"
            }
        }
    }

    var count: Int {
        guard case .lists(let lists) = self else { return 0 }
        return lists.reduce(0) { $0 + $1.count }
    }
}

extension GeoJSONReader {
    /// A `properties` member; one that is not an object (null, most often) holds nothing.
    mutating func readProperties() throws(TrackFileError) -> GeoJSONProperties {
        var properties = GeoJSONProperties()
        let first = try tokens.nextValue()
        guard first == .beginObject else {
            try tokens.skip(first)
            return properties
        }
        while case .key(let key)? = try tokens.next() {
            switch try tokens.shortText(key) {
            case "name":
                let value = try tokens.nextValue()
                guard case .string(let text) = value else {
                    try tokens.skip(value)
                    continue
                }
                properties.name = TrackFile.cleanName(try tokens.text(text)) ?? ""
            case "coordTimes":
                // It is read before `times` (as it always was): a `times` read first goes.
                timeCount -= properties.times?.count ?? 0
                properties.times = nil
                properties.coordTimes = try readTimes(key: "coordTimes")
            case "times" where properties.coordTimes == nil:
                properties.times = try readTimes(key: "times")
            case "time":
                let value = try tokens.nextValue()
                guard case .string(let text) = value else {
                    try tokens.skip(value)
                    continue
                }
                properties.time = try instant(text)
                if properties.time == nil { properties.timeProblem = .notADate(tokens.preview(text)) }
            default:
                try tokens.skipValue()
            }
        }
        return properties
    }

    /// A list of times (a LineString's, a MultiPoint's) or a list of them (a MultiLineString's,
    /// one a line); each an ISO 8601 string or milliseconds since 1970, all alike; null for none.
    /// Each time is counted as it is read, as points are; a list that is not of times is kept
    /// as the reason, which refuses the file if its feature ends with it.
    mutating func readTimes(key: String) throws(TrackFileError) -> GeoJSONTimes? {
        let first = try tokens.nextValue()
        if first == .null { return nil }
        guard first == .beginArray else {
            try tokens.skip(first)
            return .refused(.notAList(key: key))
        }
        let outer = tokens.depth
        var lists: [[Int64]] = []
        var list: [Int64] = []
        var nested: Bool?
        var strings: Bool?
        while true {
            let token = try tokens.nextValue()
            var time: Int64?
            switch token {
            case .endArray where tokens.depth < outer:
                if nested == false { lists.append(list) }
                return .lists(lists)
            case .endArray:
                lists.append(list)
                list = []
                continue
            case .beginArray where tokens.depth == outer + 1 && nested != false:
                nested = true
                continue
            case .string(let text) where strings != false && (tokens.depth == outer) == (nested != true):
                strings = true
                nested = nested ?? false
                time = try instant(text)
                if time == nil { return try refuse(.notADate(tokens.preview(text)), closing: outer) }
            case .number(let range) where strings != true && (tokens.depth == outer) == (nested != true):
                strings = false
                nested = nested ?? false
                let value = tokens.number(range)
                time = Int64(exactly: value.rounded()).flatMap { TrackTime.plausible.contains($0) ? $0 : nil }
                if time == nil { return try refuse(.notMilliseconds(value), closing: outer) }
            default:
                return try refuse(.notAList(key: key), closing: outer)
            }
            timeCount += 1
            guard timeCount <= TrackFile.maximumPoints else {
                throw TrackFileError(reason: "holds more than \(TrackFile.maximumPoints.formatted()) times; split it into several files")
            }
            list.append(time ?? 0)
        }
    }

    /// The problem, once the rest of the list is read past.
    private mutating func refuse(_ problem: GeoJSONTimes.Problem, closing outer: Int) throws(TrackFileError) -> GeoJSONTimes {
        try tokens.skip(toDepth: outer - 1)
        return .refused(problem)
    }

    /// An ISO 8601 time; nil for a string longer than any time is written (not copied to be read).
    private func instant(_ text: JSONString) throws(TrackFileError) -> Int64? {
        guard let string = try tokens.shortText(text) else { return nil }
        return TrackTime.milliseconds(string)
    }
}

extension JSONTokenizer {
    /// The start of a string as a message shows it: its first 40 characters, however long it is.
    func preview(_ string: JSONString) -> String {
        String(String(decoding: bytes[string.range.prefix(160)], as: UTF8.self).prefix(40))
    }
}
