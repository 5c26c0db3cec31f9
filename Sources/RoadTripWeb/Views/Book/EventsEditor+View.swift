import HTML
import RoadTrip

/// The destination's event pages in book order, a page of rows at a time with Previous and
/// Next; for the owner, each row with Remove and Move, and a form to add one.
struct EventsEditorView: HTML {
    /// Rows a page of the list shows: a book of 10,000 pages is 200 small pages, not one of 27 MB.
    static let pageSize = 50

    /// The rows shown: book pages `first`… of `count`, on list page `page` of `pages`.
    struct Rows {
        let urls: [String]
        let first: Int
        let count: Int
        let page: Int
        let pages: Int
    }

    let destination: Destination
    let rows: Rows
    /// The owner's: the household's other accounts see the list only.
    let mayEdit: Bool
    let notice: Notice?
    let typed: String

    var content: some HTML {
        section(.class("form-page wide events-editor")) {
            h2 { "Event pages of \(destination.name)" }
            if let notice { notice }
            if destination.isSample {
                p {
                    """
                    The sample book has \(destination.eventCount) generated pages. RoadTrip makes them; set how many with roadtrip \
                    serve --sample-pages N.
                    """
                }
            } else if rows.urls.isEmpty {
                p(.class("hint")) { mayEdit ? "No event pages yet: add the first one below." : "No event pages yet." }
            } else {
                p { a(.class("button"), .href(.eventsBook(page: 1))) { "Open the Events book" } }
                if !mayEdit {
                    p(.class("hint members-note")) {
                        "The event pages belong to the destination, shared by everyone here: the owner adds, moves and removes them."
                    }
                }
                pager
                ol(.class("rows plain event-list"), Attribute("start", String(rows.first))) {
                    ForEach(rows.urls.enumerated()) { index, url in li(.class("event")) { row(number: rows.first + index, url: url) } }
                }
                pager
            }
            if mayEdit && !destination.isSample {
                form(.method("post"), .action(.eventsEditorPage(rows.page)), .class("stacked")) {
                    h2(.class("section-title")) { "Add an event page" }
                    FormToken()
                    Field(
                        caption: "Web address", name: "url", type: "url", value: typed, autocomplete: "url",
                        hint: "An http:// or https:// address. It becomes the last page of the book.")
                    button(.type("submit"), .class("button")) { "Add page" }
                }
            }
        }
    }

    /// "Pages 51–100 of 10,000" between Previous and Next, when the list has more than one page.
    @HTMLBuilder private var pager: some HTML {
        if rows.pages > 1 {
            nav(.class("list-pager"), .ariaLabel("Pages of the list")) {
                neighbour(rows.page > 1 ? rows.page - 1 : nil, caption: "‹ Previous", rel: "prev")
                span(.class("list-pager-position")) {
                    "Pages \(rows.first)–\(rows.first + rows.urls.count - 1) of \(rows.count)"
                }
                neighbour(rows.page < rows.pages ? rows.page + 1 : nil, caption: "Next ›", rel: "next")
            }
        }
    }

    private func neighbour(_ page: Int?, caption: String, rel: String) -> some HTML {
        guard let page else { return span(.class("button secondary disabled"), .ariaHidden()) { caption } }
        return a(.class("button secondary"), .href(.eventsEditorPage(page)), .rel(rel)) { caption }
    }

    private func row(number: Int, url: String) -> some HTML {
        Fragment {
            a(.class("row-title"), .href(.eventsBook(page: number))) { "Page \(number)" }
            span(.class("row-subtitle event-url")) { url }
            if mayEdit {
                form(.method("post"), .action(.eventMove(page: number)), .class("inline-form")) {
                    FormToken()
                    label { "Move to " }
                    input(
                        .type("number"), .name("to"), .min(1), .max(rows.count),
                        .value(String(number)), .ariaLabel("New place of page \(number)"), .required())
                    button(.type("submit"), .class("link-button")) { "Move" }
                }
                form(.method("post"), .action(.eventRemoval(page: number)), .class("inline-form")) {
                    FormToken()
                    button(.type("submit"), .class("link-button danger")) { "Remove page \(number)" }
                }
            }
        }
    }
}
