/// One page of the book, as laid out.
public struct BookPage: Sendable {
    public enum Kind: String, Sendable {
        /// The cover: its photo to the bleed's edge, the title where it stays readable.
        case cover
        /// The title, the dates, and the map of the whole route.
        case title
        /// A day's opening: its date, its places, how far it went.
        case day
        case photos
        /// The closing page of figures.
        case figures
        /// Added so that the page count is even.
        case blank
        case back
    }

    public let kind: Kind
    public var photos: [PlacedPhoto] = []
    /// The day a day's opening or photo page belongs to (an index of the content's days).
    public var day: Int?
}

/// Where a photo is printed: its frame on the trimmed page, whether it is cut to the frame's
/// shape (only the cover is), and the line under it for its caption.
public struct PlacedPhoto: Sendable {
    public let photo: BookPhoto
    public let frame: Rect
    public let crop: Bool
    public let caption: Rect?
}

/// Lays out a book: the cover, the title page, each day's opening and its photos (one to four
/// a page, in rows of one height each that fill the width: portrait and landscape mix and no
/// photo is cropped), the figures, blank pages to make the count even, the back cover.
public struct BookLayout: Sendable {
    public let geometry: PageGeometry
    /// Between photos, and between a photo and the caption under it.
    static let gap = 10.0
    static let captionHeight = 14.0
    /// A photo page's smallest photo, as a share of the page's safe area: more photos go to a
    /// page only while each stays at least this large.
    static let smallestShare = 0.08
    public static let mostPerPage = 4

    public init(size: BookSize) { geometry = PageGeometry(size: size) }

    public func pages(of content: BookContent) -> [BookPage] {
        var pages = [
            BookPage(
                kind: .cover,
                photos: content.cover.map { [PlacedPhoto(photo: $0, frame: geometry.bleedBox, crop: true, caption: nil)] } ?? [])
        ]
        pages.append(BookPage(kind: .title))
        for (index, day) in content.days.enumerated() {
            pages.append(BookPage(kind: .day, day: index))
            var rest = day.photos[...]
            while !rest.isEmpty {
                let placed = photoPage(rest)
                rest = rest.dropFirst(placed.count)
                pages.append(BookPage(kind: .photos, photos: placed, day: index))
            }
        }
        pages.append(BookPage(kind: .figures))
        if (pages.count + 1) % 2 != 0 { pages.append(BookPage(kind: .blank)) }
        pages.append(BookPage(kind: .back))
        return pages
    }

    /// The page made of the first photos of `photos`: as many (up to four) as keep each large.
    func photoPage(_ photos: ArraySlice<BookPhoto>) -> [PlacedPhoto] {
        let area = geometry.safe.area
        var best: [PlacedPhoto] = []
        for count in 1...min(Self.mostPerPage, photos.count) {
            let placed = arrange(Array(photos.prefix(count)))
            if count == 1 || (placed.map(\.frame.area).min() ?? 0) >= Self.smallestShare * area { best = placed }
        }
        return best
    }

    /// The photos in rows, in their order, each row one height filling the safe width, the rows
    /// scaled together to fit its height, centred: of every way to cut them into rows, the one
    /// that prints the most.
    func arrange(_ photos: [BookPhoto]) -> [PlacedPhoto] {
        let box = geometry.safe
        var best: (area: Double, rows: [[BookPhoto]]) = (-1, [])
        for cuts in 0..<(1 << max(0, photos.count - 1)) {
            var rows: [[BookPhoto]] = [[]]
            for (index, photo) in photos.enumerated() {
                if index > 0, cuts & (1 << (index - 1)) != 0 { rows.append([]) }
                rows[rows.count - 1].append(photo)
            }
            let area = Self.heights(of: rows, in: box).scaledArea
            if area > best.area { best = (area, rows) }
        }
        let (heights, _) = Self.heights(of: best.rows, in: box)
        let total = heights.reduce(0, +) + Double(best.rows.count) * (Self.captionHeight + Self.gap) - Self.gap
        var y = box.y + max(0, (box.height - total) / 2)
        var placed: [PlacedPhoto] = []
        for (row, height) in zip(best.rows, heights) {
            let width = row.reduce(0) { $0 + height * $1.aspect } + Self.gap * Double(row.count - 1)
            var x = box.x + (box.width - width) / 2
            for photo in row {
                let frame = Rect(x: x, y: y, width: height * photo.aspect, height: height)
                placed.append(
                    PlacedPhoto(
                        photo: photo, frame: frame, crop: false,
                        caption: Rect(x: frame.x, y: frame.maxY + 2, width: frame.width, height: Self.captionHeight - 2)))
                x += frame.width + Self.gap
            }
            y += height + Self.captionHeight + Self.gap
        }
        return placed
    }

    /// Each row's height when it fills the box's width, all scaled down together where they
    /// would not fit its height; and the photos' area at those heights.
    static func heights(of rows: [[BookPhoto]], in box: Rect) -> (heights: [Double], scaledArea: Double) {
        var heights = rows.map { row in (box.width - gap * Double(row.count - 1)) / row.reduce(0) { $0 + $1.aspect } }
        let room = box.height - Double(rows.count) * (captionHeight + gap) + gap
        let needed = heights.reduce(0, +)
        if needed > room, needed > 0 { heights = heights.map { $0 * max(0, room) / needed } }
        let area = zip(rows, heights).reduce(0) { sum, pair in sum + pair.0.reduce(0) { $0 + pair.1 * pair.1 * $1.aspect } }
        return (heights, area)
    }
}
