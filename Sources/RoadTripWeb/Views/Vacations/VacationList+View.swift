import HTML
import RoadTrip

/// The Vacations screen: the account's vacations with their photo counts and dates, Add and Import.
struct VacationListView: HTML {
    let vacations: [Vacation]
    var current: Int64? = nil

    func render(into output: inout String) {
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
                    for vacation in vacations { li { row(vacation) } }
                }
            }
        }.render(into: &output)
    }

    private func row(_ vacation: Vacation) -> Element {
        var attributes: [Attribute] = [.class("row vacation-row"), .href(.vacation(id: vacation.id))]
        if vacation.id == current { attributes.append(.ariaCurrent("page")) }
        return Element("a", attributes) {
            span(.class("row-text")) {
                span(.class("row-title")) { vacation.name }
                span(.class("row-subtitle")) { VacationFormatting.summary(vacation) }
            }
            span(.class("row-chevron"), Attribute("aria-hidden", "true")) { "›" }
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
    let formToken: String
    var name = ""
    var error: String? = nil
    /// The name exists already: an alert saying so, with a button back to the form.
    var duplicate: String? = nil

    func render(into output: inout String) {
        section(.class("new-vacation")) {
            if let duplicate {
                div(.class("alert"), .role("alertdialog"), .ariaLabel("Vacation exists")) {
                    p(.class("alert-message")) { "A vacation called “\(duplicate)” already exists." }
                    a(.class("button alert-back"), .href(.newVacation)) { "Back" }
                }
            } else {
                form(.method("post"), .action(.newVacation), .class("stacked vacation-form")) {
                    FormToken(token: formToken)
                    div(.class("field")) {
                        label(.for("vacation-name")) { "Name" }
                        Element("input", [.id("vacation-name"), .type("text"), .name("name"), .value(name), .autocomplete("off"),
                                          .maxlength(VacationStore.maximumNameLength), Attribute("autofocus", nil)]
                                + (error == nil ? [] : [Attribute("aria-invalid", "true"), Attribute("aria-describedby", "vacation-name-error")]))
                        if let error { p(.class("field-error"), .id("vacation-name-error"), .role("alert")) { error } }
                    }
                    button(.type("submit"), .class("button")) { "Add vacation" }
                }
            }
        }.render(into: &output)
    }
}

/// Importing a vacation document: a file and a button.
struct VacationImportView: HTML {
    let formToken: String
    let uploadToken: String
    var error: String? = nil

    func render(into output: inout String) {
        section(.class("vacation-import")) {
            if let error { Notice(kind: .error, message: error) }
            form(.method("post"), .action(.vacationImport, uploadToken: uploadToken), Attribute("enctype", "multipart/form-data"), .class("stacked")) {
                FormToken(token: formToken)
                div(.class("field")) {
                    label(.for("vacation-file")) { "Vacation file (.vacation)" }
                    input(.type("file"), .id("vacation-file"), .name("document"), Attribute("accept", ".vacation"))
                    p(.class("hint")) { "A file exported from RoadTrip. It is added as a new vacation; nothing you have is replaced." }
                }
                button(.type("submit"), .class("button")) { "Import" }
            }
        }.render(into: &output)
    }
}
