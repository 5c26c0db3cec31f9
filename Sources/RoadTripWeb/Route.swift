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
    /// The trip's event pages as a list: add, remove, reorder.
    case eventsEditor
    case eventRemoval(page: Int)
    case eventMove(page: Int)
    case bookSettings
    case weather
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
    /// The owner's list of accounts: add, remove, reset a password.
    case accounts
    case accountRemoval(AccountID)
    case accountPasswordReset(AccountID)
    /// Places with photos: in sections by country, or the "top" places, most photos first.
    case places(order: PlaceOrder)
    /// A place's photos as a grid, newest first (or those with no place); `after` continues it.
    case placePhotos(PhotoCollection, after: Int64?)
    /// The photo viewer; opened from Recents, the list beside it and previous/next are the Recents'.
    case photo(id: Int64, inRecents: Bool)
    /// A photo's image: the grid thumbnail, the screen-size preview, or the original.
    case photoImage(id: Int64, size: PhotoImageSize)
    /// Setting the place of a photo: the gazetteer searched by name, then the choice posted.
    case photoPlace(id: Int64, query: String?)
    /// The account's last viewed photos.
    case recents
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
    /// Importing a vacation document: the upload form, and its post.
    case vacationImport
    /// A vacation's menu: Itinerary, Tags, All photos, Book; rename, export, delete.
    case vacation(id: Int64)
    case vacationRename(id: Int64)
    /// Deleting a vacation: the confirmation, and its post.
    case vacationRemoval(id: Int64)
    case vacationExport(id: Int64)
    case vacationItinerary(id: Int64)
    case vacationTags(id: Int64, query: String?)
    case vacationPhotos(id: Int64, filter: VacationPhotoFilter)
    /// A vacation's photo in the viewer; previous and next follow `filter`.
    case vacationPhoto(id: Int64, photo: Int64, filter: VacationPhotoFilter)
    /// Removing a photo from this vacation: the confirmation, and its post (then the vacation's photos).
    case vacationPhotoRemoval(id: Int64, photo: Int64, filter: VacationPhotoFilter)
    /// The preview or thumbnail a vacation keeps of its photo.
    case vacationPhotoImage(id: Int64, photo: Int64, size: PhotoImageSize)
    case vacationBook(id: Int64, page: Int)
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
    case health

    /// The route a request names; nil when none does. `query` gives the parameters some routes carry.
    public init?(path: String, query: [(name: String, value: String)] = []) {
        guard path.hasPrefix("/") else { return nil }
        let parts = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        func parameter(_ name: String) -> String? { query.first { $0.name == name }?.value }
        switch (parts.count, parts.first) {
        case (1, ""): self = .home
        case (1, "healthz"): self = .health
        case (1, "signin"): self = .signIn(next: parameter("next"))
        case (1, "signout"): self = .signOut
        case (1, "setup"): self = .setup(token: parameter("token"))
        case (1, "account"): self = .account
        case (2, "account") where parts[1] == "password": self = .accountPassword
        case (1, "accounts"): self = .accounts
        case (3, "accounts"):
            guard let id = Route.identifier(parts[1]) else { return nil }
            switch parts[2] {
            case "remove": self = .accountRemoval(AccountID(id))
            case "password": self = .accountPasswordReset(AccountID(id))
            default: return nil
            }
        case (2, "destinations"):
            guard let id = Route.identifier(parts[1]) else { return nil }
            self = .destination(id: id)
        case (3, "destinations"):
            guard let id = Route.identifier(parts[1]) else { return nil }
            switch parts[2] {
            case "image": self = .destinationImage(id: id)
            case "choose": self = .chooseDestination(id: id)
            default: return nil
            }
        case (2, "trip") where parts[1] == "weather": self = .weather
        case (2, "trip") where parts[1] == "book-settings": self = .bookSettings
        case (3, "trip") where parts[1] == "events":
            if parts[2] == "edit" {
                self = .eventsEditor
            } else {
                guard let page = Route.pageNumber(parts[2]) else { return nil }
                self = .eventsBook(page: page)
            }
        case (4, "trip") where parts[1] == "events":
            guard let page = Route.pageNumber(parts[2]) else { return nil }
            switch parts[3] {
            case "copy": self = .eventCopy(page: page)
            case "copy-status": self = .eventCopyStatus(page: page)
            case "remove": self = .eventRemoval(page: page)
            case "move": self = .eventMove(page: page)
            default: return nil
            }
        case (3, "sample") where parts[1] == "pages":
            guard let page = Route.pageNumber(parts[2]) else { return nil }
            self = .samplePage(page)
        case (1, "places"): self = .places(order: parameter("order") == "top" ? .byPhotoCount : .byCountry)
        case (2, "places"):
            let after = parameter("after").flatMap(Route.identifier)
            if parts[1] == "none" {
                self = .placePhotos(.noLocation, after: after)
            } else {
                guard let id = Route.identifier(parts[1]) else { return nil }
                self = .placePhotos(.place(id), after: after)
            }
        case (2, "photos"):
            guard let id = Route.identifier(parts[1]) else { return nil }
            self = .photo(id: id, inRecents: parameter("from") == "recents")
        case (3, "photos"):
            guard let id = Route.identifier(parts[1]) else { return nil }
            switch parts[2] {
            case "place": self = .photoPlace(id: id, query: parameter("q"))
            case "visit": self = .visit(photo: id)
            case "unvisit": self = .unvisit(photo: id)
            case "tags": self = .photoTags(photo: id)
            default:
                guard let size = PhotoImageSize(rawValue: parts[2]) else { return nil }
                self = .photoImage(id: id, size: size)
            }
        case (1, "recents"): self = .recents
        case (1, "find"): self = .findPlaces(query: parameter("q"))
        case (1, "upload"): self = .upload
        case (2, "upload") where parts[1] == "file": self = .uploadFile(name: parameter("name"))
        case (1, "flickr"): self = .flickrPlaces
        case (3, "flickr") where parts[1] == "places":
            guard let id = Route.flickrID(parts[2]) else { return nil }
            self = .flickrPlace(id: id)
        case (3, "flickr") where parts[1] == "photos":
            guard let id = Route.flickrID(parts[2]) else { return nil }
            let inRecents = parameter("from") == "recents"
            self = .flickrPhoto(id: id, place: inRecents ? nil : parameter("place").flatMap(Route.flickrID), inRecents: inRecents)
        case (4, "flickr") where parts[1] == "photos":
            guard let id = Route.flickrID(parts[2]) else { return nil }
            if parts[3] == "visit" {
                self = .flickrVisit(id: id)
            } else if parts[3] == "unvisit" {
                self = .flickrUnvisit(id: id)
            } else {
                guard let size = PhotoImageSize(rawValue: parts[3]) else { return nil }
                self = .flickrImage(id: id, size: size)
            }
        case (1, "settings"): self = .settings
        case (1, "vacations"): self = .vacations
        case (2, "vacations") where parts[1] == "new": self = .newVacation
        case (2, "vacations") where parts[1] == "import": self = .vacationImport
        case (_, "vacations"):
            guard let route = Route.vacationRoute(parts, parameter) else { return nil }
            self = route
        case (2, "static") where AssetName.isFingerprinted(parts[1]):
            self = .asset(parts[1])
        default: return nil
        }
    }

    /// The link to this route: its path, with its query when it has one.
    public var path: String {
        switch self {
        case .home: "/"
        case .health: "/healthz"
        case .signIn(let next): "/signin" + Route.query("next", next)
        case .signOut: "/signout"
        case .setup(let token): "/setup" + Route.query("token", token)
        case .account: "/account"
        case .accountPassword: "/account/password"
        case .accounts: "/accounts"
        case .accountRemoval(let id): "/accounts/\(id)/remove"
        case .accountPasswordReset(let id): "/accounts/\(id)/password"
        case .destination(let id): "/destinations/\(id)"
        case .destinationImage(let id): "/destinations/\(id)/image"
        case .chooseDestination(let id): "/destinations/\(id)/choose"
        case .eventsBook(let page): "/trip/events/\(page)"
        case .eventCopy(let page): "/trip/events/\(page)/copy"
        case .eventCopyStatus(let page): "/trip/events/\(page)/copy-status"
        case .eventsEditor: "/trip/events/edit"
        case .eventRemoval(let page): "/trip/events/\(page)/remove"
        case .eventMove(let page): "/trip/events/\(page)/move"
        case .bookSettings: "/trip/book-settings"
        case .weather: "/trip/weather"
        case .samplePage(let page): "/sample/pages/\(page)"
        case .places(let order): "/places" + (order == .byPhotoCount ? "?order=top" : "")
        case .placePhotos(let collection, let after):
            (collection == .noLocation ? "/places/none" : "/places/\(collection.placeID ?? 0)") + Route.query("after", after.map(String.init))
        case .photo(let id, let inRecents): "/photos/\(id)" + (inRecents ? "?from=recents" : "")
        case .photoImage(let id, let size): "/photos/\(id)/\(size.rawValue)"
        case .photoPlace(let id, let query): "/photos/\(id)/place" + Route.query("q", query)
        case .recents: "/recents"
        case .findPlaces(let query): "/find" + Route.query("q", query)
        case .upload: "/upload"
        case .uploadFile(let name): "/upload/file" + Route.query("name", name)
        case .vacations: "/vacations"
        case .newVacation: "/vacations/new"
        case .vacationImport: "/vacations/import"
        case .vacation(let id): "/vacations/\(id)"
        case .vacationRename(let id): "/vacations/\(id)/rename"
        case .vacationRemoval(let id): "/vacations/\(id)/remove"
        case .vacationExport(let id): "/vacations/\(id)/export"
        case .vacationItinerary(let id): "/vacations/\(id)/itinerary"
        case .vacationTags(let id, let query): "/vacations/\(id)/tags" + Route.query("q", query)
        case .vacationPhotos(let id, let filter): "/vacations/\(id)/photos" + Route.filterQuery(filter)
        case .vacationPhoto(let id, let photo, let filter): "/vacations/\(id)/photos/\(photo)" + Route.filterQuery(filter)
        case .vacationPhotoRemoval(let id, let photo, let filter): "/vacations/\(id)/photos/\(photo)/remove" + Route.filterQuery(filter)
        case .vacationPhotoImage(let id, let photo, let size): "/vacations/\(id)/photos/\(photo)/\(size.rawValue)"
        case .vacationBook(let id, let page): "/vacations/\(id)/book/\(page)"
        case .visit(let photo): "/photos/\(photo)/visit"
        case .unvisit(let photo): "/photos/\(photo)/unvisit"
        case .photoTags(let photo): "/photos/\(photo)/tags"
        case .flickrPlaces: "/flickr"
        case .flickrPlace(let id): "/flickr/places/\(id)"
        case .flickrPhoto(let id, let place, let inRecents): "/flickr/photos/\(id)" + (inRecents ? "?from=recents" : Route.query("place", place))
        case .flickrImage(let id, let size): "/flickr/photos/\(id)/\(size.rawValue)"
        case .flickrVisit(let id): "/flickr/photos/\(id)/visit"
        case .flickrUnvisit(let id): "/flickr/photos/\(id)/unvisit"
        case .settings: "/settings"
        case .asset(let name): "/static/\(name)"
        }
    }

    /// Routes that answer without a session: signing in, setting up, health checks, assets, and
    /// the sample book's generated pages (they hold nothing private, and they load in a sandboxed frame).
    public var isPublic: Bool {
        switch self {
        case .signIn, .setup, .health, .asset, .samplePage: true
        default: false
        }
    }

    /// The methods the route answers (HEAD wherever GET), from its actions. Everything that
    /// changes state is a POST.
    public var methods: [String] { actions.methods }

    /// One route of each kind, for the tests that must visit them all.
    public static let examples: [Route] = [
        .home, .destination(id: 1), .destinationImage(id: 1), .signIn(next: nil), .signOut, .setup(token: nil),
        .account, .accountPassword, .accounts, .accountRemoval(AccountID(2)), .accountPasswordReset(AccountID(2)),
        .chooseDestination(id: 1), .eventsBook(page: 1), .eventCopy(page: 1), .eventCopyStatus(page: 1), .eventsEditor, .eventRemoval(page: 1),
        .eventMove(page: 1), .bookSettings, .weather, .samplePage(1),
        .asset("app.0123456789abcdef.css"), .health,
        .places(order: .byCountry), .placePhotos(.place(1), after: nil), .photo(id: 1, inRecents: false), .photoImage(id: 1, size: .thumbnail),
        .photoPlace(id: 1, query: nil), .recents, .findPlaces(query: nil), .upload, .uploadFile(name: "a.jpg"),
        .vacations, .newVacation, .vacationImport, .vacation(id: 1), .vacationRename(id: 1), .vacationRemoval(id: 1),
        .vacationExport(id: 1), .vacationItinerary(id: 1), .vacationTags(id: 1, query: nil), .vacationPhotos(id: 1, filter: .all),
        .vacationPhoto(id: 1, photo: 1, filter: .all), .vacationPhotoRemoval(id: 1, photo: 1, filter: .all), .vacationPhotoImage(id: 1, photo: 1, size: .preview), .vacationBook(id: 1, page: 1),
        .visit(photo: 1), .unvisit(photo: 1), .photoTags(photo: 1),
        .flickrPlaces, .flickrPlace(id: "7.MJR8tTVrIO1EgB"), .flickrPhoto(id: "53312345678", place: nil),
        .flickrImage(id: "53312345678", size: .preview),
        .flickrVisit(id: "53312345678"), .flickrUnvisit(id: "53312345678"), .settings,
    ]

    /// Whether the request is one whose body the server streams to a file: uploads, as their
    /// routes' actions say.
    public static func spoolsBody(method: String, path: String) -> Bool {
        method == "POST" && Route(path: path)?.actions.postBody == .spooled
    }

    /// The routes under /vacations/<id>/.
    private static func vacationRoute(_ parts: [String], _ parameter: (String) -> String?) -> Route? {
        guard parts.count >= 2, let id = identifier(parts[1]) else { return nil }
        let filter: VacationPhotoFilter = parameter("place").flatMap(identifier).map { .place($0) }
            ?? parameter("tag").flatMap(identifier).map { .tag($0) } ?? .all
        switch (parts.count, parts.dropFirst(2).first) {
        case (2, _): return .vacation(id: id)
        case (3, "rename"): return .vacationRename(id: id)
        case (3, "remove"): return .vacationRemoval(id: id)
        case (3, "export"): return .vacationExport(id: id)
        case (3, "itinerary"): return .vacationItinerary(id: id)
        case (3, "tags"): return .vacationTags(id: id, query: parameter("q"))
        case (3, "photos"): return .vacationPhotos(id: id, filter: filter)
        case (4, "photos"):
            guard let photo = identifier(parts[3]) else { return nil }
            return .vacationPhoto(id: id, photo: photo, filter: filter)
        case (5, "photos") where parts[4] == "remove":
            guard let photo = identifier(parts[3]) else { return nil }
            return .vacationPhotoRemoval(id: id, photo: photo, filter: filter)
        case (5, "photos"):
            guard let photo = identifier(parts[3]), let size = PhotoImageSize(rawValue: parts[4]), size != .original else { return nil }
            return .vacationPhotoImage(id: id, photo: photo, size: size)
        case (4, "book"):
            guard let page = pageNumber(parts[3]) else { return nil }
            return .vacationBook(id: id, page: page)
        default: return nil
        }
    }

    /// Flickr's ids: place ids such as "7.MJR8tTVrIO1EgB", photo ids of digits; nothing that could
    /// leave the path segment.
    private static func flickrID(_ text: String) -> String? {
        guard (1...64).contains(text.utf8.count),
              text.utf8.allSatisfy({ (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) || $0 == 46 || $0 == 95 || $0 == 45 || $0 == 64 }),
              text != ".", text != ".." else { return nil }
        return text
    }

    private static func filterQuery(_ filter: VacationPhotoFilter) -> String {
        switch filter {
        case .all: ""
        case .place(let id): "?place=\(id)"
        case .tag(let id): "?tag=\(id)"
        }
    }

    private static func query(_ name: String, _ value: String?) -> String {
        guard let value, !value.isEmpty else { return "" }
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+?#/")
        return "?\(name)=\(value.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")"
    }

    /// A page number: 1 to 100,000, written as `identifier` requires.
    private static func pageNumber(_ text: String) -> Int? {
        guard let number = identifier(text), number <= 100_000 else { return nil }
        return Int(number)
    }

    /// Digits only, no sign or leading zeros, so each resource has exactly one address.
    private static func identifier(_ text: String) -> Int64? {
        guard let first = text.first, first != "0", text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else { return nil }
        return Int64(text)
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
}
