import HTML
import RoadTrip

/// Under the photo: which of the account's vacations hold it, Visit, and Unvisit when some do —
/// for a library photo and a Flickr one alike (`lead` is what comes first: Flickr's owner line).
struct PhotoVisits<Lead: HTML>: HTML {
    let visit: Route
    let unvisit: Route
    let vacations: [(id: Int64, name: String)]
    let lead: Lead
    /// A library photo's heart, at the row's end.
    var favorite: FavoriteButton? = nil

    init(photoID: Int64, vacations: [(id: Int64, name: String)], favorite: FavoriteButton? = nil) where Lead == EmptyHTML {
        (visit, unvisit, self.vacations, lead) = (.visit(photo: photoID), .unvisit(photo: photoID), vacations, EmptyHTML())
        self.favorite = favorite
    }

    init(flickrID: String, vacations: [(id: Int64, name: String)], @HTMLBuilder lead: () -> Lead) {
        (visit, unvisit, self.vacations, self.lead) = (.flickrVisit(id: flickrID), .flickrUnvisit(id: flickrID), vacations, lead())
    }

    var content: some HTML {
        div(.class("photo-visits")) {
            lead
            // A sheet on a phone, a popover on a tablet: choosing closes it, and no screen of the
            // form is left in the history to come back to.
            a(.class("button visit popover-link sheet-on-phone"), .href(visit)) { "Visit…" }
            if !vacations.isEmpty {
                p(.class("visited-in")) {
                    "In "
                    for (index, vacation) in vacations.enumerated() {
                        if index > 0 { ", " }
                        a(.class("tap-target"), .href(.vacation(id: vacation.id))) { vacation.name }
                    }
                }
                a(.class("button secondary unvisit popover-link sheet-on-phone"), .href(unvisit)) { "Unvisit…" }
            }
            if let favorite { favorite }
        }
    }
}

/// Choosing the vacation to visit the photo into, with "New vacation…" at the end; or the
/// one to remove it from.
struct VisitChoiceView: HTML {
    enum Kind { case visit, unvisit }

    let kind: Kind
    /// The photo's title, where the choice posts, and the photo's own page.
    let title: String
    let route: Route
    let back: Route
    let vacations: [(id: Int64, name: String)]
    /// Of those, the ones that hold the photo already: checked, as iOS marks a chosen row.
    var holding: Set<Int64> = []
    var error: String? = nil
    /// Fields every choice sends along (the photos chosen in a grid), and the heading in place
    /// of "Visit “title” into…" ("Add 12 photos to…").
    var carried: [(name: String, value: String)] = []
    var heading: String? = nil

    var content: some HTML {
        section(.class("visit-choice \(kind == .visit ? "visit-list" : "unvisit-list")")) {
            h2 { heading ?? (kind == .visit ? "Visit “\(title)” into…" : "Remove “\(title)” from…") }
            if let error { Notice(kind: .error, message: error) }
            if vacations.isEmpty && kind == .unvisit {
                p(.class("empty-note")) { "No vacation holds this photo." }
            }
            ul(.class("rows")) {
                for vacation in vacations {
                    li {
                        form(
                            .method("post"), .action(route), .class("choice-form"), .data("offline-note", offlineNote),
                            .data("offline-back", back.path)
                        ) {
                            FormToken()
                            carriedFields
                            input(.type("hidden"), .name("vacation"), .value(String(vacation.id)))
                            button(.type("submit"), .class("row choice"), .data("offline-target", vacation.name)) {
                                span(.class("row-title")) { vacation.name }
                                if kind == .visit && holding.contains(vacation.id) {
                                    span(.class("row-check"), .role("img"), .ariaLabel("holds this photo")) { "✓" }
                                }
                            }
                        }
                    }
                }
            }
            if kind == .visit {
                form(
                    .method("post"), .action(route), .class("stacked new-vacation-visit"),
                    .data("offline-note", "Visit “\(title)” into a new vacation “{}”"), .data("offline-back", back.path)
                ) {
                    FormToken()
                    carriedFields
                    div(.class("field")) {
                        label(.for("visit-new")) { "New vacation…" }
                        input(
                            .id("visit-new"), .type("text"), .name("name"), .placeholder("Name"), .autocomplete("off"),
                            .maxlength(VacationStore.maximumNameLength))
                    }
                    button(.type("submit"), .class("button")) { "Add and visit" }
                }
            }
            p { a(.class("tap-target"), .href(back)) { "Back to the photo" } }
        }
    }

    private var carriedFields: HiddenFields { HiddenFields(fields: carried) }

    /// What a choice made offline is called while it waits (outbox.js puts the vacation's name for `{}`).
    private var offlineNote: String {
        kind == .visit ? "Visit “\(title)” into “{}”" : "Remove “\(title)” from “{}”"
    }
}

/// The account's own tags on a photo, in the Info panel: each with a remove button, and a field to add one.
struct PhotoTagsView: HTML {
    let photoID: Int64
    /// For the note a change made offline waits under.
    let photoTitle: String
    let keywords: [String]
    let tags: [String]
    /// Why the tag typed was refused, and what was typed, to be put right and sent again.
    var error: String? = nil
    var typed: String = ""

    var content: some HTML {
        div(.class("photo-tags")) {
            if !keywords.isEmpty { p(.class("keywords")) { "Keywords: \(keywords.joined(separator: ", "))" } }
            ul(.class("tag-chips")) {
                for tag in tags {
                    li {
                        form(
                            .method("post"), .action(.photoTags(photo: photoID)), .class("inline-form"),
                            .data("offline-note", "Remove the tag “\(tag)” from “\(photoTitle)”"),
                            .data("offline-back", Route.photo(id: photoID, inRecents: false).path)
                        ) {
                            FormToken()
                            input(.type("hidden"), .name("remove"), .value(tag))
                            span(.class("tag-chip")) { tag }
                            button(.type("submit"), .class("link-button"), .ariaLabel("Remove the tag \(tag)")) { "×" }
                        }
                    }
                }
            }
            form(
                .method("post"), .action(.photoTags(photo: photoID)), .class("inline-form add-tag"),
                .data("offline-note", "Tag “\(photoTitle)” with “{}”"),
                .data("offline-back", Route.photo(id: photoID, inRecents: false).path)
            ) {
                FormToken()
                label(.for("add-tag"), .class("visually-hidden")) { "Add a tag" }
                input(
                    .id("add-tag"), .type("text"), .name("add"), .placeholder("Add a tag"), .autocomplete("off"),
                    .maxlength(VacationTags.maximumLength), .value(typed), .when(error != nil, .ariaInvalid()),
                    .when(error != nil, .ariaDescribedby("add-tag-error")))
                button(.type("submit"), .class("link-button")) { "Add" }
            }
            if let error { p(.id("add-tag-error"), .class("field-error"), .role("alert")) { error } }
        }
    }
}

/// Fields a form sends along unseen.
struct HiddenFields: HTML {
    let fields: [(name: String, value: String)]

    var content: some HTML {
        for field in fields { input(.type("hidden"), .name(field.name), .value(field.value)) }
    }
}
