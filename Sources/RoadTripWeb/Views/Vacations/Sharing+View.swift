import Foundation
import HTML
import RoadTrip

/// Share…: a vacation's links (each with when it was made, when it ends, when it was last
/// opened and how often, its switches and Stop sharing), a form that makes a new one, and the
/// household's accounts it is shared with. Its own screen on a phone, a popover on a tablet.
struct VacationSharingView: HTML {
    let vacation: Vacation
    let links: [ShareLink]
    let members: [VacationMember]
    /// The household's other accounts it is not shared with yet.
    let others: [Account]
    let now: Int64
    /// A link just made: its address, shown this once.
    var newLink: String? = nil
    var linkError: String? = nil
    var memberError: String? = nil

    /// Where the page scrolls back to after a change of who it is shared with.
    static let peopleAnchor = "people"

    var content: some HTML {
        section(.class("vacation-sharing"), .ariaLabel("Share \(vacation.name)")) {
            if let newLink { NewLinkView(address: newLink, title: vacation.name) }
            NewLinkForm(vacationID: vacation.id, error: linkError)
            h2(.class("section-title")) { "Links" }
            if links.isEmpty {
                p(.class("empty-note")) { "No links yet. Anyone who has a link can see this vacation without an account." }
            } else {
                ul(.class("share-links")) {
                    ForEach(links) { link in li { ShareLinkRow(vacationID: vacation.id, link: link, now: now) } }
                }
            }
            h2(.class("section-title"), .id(Self.peopleAnchor)) { "People in this household" }
            MembersView(vacationID: vacation.id, members: members, others: others, error: memberError)
        }
    }
}

/// The address of the link just made, with Share… where the browser has a share sheet (Web
/// Share, as iOS's share sheet) and Copy link otherwise (the Clipboard API where the page may use
/// it; a field selected at a tap otherwise): copy-link.js.
struct NewLinkView: HTML {
    let address: String
    /// What the share sheet calls it: the vacation's name.
    let title: String

    var content: some HTML {
        div(.class("new-link"), .role("status")) {
            label(.for("new-link-address")) { "Your new link" }
            input(
                .id("new-link-address"), .class("link-address"), .type("text"), .value(address), .readonly(), .autocomplete("off"),
                .spellcheck(false))
            button(.type("button"), .class("button share-sheet"), .data("share", address), .data("title", title), .hidden()) { "Share…" }
            button(.type("button"), .class("button copy-link"), .data("copy", address)) { "Copy link" }
            p(.class("hint")) { "Copy it now: RoadTrip keeps only a fingerprint of it, so it cannot show this address again." }
        }
    }
}

/// One link: what it is called, its dates and openings, what it shows, and Stop sharing.
struct ShareLinkRow: HTML {
    /// The row's id, where the page scrolls back to after a change of it.
    static func anchor(_ link: Int64) -> String { "link-\(link)" }

    let vacationID: Int64
    let link: ShareLink
    let now: Int64

    var content: some HTML {
        div(.class(link.isLive(at: now) ? "share-link" : "share-link ended"), .id(Self.anchor(link.id)), .data("link-id", String(link.id)))
        {
            p(.class("row-title")) { link.label.isEmpty ? "Link \(link.id)" : link.label }
            p(.class("row-subtitle link-dates")) { dates }
            p(.class("row-subtitle link-openings")) {
                if let opened = link.lastOpenedAt {
                    "Opened \(link.openCount == 1 ? "once" : "\(link.openCount) times"), last "
                    SharingFormat.localTime(opened)
                } else {
                    "Not opened yet"
                }
            }
            if link.isLive(at: now) {
                details(.class("link-settings")) {
                    summary { "What it shows: \(shows)" }
                    form(.method("post"), .action(.vacationLinkOptions(id: vacationID, link: link.id)), .class("link-options")) {
                        FormToken()
                        ShareSwitches(options: link.options, prefix: "link-\(link.id)")
                        button(.type("submit"), .class("button secondary")) { "Save" }
                    }
                }
                form(.method("post"), .action(.vacationLinkStop(id: vacationID, link: link.id)), .class("inline-form stop-sharing")) {
                    FormToken()
                    button(.type("submit"), .class("button danger")) { "Stop sharing" }
                }
            }
        }
    }

    /// "places, dates" — what the link shows beyond the photos.
    private var shows: String {
        let reveal = VacationReveal(link.options)
        let shown = [
            reveal.showWhere ? "places" : nil, reveal.showDates ? "dates" : nil, reveal.allowOriginals ? "originals" : nil,
            reveal.offerBook ? "printed book" : nil,
        ].compactMap { $0 }
        return shown.isEmpty ? "photos only" : "photos, " + shown.joined(separator: ", ")
    }

    private var dates: String {
        var parts = ["Made \(SharingFormat.day(link.createdAt))"]
        if let stopped = link.stoppedAt {
            parts.append("stopped \(SharingFormat.day(stopped))")
        } else if let expires = link.expiresAt {
            parts.append("\(expires > now ? "expires" : "expired") \(SharingFormat.day(expires))")
        } else {
            parts.append("never expires")
        }
        if link.hasPassword { parts.append("password") }
        return parts.joined(separator: " · ")
    }
}

/// The three switches of a link, as checkboxes with what each means.
struct ShareSwitches: HTML {
    let options: ShareOptions
    let prefix: String

    var content: some HTML {
        fieldset(.class("share-switches")) {
            legend(.class("visually-hidden")) { "What the link shows" }
            toggle("show_where", "Show where photos were taken", "Places, the itinerary and its map.", options.showWhere)
            toggle("show_dates", "Show dates", "When each photo was taken.", options.showDates)
            toggle(
                "allow_originals", "Allow downloading the originals",
                """
                Otherwise guests get the previews. An original's own metadata says where and when it was taken: originals are \
                offered only while both show.
                """,
                options.allowOriginals)
            toggle(
                "offer_book", "Offer the printed book",
                """
                A PDF of the vacation to print, made for the link: its map and places only while where shows, its dates only while \
                when shows.
                """,
                options.offerBook)
            p(.class("hint share-names-note")) {
                "While where or when is hidden, names RoadTrip made from places, dates or file names are not shown either "
                    + "(“Arezzo, October 2008” is “\(VacationReveal.neutralName)”, “IMG_20081022_162839” is “Photo 12”). "
                    + "Names you typed — the vacation’s, its tags — are shown as you typed them."
            }
        }
    }

    private func toggle(_ name: String, _ caption: String, _ hint: String, _ on: Bool) -> some HTML {
        let id = "\(prefix)-\(name)"
        return div(.class("field toggle")) {
            input(.type("checkbox"), .id(id), .name(name), .value("on"), .when(on, .checked()), .ariaDescribedby("\(id)-hint"))
            label(.for(id)) { caption }
            p(.class("hint"), .id("\(id)-hint")) { hint }
        }
    }
}

/// Making a link: a note, when it ends, a password, and the switches.
struct NewLinkForm: HTML {
    let vacationID: Int64
    var error: String? = nil

    var content: some HTML {
        form(.method("post"), .action(.vacationSharing(id: vacationID)), .class("stacked new-link-form")) {
            FormToken()
            h3(.class("form-title")) { "New link" }
            if let error { Notice(kind: .error, message: error) }
            div(.class("field")) {
                label(.for("link-label")) { "Note (optional)" }
                input(
                    .id("link-label"), .type("text"), .name("label"), .maxlength(ShareLink.maximumLabelLength), .autocomplete("off"),
                    .placeholder("For Grandma"))
            }
            div(.class("field")) {
                label(.for("link-expiry")) { "Expires after" }
                select(.id("link-expiry"), .name("expiry")) {
                    for expiry in ShareExpiry.allCases {
                        option(.value(expiry.rawValue), .when(expiry == .default, .selected())) { expiry.title }
                    }
                }
            }
            div(.class("field")) {
                label(.for("link-password")) { "Password (optional)" }
                input(
                    .id("link-password"), .type("password"), .name("password"), .autocomplete("new-password"),
                    .ariaDescribedby("link-password-hint"))
                p(.class("hint"), .id("link-password-hint")) {
                    "At least \(VacationSharing.minimumPasswordLength) characters. Guests type it before they see anything."
                }
            }
            ShareSwitches(options: ShareOptions(), prefix: "new")
            button(.type("submit"), .class("button make-link")) { "Make link" }
        }
    }
}

/// The household's accounts the vacation is shared with, each with their role and Remove; and
/// a form to share it with another.
struct MembersView: HTML {
    let vacationID: Int64
    let members: [VacationMember]
    let others: [Account]
    var error: String? = nil

    var content: some HTML {
        if let error { Notice(kind: .error, message: error) }
        if members.isEmpty {
            p(.class("empty-note")) { "Only you can see this vacation." }
        } else {
            ul(.class("rows members")) {
                ForEach(members) { member in
                    li(.class("member"), .data("account", member.name)) {
                        span(.class("row-text")) {
                            span(.class("row-title")) { member.name }
                            span(.class("row-subtitle")) { member.role.title }
                        }
                        form(
                            .method("post"), .action(.vacationMemberRemoval(id: vacationID, account: member.account)), .class("inline-form")
                        ) {
                            FormToken()
                            button(.type("submit"), .class("button danger remove-member"), .ariaLabel("Stop sharing with \(member.name)")) {
                                "Remove"
                            }
                        }
                    }
                }
            }
        }
        if !others.isEmpty || !members.isEmpty {
            form(.method("post"), .action(.vacationMembers(id: vacationID)), .class("stacked share-with")) {
                FormToken()
                div(.class("field")) {
                    label(.for("member-account")) { "Share with" }
                    select(.id("member-account"), .name("account")) {
                        for account in others { option(.value(String(account.id.rawValue))) { account.name } }
                        for member in members { option(.value(String(member.account.rawValue))) { "\(member.name) (change)" } }
                    }
                }
                div(.class("field")) {
                    label(.for("member-role")) { "They" }
                    select(.id("member-role"), .name("role")) {
                        for role in VacationRole.allCases { option(.value(role.rawValue)) { role.title.lowercased() } }
                    }
                }
                button(.type("submit"), .class("button secondary share-with-button")) { "Share" }
            }
        }
    }
}

enum SharingFormat {
    /// "4 Dec 2026" (UTC).
    static func day(_ seconds: Int64) -> String {
        VacationFormatting.day(iso(seconds))
    }

    /// "4 Dec 2026, 14:02 UTC".
    static func time(_ seconds: Int64) -> String {
        PhotoFormat.date(iso(seconds)) + " UTC"
    }

    /// The same, marked with its instant: copy-link.js writes it in the reader's own time zone.
    static func localTime(_ seconds: Int64) -> some HTML {
        timeElement(.datetime(iso(seconds) + "Z"), .class("local-time")) { time(seconds) }
    }

    private static func iso(_ seconds: Int64) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday, parts.tm_hour, parts.tm_min,
            parts.tm_sec)
    }
}

/// The detail pane of a shared vacation's screens before a photo or the book is open.
struct SharedPlaceholderView: HTML {
    let vacation: Vacation
    let ownerName: String

    var content: some HTML {
        section(.class("empty-state")) {
            h2 { vacation.name }
            p { "Shared by \(ownerName). Look at its photos, its places and its book." }
            p(.class("placeholder-open")) {
                a(.class("button open-master"), .href("#master"), .ariaControls("master")) { "Show the vacation" }
            }
        }
    }
}

/// A link with a password asks for it before it shows anything, the vacation's name included.
struct SharedPasswordView: HTML {
    let token: ShareToken
    var error: String? = nil

    var content: some HTML {
        section(.class("form-page link-password")) {
            h2 { "A shared vacation" }
            p { "This link asks for a password. Ask the person who shared it." }
            form(.method("post"), .action(.sharedPassword(token)), .class("stacked")) {
                FormToken()
                if let error { Notice(kind: .error, message: error) }
                div(.class("field")) {
                    label(.for("link-password")) { "Password" }
                    input(
                        .id("link-password"), .type("password"), .name("password"), .autocomplete("current-password"), .required(),
                        .autofocus(),
                        .when(error != nil, .ariaInvalid()))
                }
                button(.type("submit"), .class("button")) { "Open" }
            }
        }
    }
}
