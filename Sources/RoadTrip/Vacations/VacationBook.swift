import Foundation
import Geo
import PrintedBook

/// What a person asks of a vacation's printed book: its size, cover, title and subtitle (the
/// vacation's name and dates by default), which photos, and whether the route's map is in it.
public struct BookRequest: Sendable, Equatable {
    public enum Photos: String, Sendable, Equatable {
        /// Every photo of the vacation; those its owner hearted; those chosen (`chosen`).
        case all, favorites, chosen
    }

    public var size: BookSize = .a4
    /// The cover's photo (a vacation photo's id); nil: the vacation's first landscape photo.
    public var cover: Int64?
    public var title: String?
    public var subtitle: String?
    public var photos: Photos = .all
    /// The vacation's photos chosen (their ids, in no order) when `photos` is `.chosen`.
    public var chosen: [Int64] = []
    public var map = true
    /// What a share link keeps back: without `showWhere` no map, no place, no distance; without
    /// `showDates` no date (days are numbered).
    public var showWhere = true
    public var showDates = true

    public init(
        size: BookSize = .a4, cover: Int64? = nil, title: String? = nil, subtitle: String? = nil, photos: Photos = .all, map: Bool = true
    ) {
        (self.size, self.cover, self.title, self.subtitle, self.photos, self.map) = (size, cover, title, subtitle, photos, map)
    }
}

/// The land of the basemap over a box (south, west, north, east), as rings filled even-odd: what
/// the printed route map fills under its tracks (`BasemapPack.land`).
public typealias LandShapes = @Sendable (_ south: Double, _ west: Double, _ north: Double, _ east: Double) -> [[BookPoint]]

extension Library {
    /// Writes the vacation's book to `path` as `BookPrinter` does, its photos copied where needed
    /// to a scratch folder removed after; nil when the account has no such vacation.
    public func printBook(
        ofVacation id: Int64, for account: AccountID, _ request: BookRequest, to path: String, land: LandShapes? = nil,
        progress: (Int, Int) -> Bool = { _, _ in true }
    ) throws -> (content: BookContent, report: BookReport)? {
        let scratch = folder.appendingPathComponent("cache/books/scratch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        guard let content = try bookContent(ofVacation: id, for: account, request, scratch: scratch, land: land) else { return nil }
        guard content.photoCount > 0 else {
            throw BookError(
                """
                the vacation has no photos to \
                print\(request.photos == .favorites ? " among the favourites" : request.photos == .chosen ? " among those chosen" : "")
                """
            )
        }
        let report = try BookPrinter(size: request.size, processor: photos.processor).writePDF(content, to: path, progress: progress)
        return (content, report)
    }

    /// The vacation `id` of `account`'s as a book's content: its photos by day in date order,
    /// each printed from the library's original (a video from its poster; a photo the library no
    /// longer has from the vacation's own copy, which the report will find small), its route and
    /// places, its figures. Nil when the account has no such vacation.
    public func bookContent(
        ofVacation id: Int64, for account: AccountID, _ request: BookRequest, scratch: URL,
        land: LandShapes? = nil
    ) throws -> BookContent? {
        guard let (name, contents) = try vacations.vacation(id, of: account) else { return nil }
        return try bookContent(name: name, contents: contents, favoritesOf: account, request, scratch: scratch, land: land)
    }

    /// The book of the vacation `contents` under `name` (as a share link shows it, perhaps), its
    /// favourites `account`'s; what `request` keeps back is never in it.
    public func bookContent(
        name: String, contents: VacationContents, favoritesOf account: AccountID?, _ request: BookRequest, scratch: URL,
        land: LandShapes? = nil
    ) throws -> BookContent {
        let id = contents.id
        var chosen = try contents.photos(.all)
        if request.photos == .favorites, let account {
            let hearts = try favorites.among(sha256s: chosen.map(\.sha256), for: account)
            chosen = chosen.filter { hearts.contains($0.sha256) }
        } else if request.photos == .chosen {
            let ids = Set(request.chosen)
            chosen = chosen.filter { ids.contains($0.id) }
        }
        chosen.sort { ($0.takenAt ?? "~", $0.id) < ($1.takenAt ?? "~", $1.id) }
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        var places: [Int64: VacationPlace] = [:]
        for place in try contents.itinerary() { places[place.id] = place }
        var printable: [(photo: VacationPhoto, book: BookPhoto)] = []
        var leftOut: [(photo: String, reason: String)] = []
        for photo in chosen {
            let place = request.showWhere ? photo.placeID.flatMap { places[$0] } : nil
            let caption =
                photo.subtitle
                ?? [place?.name, request.showDates ? photo.takenAt.map(Self.clockTime) : nil].compactMap { $0 }.joined(separator: ", ")
            if let stored = try self.photos.photo(sha256: photo.sha256) {
                let path = self.photos.files.original(sha256: stored.sha256, format: stored.format)
                printable.append(
                    (
                        photo,
                        BookPhoto(name: photo.title, path: path, width: stored.displayWidth, height: stored.displayHeight, caption: caption)
                    ))
            } else if let preview = try contents.preview(photoID: photo.id) {
                let path = scratch.appendingPathComponent("\(photo.id).jpg").path
                try Data(preview).write(to: URL(fileURLWithPath: path))
                printable.append(
                    (photo, BookPhoto(name: photo.title, path: path, width: photo.width, height: photo.height, caption: caption)))
            } else {
                leftOut.append((photo.title, "neither the library nor the vacation has its picture any more"))
            }
        }
        let route = try tracks.route(ofVacation: id)
        var lines: [[BookPoint]] = []
        var metresByDay: [String: Double] = [:]
        for track in route.tracks {
            for segment in try tracks.points(of: track.id) {
                // At most 2,000 points a segment on the map: more is finer than print.
                let step = max(1, segment.count / 2000)
                lines.append(
                    stride(from: 0, to: segment.count, by: step).map {
                        BookPoint(latitude: segment[$0].latitude, longitude: segment[$0].longitude)
                    })
                for (from, to) in zip(segment, segment.dropFirst()) {
                    guard let time = to.time, let a = Coordinate(latitude: from.latitude, longitude: from.longitude),
                        let b = Coordinate(latitude: to.latitude, longitude: to.longitude)
                    else { continue }
                    metresByDay[PhotoStore.timestampText(time / 1000).prefix(10).description, default: 0] += a.distance(to: b)
                }
            }
        }
        let byDay = Dictionary(grouping: printable) { $0.photo.takenAt.map { String($0.prefix(10)) } ?? "" }
        let days = byDay.keys.sorted { ($0.isEmpty ? "~" : $0) < ($1.isEmpty ? "~" : $1) }.enumerated().map { number, day -> BookDay in
            let photos = byDay[day] ?? []
            var names: [String] = []
            for name in photos.compactMap({ $0.photo.placeID.flatMap { places[$0]?.name } })
            where request.showWhere && !names.contains(name) {
                names.append(name)
            }
            let metres = request.showWhere ? metresByDay[day] ?? 0 : 0
            let title = day.isEmpty ? "Undated" : request.showDates ? Self.dayTitle(day) : "Day \(number + 1)"
            return BookDay(
                title: title, places: names, distance: metres >= 100 ? "\(Self.kilometres(metres)) km travelled" : nil,
                photos: photos.map(\.book))
        }
        let cover =
            request.cover.flatMap { id in printable.first { $0.photo.id == id } }
            ?? printable.first { $0.book.width > $0.book.height } ?? printable.first
        let itinerary = places.values.sorted { $0.firstVisited < $1.firstVisited }
        let mapPlaces = itinerary.compactMap { place in
            place.coordinate.map { (place.name, BookPoint(latitude: $0.latitude, longitude: $0.longitude)) }
        }
        let dated = chosen.compactMap(\.takenAt).sorted()
        var figures = [("Days", String(days.count { $0.title != "Undated" }))]
        if request.showWhere {
            figures += [
                ("Places", String(itinerary.count)), ("Countries", String(Set(itinerary.map(\.country)).count)),
                ("Kilometres", Self.kilometres(route.distance)),
            ]
        }
        figures.append(("Photos", String(printable.count)))
        return BookContent(
            title: request.title.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 } ?? name,
            subtitle: request.subtitle ?? (request.showDates ? Self.dates(from: dated.first, to: dated.last) : ""),
            cover: cover?.book,
            route: request.map && request.showWhere && !(lines.isEmpty && mapPlaces.isEmpty)
                ? Self.route(lines: lines, places: mapPlaces, land: land) : nil,
            days: days, figures: figures.map { (label: $0.0, value: $0.1) }, leftOut: leftOut)
    }

    /// The route's map: its tracks and places over the land around them (a margin of a quarter
    /// of its size every side, as the map frames it).
    static func route(lines: [[BookPoint]], places: [(name: String, point: BookPoint)], land: LandShapes?) -> BookRoute {
        let points = lines.flatMap { $0 } + places.map(\.point)
        guard let land, let south = points.map(\.latitude).min(), let north = points.map(\.latitude).max(),
            let west = points.map(\.longitude).min(), let east = points.map(\.longitude).max()
        else {
            return BookRoute(lines: lines, places: places)
        }
        let margin = max(north - south, east - west, 0.05) * 0.6
        return BookRoute(
            land: land(max(-85, south - margin), max(-180, west - margin), min(85, north + margin), min(180, east + margin)),
            lines: lines, places: places)
    }

    private static let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    private static func formatted(_ day: String, _ format: String) -> String {
        let parser = DateFormatter()
        parser.locale = Locale(identifier: "en_GB")
        parser.calendar = calendar
        parser.timeZone = calendar.timeZone
        parser.dateFormat = "yyyy-MM-dd"
        guard let date = parser.date(from: String(day.prefix(10))) else { return day }
        parser.dateFormat = format
        return parser.string(from: date)
    }

    /// "Saturday 8 June 2019".
    static func dayTitle(_ day: String) -> String { formatted(day, "EEEE d MMMM yyyy") }

    /// "8–10 June 2019", "30 May – 2 June 2019", "8 June 2019"; "" without dates.
    static func dates(from first: String?, to last: String?) -> String {
        guard let first, let last else { return "" }
        let (start, end) = (String(first.prefix(10)), String(last.prefix(10)))
        if start == end { return formatted(start, "d MMMM yyyy") }
        if start.prefix(7) == end.prefix(7) { return formatted(start, "d") + "–" + formatted(end, "d MMMM yyyy") }
        if start.prefix(4) == end.prefix(4) { return formatted(start, "d MMMM") + " – " + formatted(end, "d MMMM yyyy") }
        return formatted(start, "d MMMM yyyy") + " – " + formatted(end, "d MMMM yyyy")
    }

    /// "16:40" of a photo's "2019-06-08T16:40:12".
    static func clockTime(_ takenAt: String) -> String {
        takenAt.count >= 16 ? String(takenAt.dropFirst(11).prefix(5)) : takenAt
    }

    static func kilometres(_ metres: Double) -> String {
        // A damaged track's sum is never trusted to fit an Int.
        metres.isFinite && metres >= 0 ? String(Int(min(metres / 1000, 1e12).rounded())) : "0"
    }
}
