import HTML
import RoadTrip

/// A page of the Events book as plain HTML: it works without JavaScript (a page per URL,
/// previous/next links; CSS shows the spread on wide landscape screens), and `book.js` turns
/// it into the page-turning viewer.
struct BookView: HTML {
    let screen: BookScreen

    var content: some HTML {
        BookChrome(
            label: "Events of \(screen.destination.name)", book: screen.book, current: screen.current.number,
            partner: screen.partner?.number, settings: screen.settings, link: { .eventsBook(page: $0) }
        ) { number in
            let page = number == screen.current.number ? screen.current : screen.partner!
            return BookPageView(page: page, isCurrent: number == screen.current.number)
        }
    }
}

/// What every book shares — the Events book and a vacation's: the stage with the page (and
/// its spread partner), the turn controls and page indicators, as `book.js` expects them.
struct BookChrome: HTML {
    let label: String
    let book: Book
    let current: Int
    let partner: Int?
    let settings: BookSettings
    /// The address of a page, for the turn links (book.js turns to `…/<n>` of the same path).
    let link: @Sendable (Int) -> Route
    /// The page, and its partner, in reading order (left to right).
    let pages: [any HTML]

    init(
        label: String, book: Book, current: Int, partner: Int?, settings: BookSettings, link: @escaping @Sendable (Int) -> Route,
        page: (Int) -> any HTML
    ) {
        (self.label, self.book, self.current, self.partner, self.settings, self.link) = (label, book, current, partner, settings, link)
        // The partner first when it is the left-hand page, so that the spread reads left to right.
        let numbers = partner.map { $0 < current ? [$0, current] : [current, $0] } ?? [current]
        pages = numbers.map(page)
    }

    var content: some HTML {
        section(
            .class("book"), .id("book"), .ariaLabel(label), .script(ScreenScript.book),
            .data("page", String(current)), .data("pages", String(book.pageCount)),
            .data("transition", settings.transition.rawValue), .data("orientation", settings.orientation.rawValue)
        ) {
            div(.class("book-stage")) {
                for page in pages { AnyHTML(page) }
            }
            nav(.class("book-controls"), .ariaLabel("Turn the page")) {
                turnLink(
                    book.destination(ofTurn: .backward, from: current, layout: .single), rel: "prev", label: "‹ Previous", mode: "single")
                turnLink(
                    book.destination(ofTurn: .backward, from: current, layout: .spread), rel: "prev", label: "‹ Previous", mode: "spread")
                p(.class("book-indicator single"), .ariaLive("polite")) { "Page \(current) of \(book.pageCount)" }
                p(.class("book-indicator spread"), .ariaLive("polite")) { spreadIndicator }
                turnLink(book.destination(ofTurn: .forward, from: current, layout: .single), rel: "next", label: "Next ›", mode: "single")
                turnLink(book.destination(ofTurn: .forward, from: current, layout: .spread), rel: "next", label: "Next ›", mode: "spread")
            }
        }
    }

    private var spreadIndicator: String {
        let (left, right) = book.visiblePages(containing: current, layout: .spread)
        switch (left, right) {
        case let (left?, right?): return "Pages \(left)–\(right) of \(book.pageCount)"
        case let (page?, nil), let (nil, page?): return "Page \(page) of \(book.pageCount)"
        case (nil, nil): return ""
        }
    }

    /// A link to the page a turn lands on; at either end a disabled control that goes nowhere.
    private func turnLink(_ target: Int?, rel: String, label: String, mode: String) -> some HTML {
        let classes = "book-turn book-\(rel) \(mode)"
        guard let target else {
            return span(.class(classes, "disabled"), .ariaDisabled()) { label }
        }
        return a(.class(classes), .href(link(target)), .rel(rel), .data("target", String(target))) { label }
    }
}

/// One page: the event's web page in a sandboxed frame (no `allow-same-origin`: it cannot
/// reach RoadTrip), with a spinner until it has loaded and a line saying where it comes from.
struct BookPageView: HTML {
    let page: BookScreen.Page
    let isCurrent: Bool

    var content: some HTML {
        article(.class("book-page", isCurrent ? "current" : "partner"), .data("page", String(page.number))) {
            WebFrame(
                source: source, title: "Event page \(page.number)",
                original: page.source, loading: isCurrent ? "eager" : "lazy", copy: page.copy?.route.path ?? "",
                copyStatus: pendingStatus?.path, unreachable: unreachable?.message, retryAt: unreachable?.retryAt,
                retry: unreachable?.status.path,
                prefersCopy: true
            )
            p(.class("page-source")) {
                span(.class("page-number")) { "Page \(page.number)" }
                " · "
                a(.href(page.original), .target("_blank"), .rel("noopener noreferrer external")) { "Open in a new tab" }
                if page.offersLive {
                    // web-view.js shows it: the live page in the frame, and back to the copy.
                    span(.class("page-switch-item"), .hidden()) {
                        " · "
                        button(.type("button"), .class("link-button page-switch")) { "Live page" }
                    }
                }
                if let copy = page.copy {
                    " · "
                    a(.href(copy.route), .class("saved-copy"), .target("_blank"), .rel("noopener external")) {
                        "RoadTrip's copy of \(copy.madeAt)"
                    }
                }
                // Its " · " is app.css's: the note of a copy still coming is empty until web-view.js tells what came.
                switch page.fetch {
                case .pending: span(.class("copy-fetch"), .role("status")) {}
                case .failed(let reason): span(.class("copy-fetch", "failed")) { "RoadTrip has no copy of this page: \(reason)" }
                case .unreachable: span(.class("copy-fetch", "failed")) { "The site could not be reached" }
                case nil: ""
                }
            }
        }
    }

    private var source: String? {
        switch page.shows {
        case .copy: page.copy?.route.path ?? page.source
        case .live: page.source
        case .placeholder: nil
        }
    }

    private var pendingStatus: Route? {
        if case .pending(let status) = page.fetch { return status }
        return nil
    }

    private var unreachable: (message: String, retryAt: String, status: Route)? {
        if case .unreachable(let message, let retryAt, let status) = page.fetch { return (message, retryAt, status) }
        return nil
    }
}

/// Page curl or scroll, sideways or up and down: kept per account. On its own screen, in the
/// book's popover or sheet, and on Your account; `from` is where saving goes back to.
struct ReadingSettingsForm: HTML {
    let settings: BookSettings
    let from: String

    var content: some HTML {
        form(.method("post"), .action(Route.bookSettings(from: nil)), .class("reading-settings")) {
            FormToken()
            input(.type("hidden"), .name("from"), .value(from))
            fieldset(.class("segmented")) {
                legend { "Turn pages" }
                Segment(name: "transition", value: "curl", caption: "Page curl", checked: settings.transition == .curl)
                Segment(name: "transition", value: "scroll", caption: "Scroll", checked: settings.transition == .scroll)
            }
            fieldset(.class("segmented")) {
                legend { "Direction" }
                Segment(name: "orientation", value: "horizontal", caption: "Sideways", checked: settings.orientation == .horizontal)
                Segment(name: "orientation", value: "vertical", caption: "Up and down", checked: settings.orientation == .vertical)
            }
            p(.class("form-actions")) {
                button(.type("submit"), .class("button")) { "Save" }
                // A popover or a sheet has its own Cancel (popovers.js); the screen needs one.
                if from != Route.account.path { a(.class("button secondary screen-only"), .href(from)) { "Cancel" } }
            }
        }
    }
}

/// "Aa" in the book's top bar: the reading settings, in a popover on a tablet and a sheet on a
/// phone (popovers.js); book-chrome.js keeps its `from` on the page on screen.
struct ReadingSettingsLink: HTML {
    let from: Route

    var content: some HTML {
        a(
            .class("bar-button book-settings-link popover-link sheet-on-phone"), .href(Route.bookSettings(from: from.path)),
            .ariaLabel("Reading settings"), .title("Reading settings")
        ) { "Aa" }
    }
}
