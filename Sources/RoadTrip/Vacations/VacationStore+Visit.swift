import Foundation
import SQLDatabase

extension VacationStore {
    /// Adds a photo of the library to the account's vacation (or one shared with it to add to): its title, subtitle, date, place,
    /// tags (keywords and the account's own) and a copy of its preview. False when the vacation
    /// had it already.
    @discardableResult
    public func visit(_ photo: Photo, into id: Int64, for account: AccountID, library: Library) throws -> Bool {
        let vacation = try addable(id, by: account)
        let previewPath = try library.renditions.file(.preview, of: photo)
        let thumbnailPath = try library.renditions.file(.thumbnail, of: photo)
        guard let preview = FileManager.default.contents(atPath: previewPath) else { throw FileError("cannot read", previewPath) }
        guard let thumbnail = FileManager.default.contents(atPath: thumbnailPath) else { throw FileError("cannot read", thumbnailPath) }
        let place = try photo.placeID.flatMap { try library.photos.place(id: $0) }.map {
            VisitedPhoto.Place(
                id: $0.id, name: $0.name, region: $0.region, country: $0.country, latitude: $0.latitude, longitude: $0.longitude)
        }
        let sortedAt: String = try database.fetchValue("SELECT sorted_at FROM photos WHERE id = \(photo.id)") ?? ""
        let visited = VisitedPhoto(
            sha256: photo.sha256, title: photo.displayTitle, subtitle: photo.displaySubtitle, takenAt: photo.takenAt,
            sortedAt: sortedAt, latitude: photo.latitude, longitude: photo.longitude, camera: photo.camera, place: place,
            width: photo.displayWidth, height: photo.displayHeight, preview: [UInt8](preview), thumbnail: [UInt8](thumbnail),
            tags: photo.keywords + (try PhotoTagStore(database: database).tags(of: photo.id, for: account)),
            // An imported photo's title is its file's name; one without is shown by its description.
            titleFromFile: !photo.title.isEmpty
        )
        return try vacation.contents.visit(visited, at: clock.seconds, by: account)
    }

    /// Adds a photo from elsewhere (Flickr) as the snapshot given. False when the vacation had it already.
    @discardableResult
    public func visit(_ photo: VisitedPhoto, into id: Int64, for account: AccountID) throws -> Bool {
        return try addable(id, by: account).contents.visit(photo, at: clock.seconds, by: account)
    }

    /// Removes the photo from the account's vacation; from one shared with it, only a photo it
    /// added. False when it was not in it.
    @discardableResult
    public func unvisit(sha256: String, from id: Int64, for account: AccountID) throws -> Bool {
        let vacation = try addable(id, by: account)
        if !vacation.access.isOwner, try !vacation.contents.contains(sha256: sha256, addedBy: account) {
            guard try vacation.contents.contains(sha256: sha256) else { return false }
            throw VacationError.onlyTheOwner
        }
        return try vacation.contents.unvisit(sha256: sha256)
    }

    /// The vacation when the account may add to it: its own, or shared with it as *can add*.
    private func addable(_ id: Int64, by account: AccountID) throws -> AccessibleVacation {
        guard let vacation = try accessible(id, for: account) else { throw VacationError.noSuchVacation }
        guard vacation.access.mayAdd else { throw VacationError.onlyTheOwner }
        return vacation
    }
}
