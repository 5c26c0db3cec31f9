import HTML
import RoadTrip

/// The destination's event pages in book order, each with Remove and Move, and a form to add one.
struct EventsEditorView: HTML {
    let destination: Destination
    let urls: [String]
    let notice: Notice?
    let typed: String

    var content: some HTML {
        section(.class("form-page wide events-editor")) {
            h2 { "Event pages of \(destination.name)" }
            if let notice { notice }
            if destination.isSample {
                p { "The sample book has \(destination.eventCount) generated pages. RoadTrip makes them; set how many with roadtrip serve --sample-pages N." }
            } else if urls.isEmpty {
                p(.class("hint")) { "No event pages yet: add the first one below." }
            } else {
                p { a(.class("button"), .href(.eventsBook(page: 1))) { "Open the Events book" } }
                ol(.class("rows plain event-list")) {
                    ForEach(urls.enumerated()) { index, url in li(.class("event")) { row(number: index + 1, url: url) } }
                }
            }
            if !destination.isSample {
                form(.method("post"), .action(.eventsEditor), .class("stacked")) {
                    h2(.class("section-title")) { "Add an event page" }
                    FormToken()
                    Field(caption: "Web address", name: "url", type: "url", value: typed, autocomplete: "url",
                          hint: "An http:// or https:// address. It becomes the last page of the book.")
                    button(.type("submit"), .class("button")) { "Add page" }
                }
            }
        }
    }

    private func row(number: Int, url: String) -> some HTML {
        Fragment {
            a(.class("row-title"), .href(.eventsBook(page: number))) { "Page \(number)" }
            span(.class("row-subtitle event-url")) { url }
            form(.method("post"), .action(.eventMove(page: number)), .class("inline-form")) {
                FormToken()
                label { "Move to " }
                input(.type("number"), .name("to"), .min(1), .max(urls.count),
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
