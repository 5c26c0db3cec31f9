import RoadTrip

/// One kind of address, such as `/vacations/{id}/photos/{photo}`, and how its route is made
/// from a request that matches it. A slot's name says what it accepts (`Slot`), so a path that
/// matches holds only well-formed values, and each resource has exactly one address.
struct RouteAddress: Sendable, CustomStringConvertible {
    let pattern: String
    private let segments: [Segment]
    private let make: @Sendable (AddressMatch) -> Route?

    init(_ pattern: String, _ make: @escaping @Sendable (AddressMatch) -> Route?) {
        precondition(pattern.hasPrefix("/"), "an address pattern starts with /: \(pattern)")
        self.pattern = pattern
        segments = RouteAddress.split(pattern).map(Segment.init)
        self.make = make
    }

    var description: String { pattern }

    /// How many segments the address has and its first one when that is literal (nil for a
    /// slot): a path can only be an address of the same shape.
    var shape: Shape { Shape(count: segments.count, first: segments.first.flatMap { if case .literal(let text) = $0 { String(text) } else { nil } }) }

    struct Shape: Hashable {
        let count: Int
        let first: String?
    }

    /// The route at these path segments (the path split at `/`), or nil when they are not this address.
    func route(at parts: [Substring], query: [(name: String, value: String)]) -> Route? {
        guard parts.count == segments.count else { return nil }
        var values: [String: SlotValue] = [:]
        for (segment, part) in zip(segments, parts) {
            switch segment {
            case .literal(let text):
                guard part == text else { return nil }
            case .slot(let name, let slot):
                guard let value = slot.value(of: part) else { return nil }
                values[name] = value
            }
        }
        return make(AddressMatch(values: values, query: query))
    }

    /// The route with each slot at its sample value and no query: the tests visit one of each.
    var example: Route? {
        var values: [String: SlotValue] = [:]
        for case .slot(let name, let slot) in segments {
            guard let value = slot.value(of: slot.sample(name)[...]) else { return nil }
            values[name] = value
        }
        return make(AddressMatch(values: values, query: []))
    }

    static func split(_ path: String) -> [Substring] {
        path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
    }

    private enum Segment {
        case literal(Substring)
        case slot(String, Slot)

        init(_ text: Substring) {
            guard text.hasPrefix("{"), text.hasSuffix("}") else {
                self = .literal(text)
                return
            }
            let name = String(text.dropFirst().dropLast())
            guard let slot = Slot(name: name) else { preconditionFailure("no slot is called {\(name)}") }
            self = .slot(name, slot)
        }
    }
}

/// What a slot accepts, by its name in the pattern.
enum Slot {
    /// `{id}`, `{photo}`, `{account}`: digits only, no sign or leading zeros.
    case identifier
    /// `{page}`: an identifier from 1 to 100,000.
    case page
    /// `{flickr}`: Flickr's place ids ("7.MJR8tTVrIO1EgB") and photo ids (digits); nothing that
    /// could leave the path segment.
    case flickrID
    /// `{size}`: thumbnail, preview or original.
    case imageSize
    /// `{asset}`: a fingerprinted asset file name (`app.3fa2c9d10b7e4d21.css`).
    case asset
    /// `{country}`: a country's code as the gazetteer gives it ("FR"): 1 to 8 letters and digits.
    case countryCode
    /// `{cell}`: a cell of the photo map's grid, `level-x-y` ("12-2048-1023"), that exists.
    case mapCell

    init?(name: String) {
        switch name {
        case "id", "photo", "account": self = .identifier
        case "page": self = .page
        case "flickr": self = .flickrID
        case "size": self = .imageSize
        case "asset": self = .asset
        case "country": self = .countryCode
        case "cell": self = .mapCell
        default: return nil
        }
    }

    /// The slot's value in a path segment; nil when the segment is not one.
    func value(of text: Substring) -> SlotValue? {
        switch self {
        case .identifier: Slot.identifier(text).map(SlotValue.identifier)
        case .page: Slot.page(text).map(SlotValue.page)
        case .flickrID: Slot.isFlickrID(text) ? .text(String(text)) : nil
        case .imageSize: PhotoImageSize(rawValue: String(text)).map(SlotValue.size)
        case .asset: AssetName.isFingerprinted(text) ? .text(String(text)) : nil
        case .countryCode: Slot.isCountryCode(text) ? .text(String(text)) : nil
        case .mapCell: Slot.mapCell(text) != nil ? .text(String(text)) : nil
        }
    }

    /// The value an example route carries. Accounts are number 2, not the owner (1), so that a
    /// removal that got through where it should not would show in the tests that walk the examples.
    func sample(_ name: String) -> String {
        switch self {
        case .identifier: name == "account" ? "2" : "1"
        case .page: "1"
        case .flickrID: "53312345678"
        case .imageSize: PhotoImageSize.preview.rawValue
        case .asset: "app.0123456789abcdef.css"
        case .countryCode: "FR"
        case .mapCell: "4-8-4"
        }
    }

    /// `level-x-y`, each a number without a sign or leading zeros, naming a cell that exists.
    static func mapCell(_ text: Substring) -> (level: Int, x: Int64, y: Int64)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { part -> Int64? in
            guard part.count <= 6, part == "0" || identifier(part) != nil else { return nil }
            return Int64(part)
        }
        guard parts.count == 3, numbers.count == 3, PhotoLibrary.isMapCell(level: Int(numbers[0]), x: numbers[1], y: numbers[2]) else { return nil }
        return (Int(numbers[0]), numbers[1], numbers[2])
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
            && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || "._-@".utf8.contains($0) }
    }
}

/// A slot's value, read once when the address is matched.
enum SlotValue {
    case identifier(Int64)
    case page(Int)
    case size(PhotoImageSize)
    case text(String)
}

/// The values of a matched address, by slot name (the pattern has read and checked them), and
/// the request's query parameters.
struct AddressMatch {
    fileprivate let values: [String: SlotValue]
    let query: [(name: String, value: String)]

    func identifier(_ name: String = "id") -> Int64 {
        guard case .identifier(let value) = values[name] else { preconditionFailure("no {\(name)} in this address") }
        return value
    }

    var page: Int {
        guard case .page(let value) = values["page"] else { preconditionFailure("no {page} in this address") }
        return value
    }

    var flickrID: String { text("flickr") }
    var countryCode: String { text("country") }
    var asset: String { text("asset") }
    var mapCell: (level: Int, x: Int64, y: Int64) {
        guard let cell = Slot.mapCell(Substring(text("cell"))) else { preconditionFailure("{cell} was checked when it matched") }
        return cell
    }

    var size: PhotoImageSize {
        guard case .size(let value) = values["size"] else { preconditionFailure("no {size} in this address") }
        return value
    }

    func parameter(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// A query parameter that names a resource by its identifier; nil when absent or not one.
    func identifierParameter(_ name: String) -> Int64? {
        parameter(name).flatMap { Slot.identifier($0[...]) }
    }

    private func text(_ name: String) -> String {
        guard case .text(let value) = values[name] else { preconditionFailure("no {\(name)} in this address") }
        return value
    }
}
