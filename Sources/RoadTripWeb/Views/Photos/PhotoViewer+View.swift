import HTML
import Imaging
import RoadTrip

/// What the photo viewer shows: the photo, where it was taken, and its neighbours in the
/// list it was opened from.
struct PhotoViewer {
    let photo: Photo
    let place: Place?
    /// Previous and next in the place (newer and older), or in Recents.
    let previous: Route?
    let next: Route?
    let inRecents: Bool
    /// Where its position came from (nil without one).
    var origin: PositionOrigin? = nil
    /// The version it keeps beneath (an edited copy and its original are one item).
    var version: PhotoVersion? = nil
}

/// The photo viewer. Without JavaScript it is the preview, scaled to fit, with links to the
/// neighbours and the original. photo-viewer.js turns the stage into a pan-and-zoom view that first
/// fills it (scale = max of the width and height ratios) and loads the original when zoomed
/// beyond the preview's resolution.
struct PhotoViewerView: HTML {
    let model: PhotoViewer
    /// The video file, when the photo is a video (played in place of the picture) or a Live
    /// Photo (its motion, played over the still while pressed).
    var video: VideoFile? = nil
    /// The vacations holding the photo, and the Visit / Unvisit links.
    let visits: PhotoVisits<EmptyHTML>
    /// The account's own tags on the photo, in the Info panel.
    let tags: PhotoTagsView
    let mapSources: MapSources

    var content: some HTML {
        let photo = model.photo
        PhotoStageView(
            id: String(photo.id), title: photo.displayTitle, width: photo.displayWidth, height: photo.displayHeight,
            image: .photoImage(id: photo.id, size: .preview),
            // Browsers show HEIC only on some systems; its preview (a JPEG) is as deep as the zoom goes.
            original: photo.format == .heic ? nil : .photoImage(id: photo.id, size: .original),
            previous: model.previous, next: model.next,
            video: photo.isVideo ? video.map { VideoStage(library: photo.id, rendition: $0.rendition) } : nil,
            motion: photo.isVideo ? nil : video.map { VideoStage(library: photo.id, rendition: $0.rendition) },
            version: model.version.map {
                VersionBadgeView(showing: $0.kind == .original ? .edited : .original, other: .photoVersion(id: photo.id))
            }
        ) {
            visits
            PhotoInfoView(model: model, tags: tags, mapSources: mapSources, video: video)
        }
    }
}

/// The stage, the controls and the panels below, shared by the library's viewer and a
/// vacation's: the markup photo-viewer.js drives.
struct PhotoStageView<Panels: HTML>: HTML {
    /// Matches the grid cell's `data-photo-id`, so the grid beside marks the photo on screen.
    let id: String
    let title: String
    let width: Int
    let height: Int
    let image: Route
    let original: Route?
    let previous: Route?
    let next: Route?
    let video: VideoStage?
    /// A Live Photo's motion.
    let motion: VideoStage?
    /// An edited copy's or its original's badge, which shows the other.
    let version: VersionBadgeView?
    let panels: Panels

    init(
        id: String, title: String, width: Int, height: Int, image: Route, original: Route?, previous: Route?, next: Route?,
        video: VideoStage? = nil, motion: VideoStage? = nil, version: VersionBadgeView? = nil, @HTMLBuilder panels: () -> Panels
    ) {
        (self.id, self.title, self.width, self.height) = (id, title, width, height)
        (self.image, self.original, self.previous, self.next) = (image, original, previous, next)
        (self.video, self.motion, self.version) = (video, motion, version)
        self.panels = panels()
    }

    var content: some HTML {
        section(
            .class("photo-viewer"), .script(ScreenScript.photoViewer), .data("photo-id", id), .data("width", String(width)),
            .data("height", String(height)),
            .data("preview-size", String(Rendition.preview.size)), .ifPresent(original) { .data("original", $0.path) }
        ) {
            if let video {
                div(
                    .class("photo-stage video-stage"), .tabindex(0), .ariaLabel("\(title). Space plays and pauses; the arrows seek."),
                    .data("previous", previous?.path ?? ""), .data("next", next?.path ?? "")
                ) {
                    video.player(poster: image, title: title, width: width, height: height)
                }
            } else {
                div(
                    .class("photo-stage"), .tabindex(0), .role("img"),
                    .ariaLabel(
                        """
                        \(title). \(motion == nil ? "" : "A Live Photo: press and hold to play it. ")Drag to pan; pinch, scroll or \
                        press + and − to zoom.
                        """
                    ),
                    .data("previous", previous?.path ?? ""), .data("next", next?.path ?? "")
                ) {
                    img(
                        .class("photo-image"), .src(image), .alt(title),
                        .width(width), .height(height), .decoding("async"))
                    div(.class("spinner"), .role("status"), .ariaLabel("Loading the photo"), .hidden()) {}
                }
                if let motion { LiveBadgeView(stage: motion) }
                if let version { version }
            }
            div(.class("photo-controls")) {
                neighbourLink(previous, caption: "‹ Previous", className: "photo-previous", rel: "prev")
                div(.class("zoom-controls"), .role("group"), .ariaLabel("Zoom"), .when(video != nil, .hidden())) {
                    button(.type("button"), .class("zoom-out"), .ariaLabel("Zoom out"), .hidden()) { "−" }
                    span(.class("zoom-level"), .ariaLive("polite"), .hidden()) { "" }
                    button(.type("button"), .class("zoom-in"), .ariaLabel("Zoom in"), .hidden()) { "+" }
                }
                neighbourLink(next, caption: "Next ›", className: "photo-next", rel: "next")
            }
            panels
        }
    }

    /// At either end, the button is there but dimmed (disabled), as iOS draws it. A neighbour
    /// takes the photo's place rather than pushing a screen (`data-navigation`, app.js), as the
    /// Photos app pages: Back returns to the album in one step however far the person paged.
    private func neighbourLink(_ route: Route?, caption: String, className: String, rel: String) -> some HTML {
        guard let route else { return button(.type("button"), .class("button \(className) disabled"), .disabled()) { caption } }
        return a(.class("button \(className)"), .href(route), .rel(rel), .data("navigation", "replace")) { caption }
    }
}

/// The heart under the photo, at the end of the Visit row as the Photos app has it in its toolbar: a
/// toggle button (`aria-pressed`) in a form that marks or unmarks the photo as one of the account's
/// favourites. favorite.js changes it in place (and the heart of its cell in the grid beside); without
/// JavaScript the form posts and the viewer comes back.
struct FavoriteButton: HTML {
    let photoID: Int64
    /// For the note a change made offline waits under.
    let photoTitle: String
    let isFavorite: Bool
    /// Which viewer to come back to: "recents", "timeline", "favorites", or "" (the place's).
    let from: String

    var content: some HTML {
        form(
            .method("post"), .action(.photoFavorite(id: photoID)), .class("favorite-form"),
            .data("offline-note", isFavorite ? "Remove “\(photoTitle)” from Favourites" : "Add “\(photoTitle)” to Favourites")
        ) {
            FormToken()
            input(.type("hidden"), .name("favorite"), .value(isFavorite ? "0" : "1"))
            input(.type("hidden"), .name("from"), .value(from))
            button(.type("submit"), .class("favorite-button"), .ariaPressed(isFavorite), .ariaLabel("Favourite")) {
                span(.class("heart"), .ariaHidden()) { isFavorite ? "♥" : "♡" }
            }
        }
    }
}

/// A video on the stage: the browser's player with the poster, its rendition as its source
/// once made; until then the poster with how far it is, or why it failed.
struct VideoStage {
    /// Where the rendition is played from.
    let source: Route
    /// Where how far it is can be asked (the library's viewer); nil where it cannot (a vacation,
    /// a share link: the poster and the note until the page is opened again).
    let status: Route?
    let rendition: VideoFile.RenditionState

    init(source: Route, status: Route?, rendition: VideoFile.RenditionState) {
        (self.source, self.status, self.rendition) = (source, status, rendition)
    }

    /// A video of the library, by its photo's id.
    init(library id: Int64, rendition: VideoFile.RenditionState) {
        self.init(source: .photoVideo(id: id), status: .photoVideoStatus(id: id), rendition: rendition)
    }

    func player(poster: Route, title: String, width: Int, height: Int) -> VideoPlayerView {
        VideoPlayerView(stage: self, poster: poster, title: title, width: width, height: height)
    }
}

struct VideoPlayerView: HTML {
    let stage: VideoStage
    let poster: Route
    let title: String
    let width: Int
    let height: Int

    var content: some HTML {
        let state =
            switch stage.rendition {
            case .ready: "ready"
            case .pending: "pending"
            case .failed: "failed"
            }
        video(
            .class("photo-video"), .controls(), .playsinline(), .preload("metadata"), .poster(poster), .width(width), .height(height),
            .ariaLabel(title), .data("state", state), .data("src", stage.source.path),
            .ifPresent(stage.status) { .data("status", $0.path) }, .when(state == "ready", .src(stage.source))
        ) {}
        switch stage.rendition {
        case .ready: EmptyHTML()
        case .pending(let percent): p(.class("video-preparing"), .role("status")) { "Preparing video… \(percent) %" }
        case .failed(let reason): p(.class("video-preparing"), .role("status")) { "This video could not be prepared: \(reason)" }
        }
    }
}

/// The LIVE badge at the stage's corner, as iOS draws it: the photo held (or the badge hovered
/// with a mouse, or pressed as a button) plays the motion over the still (live-photo.js, which
/// makes the player then); without JavaScript it is a link to the movie.
struct LiveBadgeView: HTML {
    let stage: VideoStage

    var content: some HTML {
        let preparing = stage.rendition != .ready
        a(
            .class("live-badge", preparing ? "preparing" : ""), .href(stage.source),
            .ariaLabel(preparing ? "Live Photo: its motion is being prepared" : "Play the Live Photo"), .role("button"),
            .data("state", preparing ? "pending" : "ready"), .data("src", stage.source.path),
            .ifPresent(stage.status) { .data("status", $0.path) }
        ) {
            span(.class("live-ring"), .ariaHidden()) {}
            "LIVE"
        }
    }
}

/// The badge at the stage's other corner of an item that is an edited copy and its original:
/// it says which is on screen and shows the other in its place (not a screen pushed: Back
/// returns to the album in one step, as paging does).
struct VersionBadgeView: HTML {
    let showing: PhotoVersionKind
    let other: Route

    var content: some HTML {
        a(
            .class("version-badge"), .href(other), .data("navigation", "replace"),
            .ariaLabel(showing == .edited ? "Edited: show the original" : "The original: show the edited version")
        ) {
            showing == .edited ? "EDITED" : "ORIGINAL"
        }
    }
}

/// The version an item keeps beneath the one it shows, on a stage of its own.
struct PhotoVersionView: HTML {
    let photo: Photo
    let version: PhotoVersion

    var content: some HTML {
        let turned = version.orientation >= 5
        PhotoStageView(
            id: String(photo.id), title: "\(photo.displayTitle), \(version.kind == .original ? "the original" : "edited")",
            width: turned ? version.height : version.width, height: turned ? version.width : version.height,
            image: .photoVersionImage(id: photo.id, size: .preview),
            original: version.format == .heic ? nil : .photoVersionImage(id: photo.id, size: .original), previous: nil, next: nil,
            version: VersionBadgeView(showing: version.kind, other: .photo(id: photo.id, inRecents: false))
        ) {
            div(.class("version-note")) {
                p {
                    version.kind == .original
                        ? "“\(photo.displayTitle)” as it was before it was edited. The library shows its edited version; both are kept."
                        : """
                        The edited copy of “\(photo.displayTitle)”, which came after the original. The library shows the \
                        original; both are kept.
                        """
                }
                p {
                    a(.class("tap-target"), .href(.photoVersionImage(id: photo.id, size: .original)), .download("")) {
                        version.kind == .original ? "Download the original" : "Download the edited copy"
                    }
                }
            }
        }
    }
}

/// The info panel: date, camera, place and coordinates, size, and the photo's files. Opened, it
/// lies over the photo — a sheet rising from the foot on a phone, a panel at the side on a
/// tablet — and the photo keeps its place and size; Info, under it, closes it again.
struct PhotoInfoView: HTML {
    /// "From the camera’s GPS", "From the track “Day 2 – Chianti”", "Estimated from photos taken near it", "Set by Ann".
    static func source(_ origin: PositionOrigin) -> String {
        let by = origin.placedBy.map { " (placed by \($0))" } ?? ""
        switch origin.source {
        case .camera: return "From the camera’s GPS"
        case .track: return "From the track “\(origin.trackName ?? "")”\(origin.trackRemoved ? ", since removed" : "")" + by
        case .estimate: return "Estimated from photos taken near it" + by
        case .hand: return origin.placedBy.map { "Set by \($0)" } ?? "Set by hand"
        }
    }

    let model: PhotoViewer
    let tags: PhotoTagsView
    let mapSources: MapSources
    /// A video's file (the photo is its poster), or a Live Photo's or Motion Photo's motion.
    var video: VideoFile? = nil

    /// What the file is, after its size: "JPEG", "HEIC · Live Photo", "JPEG · Motion Photo" (an
    /// Android phone's, its video inside the JPEG, paired by no identifier), "MOV video, HEVC".
    static func kind(of photo: Photo, video: VideoFile?) -> String {
        let format = photo.format.rawValue.uppercased()
        guard let video else { return format }
        guard photo.isVideo else { return "\(format) · \(video.contentIdentifier == nil ? "Motion Photo" : "Live Photo")" }
        return "\(video.container.rawValue.uppercased()) video, \(codecNames[video.videoCodec] ?? video.videoCodec.uppercased())"
    }

    /// FFmpeg's names of the codecs phones record, as people read them.
    private static let codecNames = ["h264": "H.264", "hevc": "HEVC", "vp8": "VP8", "vp9": "VP9", "av1": "AV1", "mpeg4": "MPEG-4"]

    var content: some HTML {
        let photo = model.photo
        details(.class("photo-info")) {
            summary { "Info" }
            div(.class("info-sheet"), .role("region"), .ariaLabel("Info")) {
                dl {
                    if let subtitle = photo.displaySubtitle { dt { "Description" }; dd { subtitle } }
                    dt { "Taken" }; dd { photo.takenAt.map(PhotoFormat.date) ?? "Unknown" }
                    dt { "Camera" }; dd { photo.camera ?? "Unknown" }
                    dt { "Place" }
                    dd(.class("info-place")) {
                        if let place = model.place {
                            a(.class("tap-target"), .href(.placePhotos(.place(place.id), after: nil))) {
                                "\(place.name), \(place.regionAndCountry)"
                            }
                        } else {
                            "No location"
                        }
                        " "
                        a(.class("set-place tap-target"), .href(.photoPlace(id: photo.id, query: nil))) {
                            model.place == nil ? "Set the place…" : "Change…"
                        }
                    }
                    if let latitude = photo.latitude, let longitude = photo.longitude {
                        dt { "Coordinates" };
                        dd(.class("info-coordinates")) { PhotoFormat.coordinates(latitude: latitude, longitude: longitude) }
                    }
                    if let origin = model.origin {
                        dt { "Position" }; dd(.class("info-position-source")) { PhotoInfoView.source(origin) }
                    }
                    dt { "Size" }; dd { "\(photo.displayWidth) × \(photo.displayHeight) · \(PhotoInfoView.kind(of: photo, video: video))" }
                    if let version = model.version {
                        dt { "Versions" }
                        dd(.class("info-versions")) {
                            version.kind == .original ? "Edited; the original is kept too. " : "The original; an edited copy is kept too. "
                            a(.class("tap-target"), .href(.photoVersion(id: photo.id))) {
                                version.kind == .original ? "Show the original" : "Show the edited copy"
                            }
                        }
                    }
                    dt { "Tags" }; dd { tags }
                }
                if let position = Coordinate(latitude: photo.latitude, longitude: photo.longitude) {
                    PointMapView.position(position, sources: mapSources)
                }
                p {
                    a(.class("tap-target"), .href(.photoImage(id: photo.id, size: .original)), .download("")) {
                        model.version?.kind == .original ? "Download the edited version" : "Download the original"
                    }
                }
            }
        }
    }
}
