import HTML
import RoadTrip

/// The Vacations screen: the account's vacations with their photo counts and dates, Add and
/// Import; then, under Shared with me, the household's vacations shared with the account.
struct VacationListView: HTML {
    let vacations: [Vacation]
    var shared: [SharedWithMe] = []
    var current: Int64? = nil
    /// Trips found in the photos, proposed under the account's own vacations.
    var found: [FoundTrip] = []

    var content: some HTML {
        nav(.class("vacation-list"), .ariaLabel("Vacations")) {
            p(.class("list-actions")) {
                a(.class("button add-vacation popover-link"), .href(.newVacation)) { "Add vacation" }
                " "
                a(.class("button secondary"), .href(.vacationImport)) { "Import…" }
            }
            if vacations.isEmpty {
                p(.class("empty-note")) { "No vacations yet. Add one, then open a photo and choose Visit to put it in." }
            } else {
                ul(.class("rows")) {
                    ForEach(vacations) { vacation in li { row(vacation) } }
                }
            }
            FoundTripsView(trips: found)
            if !shared.isEmpty {
                h2(.class("section-title shared-with-me")) { "Shared with me" }
                ul(.class("rows shared-vacations")) {
                    ForEach(shared) { entry in li { row(entry.vacation, owner: "\(entry.ownerName) · \(entry.role.title)") } }
                }
            }
        }
    }

    private func row(_ vacation: Vacation, owner: String? = nil) -> some HTML {
        a(.class("row vacation-row"), .href(.vacation(id: vacation.id)), .when(vacation.id == current, .ariaCurrent("page"))) {
            span(.class("row-text")) {
                span(.class("row-title")) { vacation.name }
                span(.class("row-subtitle")) { VacationFormatting.summary(vacation) }
                if let owner { span(.class("row-subtitle vacation-owner")) { owner } }
            }
            span(.class("row-chevron"), .ariaHidden()) { "›" }
        }
    }
}

enum VacationFormatting {
    /// "3 photos · 1–19 Oct 2024"
    static func summary(_ vacation: Vacation) -> String {
        var parts = [PhotoFormat.count(vacation.photoCount)]
        if let first = vacation.firstDate, let last = vacation.lastDate {
            let (from, to) = (day(first), day(last))
            parts.append(from == to ? from : "\(from) – \(to)")
        }
        return parts.joined(separator: " · ")
    }

    /// "19 Oct 2024"
    static func day(_ text: String) -> String {
        let date = PhotoFormat.date(text)
        return date.split(separator: ",").first.map(String.init) ?? date
    }
}

/// Adding a vacation: a name and a button. Its own screen on a phone; app.js shows the same
/// form in a popover on a tablet.
struct NewVacationView: HTML {
    var name = ""
    var error: String? = nil
    /// The name exists already: an alert saying so, with a button back to the form.
    var duplicate: String? = nil

    var content: some HTML {
        section(.class("new-vacation")) {
            if let duplicate {
                div(.class("alert"), .role("alertdialog"), .ariaLabel("Vacation exists")) {
                    p(.class("alert-message")) { "A vacation called “\(duplicate)” already exists." }
                    a(.class("button alert-back"), .href(.newVacation)) { "Back" }
                }
            } else {
                form(
                    .method("post"), .action(.newVacation), .class("stacked vacation-form"),
                    .data("offline-note", "Add the vacation “{}”"), .data("offline-back", Route.vacations.path)
                ) {
                    FormToken()
                    div(.class("field")) {
                        label(.for("vacation-name")) { "Name" }
                        input(
                            .id("vacation-name"), .type("text"), .name("name"), .value(name), .autocomplete("off"),
                            .maxlength(VacationStore.maximumNameLength), .autofocus(), .when(error != nil, .ariaInvalid()),
                            .when(error != nil, .ariaDescribedby("vacation-name-error")))
                        if let error { p(.class("field-error"), .id("vacation-name-error"), .role("alert")) { error } }
                    }
                    button(.type("submit"), .class("button")) { "Add vacation" }
                }
            }
        }
    }
}

/// Importing a vacation document: a file and a button.
struct VacationImportView: HTML {
    let uploadToken: String
    var error: String? = nil

    var content: some HTML {
        section(.class("vacation-import")) {
            if let error { Notice(kind: .error, message: error) }
            form(.method("post"), .action(.vacationImport, uploadToken: uploadToken), .enctype("multipart/form-data"), .class("stacked")) {
                FormToken()
                div(.class("field")) {
                    label(.for("vacation-file")) { "Vacation file (.vacation)" }
                    input(.type("file"), .id("vacation-file"), .name("document"), .accept(".vacation"))
                    p(.class("hint")) { "A file exported from RoadTrip. It is added as a new vacation; nothing you have is replaced." }
                }
                button(.type("submit"), .class("button")) { "Import" }
            }
        }
    }
}

/// The detail pane of vacation screens before a photo or the book is open.
struct VacationPlaceholderView: HTML {
    var content: some HTML {
        section(.class("empty-state")) {
            h2 { "Vacations" }
            p { "Collect photos into vacations with Visit in the photo viewer, then look back at them by place, by tag, or as a book." }
            p(.class("placeholder-open")) {
                a(.class("button open-master"), .href("#master"), .ariaControls("master")) { "Show vacations" }
            }
        }
    }
}
