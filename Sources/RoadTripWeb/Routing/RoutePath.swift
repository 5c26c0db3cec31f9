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

        mutating func appendInterpolation(_ id: Int64) { append(.identifier, String(id)) }
        mutating func appendInterpolation(_ account: AccountID) { append(.identifier, String(account.rawValue)) }
        mutating func appendInterpolation(_ page: Int) { append(.page, String(page)) }
        mutating func appendInterpolation(_ size: PhotoImageSize) { append(.imageSize, size.rawValue) }
        mutating func appendInterpolation(_ cell: MapCell) { append(.mapCell, cell.description) }
        mutating func appendInterpolation(_ tile: BasemapTile) { append(.basemapTile, tile.description) }
        mutating func appendInterpolation(flickr id: String) { append(.flickrID, id) }
        mutating func appendInterpolation(asset name: String) { append(.asset, name) }
        mutating func appendInterpolation(country code: String) { append(.countryCode, code) }
        mutating func appendInterpolation(_ token: ShareToken) { append(.shareToken, token.text) }
        mutating func appendInterpolation(_ period: TimelinePeriod) { append(.period, period.description) }

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

/// What a slot accepts: the type of the value written into it.
enum Slot: String, Sendable, CustomStringConvertible {
    /// An `Int64` (or an `AccountID`): digits only, no sign or leading zeros.
    case identifier
    /// An `Int`: a page, from 1 to 100,000.
    case page
    /// Flickr's place ids ("7.MJR8tTVrIO1EgB") and photo ids (digits); nothing that could leave the segment.
    case flickrID
    /// A `PhotoImageSize`: thumbnail, preview or original.
    case imageSize
    /// A fingerprinted asset file name (`app.3fa2c9d10b7e4d21.css`).
    case asset
    /// A country's code as the gazetteer gives it ("FR"): 1 to 8 letters and digits.
    case countryCode
    /// A `MapCell` that exists, written `level-x-y` ("12-2048-1023").
    case mapCell
    /// A `BasemapTile` that exists, written `z-x-y` ("8-75-96").
    case basemapTile
    /// A share link's `ShareToken`: 24 URL-safe characters.
    case shareToken
    /// A `TimelinePeriod`: a year, month or day of years 1 to 9999 ("2008", "2008-10", "2008-10-18").
    case period

    var description: String { rawValue }

    /// The slot's value in a path segment; nil when the segment is not one.
    func value(of text: Substring) -> SlotValue? {
        switch self {
        case .identifier: Slot.identifier(text).map(SlotValue.identifier)
        case .page: Slot.page(text).map(SlotValue.page)
        case .flickrID: Slot.isFlickrID(text) ? .text(String(text)) : nil
        case .imageSize: PhotoImageSize(rawValue: String(text)).map(SlotValue.size)
        case .asset: AssetName.isFingerprinted(text) ? .text(String(text)) : nil
        case .countryCode: Slot.isCountryCode(text) ? .text(String(text)) : nil
        case .mapCell: MapCell(text).map(SlotValue.cell)
        case .basemapTile: BasemapTile(text).map(SlotValue.tile)
        case .shareToken: ShareToken(text).map(SlotValue.token)
        case .period: TimelinePeriod(text).map(SlotValue.period)
        }
    }

    static func identifier(_ text: Substring) -> Int64? {
        guard let first = text.first, first != "0", text.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int64(text)
    }

    static func page(_ text: Substring) -> Int? {
        guard let number = identifier(text), number <= 100_000 else { return nil }
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
            guard part.count <= 6, part == "0" || Slot.identifier(part) != nil else { return nil }
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
enum SlotValue: Sendable {
    case identifier(Int64)
    case page(Int)
    case size(PhotoImageSize)
    case text(String)
    case cell(MapCell)
    case tile(BasemapTile)
    case token(ShareToken)
    case period(TimelinePeriod)
}

/// A type a route carries in a slot: what the slot's value becomes in the route.
protocol SlotType: SendableMetatype {
    init?(slot: SlotValue)
}

extension Int64: SlotType {
    init?(slot: SlotValue) {
        guard case .identifier(let value) = slot else { return nil }
        self = value
    }
}

extension Int: SlotType {
    init?(slot: SlotValue) {
        guard case .page(let value) = slot else { return nil }
        self = value
    }
}

extension AccountID: SlotType {
    init?(slot: SlotValue) {
        guard case .identifier(let value) = slot else { return nil }
        self.init(value)
    }
}

extension PhotoImageSize: SlotType {
    init?(slot: SlotValue) {
        guard case .size(let value) = slot else { return nil }
        self = value
    }
}

extension String: SlotType {
    init?(slot: SlotValue) {
        guard case .text(let value) = slot else { return nil }
        self = value
    }
}

extension MapCell: SlotType {
    init?(slot: SlotValue) {
        guard case .cell(let value) = slot else { return nil }
        self = value
    }
}

extension BasemapTile: SlotType {
    init?(slot: SlotValue) {
        guard case .tile(let value) = slot else { return nil }
        self = value
    }
}

extension ShareToken: SlotType {
    init?(slot: SlotValue) {
        guard case .token(let value) = slot else { return nil }
        self = value
    }
}

extension TimelinePeriod: SlotType {
    init?(slot: SlotValue) {
        guard case .period(let value) = slot else { return nil }
        self = value
    }
}

/// A day: a period slot that names one.
extension CalendarDay: SlotType {
    init?(slot: SlotValue) {
        guard case .period(.day(let value)) = slot else { return nil }
        self = value
    }
}
