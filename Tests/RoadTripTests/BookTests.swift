import Testing
@testable import RoadTrip

@Suite struct BookTests {
    @Test func pageAtIsBoundedByTheBook() {
        let book = Book(pageCount: 7)
        #expect(book.page(at: 1) == 1)
        #expect(book.page(at: 7) == 7)
        #expect(book.page(at: 0) == nil)
        #expect(book.page(at: 8) == nil)
        #expect(book.page(at: -3) == nil)
        #expect(Book(pageCount: 0).page(at: 1) == nil)
    }

    @Test func nothingBeforeTheFirstOrAfterTheLast() {
        let book = Book(pageCount: 7)
        #expect(book.page(before: 1) == nil)
        #expect(book.page(after: 1) == 2)
        #expect(book.page(before: 4) == 3)
        #expect(book.page(after: 4) == 5)
        #expect(book.page(before: 7) == 6)
        #expect(book.page(after: 7) == nil)
    }

    @Test(
        arguments: [(7, [1: (nil, 1), 2: (2, 3), 3: (2, 3), 6: (6, 7), 7: (6, 7)]), (6, [1: (nil, 1), 5: (4, 5), 6: (6, nil)])]
            as [(Int, [Int: (Int?, Int?)])])
    func spreadsPutTheEvenPageOnTheLeft(count: Int, expected: [Int: (Int?, Int?)]) {
        let book = Book(pageCount: count)
        for (page, pair) in expected {
            let shown = book.visiblePages(containing: page, layout: .spread)
            #expect(shown.left == pair.0 && shown.right == pair.1, "page \(page) of \(count): \(shown)")
        }
    }

    @Test func singlePagesShowOnePage() {
        let shown = Book(pageCount: 7).visiblePages(containing: 4, layout: .single)
        #expect(shown.left == nil && shown.right == 4)
    }

    @Test func turnsMoveByAPageOrBySpread() {
        let book = Book(pageCount: 7)
        #expect(book.destination(ofTurn: .forward, from: 3, layout: .single) == 4)
        #expect(book.destination(ofTurn: .backward, from: 3, layout: .single) == 2)
        #expect(book.destination(ofTurn: .forward, from: 1, layout: .spread) == 2)
        #expect(book.destination(ofTurn: .forward, from: 3, layout: .spread) == 4)
        #expect(book.destination(ofTurn: .backward, from: 5, layout: .spread) == 2)
        #expect(book.destination(ofTurn: .backward, from: 3, layout: .spread) == 1)
    }

    @Test func turnsAtTheEndsAreRefused() {
        let odd = Book(pageCount: 7)
        let even = Book(pageCount: 6)
        #expect(odd.destination(ofTurn: .backward, from: 1, layout: .single) == nil)
        #expect(odd.destination(ofTurn: .forward, from: 7, layout: .single) == nil)
        #expect(odd.destination(ofTurn: .backward, from: 1, layout: .spread) == nil)
        #expect(odd.destination(ofTurn: .forward, from: 6, layout: .spread) == nil, "6 and 7 are the last spread")
        #expect(even.destination(ofTurn: .forward, from: 6, layout: .spread) == nil)
        #expect(even.destination(ofTurn: .forward, from: 5, layout: .spread) == 6)
    }

    @Test func aTenThousandPageBookTurnsAtItsEndsLikeASmallOne() {
        let book = Book(pageCount: 10_000)
        #expect(book.destination(ofTurn: .forward, from: 10_000, layout: .single) == nil)
        #expect(book.destination(ofTurn: .backward, from: 10_000, layout: .single) == 9_999)
        #expect(book.visiblePages(containing: 10_000, layout: .spread).left == 10_000)
    }
}

@Suite struct BookReaderTests {
    @Test func theCurrentPageMovesOnlyWhenATurnCompletes() throws {
        // setup
        var reader = try #require(BookReader(book: Book(pageCount: 5), at: 2))

        // MUT
        let began = reader.beginTurn(.forward)

        // validate: begun, not yet moved
        #expect(began)
        #expect(reader.current == 2)
        #expect(reader.turning == 3)
        reader.completeTurn()
        #expect(reader.current == 3)
        #expect(reader.turning == nil)
    }

    @Test func aCancelledTurnLeavesThePageWhereItWas() throws {
        var reader = try #require(BookReader(book: Book(pageCount: 5), at: 2))
        let began = reader.beginTurn(.backward)
        reader.cancelTurn()
        #expect(began)
        #expect(reader.current == 2)
        #expect(reader.turning == nil)
    }

    @Test func aTurnPastEitherEndIsRefusedAndChangesNothing() throws {
        var first = try #require(BookReader(book: Book(pageCount: 3), at: 1))
        var last = try #require(BookReader(book: Book(pageCount: 3), at: 3))
        let backFromFirst = first.beginTurn(.backward)
        let onFromLast = last.beginTurn(.forward)
        #expect(!backFromFirst)
        #expect(!onFromLast)
        #expect(first.current == 1 && first.turning == nil)
        #expect(last.current == 3 && last.turning == nil)
    }

    @Test func aSecondTurnWaitsForTheFirst() throws {
        var reader = try #require(BookReader(book: Book(pageCount: 9), at: 4))
        let first = reader.beginTurn(.forward)
        let second = reader.beginTurn(.forward)
        #expect(first && !second)
        #expect(reader.turning == 5)
    }

    @Test func spreadLayoutTurnsBySpread() throws {
        var reader = try #require(BookReader(book: Book(pageCount: 9), at: 4, layout: .spread))
        let began = reader.beginTurn(.forward)
        reader.completeTurn()
        #expect(began)
        #expect(reader.current == 6)
    }

    @Test func aReaderCannotOpenAPageTheBookDoesNotHave() {
        #expect(BookReader(book: Book(pageCount: 3), at: 4) == nil)
        #expect(BookReader(book: Book(pageCount: 0), at: 1) == nil)
    }
}
