import HTML
import HTTPServer
import RoadTrip

/// Photos chosen in a grid added to a vacation together ("Add to vacation…" beside Place in the
/// select mode): the account's vacations (and those shared with it to add to) to choose from,
/// or a new one by name; each photo visited into it as Visit does one. The photos come in the
/// request (`photos`, as the placing screen takes them), at most `PhotoPlacer.maximumPhotos`.
struct AddToVacationController: Controller {
    let app: App
    let context: RequestContext

    var store: VacationStore { app.library.vacations }

    func choose() throws -> Response {
        let ids = PlaceManyController.ids(context.request.query.filter { $0.name == "photos" }.map(\.value))
        return try page(ids: ids, error: ids.isEmpty ? Self.noneChosen : nil, status: ids.isEmpty ? .unprocessableContent : .ok)
    }

    func add() throws -> Response {
        let ids = PlaceManyController.ids(context.form.fields.filter { $0.name == "photos" }.map(\.value))
        guard !ids.isEmpty else { return try page(ids: ids, error: Self.noneChosen, status: .unprocessableContent) }
        let account = try context.account.id
        let target: Int64
        do {
            target = try VisitController.chosenVacation(context, store: store, for: account)
        } catch let error as VacationError {
            return try page(ids: ids, error: error.description, status: error.isConflict ? .conflict : .unprocessableContent)
        }
        let photos = try app.library.photos.photos(ids: ids)
        guard !photos.isEmpty else {
            return try page(ids: ids, error: "None of these photos is in the library any more.", status: .unprocessableContent)
        }
        do {
            for photo in photos { try store.visit(photo, into: target, for: account, library: app.library) }
        } catch VacationError.noSuchVacation {
            throw HTTPError.notFound("There is no such vacation.")
        } catch let error as VacationError {
            return try page(ids: ids, error: error.description, status: .unprocessableContent)
        }
        return .redirect(to: Route.vacationPhotos(id: target, filter: .all).path)
    }

    static let noneChosen = "Choose photos first: Select in a grid of photos."

    private func page(ids: [Int64], error: String?, status: Status) throws -> Response {
        let count = PhotoFormat.count(ids.count)
        return app.page(
            PageFrame(
                title: "Add to vacation", beside: try .photos(.noLocation, in: app, for: context),
                detail: VisitChoiceView(
                    kind: .visit, title: count, route: .addToVacation, back: .places(order: .byCountry),
                    vacations: try store.visitable(by: context.account.id), error: error,
                    carried: [("photos", ids.map(String.init).joined(separator: ","))], heading: "Add \(count) to…"),
                back: Route.backToPlaces
            ), context: context, status: status)
    }
}
