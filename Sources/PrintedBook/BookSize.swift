/// The sizes a book is printed at, as a print shop takes them: the trimmed page, in points
/// (1/72 inch), exact to the point.
public enum BookSize: String, Sendable, CaseIterable {
    case a4 = "a4"
    case a4Landscape = "a4-landscape"
    case letter = "letter"
    case square = "square"

    static let pointsPerMillimetre = 72 / 25.4

    /// The trimmed page's width and height in points.
    public var trim: (width: Double, height: Double) {
        switch self {
        case .a4: (210 * Self.pointsPerMillimetre, 297 * Self.pointsPerMillimetre)
        case .a4Landscape: (297 * Self.pointsPerMillimetre, 210 * Self.pointsPerMillimetre)
        case .letter: (612, 792)
        case .square: (210 * Self.pointsPerMillimetre, 210 * Self.pointsPerMillimetre)
        }
    }

    /// As a form offers it: "A4 portrait (210 × 297 mm)".
    public var label: String {
        switch self {
        case .a4: "A4 portrait (210 × 297 mm)"
        case .a4Landscape: "A4 landscape (297 × 210 mm)"
        case .letter: "US Letter (8.5 × 11 in)"
        case .square: "Square (21 × 21 cm)"
        }
    }
}

/// Where things may go on a page: the trimmed page inside the bleed (3 mm every side, where
/// full-bleed pictures reach), and inside it the safe margin no text crosses.
public struct PageGeometry: Sendable, Equatable {
    public let size: BookSize
    public static let bleed = 3 * BookSize.pointsPerMillimetre
    /// From the trim edge: no text nor photo of a photo page comes nearer.
    public static let safeMargin = 12 * BookSize.pointsPerMillimetre

    public init(size: BookSize) { self.size = size }

    public var width: Double { size.trim.width }
    public var height: Double { size.trim.height }
    /// The whole sheet written: the trimmed page and its bleed.
    public var media: (width: Double, height: Double) { (width + 2 * Self.bleed, height + 2 * Self.bleed) }
    /// Inside the safe margin, in the trimmed page's coordinates.
    public var safe: Rect {
        Rect(x: Self.safeMargin, y: Self.safeMargin, width: width - 2 * Self.safeMargin, height: height - 2 * Self.safeMargin)
    }
    /// The sheet's bleed in the trimmed page's coordinates (reaching past its edges).
    public var bleedBox: Rect { Rect(x: -Self.bleed, y: -Self.bleed, width: media.width, height: media.height) }
}

/// A rectangle in points, from its top-left corner.
public struct Rect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    var area: Double { width * height }

    func intersects(_ other: Rect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    /// Whether `other` lies wholly inside, to a hundredth of a point.
    public func contains(_ other: Rect) -> Bool {
        other.x >= x - 0.01 && other.y >= y - 0.01 && other.maxX <= maxX + 0.01 && other.maxY <= maxY + 0.01
    }
}
