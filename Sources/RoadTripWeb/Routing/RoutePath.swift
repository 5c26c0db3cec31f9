import RoadTrip

/// A route's path as its declaration writes it, by interpolation: `"/vacations/\(id)/photos/\(photo)"`.
/// Each interpolated value is a slot typed by the value it carries — an `Int64` is an identifier,
/// an `Int` a page, a `PhotoImageSize` a size — so the one string both prints the link and, read
/// from a route's example, is the pattern requests are matched against. A slot is a whole segment.
struct RoutePath: ExpressibleByStringInterpolation, Sendable, CustomStringConvertible {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case slot(Slot)
        /// A slot with text beside it in one segment: a declaration RouteTests refuses.
        case malformed(String)
    }

    /// The path as a link writes it.
    let text: String
    /// What was written into it, in order: printing a link needs only `text`, so the segments a
    /// request is matched against are made from these only when asked for (`segments`; the
    /// table of addresses keeps its own).
    private let written: [StringInterpolation.Piece]

    init(stringLiteral text: String) {
        self.init(stringInterpolation: StringInterpolation(literalCapacity: text.count, interpolationCount: 0).appending(text))
    }

    init(stringInterpolation path: StringInterpolation) {
        text = path.text
        written = path.written
    }

    /// The segments after the leading `/`, each a literal, a slot, or malformed (a slot with text beside it).
    var segments: [Segment] {
        var segments: [[StringInterpolation.Piece]] = []
        func append(_ piece: StringInterpolation.Piece) {
            if segments.isEmpty { segments.append([]) }
            segments[segments.count - 1].append(piece)
        }
        for piece in written {
            guard piece.slot == nil else {
                append(piece)
                continue
            }
            // Every `/` but the path's first starts a segment; the first opens the path.
            for (index, part) in piece.text.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { segments.append([]) }
                if !part.isEmpty { append(StringInterpolation.Piece(text: String(part), slot: nil)) }
            }
        }
        return segments.map { pieces in
            let slots = pieces.compactMap(\.slot)
            let literal = pieces.map(\.text).joined()
            switch slots.count {
            case 0: return .literal(literal)
            case 1 where pieces.count == 1: return .slot(slots[0])
            default: return .malformed(literal)
            }
        }
    }

    var description: String {
        "/"
            + segments.map { segment in
                switch segment {
                case .literal(let text), .malformed(let text): text
                case .slot(let slot): "{\(slot)}"
                }
            }.joined(separator: "/")
    }

    struct StringInterpolation: StringInterpolationProtocol {
        struct Piece {
            let text: String
            let slot: Slot?
        }

        fileprivate var text = ""
        /// The literals and values written, in order.
        fileprivate var written: [Piece] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            written.reserveCapacity(2 * interpolationCount + 1)
        }

        fileprivate func appending(_ literal: String) -> Self {
            var copy = self
            copy.appendLiteral(literal)
            return copy
        }

        mutating func appendLiteral(_ literal: String) {
            written.append(Piece(text: literal, slot: nil))
            text += literal
        }

        /// A value of a slot's type (`PathSlot`): an identifier, a page, a size, a token…
        mutating func appendInterpolation(_ value: some PathSlot) { append(type(of: value).slot, value.pathSegment) }
        /// Text that the path carries in a slot that reads it as text of that kind.
        mutating func appendInterpolation(flickr id: String) { append(.flickrID, id) }
        mutating func appendInterpolation(asset name: String) { append(.asset, name) }
        mutating func appendInterpolation(country code: String) { append(.countryCode, code) }

        private mutating func append(_ slot: Slot, _ value: String) {
            written.append(Piece(text: value, slot: slot))
            text += value
        }
    }

    /// The slots' values when `parts` (a path split at `/`) is this path's address; nil otherwise.
    func values(at parts: [Substring]) -> [SlotValue]? {
        Self.values(of: segments, at: parts)
    }

    /// The same for segments made once (the table of addresses requests are matched against).
    static func values(of segments: [Segment], at parts: [Substring]) -> [SlotValue]? {
        guard parts.count == segments.count else { return nil }
        var values: [SlotValue] = []
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let text):
                guard part == text else { return nil }
            case .slot(let slot):
                guard let value = slot.value(of: part) else { return nil }
                values.append(value)
            case .malformed:
                return nil
            }
        }
        return values
    }

    /// How many segments the path has, and its first when that is literal: a request is tried
    /// only against the addresses of its own shape.
    var shape: Shape { Self.shape(of: segments) }

    static func shape(of segments: [Segment]) -> Shape {
        guard case .literal(let first)? = segments.first else { return Shape(count: segments.count, first: nil) }
        return Shape(count: segments.count, first: first)
    }

    struct Shape: Hashable {
        let count: Int
        let first: String?
    }

    static func split(_ path: String) -> [Substring] {
        path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
    }
}

/// What a slot accepts, and how a path segment is read into it: the slot of a type that a
/// route carries (`PathSlot.slot`), or of text of one kind (a Flickr id, an asset's name).
struct Slot: Sendable, Hashable, CustomStringConvertible {
    /// The slot's name in a path's description: `/vacations/{identifier}`.
    let name: String
    private let read: @Sendable (Substring) -> (any Sendable)?

    init(_ name: String, read: @escaping @Sendable (Substring) -> (any Sendable)?) {
        self.name = name
        self.read = read
    }

    var description: String { name }

    static func == (a: Slot, b: Slot) -> Bool { a.name == b.name }
    func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The slot's value in a path segment; nil when the segment is not one.
    func value(of text: Substring) -> SlotValue? {
        read(text).map(SlotValue.init)
    }

    /// An `Int64` (or an `AccountID`): digits only, no sign or leading zeros.
    static let identifier = Slot("identifier") { number($0) }
    /// An `Int`: a page, from 1 to 100,000.
    static let page = Slot("page") { pageNumber($0) }
    /// Flickr's place ids ("7.MJR8tTVrIO1EgB") and photo ids (digits); nothing that could leave the segment.
    static let flickrID = Slot("flickrID") { isFlickrID($0) ? String($0) : nil }
    /// A fingerprinted asset file name (`app.3fa2c9d10b7e4d21.css`).
    static let asset = Slot("asset") { AssetName.isFingerprinted($0) ? String($0) : nil }
    /// A country's code as the gazetteer gives it ("FR"): 1 to 8 letters and digits.
    static let countryCode = Slot("countryCode") { isCountryCode($0) ? String($0) : nil }

    static func number(_ text: Substring) -> Int64? {
        guard let first = text.first, first != "0", text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int64(text)
    }

    static func pageNumber(_ text: Substring) -> Int? {
        guard let number = number(text), number <= 100_000 else { return nil }
        return Int(number)
    }

    static func isCountryCode(_ text: Substring) -> Bool {
        (1...8).contains(text.utf8.count)
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
    }

    static func isFlickrID(_ text: Substring) -> Bool {
        (1...64).contains(text.utf8.count) && text != "." && text != ".."
            && text.utf8.allSatisfy {
                (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || "._-@".utf8.contains($0)
            }
    }
}

/// A cell of the photo map's grid.
struct MapCell: Sendable, Hashable, CustomStringConvertible {
    let level: Int
    let x: Int64
    let y: Int64

    init(level: Int, x: Int64, y: Int64) {
        (self.level, self.x, self.y) = (level, x, y)
    }

    /// `level-x-y`, each a number without a sign or leading zeros, naming a cell that exists.
    init?(_ text: Substring) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { part -> Int64? in
            guard part.count <= 6, part == "0" || Slot.number(part) != nil else { return nil }
            return Int64(part)
        }
        guard parts.count == 3, numbers.count == 3, PhotoStore.isMapCell(level: Int(numbers[0]), x: numbers[1], y: numbers[2]) else {
            return nil
        }
        self.init(level: Int(numbers[0]), x: numbers[1], y: numbers[2])
    }

    var description: String { "\(level)-\(x)-\(y)" }
}

/// A slot's value, read once when the address is matched.
struct SlotValue: Sendable {
    let value: any Sendable
}

/// A type a route carries in a slot: what the slot's value becomes in the route (by default, the
/// value itself when it is of the type).
protocol SlotType: SendableMetatype {
    init?(slot: SlotValue)
}

extension SlotType {
    init?(slot: SlotValue) {
        guard let value = slot.value as? Self else { return nil }
        self = value
    }
}

/// A type written into a path by interpolation and read back from it: a new kind of slot is
/// this one conformance (its slot, which reads a segment, and how a value writes one).
protocol PathSlot: SlotType {
    static var slot: Slot { get }
    var pathSegment: String { get }
}

extension PathSlot where Self: CustomStringConvertible {
    var pathSegment: String { description }
}

extension Int64: PathSlot {
    static let slot = Slot.identifier
}

extension Int: PathSlot {
    static let slot = Slot.page
}

extension AccountID: PathSlot {
    static let slot = Slot.identifier
    var pathSegment: String { String(rawValue) }
    init?(slot: SlotValue) {
        guard let value = slot.value as? Int64 else { return nil }
        self.init(value)
    }
}

extension PhotoImageSize: PathSlot {
    /// Thumbnail, preview or original.
    static let slot = Slot("imageSize") { PhotoImageSize(rawValue: String($0)) }
    var pathSegment: String { rawValue }
}

extension MapCell: PathSlot {
    /// A cell that exists, written `level-x-y` ("12-2048-1023").
    static let slot = Slot("mapCell") { MapCell($0) }
}

extension BasemapTile: PathSlot {
    /// A tile that exists, written `z-x-y` ("8-75-96").
    static let slot = Slot("basemapTile") { BasemapTile($0) }
}

extension ShareToken: PathSlot {
    /// 24 URL-safe characters.
    static let slot = Slot("shareToken") { ShareToken($0) }
    var pathSegment: String { text }
}

extension TimelinePeriod: PathSlot {
    /// A year, month or day of years 1 to 9999 ("2008", "2008-10", "2008-10-18").
    static let slot = Slot("period") { TimelinePeriod($0) }
}

/// Text of the kinds the labelled slots read (a Flickr id, an asset's name, a country's code).
extension String: SlotType {}

/// A day: a period slot that names one.
extension CalendarDay: SlotType {
    init?(slot: SlotValue) {
        guard case .day(let value)? = slot.value as? TimelinePeriod else { return nil }
        self = value
    }
}
