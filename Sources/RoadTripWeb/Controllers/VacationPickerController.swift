import HTML
import HTTPServer
import RoadTrip

/// A vacation's "+": the library's photos, newest first, a page at a time, to tick and add to it
/// together (through `AddToVacationController`, as the grids' "Add to vacation…" does). Only for
/// a vacation the account may add to: its own, or one shared with it to add to.
struct VacationPickerController: Controller {
    let app: App
    let context: RequestContext

    func page(_ id: Int64, before: String?) throws -> Response {
        let opening = try VacationOpening.signedIn(id, context: context, store: app.library.vacations)
        guard opening.reveal.mayAdd else {
            throw HTTPError(status: .forbidden, message: "\(opening.ownerName) shares this vacation to look at, not to add to.")
        }
        let start = before.flatMap(TimelineKey.init).map(TimelineStart.before) ?? .newest
        let page = try app.library.timeline.page(start)
        return try opening.page(
            app, context, title: "Add photos", screen: .detail, master: try VacationGridView.read(opening, filter: .all),
            detail: VacationPickerView(
                vacation: opening.vacation, photos: page.photos, older: page.older.map { .vacationPicker(id: id, before: $0.description) }),
            back: (.vacationPhotos(id: id, filter: .all), opening.vacation.name),
            masterBack: (opening.addresses.menu, opening.vacation.name),
            masterKey: "vacation-\(id)-all"
        )
    }
}
