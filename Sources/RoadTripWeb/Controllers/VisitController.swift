import Foundation
import HTML
import HTTPServer
import RoadTrip

/// Visit and Unvisit from the photo viewer, and a person's tags on a photo.
struct VisitController: Controller {
    let app: App
    let context: RequestContext

    var store: VacationStore { app.library.vacations }

    /// The account's vacations and those shared with it to add to, "New vacation…" at the end.
    func visitChoice(_ photoID: Int64) throws -> Response {
        try choice(.visit, try existing(photoID), try store.visitable(by: context.account.id))
    }

    /// The photo added to the vacation chosen (or to a new one named in the form), then back to the photo.
    func visit(_ photoID: Int64) throws -> Response {
        let photo = try existing(photoID)
        let account = try context.account.id
        let vacations = try store.visitable(by: account)
        let target: Int64
        do {
            target = try Self.chosenVacation(context, store: store, for: account)
        } catch let error as VacationError {
            return try choice(
                .visit, photo, vacations, error: error.description, status: error.isConflict ? .conflict : .unprocessableContent)
        }
        do {
            try store.visit(photo, into: target, for: account, library: app.library)
        } catch VacationError.noSuchVacation {
            throw HTTPError.notFound("There is no such vacation.")
        } catch let error as VacationError {
            return try choice(.visit, photo, vacations, error: error.description, status: .unprocessableContent)
        }
        return .redirect(to: Route.photo(id: photo.id, inRecents: false).path)
    }

    /// The vacations holding the photo.
    func unvisitChoice(_ photoID: Int64) throws -> Response {
        let photo = try existing(photoID)
        return try choice(.unvisit, photo, try store.holding(sha256: photo.sha256, for: context.account.id))
    }

    /// The photo removed from the vacation chosen.
    func unvisit(_ photoID: Int64) throws -> Response {
        let photo = try existing(photoID)
        let account = try context.account.id
        let holding = try store.holding(sha256: photo.sha256, for: account)
        guard let chosen = Int64(context.field("vacation")), holding.contains(where: { $0.id == chosen }) else {
            throw HTTPError.notFound("No such vacation holds this photo.")
        }
        try store.unvisit(sha256: photo.sha256, from: chosen, for: account)
        return .redirect(to: Route.photo(id: photo.id, inRecents: false).path)
    }

    /// Adds (`add`) or removes (`remove`) one of the account's tags on the photo. A refused tag
    /// is answered on the photo's page, on the field, with what was typed cleaned (the refused
    /// characters are invisible: sending it again adds it); nothing is stored.
    func tags(_ photoID: Int64) throws -> Response {
        let photo = try existing(photoID)
        let account = try context.account.id
        if let tag = context.form["add"] {
            do {
                try app.library.photoTags.add(tag, to: photo.id, for: account)
            } catch let error as VacationError {
                return try PhotoController(app: app, context: context).show(
                    id: photo.id, inRecents: false, looked: false, tagRefusal: (error.description, VacationTags.clean(tag)))
            }
        }
        if let tag = context.form["remove"] { try app.library.photoTags.remove(tag, from: photo.id, for: account) }
        return .redirect(to: Route.photo(id: photo.id, inRecents: false).path)
    }

    private func choice(
        _ kind: VisitChoiceView.Kind, _ photo: Photo, _ vacations: [(id: Int64, name: String)], error: String? = nil,
        status: Status = .ok
    ) throws -> Response {
        return app.page(
            PageFrame(
                title: kind == .visit ? "Visit" : "Unvisit",
                beside: try .photos(.home(of: photo), current: photo.id, in: app, for: context),
                detail: VisitChoiceView(
                    kind: kind, title: photo.displayTitle, route: kind == .visit ? .visit(photo: photo.id) : .unvisit(photo: photo.id),
                    back: .photo(id: photo.id, inRecents: false), vacations: vacations,
                    holding: kind == .visit ? Set(try store.holding(sha256: photo.sha256, for: context.account.id).map(\.id)) : [],
                    error: error),
                back: (.photo(id: photo.id, inRecents: false), photo.displayTitle)
            ), context: context, status: status)
    }

    /// The vacation a choice of Visit's list names (`vacation`), or a new one by the name typed
    /// (`name`); a name refused throws its `VacationError`.
    static func chosenVacation(_ context: RequestContext, store: VacationStore, for account: AccountID) throws -> Int64 {
        if let chosen = Int64(context.field("vacation")) { return chosen }
        return try store.create(named: context.field("name"), for: account)
    }

    private func existing(_ id: Int64) throws -> Photo {
        guard let photo = try app.library.photos.photo(id: id) else { throw HTTPError.notFound("There is no such photo.") }
        return photo
    }
}
