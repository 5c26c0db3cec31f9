import HTTPServer
import RoadTrip

extension VacationGridView {
    /// A vacation's photos as the one who opened it may see them (all, a place's, a tag's), with
    /// `current` marked: for the grid's own screen, and beside a photo, the book, the picker.
    static func read(_ opening: VacationOpening, filter: VacationPhotoFilter, current: Int64? = nil) throws -> VacationGridView {
        VacationGridView(
            addresses: opening.addresses, heading: try heading(opening, filter: filter), photos: try opening.photos(filter), filter: filter,
            current: current, book: opening.reveal.mayManage && !opening.isLink ? .vacationPrint(id: opening.id) : nil)
    }

    /// "All photos", the place's name or the tag's; a 404 for a place or tag the vacation has not (or does not show).
    static func heading(_ opening: VacationOpening, filter: VacationPhotoFilter) throws -> String {
        switch filter {
        case .all: return "All photos"
        case .place(let place):
            guard opening.reveal.showWhere, let found = try opening.contents.place(id: place) else {
                throw HTTPError.notFound("This vacation has no such place.")
            }
            return found.name
        case .tag(let tag):
            guard let found = try opening.contents.tag(id: tag) else { throw HTTPError.notFound("This vacation has no such tag.") }
            return found.name
        }
    }
}
