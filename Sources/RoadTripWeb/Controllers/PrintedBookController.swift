import Foundation
import HTML
import HTTPServer
import PrintedBook
import RoadTrip

/// Make a book…: a vacation's printed book asked for, made in the background by the book
/// worker, previewed in the page-turning book, downloaded as a PDF. Its owner's alone.
struct PrintedBookController: Controller {
    let app: App
    let context: RequestContext

    private var books: VacationBooks { app.library.printedBooks }

    /// The vacation, opened by its owner.
    private func owned(_ id: Int64) throws -> VacationOpening {
        let opening = try VacationOpening.signedIn(id, context: context, store: app.library.vacations)
        guard opening.reveal.mayManage else {
            throw HTTPError(status: .forbidden, message: "Only \(opening.ownerName), who owns this vacation, makes its book.")
        }
        return opening
    }

    /// The choices, and the book asked for last: how far it is, its report and its download.
    /// Photos chosen in the vacation's grid (`photos` in the query, as the select mode sends
    /// them) are the book's photos to ask for.
    func form(id: Int64, asked: BookRequest? = nil, error: String? = nil, status: Status = .ok) throws -> Response {
        let opening = try owned(id)
        let account = try context.account.id
        let book = try books.book(of: id, for: account)
        let photos = try opening.contents.photos(.all)
        var request = asked ?? book?.request ?? BookRequest()
        let sent = PlaceManyController.ids(context.request.query.filter { $0.name == "photos" }.map(\.value))
        if asked == nil, !sent.isEmpty {
            request.photos = .chosen
            request.chosen = Self.among(sent, photos)
        }
        let view = PrintBookView(vacation: opening.vacation, photos: photos, request: request, book: book, error: error)
        return try opening.page(
            app, context, title: "Make a book", screen: .detail, master: VacationMenuView(opening, counts: try opening.menuCounts()),
            detail: view, back: (opening.addresses.menu, opening.vacation.name), masterTitle: opening.vacation.name,
            masterBack: (.vacations, "Vacations"), status: status)
    }

    /// The choices posted: checked, then the book asked for (one asked before is replaced).
    func ask(id: Int64) throws -> Response {
        let opening = try owned(id)
        var request = BookRequest()
        guard let size = BookSize(rawValue: context.field("size")) else { return try refuse(id, request, "Choose one of the sizes.") }
        request.size = size
        request.photos = BookRequest.Photos(rawValue: context.field("photos")) ?? .all
        if request.photos == .chosen {
            request.chosen = Self.among(PlaceManyController.ids([context.field("chosen")]), try opening.contents.photos(.all))
            guard !request.chosen.isEmpty else {
                return try refuse(id, request, "Choose the photos first: Select in the vacation's photos, then Make a book of them.")
            }
        }
        request.map = context.field("map") == "1"
        let (title, subtitle) = (
            context.field("title").trimmingCharacters(in: .whitespacesAndNewlines),
            context.field("subtitle").trimmingCharacters(in: .whitespacesAndNewlines)
        )
        request.title = title.isEmpty ? nil : title
        request.subtitle = subtitle.isEmpty ? nil : subtitle
        guard title.count <= 120, subtitle.count <= 200 else {
            return try refuse(id, request, "A title is at most 120 characters, a subtitle 200.")
        }
        if !context.field("cover").isEmpty {
            guard let cover = Int64(context.field("cover")), try opening.contents.photo(id: cover) != nil else {
                return try refuse(id, request, "Choose the cover among the vacation's photos.")
            }
            request.cover = cover
        }
        guard opening.vacation.photoCount > 0 else { return try refuse(id, request, "The vacation has no photos to print yet.") }
        try books.ask(request, vacation: id, for: try context.account.id)
        return .redirect(to: Route.vacationPrint(id: id).path)
    }

    /// Those of `ids` that are the vacation's `photos`, in the vacation's order.
    static func among(_ ids: [Int64], _ photos: [VacationPhoto]) -> [Int64] {
        let sent = Set(ids)
        return photos.map(\.id).filter(sent.contains)
    }

    private func refuse(_ id: Int64, _ request: BookRequest, _ message: String) throws -> Response {
        try form(id: id, asked: request, error: message, status: .unprocessableContent)
    }

    func cancel(id: Int64) throws -> Response {
        _ = try owned(id)
        try books.cancel(id, for: try context.account.id)
        return .redirect(to: Route.vacationPrint(id: id).path)
    }

    /// The book made, while the vacation is as it was then.
    private func made(_ id: Int64) throws -> (opening: VacationOpening, book: PrintedVacationBook) {
        let opening = try owned(id)
        guard let book = try books.book(of: id, for: try context.account.id), book.state == .ready else {
            throw HTTPError.notFound(
                "This vacation's book is not made (or the vacation changed since): make it on its Make a book… screen.")
        }
        return (opening, book)
    }

    func pdf(id: Int64) throws -> Response {
        let (opening, _) = try made(id)
        guard
            var response = Response.file(
                at: books.file(of: id), contentType: "application/pdf", cacheControl: "private, no-store", for: context.request)
        else {
            throw HTTPError.notFound("The book's file is gone: make it again.")
        }
        response.headers["Content-Disposition"] = "attachment; filename=\"\(Self.fileName(opening.vacation.name)).pdf\""
        return response
    }

    /// The printed book under a share link that offers it, made for what the link shows: without
    /// its map, places and distances while where is hidden, without dates while when is (days
    /// numbered), the photos' EXIF never in it. Made once for the vacation as it is and kept
    /// beside the owner's (`cache/books/link-ID-KEY.pdf`); a change makes the next one.
    func linkPDF(_ opening: VacationOpening) throws -> Response {
        guard opening.reveal.offerBook, let link = context.link, opening.vacation.photoCount > 0 else {
            throw HTTPError.notFound("This link offers no printed book.")
        }
        var request = BookRequest(title: opening.vacation.name, map: opening.reveal.showWhere)
        (request.showWhere, request.showDates) = (opening.reveal.showWhere, opening.reveal.showDates)
        let folder = app.library.folder.appendingPathComponent("cache/books")
        let key = try app.library.printedBooks.contentsKey(of: opening.contents, name: opening.vacation.name, request)
        let prefix = "link-\(link.shared.link.id)-"
        let path = folder.appendingPathComponent(prefix + key.prefix(16) + ".pdf").path
        if !FileManager.default.fileExists(atPath: path) {
            try app.printedBooks.once(prefix) { try makeLinkBook(opening, request, at: path, prefix: prefix, in: folder) }
        }
        guard
            var response = Response.file(at: path, contentType: "application/pdf", cacheControl: "private, no-store", for: context.request)
        else {
            throw HTTPError.notFound("The printed book is gone: ask again.")
        }
        response.headers["Content-Disposition"] = "attachment; filename=\"\(Self.fileName(opening.vacation.name)).pdf\""
        return response
    }

    /// Writes the link's book to `path` (through a file beside it), the link's books of the vacation as it was removed.
    private func makeLinkBook(_ opening: VacationOpening, _ request: BookRequest, at path: String, prefix: String, in folder: URL) throws {
        guard let link = context.link else { return }
        // Made by a request just before this one.
        guard !FileManager.default.fileExists(atPath: path) else { return }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let scratch = folder.appendingPathComponent("scratch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let content = try app.library.bookContent(
            name: opening.vacation.name, contents: opening.contents, favoritesOf: nil, request, scratch: scratch,
            land: app.basemap?.landShapes)
        let made = path + ".\(UUID().uuidString).part"
        do {
            _ = try BookPrinter(size: request.size, processor: app.library.photos.processor).writePDF(content, to: made)
        } catch {
            unlink(made)
            app.log("error: the printed book of link \(link.shared.link.id): \(error)")
            throw HTTPError(status: .internalServerError, message: "The printed book could not be made.")
        }
        // The link's books of the vacation as it was go (another request's still being written stays).
        for old in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where old.hasPrefix(prefix) && old.hasSuffix(".pdf") {
            unlink(folder.appendingPathComponent(old).path)
        }
        rename(made, path)
    }

    /// "Lisbon 2019" → "Lisbon-2019": letters, digits and dashes of ASCII alone in a header.
    static func fileName(_ name: String) -> String {
        let kept = name.unicodeScalars.map {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains(Character($0))) ? Character($0) : "-"
        }
        let joined = String(kept).split(separator: "-").joined(separator: "-")
        return joined.isEmpty ? "book" : String(joined.prefix(80))
    }

    /// A page as a picture 900 points wide (sharp on a phone's screen), drawn as it prints, from
    /// the content the book was made of (read again once, then kept while the book is previewed).
    func pagePicture(id: Int64, page: Int) throws -> Response {
        let (_, book) = try made(id)
        let account = try context.account.id
        let folder = app.library.folder.appendingPathComponent("cache/books")
        let content = try app.printedBooks.content("\(id)-\(book.madeAt ?? 0)", in: folder) { scratch in
            guard
                let content = try app.library.bookContent(
                    ofVacation: id, for: account, book.request, scratch: scratch, land: app.basemap?.landShapes)
            else {
                throw HTTPError.notFound("This vacation has no book.")
            }
            return content
        }
        let printer = BookPrinter(size: book.request.size, processor: app.library.photos.processor)
        let png: [UInt8]
        do throws(BookError) {
            png = try printer.previewPNG(content, page: page, width: 900)
        } catch {
            throw HTTPError.notFound("The book has no such page: \(error.description).")
        }
        return Response(status: .ok, headers: ["Content-Type": "image/png", "Cache-Control": "private, no-cache"], body: .bytes(png))
    }

    /// The book in the page-turning book, each page the picture of it as it prints.
    func preview(id: Int64, page number: Int) throws -> Response {
        let (opening, book) = try made(id)
        let pages = book.pages
        let shown = Book(pageCount: pages)
        guard shown.page(at: number) != nil else { throw HTTPError.notFound("The book has \(pages) pages; there is no page \(number).") }
        let settings = try app.library.trips.settings(of: try context.account.id)
        let ratio = book.request.size.trim
        let chrome = BookChrome(
            label: "Preview of the book of \(opening.vacation.name)", book: shown, current: number,
            partner: shown.spreadPartner(of: number), settings: settings, link: { .vacationPrintPreview(id: id, page: $0) }
        ) { page in
            PrintPreviewPage(
                number: page, isCurrent: page == number, image: .vacationPrintPage(id: id, page: page),
                width: Int(ratio.width.rounded()), height: Int(ratio.height.rounded()))
        }
        return try opening.page(
            app, context, title: "Preview", screen: .detail, master: VacationMenuView(opening, counts: try opening.menuCounts()),
            detail: chrome, back: (.vacationPrint(id: id), "Make a book"), masterTitle: opening.vacation.name,
            masterBack: (.vacations, "Vacations"))
    }
}
