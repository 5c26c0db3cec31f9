import HTTPServer
import RoadTrip

/// Where a vacation's screens are: under `/vacations/<id>` for those signed in (its owner and
/// the accounts it is shared with), or under its share link's `/s/<token>`. The views build
/// every link of a vacation through this, so a link's guest is never sent out of the link.
struct VacationAddresses: Sendable {
    let vacationID: Int64
    /// The share link the guest came by; nil for a signed-in person.
    let token: ShareToken?

    var menu: Route { token.map { .sharedVacation($0) } ?? .vacation(id: vacationID) }
    var itinerary: Route { token.map { .sharedItinerary($0) } ?? .vacationItinerary(id: vacationID) }
    func tags(query: String?) -> Route { token.map { .sharedTags($0, query: query) } ?? .vacationTags(id: vacationID, query: query) }
    func photos(_ filter: VacationPhotoFilter) -> Route {
        token.map { .sharedPhotos($0, filter: filter) } ?? .vacationPhotos(id: vacationID, filter: filter)
    }
    func photo(_ photo: Int64, _ filter: VacationPhotoFilter) -> Route {
        token.map { .sharedPhoto($0, photo: photo, filter: filter) } ?? .vacationPhoto(id: vacationID, photo: photo, filter: filter)
    }
    func image(_ photo: Int64, _ size: PhotoImageSize) -> Route {
        token.map { .sharedPhotoImage($0, photo: photo, size: size) } ?? .vacationPhotoImage(id: vacationID, photo: photo, size: size)
    }
    func video(_ photo: Int64) -> Route {
        token.map { .sharedPhotoVideo($0, photo: photo) } ?? .vacationPhotoVideo(id: vacationID, photo: photo)
    }
    func book(_ page: Int) -> Route { token.map { .sharedBook($0, page: page) } ?? .vacationBook(id: vacationID, page: page) }
    /// What a device keeps of the vacation, the part from `from` on.
    func keepList(from: Int = 0) -> Route {
        token.map { .sharedKeepListPart($0, from: from) } ?? .vacationKeepListPart(id: vacationID, from: from)
    }
}

/// What a vacation's screens show and offer to whoever opened it.
struct VacationReveal: Sendable, Equatable {
    /// Places, the itinerary and its map, positions.
    var showWhere = true
    var showDates = true
    /// The original file, where the library has it.
    var allowOriginals = false
    /// The printed book's PDF, made for a link (`ShareOptions.offerBook`).
    var offerBook = false
    /// Rename, export, delete, share, remove photos: the owner's alone.
    var mayManage = false
    /// Visit and Unvisit their own photos into it.
    var mayAdd = false

    static let owner = VacationReveal(mayManage: true, mayAdd: true)

    init(showWhere: Bool = true, showDates: Bool = true, allowOriginals: Bool = false, mayManage: Bool = false, mayAdd: Bool = false) {
        (self.showWhere, self.showDates, self.allowOriginals, self.mayManage, self.mayAdd) = (
            showWhere, showDates, allowOriginals, mayManage, mayAdd
        )
    }

    init(_ access: VacationAccess) {
        self.init(mayManage: access.isOwner, mayAdd: access.mayAdd)
    }

    /// An original carries where and when it was taken in its metadata: a link offers originals
    /// only when it shows both.
    init(_ options: ShareOptions) {
        self.init(
            showWhere: options.showWhere, showDates: options.showDates,
            allowOriginals: options.allowOriginals && options.showWhere && options.showDates)
        offerBook = options.offerBook
    }

    /// The photo as these screens may show it: without its position and place, or its date,
    /// where they are not to be shown.
    func shown(_ photo: VacationPhoto) -> VacationPhoto {
        guard !showWhere || !showDates else { return photo }
        return photo.redacted(position: !showWhere, date: !showDates)
    }

    func shown(_ vacation: Vacation) -> Vacation {
        showDates ? vacation : vacation.withoutDates
    }

    /// Where a link hides where or when, a name RoadTrip made of a place and a month
    /// ("Arezzo, October 2008") is "Vacation"; a name the owner typed is shown as typed.
    func shown(_ vacation: Vacation, nameGenerated: Bool) -> Vacation {
        let named = nameGenerated && (!showWhere || !showDates) ? vacation.named(Self.neutralName) : vacation
        return shown(named)
    }

    static let neutralName = "Vacation"
}

/// A vacation opened by this request: by a signed-in account that may see it, or by a share link.
struct VacationOpening {
    let vacation: Vacation
    let contents: VacationContents
    let addresses: VacationAddresses
    let reveal: VacationReveal
    /// Whose it is: shown as "shared by Ann" to everyone but the owner.
    let ownerName: String
    /// How the signed-in account may use it; nil for a link's guest.
    let access: VacationAccess?

    /// The vacation when the signed-in account owns it or it is shared with it; 404 otherwise,
    /// exactly as for one that does not exist.
    static func signedIn(_ id: Int64, context: RequestContext, store: VacationStore, counted: Bool = true) throws -> VacationOpening {
        guard let entry = try store.accessible(id, for: try context.account.id) else {
            throw HTTPError.notFound("There is no such vacation.")
        }
        return VacationOpening(
            vacation: counted ? try entry.contents.summary(name: entry.name) : entry.contents.uncounted(name: entry.name),
            contents: entry.contents,
            addresses: VacationAddresses(vacationID: id, token: nil),
            reveal: VacationReveal(entry.access), ownerName: entry.ownerName, access: entry.access
        )
    }

    /// The vacation a share link opened (`RequestPipeline.openLink`), as its switches show it.
    static func link(_ shared: SharedVacation, token: ShareToken, counted: Bool = true) throws -> VacationOpening {
        let reveal = VacationReveal(shared.link.options)
        let summary =
            counted ? try shared.contents.summary(name: shared.vacationName) : shared.contents.uncounted(name: shared.vacationName)
        return VacationOpening(
            vacation: reveal.shown(summary, nameGenerated: shared.vacationNameGenerated), contents: shared.contents,
            addresses: VacationAddresses(vacationID: shared.link.vacationID, token: token), reveal: reveal, ownerName: shared.ownerName,
            access: nil
        )
    }

    var id: Int64 { vacation.id }
    var isLink: Bool { addresses.token != nil }

    /// "Shared by Ann" for anyone but the owner.
    var sharedBy: String? { reveal.mayManage ? nil : "Shared by \(ownerName)" }

    /// The photos `filter` names, as these screens may show them (a place's are asked for only
    /// where places show: `VacationBrowseController.grid`, and the itinerary's places).
    func photos(_ filter: VacationPhotoFilter) throws -> [VacationPhoto] {
        try contents.photos(filter).map(reveal.shown)
    }

    /// A photo of `filter` with its neighbours, as these screens may show them.
    func photos(_ filter: VacationPhotoFilter, around photo: Int64, reach: Int) throws -> VacationPhotoWindow? {
        try contents.photos(filter, around: photo, reach: reach).map { $0.map(reveal.shown) }
    }

    /// The menu's counts: places (none where they are not shown) and tags.
    func menuCounts() throws -> (places: Int, tags: Int) {
        let counts = try contents.placeAndTagCounts()
        return (reveal.showWhere ? counts.places : 0, counts.tags)
    }

    func itinerary() throws -> [VacationPlace] {
        reveal.showWhere ? try contents.itinerary() : []
    }
}
