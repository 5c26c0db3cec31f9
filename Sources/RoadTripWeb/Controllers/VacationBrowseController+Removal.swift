import Foundation
import HTML
import HTTPServer
import RoadTrip

/// Removing a photo from a vacation from its own viewer (the original's Unvisit, where the
/// vacation is already chosen).
extension VacationBrowseController {
    /// A confirmation naming the photo and the vacation.
    func photoRemovalConfirmation(_ id: Int64, photo photoID: Int64, filter: VacationPhotoFilter) throws -> Response {
        let (vacation, contents) = try VacationsController.owned(id, store: store, context: context)
        guard let photo = try contents.photo(id: photoID) else { throw HTTPError.notFound("This vacation has no such photo.") }
        let grid = try self.grid(id, contents: contents, filter: filter, current: photoID)
        return app.page(PageFrame(
            title: "Remove from \(vacation.name)", screen: .detail, master: grid,
            detail: VacationPhotoRemovalView(vacation: vacation, photo: photo, filter: filter),
            back: (.vacationPhoto(id: id, photo: photoID, filter: filter), photo.title),
            masterBar: try MasterBar.photos(.vacations, title: grid.heading, back: VacationBrowseController.up(from: filter, id: id, name: vacation.name), flickr: app.flickr),
            masterKey: "vacation-\(id)-\(VacationBrowseController.key(filter))"
        ), context: context)
    }

    /// The photo taken out (its place and tags go with their last photo), then the list it was
    /// opened from, or all the vacation's photos when that list went with it.
    func removePhoto(_ id: Int64, photo photoID: Int64, filter: VacationPhotoFilter) throws -> Response {
        let (_, contents) = try VacationsController.owned(id, store: store, context: context)
        guard let photo = try contents.photo(id: photoID) else { throw HTTPError.notFound("This vacation has no such photo.") }
        try store.unvisit(sha256: photo.sha256, from: id, for: try context.account.id)
        let listRemains = switch filter {
        case .all: true
        case .place(let place): try contents.place(id: place) != nil
        case .tag(let tag): try contents.tag(id: tag) != nil
        }
        return .redirect(to: Route.vacationPhotos(id: id, filter: listRemains ? filter : .all).path)
    }
}
