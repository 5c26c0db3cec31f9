import HTML
import HTTPServer
import RoadTrip

extension VacationOpening {
    /// A vacation's screen in the shell. Signed in, its column is the photo apps' (their tabs,
    /// the app tabs); by a link, it is the vacation's alone, and the page carries no form token
    /// and no account: it may be kept per link (`PageCache`).
    func page(
        _ app: App, _ context: RequestContext, title: String, screen: PageFrame.Screen, master: any HTML, detail: (any HTML)? = nil,
        back: (route: Route, label: String)? = nil, masterTitle: String? = nil, masterBack: (route: Route, label: String)? = nil,
        masterKey: String? = nil, detailActions: (any HTML)? = nil, status: Status = .ok
    ) throws -> Response {
        let column = try MasterColumn.vacation(self, list: master, title: masterTitle ?? title, back: masterBack, key: masterKey, in: app)
        let frame = PageFrame(
            title: title, screen: screen, master: column.list,
            detail: detail
                ?? (isLink
                    ? AnyHTML(SharedPlaceholderView(vacation: vacation, ownerName: ownerName))
                    : AnyHTML(VacationPlaceholderView())),
            back: screen == .detail ? back : nil, masterBar: column.bar, masterKey: column.key, detailActions: detailActions,
            keepKey: context.link.map { app.tokens.keepKey(ofLink: $0.shared.link.id) },
            manifest: addresses.token.map { .sharedManifest($0) }
        )
        return app.page(frame, context: isLink ? nil : context, status: status)
    }
}
