/// The Events book: pages numbered from 1, one per event. On a wide landscape screen two
/// pages face each other with the spine between them, an even page on the left, so page 1
/// stands alone on the right like a book's first page.
public struct Book: Sendable, Equatable {
    public enum Layout: String, Sendable, CaseIterable {
        /// One page at a time (UIPageViewController's spine location "min").
        case single
        /// Two pages side by side (spine location "mid").
        case spread
    }

    public enum Direction: Sendable { case forward, backward }

    public let pageCount: Int

    public init(pageCount: Int) {
        self.pageCount = max(0, pageCount)
    }

    /// `number` when the book has such a page; nil before the first or after the last.
    public func page(at number: Int) -> Int? {
        (1...max(1, pageCount)).contains(number) && pageCount > 0 ? number : nil
    }

    public func page(before number: Int) -> Int? { page(at: number - 1) }
    public func page(after number: Int) -> Int? { page(at: number + 1) }

    /// The pages showing together with `number`: itself alone, or its spread (left, right),
    /// either side nil where the book has no page (before page 1, after the last).
    public func visiblePages(containing number: Int, layout: Layout) -> (left: Int?, right: Int?) {
        guard let number = page(at: number) else { return (nil, nil) }
        switch layout {
        case .single: return (nil, number)
        case .spread:
            let left = number - number % 2
            return (page(at: left), page(at: left + 1))
        }
    }

    /// The page shown beside `number` in a spread; nil when it stands alone (a last odd page, page 1's empty left).
    public func spreadPartner(of number: Int) -> Int? {
        let (left, right) = visiblePages(containing: number, layout: .spread)
        return [left, right].compactMap { $0 }.first { $0 != number }
    }

    /// The page a turn lands on, as the one the reader is "on" (in a spread, its left page, or
    /// the right one when the left is missing); nil when there is nothing that way: the turn is refused.
    public func destination(ofTurn direction: Direction, from number: Int, layout: Layout) -> Int? {
        guard page(at: number) != nil else { return nil }
        switch (layout, direction) {
        case (.single, .forward): return page(after: number)
        case (.single, .backward): return page(before: number)
        case (.spread, .forward):
            let nextLeft = number - number % 2 + 2
            return page(at: nextLeft)
        case (.spread, .backward):
            let left = number - number % 2
            guard left - 2 >= 0 else { return nil }
            return page(at: left - 2) ?? page(at: left - 1)
        }
    }
}

/// Where a reader is in a book. The current page changes only when a turn completes: a turn
/// that is begun and then cancelled (a drag released before half way) leaves it where it was.
/// (The original iOS code moved it inside its data-source calls, which made a cancelled turn
/// lose the reader's place.)
public struct BookReader: Sendable, Equatable {
    public let book: Book
    public private(set) var current: Int
    public private(set) var turning: Int?
    public var layout: Book.Layout

    public init?(book: Book, at number: Int, layout: Book.Layout = .single) {
        guard let page = book.page(at: number) else { return nil }
        self.book = book
        self.current = page
        self.layout = layout
    }

    /// Starts a turn; false, and nothing changes, at either end of the book.
    public mutating func beginTurn(_ direction: Book.Direction) -> Bool {
        guard turning == nil, let target = book.destination(ofTurn: direction, from: current, layout: layout) else { return false }
        turning = target
        return true
    }

    public mutating func completeTurn() {
        guard let turning else { return }
        current = turning
        self.turning = nil
    }

    public mutating func cancelTurn() {
        turning = nil
    }
}
