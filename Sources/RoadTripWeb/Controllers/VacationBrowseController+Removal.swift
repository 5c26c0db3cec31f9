import Foundation
import HTML
import HTTPServer
import RoadTrip

/// Removing a photo from a vacation from its own viewer (the original's Unvisit, where the
/// vacation is already chosen).
extension VacationBrowseController {
    /// A confirmation naming the photo and the vacation.
    func photoRemovalConfirmation(_ id: Int64, photo photoID: Int64, filter: VacationPhotoFilter) throws -> Response {
        let opening = try opened(id)
        guard let photo = try opening.contents.photo(id: photoID) else { throw HTTPError.notFound("This vacation has no such photo.") }
        guard try mayRemove(photo, from: opening) else {
            throw HTTPError(status: .forbidden, message: "Only the vacation’s owner can remove a photo someone else added.")
        }
        let grid = try VacationGridView.read(opening, filter: filter, current: photoID)
        return try opening.page(
            app, context, title: "Remove from \(opening.vacation.name)", screen: .detail, master: grid,
            detail: VacationPhotoRemovalView(vacation: opening.vacation, photo: photo, filter: filter),
            back: (.vacationPhoto(id: id, photo: photoID, filter: filter), photo.title), masterTitle: grid.heading,
            masterBack: Self.up(from: filter, in: opening), masterKey: "vacation-\(id)-\(Self.key(filter))")
    }

    /// The owner may remove any photo; an account it is shared with to add to, those it added.
    func mayRemove(_ photo: VacationPhoto, from opening: VacationOpening) throws -> Bool {
        guard !opening.isLink else { return false }
        return try opening.reveal.mayManage
            || (opening.reveal.mayAdd && opening.contents.contains(sha256: photo.sha256, addedBy: try context.account.id))
    }

    /// The photo taken out (its place and tags go with their last photo), then the list it was
    /// opened from, or all the vacation's photos when that list went with it.
    func removePhoto(_ id: Int64, photo photoID: Int64, filter: VacationPhotoFilter) throws -> Response {
        let contents = try opened(id).contents
        guard let photo = try contents.photo(id: photoID) else { throw HTTPError.notFound("This vacation has no such photo.") }
        do {
            try store.unvisit(sha256: photo.sha256, from: id, for: try context.account.id)
        } catch VacationError.onlyTheOwner {
            throw HTTPError(status: .forbidden, message: "Only the vacation’s owner can remove a photo someone else added.")
        }
        let listRemains =
            switch filter {
            case .all: true
            case .place(let place): try contents.place(id: place) != nil
            case .tag(let tag): try contents.tag(id: tag) != nil
            }
        return .redirect(to: Route.vacationPhotos(id: id, filter: listRemains ? filter : .all).path)
    }
}
