import RoadTrip

/// One screen of the Events book: the page asked for, its spread partner, and how to turn.
struct BookScreen {
    struct Page {
        let number: Int
        /// What the frame shows: the event's web page, or a generated page of the sample book.
        let source: String
        /// The event's own address, for "Open in a new tab".
        let original: String
        /// RoadTrip's saved copy, when it has one, and when it was made.
        let copy: (route: Route, madeAt: String)?
        /// What the frame opens with: RoadTrip's copy whenever there is one (its gesture turns
        /// the page from anywhere), RoadTrip's placeholder while the copy is fetched, the live
        /// page where no copy can work (the fetch failed: not an HTML page, too large, …).
        let shows: Shown
        /// The live page may be framed (one tap away, "Live page"): its site does not refuse framing.
        let offersLive: Bool
        /// Without a copy yet: being fetched, or why the fetch failed (nil for the sample book).
        var fetch: CopyFetch? = nil
    }

    enum Shown: Equatable { case copy, live, placeholder }

    /// What the page's line says while it has no copy; `pending` is asked again by web-view.js
    /// through the page's status route, to show the copy as soon as it exists.
    enum CopyFetch: Equatable {
        case pending(status: Route)
        case failed(reason: String)
        /// RoadTrip's own message in place of the page (`CopyState.unreachable`), and where
        /// web-view.js asks again when Try again is pressed.
        case unreachable(message: String, retryAt: String, status: Route)
    }

    let destination: Destination
    let book: Book
    let current: Page
    /// The other page of the spread `current` belongs to, shown beside it on wide landscape screens.
    let partner: Page?
    let settings: BookSettings
}
