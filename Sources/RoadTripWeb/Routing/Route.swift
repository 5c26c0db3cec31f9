import Foundation
import RoadTrip

/// Every address RoadTrip answers. The same enum matches incoming requests and builds every
/// link, so a link can never point at a page that does not exist.
public enum Route: Sendable, Equatable {
    /// The RoadTrip menu: the list of destinations.
    case home
    case destination(id: Int64)
    case destinationImage(id: Int64)
    /// Makes the destination the account's trip.
    case chooseDestination(id: Int64)
    /// Page `page` (from 1) of the trip's Events book.
    case eventsBook(page: Int)
    /// RoadTrip's saved copy of the page's event web page, for sites that refuse framing or no network.
    case eventCopy(page: Int)
    /// Where that copy stands (JSON), which web-view.js asks while a page's copy is being fetched.
    case eventCopyStatus(page: Int)
    /// The trip's event pages as a list, `pageSize` rows a page (from 1): add, remove, reorder.
    case eventsEditorPage(Int)
    case eventRemoval(page: Int)
    case eventMove(page: Int)
    /// How pages turn (style, direction), per account; back to `from` (a book's page, or Your account) when saved.
    case bookSettings(from: String?)
    case weather
    /// The trip's map: the destination and its points of interest.
    case tripMap
    /// RoadTrip's saved copy of the destination's weather page, for use without a network.
    case weatherCopy
    /// Where the Weather page's copy stands (JSON), as web-view.js asks it: see `eventCopyStatus`.
    case weatherCopyStatus
    /// What a device keeps to use the trip offline (JSON, for kept-sets.js), a part at a time:
    /// the addresses from `from` on (`KeepList.next` names the next part).
    case tripKeepListPart(from: Int)
    /// A generated page of the built-in sample book.
    case samplePage(Int)
    /// Sign in, then go on to `next` (a same-site path; anything else goes home).
    case signIn(next: String?)
    case signOut
    /// The first start's owner form, reached through the link the server prints.
    case setup(token: String?)
    /// The signed-in person's own account: change password, sign out.
    case account
    case accountPassword
    /// Where the signed-in person is signed in (their sessions); a POST signs them out everywhere else.
    case accountSessions
    /// The owner's list of accounts: add, remove, reset a password.
    case accounts
    case accountRemoval(AccountID)
    case accountPasswordReset(AccountID)
    /// Places with photos: in sections by country (the countries, in a large library), or the
    /// "top" places, most photos first (a page at a time in a large library; `after` continues).
    case places(order: PlaceOrder, after: Int64? = nil)
    /// A country's places, A to Z, a page at a time; `after` continues.
    case placesInCountry(code: String, after: Int64? = nil)
    /// A place's photos as a grid, newest first (or those with no place); `after` continues it.
    case placePhotos(PhotoCollection, after: Int64?)
    /// The photo viewer; opened from Recents, the list beside it and previous/next are the Recents'.
    case photo(id: Int64, inRecents: Bool)
    /// The owner's Import screen: what can be imported, the imports asked lately, the import runs;
    /// its post asks for a report on the entries chosen, or for their import.
    case importScreen
    /// One import asked for: its report, or its progress and then its summary.
    case importRequest(id: Int64)
    /// A Takeout's part or an export folder's file uploaded a piece at a time: how much has
    /// arrived (GET), and a piece (POST, `offset` and `total` in the address).
    case importUpload(name: String?)
    /// Undoing an import run: the question, and its post.
    case importRunUndo(id: Int64)
    /// Removes an upload (the form's `remove`: its name) once imported, or chosen by mistake.
    case importUploadRemoval
    /// The account's favourites as a grid, newest first; `after` continues it.
    case favorites(after: Int64?)
    /// The viewer, turning through the account's favourites.
    case favoritePhoto(id: Int64)
    /// Marks or unmarks the photo as one of the account's favourites (the form's `favorite`, 1 or 0).
    case photoFavorite(id: Int64)
    /// A photo's image: the grid thumbnail, the screen-size preview, or the original.
    case photoImage(id: Int64, size: PhotoImageSize)
    /// The version a photo keeps beneath the one it shows (the original of an edited copy, or
    /// the edited copy of an original), in a viewer of its own.
    case photoVersion(id: Int64)
    /// That version's image, as `photoImage`'s.
    case photoVersionImage(id: Int64, size: PhotoImageSize)
    /// A video's rendition (H.264/AAC in MP4), in byte ranges as a player seeks.
    case photoVideo(id: Int64)
    /// How far a video's rendition is, for the viewer's "Preparing video… 40 %".
    case photoVideoStatus(id: Int64)
    /// Setting the place of a photo: the gazetteer searched by name, then the choice posted.
    case photoPlace(id: Int64, query: String?)
    /// The account's last viewed photos.
    case recents
    /// The library by time: the photos by day (`/timeline`, `/timeline/2008-10`, `?before=KEY` a
    /// page down), or at a year (`/timeline/2008`) the Months zoom level, a tile a month.
    case timeline(TimelineStart)
    /// The Years zoom level: a tile a year.
    case timelineYears
    /// The photos without a date, after all the others.
    case timelineUndated(after: Int64?)
    /// The viewer, turning through the timeline.
    case timelinePhoto(id: Int64)
    /// On this day: a memory's book, its pages its photos (`/memories/2023-12-04/1`).
    case memory(day: CalendarDay, page: Int)
    /// Hides a memory, or one photo (the form's `photo`) from memories.
    case memoryHiding(day: CalendarDay)
    /// Makes a vacation of a memory's photos, then opens its Make a book….
    case memoryBook(day: CalendarDay)
    /// Makes a vacation of a trip found in the photos.
    case foundTripVacation(id: Int64)
    /// Dismisses a trip found in the photos.
    case foundTripDismissal(id: Int64)
    /// The library's photos with a position in a box of the map at a zoom (`bbox` as Leaflet
    /// writes it: west,south,east,north), as clusters or photos, in JSON for the map's script.
    case photoMapData(bbox: String?, zoom: String?)
    /// The photos tab's map of where the library's photos were taken.
    case photoMap
    /// One cluster of the map opened: the photos of a cell of its grid.
    case photoMapCell(level: Int, x: Int64, y: Int64)
    /// The household's GPS tracks (Photos → Map → Tracks), one track, and removing one.
    case tracks
    case track(id: Int64)
    case trackRemoval(id: Int64)
    /// Placing photos without a position from the tracks (one, or every one), previewed, then applied.
    case placing(track: Int64?)
    /// A placement made, with its Undo.
    case placement(id: Int64)
    /// Photos chosen in a grid (`photos`, in the request) placed together by a place's name or a point on the map.
    case placeMany(query: String?)
    /// Photos chosen in a grid (`photos`, in the request) added to a vacation together: the chooser, and the adding.
    case addToVacation
    /// A tile of the basemap (`BasemapPack`), gzip'd as the pack holds it; `version` names the pack.
    case basemapTile(BasemapTile, version: String?)
    /// Places searched by name.
    case findPlaces(query: String?)
    /// The upload screen, and the form it posts (many files, multipart).
    case upload
    /// One file posted as the request's body by the upload screen's script; `name` is its file name.
    case uploadFile(name: String?)
    /// The account's vacations.
    case vacations
    /// Adding a vacation: the name form, and its post.
    case newVacation
    /// The library's photos, newest first, to choose some to add to a vacation (its "+"); `before`
    /// a page down (a timeline key).
    case vacationPicker(id: Int64, before: String?)
    /// Importing a vacation document: the upload form, and its post.
    case vacationImport
    /// A vacation's menu: Itinerary, Tags, All photos, Book; rename, export, delete.
    case vacation(id: Int64)
    case vacationRename(id: Int64)
    /// Deleting a vacation: the confirmation, and its post.
    case vacationRemoval(id: Int64)
    case vacationExport(id: Int64)
    case vacationItinerary(id: Int64)
    /// The vacation's photos as waypoints and its tracks, as one GPX file.
    case vacationGPX(id: Int64)
    case vacationTags(id: Int64, query: String?)
    case vacationPhotos(id: Int64, filter: VacationPhotoFilter)
    /// A vacation's photo in the viewer; previous and next follow `filter`.
    case vacationPhoto(id: Int64, photo: Int64, filter: VacationPhotoFilter)
    /// Removing a photo from this vacation: the confirmation, and its post (then the vacation's photos).
    case vacationPhotoRemoval(id: Int64, photo: Int64, filter: VacationPhotoFilter)
    /// The preview or thumbnail a vacation keeps of its photo.
    case vacationPhotoImage(id: Int64, photo: Int64, size: PhotoImageSize)
    /// A vacation's video (or Live Photo's motion), played from the library's rendition.
    case vacationPhotoVideo(id: Int64, photo: Int64)
    case vacationBook(id: Int64, page: Int)
    /// Make a book…: the printed book's choices, how far it is, its report and download.
    case vacationPrint(id: Int64)
    /// Stops the printed book being made.
    case vacationPrintCancel(id: Int64)
    /// The printed book's PDF.
    case vacationPrintPDF(id: Int64)
    /// A page of the printed book as a picture, for its preview.
    case vacationPrintPage(id: Int64, page: Int)
    /// The printed book in the page-turning book, page by page as it prints.
    case vacationPrintPreview(id: Int64, page: Int)
    /// What a device keeps to use a vacation offline (JSON, for kept-sets.js), a part at a time.
    case vacationKeepListPart(id: Int64, from: Int)
    /// Sharing a vacation (its owner only): its links and the accounts it is shared with; a new link posted.
    case vacationSharing(id: Int64)
    /// A link's switches changed (posted).
    case vacationLinkOptions(id: Int64, link: Int64)
    /// Stop sharing: the link ends at once (posted).
    case vacationLinkStop(id: Int64, link: Int64)
    /// Sharing with an account of the household, as *can view* or *can add photos* (posted).
    case vacationMembers(id: Int64)
    /// Ending an account's access (posted).
    case vacationMemberRemoval(id: Int64, account: AccountID)
    /// A vacation shared by link, `/s/<token>`: for anyone who has the address, without an
    /// account; the owner's screens, read-only, showing what the link's switches allow.
    case sharedVacation(ShareToken)
    /// The password a link asks for first (posted).
    case sharedPassword(ShareToken)
    case sharedItinerary(ShareToken)
    case sharedTags(ShareToken, query: String?)
    case sharedPhotos(ShareToken, filter: VacationPhotoFilter)
    case sharedPhoto(ShareToken, photo: Int64, filter: VacationPhotoFilter)
    /// A shared photo's thumbnail or preview; its original only where the link allows it.
    case sharedPhotoImage(ShareToken, photo: Int64, size: PhotoImageSize)
    case sharedPhotoVideo(ShareToken, photo: Int64)
    case sharedBook(ShareToken, page: Int)
    /// The printed book's PDF under a link that offers it, made for what the link shows.
    case sharedPrintPDF(ShareToken)
    /// What a device keeps to use a shared vacation offline (JSON, for kept-sets.js), a part at a time.
    case sharedKeepListPart(ShareToken, from: Int)
    /// The link's web app manifest: Add to Home Screen installs the shared vacation.
    case sharedManifest(ShareToken)
    /// Adding a photo to one of the account's vacations: the list to choose from, and its post.
    case visit(photo: Int64)
    /// Removing a photo from one of the vacations holding it.
    case unvisit(photo: Int64)
    /// Adding or removing one of the account's own tags on a photo.
    case photoTags(photo: Int64)
    /// Flickr's top places.
    case flickrPlaces
    /// A Flickr place's latest photos.
    case flickrPlace(id: String)
    /// A Flickr photo in the viewer; `place` is the place it was opened from, for previous and next;
    /// opened from Recents, the list beside it and previous/next are the Recents' (and `place` is nil).
    case flickrPhoto(id: String, place: String?, inRecents: Bool = false)
    /// A Flickr photo's image, through RoadTrip's cache.
    case flickrImage(id: String, size: PhotoImageSize)
    case flickrVisit(id: String)
    /// Removing a Flickr photo from one of the vacations holding it.
    case flickrUnvisit(id: String)
    /// The owner's settings: the Flickr API key.
    case settings
    /// A static asset by its fingerprinted file name (`app.3fa2c9d1.css`).
    case asset(String)
    /// The service worker: at the root, so that it may answer for every page; never fingerprinted.
    case serviceWorker
    /// What a device shows for a page it did not keep while there is no network.
    case offline
    /// The session's form token (JSON), for changes made offline and sent later.
    case formToken
    case health

    /// The event pages' list at its first page.
    static var eventsEditor: Route { .eventsEditorPage(1) }
    /// The first part of what a device keeps of the trip: what kept-sets.js asks first.
    static var tripKeepList: Route { .tripKeepListPart(from: 0) }
    static func vacationKeepList(id: Int64) -> Route { .vacationKeepListPart(id: id, from: 0) }
    static let exampleToken = ShareToken(String(repeating: "A", count: ShareToken.length)[...])!

    /// The link whose vacation the address is under, for the share-link routes.
    var shareToken: ShareToken? {
        switch self {
        case .sharedVacation(let token), .sharedPassword(let token), .sharedItinerary(let token), .sharedTags(let token, _),
            .sharedPhotos(let token, _), .sharedPhoto(let token, _, _), .sharedPhotoImage(let token, _, _), .sharedPhotoVideo(let token, _),
            .sharedBook(let token, _),
            .sharedKeepListPart(let token, _), .sharedManifest(let token), .sharedPrintPDF(let token):
            token
        default: nil
        }
    }

    /// The first segment of every share link's address.
    static let linkPrefix = "/s/"

    /// `path` as the access log writes it: a share link's token replaced by `link`, the link's
    /// number (`link-12`) where it is known, `link-unknown` where it is not.
    public static func pathForLog(_ path: String, link: Int64? = nil) -> String {
        guard path.hasPrefix(linkPrefix) else { return path }
        let rest = path.dropFirst(linkPrefix.count).drop { $0 != "/" }
        return linkPrefix + (link.map { "link-\($0)" } ?? "link-unknown") + rest
    }

    /// One route of each address, in the order requests are tried against them: the addresses
    /// requests are matched against are these routes' paths (`Route.declaration`), and the tests
    /// visit each. Accounts are number 2, not the owner (1), so that a removal that got through
    /// where it should not would show in the tests that walk them.
    public static let examples: [Route] = [
        .home, .health, .asset("app.0123456789abcdef.css"), .serviceWorker, .offline, .formToken,
        .signIn(next: nil), .signOut, .setup(token: nil), .account, .accountPassword, .accountSessions, .accounts,
        .accountRemoval(AccountID(2)), .accountPasswordReset(AccountID(2)), .settings,

        .destination(id: 1), .destinationImage(id: 1), .chooseDestination(id: 1), .weather, .tripMap, .weatherCopy, .weatherCopyStatus,
        .tripKeepList, .bookSettings(from: nil), .eventsEditor, .eventsBook(page: 1), .eventCopy(page: 1), .eventCopyStatus(page: 1),
        .eventRemoval(page: 1), .eventMove(page: 1), .samplePage(1),

        .places(order: .byCountry), .placesInCountry(code: "FR"), .placePhotos(.noLocation, after: nil),
        .placePhotos(.place(1), after: nil),
        .findPlaces(query: nil), .recents,
        .timeline(.newest), .timelineYears, .timeline(.period(.month(year: 2008, month: 10))), .timelineUndated(after: nil),
        .timelinePhoto(id: 1), .memory(day: CalendarDay.epoch, page: 1), .memoryHiding(day: CalendarDay.epoch),
        .memoryBook(day: CalendarDay.epoch),
        .photoMap, .photoMapCell(level: 4, x: 8, y: 4), .photoMapData(bbox: nil, zoom: nil),
        .tracks, .track(id: 1), .trackRemoval(id: 1), .placing(track: nil), .placement(id: 1), .placeMany(query: nil), .addToVacation,
        .basemapTile(BasemapTile(z: 8, x: 75, y: 96)!, version: nil),
        .photo(id: 1, inRecents: false), .importScreen, .importRequest(id: 1), .importUpload(name: nil), .importRunUndo(id: 1),
        .importUploadRemoval, .favorites(after: nil), .favoritePhoto(id: 1), .photoFavorite(id: 1), .photoImage(id: 1, size: .preview),
        .photoVersion(id: 1), .photoVersionImage(id: 1, size: .preview), .photoVideo(id: 1), .photoVideoStatus(id: 1),
        .photoPlace(id: 1, query: nil),
        .visit(photo: 1), .unvisit(photo: 1), .photoTags(photo: 1), .upload, .uploadFile(name: nil),

        .vacations, .newVacation, .vacationPicker(id: 1, before: nil), .vacationImport, .foundTripVacation(id: 1),
        .foundTripDismissal(id: 1), .vacation(id: 1), .vacationRename(id: 1), .vacationRemoval(id: 1),
        .vacationExport(id: 1), .vacationGPX(id: 1), .vacationItinerary(id: 1), .vacationTags(id: 1, query: nil),
        .vacationPhotos(id: 1, filter: .all),
        .vacationPhoto(id: 1, photo: 1, filter: .all), .vacationPhotoRemoval(id: 1, photo: 1, filter: .all),
        .vacationPhotoImage(id: 1, photo: 1, size: .preview), .vacationPhotoVideo(id: 1, photo: 1), .vacationBook(id: 1, page: 1),
        .vacationKeepList(id: 1),
        .vacationPrint(id: 1), .vacationPrintCancel(id: 1), .vacationPrintPDF(id: 1), .vacationPrintPage(id: 1, page: 1),
        .vacationPrintPreview(id: 1, page: 1),
        .vacationSharing(id: 1), .vacationLinkOptions(id: 1, link: 1), .vacationLinkStop(id: 1, link: 1), .vacationMembers(id: 1),
        .vacationMemberRemoval(id: 1, account: AccountID(2)),

        .sharedVacation(exampleToken), .sharedPassword(exampleToken), .sharedItinerary(exampleToken), .sharedTags(exampleToken, query: nil),
        .sharedPhotos(exampleToken, filter: .all), .sharedPhoto(exampleToken, photo: 1, filter: .all),
        .sharedPhotoImage(exampleToken, photo: 1, size: .preview), .sharedPhotoVideo(exampleToken, photo: 1),
        .sharedBook(exampleToken, page: 1), .sharedPrintPDF(exampleToken), .sharedKeepListPart(exampleToken, from: 0),
        .sharedManifest(exampleToken),

        .flickrPlaces, .flickrPlace(id: "53312345678"), .flickrPhoto(id: "53312345678", place: nil),
        .flickrImage(id: "53312345678", size: .preview), .flickrVisit(id: "53312345678"), .flickrUnvisit(id: "53312345678"),
    ]

    /// The route a request names; nil when none does. `query` gives the parameters some routes carry.
    public init?(path: String, query: [(name: String, value: String)] = []) {
        guard path.hasPrefix("/") else { return nil }
        let parts = RoutePath.split(path)
        let literal = Route.addressesByShape[RoutePath.Shape(count: parts.count, first: parts.first.map(String.init))] ?? []
        let slotFirst = Route.addressesByShape[RoutePath.Shape(count: parts.count, first: nil)] ?? []
        // In the order of the examples, as when every address was tried in turn.
        let candidates = slotFirst.isEmpty ? literal : (literal + slotFirst).sorted { $0.order < $1.order }
        for address in candidates {
            if let values = RoutePath.values(of: address.segments, at: parts),
                let route = address.parse.route(AddressMatch(values: values, query: query))
            {
                self = route
                return
            }
        }
        return nil
    }

    /// An address requests are matched against: an example's path, and how its route is read back.
    struct Address: Sendable {
        let order: Int
        /// The example's path's segments, made once.
        let segments: [RoutePath.Segment]
        let parse: Parse
    }

    /// The examples' addresses by shape: a request is tried against the few with its number of
    /// segments and its first segment (or a slot there), not against all of them.
    private static let addressesByShape: [RoutePath.Shape: [Address]] = {
        let declarations = examples.map(\.declaration)
        let addresses = declarations.enumerated().map {
            Address(order: $0.offset, segments: $0.element.path.segments, parse: $0.element.parse)
        }
        return Dictionary(grouping: addresses, by: { RoutePath.shape(of: $0.segments) })
    }()

    /// The link to this route: its path, with its query when it has one.
    public var path: String { declaration.address }

    /// Routes that answer without a session: signing in, setting up, health checks, assets, and
    /// the sample book's generated pages (they hold nothing private, and they load in a sandboxed frame).
    public var isPublic: Bool { declaration.isPublic }

    /// The methods the route answers (HEAD wherever GET), from its declaration. Everything that
    /// changes state is a POST.
    public var methods: [String] { declaration.methods }

    /// Whether the request is one whose body the server streams to a file: uploads, as their
    /// routes' declarations say.
    public static func spoolsBody(method: String, path: String) -> Bool {
        method == "POST" && Route(path: path)?.declaration.postBody == .spooled
    }

    /// The Months zoom level of a year.
    static func timelineYear(_ year: Int) -> Route { .timeline(.period(.year(year))) }

    /// A timeline position's path: a year, month or day in the path, a page's key in the query.
    static func timelinePath(_ start: TimelineStart) -> RoutePath {
        switch start {
        case .period(let period): "/timeline/\(period)"
        case .newest, .before, .after: "/timeline"
        }
    }

    static func timelineQuery(_ start: TimelineStart) -> String {
        switch start {
        case .before(let key): query("before", key.description)
        case .after(let key): query("after", key.description)
        case .newest, .period: ""
        }
    }

    static func filterQuery(_ filter: VacationPhotoFilter) -> String {
        switch filter {
        case .all: ""
        case .place(let id): "?place=\(id)"
        case .tag(let id): "?tag=\(id)"
        }
    }

    static func query(_ name: String, _ value: String?) -> String {
        query([(name, value)])
    }

    /// `?a=1&b=2`, the parameters without a value left out.
    static func query(_ parameters: [(name: String, value: String?)]) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#/")
        let pairs = parameters.compactMap { name, value in
            value.flatMap { $0.isEmpty ? nil : "\(name)=\($0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }
        }
        return pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&")
    }
}

/// The images a photo is served as.
public enum PhotoImageSize: String, Sendable, CaseIterable {
    case thumbnail, preview, original
}

extension PhotoCollection {
    var placeID: Int64? {
        if case .place(let id) = self { return id }
        return nil
    }

    /// The account's favourites: their own routes (`/favorites`), never a place's.
    var isFavorites: Bool {
        if case .favorites = self { return true }
        return false
    }
}
