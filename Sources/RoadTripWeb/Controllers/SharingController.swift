import HTML
import HTTPServer
import RoadTrip

/// Share… of a vacation, for its owner: links (make, change, stop) and the household's
/// accounts it is shared with (add, change the role, remove).
struct SharingController: Controller {
    let app: App
    let context: RequestContext

    var sharing: VacationSharing { app.library.sharing }
    var store: VacationStore { app.library.vacations }

    func show(_ id: Int64) throws -> Response {
        try page(id)
    }

    /// The link made and its address shown, this once; or the form again with the reason.
    func makeLink(_ id: Int64) throws -> Response {
        _ = try VacationsController.owned(id, store: store, context: context)
        let expiry = ShareExpiry(rawValue: context.field("expiry")) ?? .default
        do {
            let new = try sharing.makeLink(
                to: id, for: try context.account.id, label: context.field("label"), expiry: expiry,
                password: context.field("password"), options: options)
            return try page(id, newLink: address(of: new.token), status: .created)
        } catch let error as SharingError {
            return try page(id, linkError: error.description, status: .unprocessableContent)
        }
    }

    func changeOptions(_ id: Int64, link: Int64) throws -> Response {
        try refusingUnknownLink(id, link: link) { try sharing.change(link, of: id, for: try context.account.id, to: options) }
    }

    func stop(_ id: Int64, link: Int64) throws -> Response {
        try refusingUnknownLink(id, link: link) { try sharing.stop(link, of: id, for: try context.account.id) }
    }

    func share(_ id: Int64) throws -> Response {
        _ = try VacationsController.owned(id, store: store, context: context)
        guard let member = Slot.number(context.field("account")[...]).map(AccountID.init),
            let role = VacationRole(rawValue: context.field("role"))
        else {
            return try page(id, memberError: "Choose an account and what they may do.", status: .unprocessableContent)
        }
        do {
            try store.share(id, with: member, as: role, by: try context.account.id)
        } catch let error as SharingError {
            return try page(id, memberError: error.description, status: .unprocessableContent)
        }
        return .redirect(to: Self.place(of: id, VacationSharingView.peopleAnchor))
    }

    func removeMember(_ id: Int64, account: AccountID) throws -> Response {
        _ = try VacationsController.owned(id, store: store, context: context)
        do {
            try store.unshare(id, with: account, by: try context.account.id)
        } catch let error as SharingError {
            return try page(id, memberError: error.description, status: .unprocessableContent)
        }
        return .redirect(to: Self.place(of: id, VacationSharingView.peopleAnchor))
    }

    /// Share… again, at what was just changed: the browser scrolls to the row (the fragment),
    /// so the page keeps its place and the change is in view.
    static func place(of id: Int64, _ anchor: String) -> String {
        Route.vacationSharing(id: id).path + "#" + anchor
    }

    /// The switches as posted: a checkbox left unticked sends nothing.
    private var options: ShareOptions {
        ShareOptions(
            showWhere: context.field("show_where") == "on", allowOriginals: context.field("allow_originals") == "on",
            showDates: context.field("show_dates") == "on", offerBook: context.field("offer_book") == "on")
    }

    private func refusingUnknownLink(_ id: Int64, link: Int64, _ change: () throws -> Void) throws -> Response {
        _ = try VacationsController.owned(id, store: store, context: context)
        do {
            try change()
        } catch SharingError.noSuchLink {
            throw HTTPError.notFound("This vacation has no such link.")
        }
        return .redirect(to: Self.place(of: id, ShareLinkRow.anchor(link)))
    }

    /// The link's whole address, as the browser reached this server (the host was checked
    /// against the allowed ones before anything ran).
    private func address(of token: ShareToken) -> String {
        let host = context.request.headers["Host"] ?? "localhost"
        return (app.secureCookies ? "https://" : "http://") + host + Route.sharedVacation(token).path
    }

    private func page(_ id: Int64, newLink: String? = nil, linkError: String? = nil, memberError: String? = nil, status: Status = .ok)
        throws -> Response
    {
        let opening = try VacationOpening.signedIn(id, context: context, store: app.library.vacations)
        guard opening.reveal.mayManage else { throw HTTPError(status: .forbidden, message: VacationError.onlyTheOwner.description) }
        let (vacation, account) = (opening.vacation, try context.account.id)
        let members = try store.members(of: id, for: account)
        let others = try app.library.accounts.all().filter { $0.id != account && !members.map(\.account).contains($0.id) }
        let view = VacationSharingView(
            vacation: vacation, links: try sharing.links(of: id, for: account), members: members, others: others,
            now: Int64(app.library.clock.now().timeIntervalSince1970), newLink: newLink, linkError: linkError, memberError: memberError
        )
        let menu = VacationMenuView(opening, counts: try opening.menuCounts())
        return try opening.page(
            app, context, title: "Share “\(vacation.name)”", screen: .detail, master: menu, detail: view,
            back: (.vacation(id: id), vacation.name),
            masterTitle: vacation.name, masterBack: (.vacations, "Vacations"), status: status)
    }
}
