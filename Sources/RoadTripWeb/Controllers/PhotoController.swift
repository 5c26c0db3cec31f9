import Foundation
import Geo
import HTML
import HTTPServer
import Imaging
import RoadTrip
import Video

/// The photo viewer, a photo's images, setting its place, and Recents.
struct PhotoController: Controller {
    let app: App
    let context: RequestContext

    var photos: PhotoStore { app.library.photos }

    /// Opens the photo and, when `looked` (a GET, not a HEAD: a link checker, a prefetch that
    /// only asks, is not a look), records it in the account's Recents; with a tag refused (422)
    /// when answering the tag form.
    func show(
        id: Int64, inRecents: Bool, looked: Bool, inTimeline: Bool = false, inFavorites: Bool = false,
        tagRefusal: (message: String, typed: String)? = nil
    ) throws -> Response {
        let photo = try existing(id)
        let account = try context.account
        // Turning through Recents keeps its order: only a photo opened from elsewhere moves to the top.
        var recents = inRecents ? try app.library.recents.items(of: account.id) : []
        let turningThroughRecents = recents.contains { $0.key == .library(photo.id) }
        if looked, !turningThroughRecents {
            try app.library.recents.record(photo.id, for: account.id)
            if inRecents { recents = try app.library.recents.items(of: account.id) }
        }
        let place = try photo.placeID.flatMap { try photos.place(id: $0) }
        let column: MasterColumn
        var viewer: PhotoViewer
        let back: (route: Route, label: String)
        if inRecents {
            let neighbours = RecentsView.neighbours(of: .library(photo.id), in: recents)
            viewer = PhotoViewer(
                photo: photo, place: place, previous: neighbours.previous, next: neighbours.next, inRecents: true,
                origin: try app.library.placer.origin(of: photo))
            column = try .recents(recents, current: .library(photo.id), in: app)
            back = (.recents, "Recents")
        } else if inFavorites {
            let neighbours = try photos.neighbours(of: photo, in: .favorites(account.id))
            viewer = PhotoViewer(
                photo: photo, place: place, previous: neighbours.newer.map { .favoritePhoto(id: $0) },
                next: neighbours.older.map { .favoritePhoto(id: $0) }, inRecents: false,
                origin: try app.library.placer.origin(of: photo))
            column = try .photos(.favorites(account.id), current: photo.id, in: app, for: context)
            back = (.favorites(after: nil), "Favourites")
        } else if inTimeline {
            let timeline = app.library.timeline
            let neighbours = try timeline.neighbours(of: photo)
            viewer = PhotoViewer(
                photo: photo, place: place, previous: neighbours.newer.map { .timelinePhoto(id: $0) },
                next: neighbours.older.map { .timelinePhoto(id: $0) }, inRecents: false,
                origin: try app.library.placer.origin(of: photo))
            column = try .timeline(beside: photo, in: app)
            back = (TimelineController.position(of: photo), "Timeline")
        } else {
            let neighbours = try photos.neighbours(of: photo)
            viewer = PhotoViewer(
                photo: photo, place: place, previous: neighbours.newer.map { .photo(id: $0, inRecents: false) },
                next: neighbours.older.map { .photo(id: $0, inRecents: false) }, inRecents: false,
                origin: try app.library.placer.origin(of: photo))
            let collection = PhotoCollection.home(of: photo)
            column = try .photos(collection, current: photo.id, in: app, for: context)
            back = (.placePhotos(collection, after: nil), place?.name ?? "No location")
        }
        viewer.version = try photos.version(of: photo)
        return app.page(
            PageFrame(
                title: photo.displayTitle,
                beside: column,
                detail: PhotoViewerView(
                    model: viewer,
                    video: try photos.video(of: photo),
                    visits: PhotoVisits(
                        photoID: photo.id, vacations: try app.library.vacations.holding(sha256: photo.sha256, for: account.id),
                        favorite: FavoriteButton(
                            photoID: photo.id, photoTitle: photo.displayTitle,
                            isFavorite: try app.library.favorites.isFavorite(photo.id, for: account.id),
                            from: inRecents ? "recents" : inTimeline ? "timeline" : inFavorites ? "favorites" : "")),
                    tags: PhotoTagsView(
                        photoID: photo.id, photoTitle: photo.displayTitle, keywords: photo.keywords,
                        tags: try app.library.photoTags.tags(of: photo.id, for: account.id), error: tagRefusal?.message,
                        typed: tagRefusal?.typed ?? ""),
                    mapSources: app.mapSources
                ),
                back: back
            ), context: context, status: tagRefusal == nil ? .ok : .unprocessableContent)
    }

    /// The viewer opened from the account's favourites: it turns through them, newest to oldest.
    func showInFavorites(id: Int64, looked: Bool) throws -> Response {
        try show(id: id, inRecents: false, looked: looked, inFavorites: true)
    }

    /// Marks or unmarks the photo as one of the account's favourites (`favorite`: 1 or 0), then
    /// back to the viewer it was sent from (`from`: its place's, Recents', the timeline's, the
    /// favourites').
    func setFavorite(id: Int64) throws -> Response {
        let photo = try existing(id)
        guard let favorite = ["1": true, "0": false][context.field("favorite")] else {
            throw HTTPError(status: .unprocessableContent, message: "Say whether the photo is a favourite (favorite=1 or 0).")
        }
        try app.library.favorites.set(photo.id, favorite: favorite, for: try context.account.id)
        let back: Route =
            switch context.field("from") {
            case "recents": .photo(id: photo.id, inRecents: true)
            case "timeline": .timelinePhoto(id: photo.id)
            case "favorites": .favoritePhoto(id: photo.id)
            default: .photo(id: photo.id, inRecents: false)
            }
        return .redirect(to: back.path)
    }

    /// The viewer opened from the timeline: it turns through the timeline, newest to oldest.
    func showInTimeline(id: Int64, looked: Bool) throws -> Response {
        try show(id: id, inRecents: false, looked: looked, inTimeline: true)
    }

    /// A thumbnail or preview (made now if missing), or the original. Photos never change, so
    /// each address holds the same bytes for ever: cached a year, immutable.
    func image(id: Int64, size: PhotoImageSize) throws -> Response {
        let photo = try existing(id)
        let path: String
        let type: String
        do {
            switch size {
            case .thumbnail: (path, type) = (try app.library.renditions.file(.thumbnail, of: photo), Rendition.thumbnail.format.mediaType)
            case .preview: (path, type) = (try app.library.renditions.file(.preview, of: photo), Rendition.preview.format.mediaType)
            case .original:
                if photo.isVideo { return try videoOriginal(photo) }
                (path, type) = (photos.files.original(sha256: photo.sha256, format: photo.format), photo.format.mediaType)
            }
        } catch {
            // Busy: other decodes hold the memory budget, and a moment later the image can be made.
            if let error = error as? ImagingError, error.kind == .busy {
                throw HTTPError(
                    status: .serviceUnavailable, message: "RoadTrip is busy making other images. Try again in a minute.", retryAfter: 60)
            }
            app.log("error: photo \(photo.id) \(size.rawValue): \(error)")
            // Nothing to make it from: the photo is there, its image is not (no fault of the request's).
            if !FileManager.default.fileExists(atPath: photos.files.original(sha256: photo.sha256, format: photo.format)) {
                throw HTTPError.notFound("This photo's original is missing from the library; roadtrip check lists such photos.")
            }
            if let error = error as? ImagingError {
                throw HTTPError(status: .internalServerError, message: "This photo's image could not be made: \(error.description).")
            }
            throw HTTPError(status: .internalServerError, message: "This photo's image could not be made. The original may be damaged.")
        }
        guard
            var response = Response.file(
                at: path, contentType: type, cacheControl: "private, max-age=31536000, immutable", for: context.request)
        else {
            throw HTTPError.notFound("This photo's file is missing from the library.")
        }
        if size == .original {
            response.headers["Content-Disposition"] = "inline; filename=\"photo-\(photo.id).\(photo.format.fileExtension)\""
        }
        return response
    }

    /// The version the photo keeps beneath the one it shows (an edited copy and its original are
    /// one item), in a viewer of its own: pan and zoom as any photo; Back, or the badge, returns to the photo.
    func showVersion(id: Int64) throws -> Response {
        let photo = try existing(id)
        guard let version = try photos.version(of: photo) else { throw HTTPError.notFound("This photo keeps no other version.") }
        let collection = PhotoCollection.home(of: photo)
        let column = try MasterColumn.photos(collection, current: photo.id, in: app, for: context)
        return app.page(
            PageFrame(
                title: "\(photo.displayTitle) (\(version.kind == .original ? "original" : "edited"))",
                beside: column,
                detail: PhotoVersionView(photo: photo, version: version),
                back: (.placePhotos(collection, after: nil), column.bar.title)
            ), context: context)
    }

    private static let versionMissing = HTTPError.notFound(
        "The file of this photo's other version is missing from the library; roadtrip check lists such files.")

    /// The version's thumbnail or preview (made now if missing), or its original file. Not
    /// cached for ever as a photo's are: Undo of the import that kept it takes it away.
    func versionImage(id: Int64, size: PhotoImageSize) throws -> Response {
        let photo = try existing(id)
        guard let version = try photos.version(of: photo) else { throw HTTPError.notFound("This photo keeps no other version.") }
        let (path, type): (String, String)
        do {
            switch size {
            case .thumbnail:
                (path, type) = (
                    try app.library.renditions.file(.thumbnail, sha256: version.sha256, format: version.format),
                    Rendition.thumbnail.format.mediaType
                )
            case .preview:
                (path, type) = (
                    try app.library.renditions.file(.preview, sha256: version.sha256, format: version.format),
                    Rendition.preview.format.mediaType
                )
            case .original: (path, type) = (photos.files.original(sha256: version.sha256, format: version.format), version.format.mediaType)
            }
        } catch let error as ImagingError where error.kind == .busy {
            throw HTTPError(
                status: .serviceUnavailable, message: "RoadTrip is busy making other images. Try again in a minute.", retryAfter: 60)
        } catch {
            guard FileManager.default.fileExists(atPath: photos.files.original(sha256: version.sha256, format: version.format)) else {
                throw Self.versionMissing
            }
            app.log("error: photo \(photo.id) version \(size.rawValue): \(error)")
            throw HTTPError(status: .internalServerError, message: "The image of this photo's other version could not be made.")
        }
        guard var response = Response.file(at: path, contentType: type, cacheControl: "private, no-cache", for: context.request) else {
            throw Self.versionMissing
        }
        if size == .original {
            let name = version.kind == .original ? "original" : "edited"
            response.headers["Content-Disposition"] = "inline; filename=\"photo-\(photo.id)-\(name).\(version.format.fileExtension)\""
        }
        return response
    }

    /// A video's rendition, which every browser plays, in the ranges a player asks for: from its
    /// descriptor, never read into memory. Made once, then the same bytes for ever.
    func video(id: Int64) throws -> Response {
        let photo = try existing(id)
        guard let video = try photos.video(of: photo) else { throw HTTPError.notFound("This photo is not a video.") }
        return try Self.rendition(of: video, in: photos.files, cacheControl: "private, max-age=31536000, immutable", for: context.request)
    }

    /// A video's rendition, in the ranges asked for (its metadata dropped when it was made: a
    /// share link's guest gets no position from its bytes); 503 while it is being made.
    static func rendition(of video: VideoFile, in files: PhotoFiles, cacheControl: String, for request: Request) throws -> Response {
        guard video.rendition == .ready else {
            throw HTTPError(
                status: .serviceUnavailable, message: "This video is still being prepared. Try again in a minute.", retryAfter: 30)
        }
        guard
            let response = Response.file(
                at: files.videoRendition(sha256: video.sha256), contentType: "video/mp4",
                cacheControl: cacheControl, ranges: true, for: request)
        else {
            throw HTTPError.notFound("This video's playable copy is missing; roadtrip check makes it again.")
        }
        return response
    }

    /// How far a video's rendition is: `{"state": "pending", "percent": 40}`, `"ready"`, or
    /// `"failed"` with RoadTrip's reason.
    func videoStatus(id: Int64) throws -> Response {
        let photo = try existing(id)
        guard let video = try photos.video(of: photo) else { throw HTTPError.notFound("This photo is not a video.") }
        var answer: [String: Any] = [:]
        switch video.rendition {
        case .pending(let percent): answer = ["state": "pending", "percent": percent]
        case .ready: answer = ["state": "ready", "percent": 100]
        case .failed(let reason): answer = ["state": "failed", "reason": reason]
        }
        var response = Response(
            status: .ok, headers: ["Content-Type": "application/json", "Cache-Control": "no-store"],
            body: .bytes(Array(try JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys]))))
        response.headers["X-Content-Type-Options"] = "nosniff"
        return response
    }

    /// The video file as it was imported, for "Download the original": in ranges too.
    private func videoOriginal(_ photo: Photo) throws -> Response {
        guard let video = try photos.video(of: photo),
            var response = Response.file(
                at: photos.files.video(sha256: video.sha256, container: video.container), contentType: video.container.mediaType,
                cacheControl: "private, max-age=31536000, immutable", ranges: true, for: context.request)
        else {
            throw HTTPError.notFound("This video's original is missing from the library; roadtrip check lists such videos.")
        }
        response.headers["Content-Disposition"] = "inline; filename=\"video-\(photo.id).\(video.container.fileExtension)\""
        return response
    }

    /// Setting a photo's place: the gazetteer searched for `query`.
    func placeSearch(id: Int64, query: String?) throws -> Response {
        try placeForm(try existing(id), query: String((query ?? "").prefix(200)), error: nil, status: .ok)
    }

    /// The place chosen among those found set as the photo's.
    func setPlace(id: Int64) throws -> Response {
        let photo = try existing(id)
        // The place's position too, as placing many does, so that the map and Info follow (and Undo can put it back).
        guard let placeID = Int64(context.field("place")),
            try app.library.placer.place([photo.id], atPlace: placeID, by: try context.account.id) != nil
        else {
            return try placeForm(photo, query: "", error: "Choose one of the places found.", status: .unprocessableContent)
        }
        return .redirect(to: Route.photo(id: photo.id, inRecents: false).path)
    }

    func recents() throws -> Response {
        let column = try MasterColumn.recents(try app.library.recents.items(of: try context.account.id), in: app)
        return app.page(
            PageFrame(
                title: "Recents", screen: .master, master: column.list, detail: PhotoPlaceholderView(hasPhotos: !(try photos.isEmpty)),
                masterBar: column.bar, masterKey: column.key
            ), context: context)
    }

    private func placeForm(_ photo: Photo, query: String, error: String?, status: Status) throws -> Response {
        let results = query.isEmpty ? [] : try photos.gazetteer.gazetteer().search(query, limit: 20)
        return app.page(
            PageFrame(
                title: "Set the place",
                beside: try .photos(.home(of: photo), current: photo.id, in: app, for: context),
                detail: PhotoPlaceView(photo: photo, query: query, results: results, error: error),
                back: (.photo(id: photo.id, inRecents: false), photo.displayTitle)
            ), context: context, status: status)
    }

    private func existing(_ id: Int64) throws -> Photo {
        guard let photo = try photos.photo(id: id) else { throw HTTPError.notFound("There is no such photo.") }
        return photo
    }
}
