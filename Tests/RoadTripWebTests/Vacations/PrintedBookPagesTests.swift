import Foundation
import HTTPServer
import RoadTrip
import RoadTripWeb
import Testing

/// Make a book…: the choices asked, the book worker writing the PDF, its report, download,
/// pages and preview; what is refused; a changed vacation's book forgotten; Cancel.
@Suite struct PrintedBookPagesTests {
    let web: WebFixture
    let uploads: PhotoUploads

    init() throws {
        web = try WebFixture()
        uploads = try PhotoUploads()
    }

    /// Ann's vacation "Lisboa" of two photos; the second photo's id for later.
    private func lisboa() throws -> (visitor: Visitor, second: Photo) {
        let visitor = try web.signedIn()
        _ = visitor.get("/vacations/new")
        _ = visitor.post("/vacations/new", [("name", "Lisboa")])
        var photos: [Photo] = []
        for seed in 1...2 {
            let path = try uploads.draw(
                "p\(seed).jpg", seed: UInt64(seed), at: (38.7139, -9.1394), takenAt: "2024-10-1\(seed)T10:00:00", width: 400, height: 300)
            let photo = try #require(web.library.photos.importPhoto(at: path, fileName: "p\(seed).jpg", by: nil).photoValue)
            _ = visitor.post("/photos/\(photo.id)/visit", [("vacation", "1")])
            photos.append(photo)
        }
        return (visitor, photos[1])
    }

    /// Does the book worker's next job here and now.
    private func runBookJob() throws {
        let job = try #require(try web.library.jobs.claim([.printedBook]))
        try web.library.printedBooks.run(job)
        try web.library.jobs.finish(job)
    }

    @Test func aBookAskedForIsMadeInTheBackgroundThenPreviewedAndDownloaded() throws {
        // setup
        let (ann, _) = try lisboa()
        let menu = ann.get("/vacations/1").bodyText
        _ = ann.get("/vacations/1/print")

        // MUT
        let asked = ann.post(
            "/vacations/1/print",
            [
                ("size", "square"), ("cover", ""), ("title", "Lisbon, autumn"), ("subtitle", "Two days"),
                ("photos", "all"), ("map", "1"),
            ])
        let waiting = ann.get("/vacations/1/print").bodyText
        try runBookJob()
        let made = ann.get("/vacations/1/print").bodyText
        let pdf = ann.get("/vacations/1/print/book.pdf")
        let page = ann.get("/vacations/1/print/pages/1")
        let preview = ann.get("/vacations/1/print/preview/1").bodyText

        // validate
        #expect(menu.contains(#"href="/vacations/1/print""#) && menu.contains("Make a book…"))
        #expect(asked.status == .seeOther && waiting.contains("Waiting to start…") && waiting.contains("Cancel"))
        #expect(made.contains("Download PDF") && made.contains(#"href="/vacations/1/print/preview/1""#), "\(made.suffix(2000))")
        #expect(
            made.contains("pages, 2 photos.") && made.contains("Every photo prints at 150 dpi or more.") == false,
            "400-pixel photos print soft")
        #expect(
            made.contains(#"<option value="square" selected>Square (21 × 21 cm)</option>"#) && made.contains(#"value="Lisbon, autumn""#))
        #expect(pdf.status == .ok && pdf.headers["Content-Type"] == "application/pdf" && pdf.bodyBytes.starts(with: Array("%PDF-".utf8)))
        #expect(pdf.headers["Content-Disposition"] == "attachment; filename=\"Lisboa.pdf\"")
        #expect(page.status == .ok && page.headers["Content-Type"] == "image/png" && page.bodyBytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(preview.contains(#"src="/vacations/1/print/pages/1""#) && preview.contains("book-page"))
    }

    @Test func badChoicesAndOtherPeopleAreRefusedAndAChangedVacationsBookIsForgotten() throws {
        // setup
        let (ann, second) = try lisboa()
        let bob = try web.signedIn("Bob", owner: false, address: "192.0.2.2")
        _ = ann.get("/vacations/1/print")
        let before = ann.get("/vacations/1/print/book.pdf").status

        // MUT
        let size = ann.post("/vacations/1/print", [("size", "b5"), ("photos", "all")])
        let cover = ann.post("/vacations/1/print", [("size", "a4"), ("cover", "999"), ("photos", "all")])
        let long = ann.post("/vacations/1/print", [("size", "a4"), ("title", String(repeating: "x", count: 121)), ("photos", "all")])
        let bobs = [bob.get("/vacations/1/print").status, bob.get("/vacations/1/print/book.pdf").status]
        _ = ann.post("/vacations/1/print", [("size", "a4"), ("photos", "all")])
        try runBookJob()
        let ready = ann.get("/vacations/1/print/book.pdf").status
        _ = ann.post("/photos/\(second.id)/unvisit", [("vacation", "1")])
        let changed = ann.get("/vacations/1/print").bodyText
        let after = ann.get("/vacations/1/print/book.pdf").status

        // validate
        #expect(before == .notFound)
        #expect(size.status == .unprocessableContent && size.bodyText.contains("Choose one of the sizes."))
        #expect(cover.status == .unprocessableContent && cover.bodyText.contains("Choose the cover among the vacation's photos."))
        #expect(long.status == .unprocessableContent && long.bodyText.contains("A title is at most 120 characters"))
        #expect(bobs == [.notFound, .notFound], "not shared with Bob: not there at all")
        #expect(ready == .ok)
        #expect(!changed.contains("Download PDF") && after == .notFound, "the vacation changed: its book is made again")
        #expect(!FileManager.default.fileExists(atPath: web.library.printedBooks.file(of: 1)))
    }

    @Test func aBookCancelledBeforeItsWorkerComesIsNotMade() throws {
        let (ann, _) = try lisboa()
        _ = ann.get("/vacations/1/print")
        _ = ann.post("/vacations/1/print", [("size", "a4"), ("photos", "all")])

        let cancelled = ann.post("/vacations/1/print/cancel", [])
        try runBookJob()
        let page = ann.get("/vacations/1/print").bodyText

        #expect(cancelled.status == .seeOther && page.contains("The book was cancelled."))
        #expect(!FileManager.default.fileExists(atPath: web.library.printedBooks.file(of: 1)))
    }

    @Test func photosChosenInTheVacationsGridAreTheBooksAlone() throws {
        // setup
        let (ann, _) = try lisboa()
        let member = try web.signedIn("Bob", owner: false, address: "192.0.2.2")
        let bob = try #require(try web.library.accounts.all().first { $0.name == "Bob" }).id
        _ = ann.get("/vacations/1/share")
        _ = ann.post("/vacations/1/share/people", [("account", String(bob.rawValue)), ("role", "add")])
        let ids = try #require(try web.library.vacations.vacation(1, of: AccountID(1))?.contents.photos(.all).map(\.id))

        // MUT
        let grid = ann.get("/vacations/1/photos").bodyText
        let membersGrid = member.get("/vacations/1/photos").bodyText
        let form = ann.get("/vacations/1/print?photos=\(ids[1]),999").bodyText
        let none = ann.post("/vacations/1/print", [("size", "a4"), ("photos", "chosen"), ("chosen", "999")])
        let asked = ann.post("/vacations/1/print", [("size", "a4"), ("photos", "chosen"), ("chosen", "\(ids[1])")])
        try runBookJob()
        let made = ann.get("/vacations/1/print").bodyText

        // validate
        #expect(
            grid.contains(#"<form method="get" action="/vacations/1/print" id="grid-select""#)
                && grid.contains("Make a book of the selected…"))
        #expect(grid.contains(#"name="photos" value="\#(ids[0])""#), "a box a photo")
        #expect(!membersGrid.contains("grid-select") && membersGrid.contains("All photos"), "a member makes no book: no select mode")
        #expect(
            form.contains("Chosen (1)") && form.contains(#"<input type="hidden" name="chosen" value="\#(ids[1])">"#),
            "the photo not in it is dropped")
        #expect(none.status == .unprocessableContent && none.bodyText.contains("Choose the photos first"))
        #expect(asked.status == .seeOther && made.contains("pages, 1 photo.") && made.contains("Chosen (1)"), "\(made.suffix(1500))")
    }
}
