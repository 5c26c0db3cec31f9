import Foundation
import HTTPServer
import PrintedBook
@testable import RoadTripWeb
import Testing

/// What the printed book's pages keep between requests: a previewed book's content read once
/// and kept (its scratch folder removed when it goes), and a share link's book made by one
/// request at a time.
@Suite struct PrintedBookMakingTests {
    private func content(_ title: String) -> BookContent {
        BookContent(title: title, subtitle: "", cover: nil, route: nil, days: [], figures: [], leftOut: [])
    }

    @Test func aPreviewsContentIsMadeOnceAndTheLeastRecentlyUsedGoesWithItsScratchFolder() throws {
        // setup
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("book-making-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let making = PrintedBookMaking()
        var made: [String] = []
        var scratches: [String: URL] = [:]
        func open(_ key: String) throws -> String {
            try making.content(key, in: folder) { scratch in
                made.append(key)
                try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
                scratches[key] = scratch
                return content(key)
            }.title
        }

        // MUT: the first book twice, then enough others to push it out, then it again
        let first = try open("1-100")
        let again = try open("1-100")
        for book in 2...(PrintedBookMaking.keptContents + 1) { _ = try open("\(book)-100") }
        let firstScratchAfter = FileManager.default.fileExists(atPath: try #require(scratches["1-100"]).path)
        _ = try open("1-100")
        let failed = #expect(throws: HTTPError.self) { try making.content("9-100", in: folder) { _ in throw HTTPError.notFound("gone") } }

        // validate
        #expect(first == "1-100" && again == "1-100")
        #expect(made == ["1-100"] + (2...(PrintedBookMaking.keptContents + 1)).map { "\($0)-100" } + ["1-100"], "made once while kept")
        #expect(!firstScratchAfter, "the book pushed out takes its scratch folder with it")
        #expect(FileManager.default.fileExists(atPath: try #require(scratches["\(PrintedBookMaking.keptContents + 1)-100"]).path))
        #expect(failed?.status == .notFound)
    }

    @Test func twoRequestsMakingOneBooksContentKeepTheFirstKeptAndRemoveTheOthersScratchFolder() throws {
        // setup: while the outer request makes the content, an inner one makes and keeps it
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("book-making-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let making = PrintedBookMaking()
        var scratches: [URL] = []
        func make(_ title: String) -> (URL) throws -> BookContent {
            { scratch in
                try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
                scratches.append(scratch)
                return content(title)
            }
        }

        // MUT
        let outer = try making.content("1-100", in: folder) { scratch in
            _ = try making.content("1-100", in: folder, make: make("inner"))
            return try make("outer")(scratch)
        }
        let after = try making.content("1-100", in: folder) { _ in content("made again") }

        // validate
        #expect(outer.title == "inner" && after.title == "inner", "the content kept first is the one shown")
        #expect(scratches.count == 2 && FileManager.default.fileExists(atPath: scratches[0].path))
        #expect(!FileManager.default.fileExists(atPath: scratches[1].path), "the other's scratch folder goes")
    }

    @Test func aLinksBookIsMadeByOneRequestAtATimeTheOtherToldToTryAgain() throws {
        let making = PrintedBookMaking()

        let (inner, outer) = try making.once("link-1-") {
            (Result { try making.once("link-1-") { "twice" } }, try making.once("link-2-") { "another link" })
        }
        let after = try making.once("link-1-") { "again" }

        let refused = try #require(inner.failure as? HTTPError)
        #expect(refused.status == .serviceUnavailable && refused.message.contains("being made for another guest"))
        #expect(outer == "another link" && after == "again", "another link's book, and the same one once the first is made")
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
