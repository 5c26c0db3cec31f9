import HTML
import PrintedBook
import RoadTrip

/// Make a book…: size, cover, title and subtitle, which photos, the map; then the book asked
/// for: how far it is (with Cancel), or its preview, download and report, or why it failed.
struct PrintBookView: HTML {
    let vacation: Vacation
    let photos: [VacationPhoto]
    let request: BookRequest
    let book: PrintedVacationBook?
    var error: String? = nil

    var content: some HTML {
        section(.class("print-book form-page"), .ariaLabel("Make a book")) {
            if let book { state(book) }
            form(.method("post"), .action(.vacationPrint(id: vacation.id)), .class("stacked print-book-form")) {
                FormToken()
                if let error { p(.class("field-error"), .role("alert")) { error } }
                div(.class("field")) {
                    label(.for("book-size")) { "Size" }
                    select(.id("book-size"), .name("size")) {
                        for size in BookSize.allCases {
                            option(.value(size.rawValue), .when(size == request.size, .selected())) { size.label }
                        }
                    }
                }
                div(.class("field")) {
                    label(.for("book-cover")) { "Cover photo" }
                    select(.id("book-cover"), .name("cover")) {
                        option(.value(""), .when(request.cover == nil, .selected())) { "Proposed: the first landscape photo" }
                        for photo in photos {
                            option(.value(String(photo.id)), .when(request.cover == photo.id, .selected())) { photo.title }
                        }
                    }
                }
                div(.class("field")) {
                    label(.for("book-title")) { "Title" }
                    input(
                        .id("book-title"), .type("text"), .name("title"), .value(request.title ?? ""), .placeholder(vacation.name),
                        .maxlength(120))
                }
                div(.class("field")) {
                    label(.for("book-subtitle")) { "Subtitle" }
                    input(
                        .id("book-subtitle"), .type("text"), .name("subtitle"), .value(request.subtitle ?? ""),
                        .placeholder("The vacation's dates"),
                        .maxlength(200))
                }
                fieldset(.class("segmented")) {
                    legend { "Photos" }
                    Segment(name: "photos", value: "all", caption: "All", checked: request.photos == .all)
                    Segment(name: "photos", value: "favorites", caption: "Favourites", checked: request.photos == .favorites)
                    if !request.chosen.isEmpty {
                        Segment(
                            name: "photos", value: "chosen", caption: "Chosen (\(request.chosen.count))", checked: request.photos == .chosen
                        )
                    }
                }
                if !request.chosen.isEmpty {
                    input(.type("hidden"), .name("chosen"), .value(request.chosen.map(String.init).joined(separator: ",")))
                }
                p(.class("hint print-choose-hint")) {
                    "To choose photos: "
                    a(.href(.vacationPhotos(id: vacation.id, filter: .all))) { "Select them in the vacation's photos" }
                    ", then Make a book of them."
                }
                label(.class("check")) {
                    input(.type("checkbox"), .name("map"), .value("1"), .when(request.map, .checked()))
                    " The map of the route"
                }
                p(.class("form-actions")) { button(.type("submit"), .class("button")) { book == nil ? "Make the book" : "Make it again" } }
            }
        }
    }

    @HTMLBuilder
    private func state(_ book: PrintedVacationBook) -> some HTML {
        let going = book.state == .waiting || book.state == .making
        div(
            .id("print-book-state"), .class("print-book-state"), .role("status"), .script(ScreenScript.progress),
            .when(going, .data("refresh", Route.vacationPrint(id: vacation.id).path))
        ) {
            switch book.state {
            case .waiting, .making:
                p(.class("print-progress")) { book.progress + "…" }
                p { a(.class("button secondary"), .href(.vacationPrint(id: vacation.id))) { "Refresh" } }
                form(.method("post"), .action(.vacationPrintCancel(id: vacation.id))) {
                    FormToken()
                    button(.type("submit"), .class("button danger")) { "Cancel" }
                }
            case .ready:
                p(.class("list-actions")) {
                    a(.class("button print-preview"), .href(.vacationPrintPreview(id: vacation.id, page: 1))) { "Preview" }
                    " "
                    a(.class("button secondary print-download"), .href(.vacationPrintPDF(id: vacation.id)), .download("")) {
                        "Download PDF"
                    }
                }
                ul(.class("print-report")) {
                    for line in book.report { li { line } }
                }
            case .failed:
                p(.class("field-error")) { "The book could not be made: \(book.error ?? "no reason was given")." }
            case .cancelled:
                p { "The book was cancelled." }
            }
        }
    }
}

/// A page of the printed book in the page-turning book: its picture, as it prints.
struct PrintPreviewPage: HTML {
    let number: Int
    let isCurrent: Bool
    let image: Route
    let width: Int
    let height: Int

    var content: some HTML {
        article(.class("book-page photo-page print-page", isCurrent ? "current" : "partner"), .data("page", String(number))) {
            figure(.class("book-photo")) {
                img(.src(image), .alt("Page \(number)"), .width(width), .height(height), .decoding("async"))
                figcaption(.class("book-caption")) { "Page \(number)" }
            }
        }
    }
}
