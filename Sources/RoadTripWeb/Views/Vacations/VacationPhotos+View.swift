import HTML
import RoadTrip

/// A vacation's photos as a grid (all, a place's, a tag's), in date order; beside an open photo,
/// only the photos around it (`isPart`) and a way to the whole grid.
struct VacationGridView: HTML {
    let addresses: VacationAddresses
    let heading: String
    let photos: [VacationPhoto]
    let filter: VacationPhotoFilter
    var current: Int64? = nil
    /// `photos` are those around `current`, not the whole list.
    var isPart = false
    /// Where the photos chosen in the select mode are made a book of (`.vacationPrint`); nil:
    /// no select mode (for those who may not make the book).
    var book: Route? = nil

    var content: some HTML {
        section(.class("photo-grid-screen"), .script(ScreenScript.photoGrid), .ariaLabel(heading)) {
            div(.class("grid-heading")) {
                h2(.class("section-title")) { heading }
                if isPart {
                    p(.class("row-subtitle grid-window-note")) {
                        "The \(photos.count) around this one · "
                        a(.href(addresses.photos(filter))) { "See all" }
                    }
                } else {
                    p(.class("row-subtitle")) { PhotoFormat.count(photos.count) }
                }
            }
            if photos.isEmpty {
                p(.class("empty-note")) { "No photos here. Open a photo and choose Visit to add it." }
            } else {
                if let book, !isPart {
                    GridSelectForm(
                        action: book,
                        actions: [
                            GridSelectForm.Action(
                                classes: "book-selected", label: "Make a book of the selected…", chosen: "Make a book of {n}…",
                                none: "Make a book…")
                        ])
                }
                ul(.class("photo-grid")) {
                    ForEach(photos) { photo in
                        li {
                            cell(photo)
                            if book != nil, !isPart { GridSelectBox(id: photo.id, title: photo.title) }
                        }
                    }
                }
            }
        }
    }

    private func cell(_ photo: VacationPhoto) -> some HTML {
        a(
            .class("photo-cell"), .href(addresses.photo(photo.id, filter)),
            .data("photo-id", String(photo.id)), .when(photo.id == current, .ariaCurrent("page"))
        ) {
            img(.src(addresses.image(photo.id, .thumbnail)), .alt(""), .loading("lazy"))
            span(.class("photo-caption")) { photo.title }
        }
    }
}

/// A vacation's photo in the viewer: its own preview, its caption and what was recorded of it.
struct VacationPhotoView: HTML {
    let addresses: VacationAddresses
    let reveal: VacationReveal
    let photo: VacationPhoto
    /// A video's player, or a Live or Motion Photo's motion, where the library still has it.
    var video: VideoStage? = nil
    var motion: VideoStage? = nil
    let place: VacationPlace?
    let tags: [String]
    let previous: Route?
    let next: Route?
    /// The confirmation that removes the photo from this vacation; nil for those who may not.
    let removal: Route?
    let mapSources: MapSources

    var content: some HTML {
        PhotoStageView(
            id: String(photo.id), title: photo.title, width: photo.width, height: photo.height,
            image: addresses.image(photo.id, .preview), original: nil, previous: previous, next: next, video: video, motion: motion
        ) {
            if let removal {
                div(.class("photo-visits")) {
                    a(.class("button secondary remove-from-vacation popover-link"), .href(removal)) { "Remove from this vacation…" }
                }
            }
            details(.class("photo-info")) {
                summary { "Info" }
                dl {
                    if let subtitle = photo.subtitle { dt { "Description" }; dd { subtitle } }
                    if reveal.showDates { dt { "Taken" }; dd { photo.takenAt.map(PhotoFormat.date) ?? "Unknown" } }
                    dt { "Camera" }; dd { photo.camera ?? "Unknown" }
                    if reveal.showWhere {
                        dt { "Place" }; dd(.class("info-place")) { place.map { "\($0.name), \($0.regionAndCountry)" } ?? "No location" }
                    }
                    if let latitude = photo.latitude, let longitude = photo.longitude {
                        dt { "Coordinates" }; dd { PhotoFormat.coordinates(latitude: latitude, longitude: longitude) }
                    }
                    dt { "Tags" }; dd(.class("info-tags")) { tags.isEmpty ? "None" : tags.joined(separator: ", ") }
                }
                if let position = Coordinate(latitude: photo.latitude, longitude: photo.longitude) {
                    PointMapView.position(position, sources: mapSources)
                }
                if reveal.allowOriginals {
                    p {
                        a(.class("download-original tap-target"), .href(addresses.image(photo.id, .original)), .download("")) {
                            "Download the original"
                        }
                    }
                }
            }
        }
    }
}

/// Removing a photo from a vacation: a confirmation that names both.
struct VacationPhotoRemovalView: HTML {
    let vacation: Vacation
    let photo: VacationPhoto
    let filter: VacationPhotoFilter

    var content: some HTML {
        Confirmation(
            classes: "confirm photo-removal",
            message:
                """
                Remove “\(photo.title)” from “\(vacation.name)”? A place or tag that no other photo of the vacation has goes with \
                it. The photo stays in the library.
                """,
            action: .vacationPhotoRemoval(id: vacation.id, photo: photo.id, filter: filter), buttonTitle: "Remove",
            cancel: .vacationPhoto(id: vacation.id, photo: photo.id, filter: filter)
        )
    }
}

/// One page of a vacation's book: the photo and its caption.
struct VacationBookPage: HTML {
    let addresses: VacationAddresses
    let number: Int
    let photo: VacationPhoto
    let isCurrent: Bool
    /// Its video, when it is one the library still has.
    var video: VideoFile? = nil
    /// One of the reader's favourites in the library.
    var isFavorite = false

    var content: some HTML {
        PhotoBookPage(
            number: number, isCurrent: isCurrent, image: addresses.image(photo.id, .preview), width: photo.width, height: photo.height,
            title: photo.title, takenAt: photo.takenAt, subtitle: photo.subtitle, isFavorite: isFavorite,
            video: BookVideo(video, source: addresses.video(photo.id)))
    }
}

/// A video shown on a book's page: where it plays from, and whether it can yet.
struct BookVideo {
    let source: Route
    let isReady: Bool

    init?(_ video: VideoFile?, source: Route) {
        guard let video else { return nil }
        self.source = source
        isReady = video.rendition == .ready
    }
}

/// A page of a book of photos (a vacation's, a memory's): the preview fitted to the page with
/// its title, date and caption under it — after a heart when it is one of the reader's
/// favourites — and what the book adds below (a memory's Hide).
struct PhotoBookPage: HTML {
    let number: Int
    let isCurrent: Bool
    let image: Route
    let width: Int
    let height: Int
    let title: String
    let takenAt: String?
    var subtitle: String? = nil
    var isFavorite = false
    var below: (any HTML)? = nil
    /// A video's page: its poster with a button that plays it in place (book-input.js), or says
    /// it is being prepared.
    var video: BookVideo? = nil

    var content: some HTML {
        article(.class("book-page photo-page", isCurrent ? "current" : "partner"), .data("page", String(number))) {
            figure(.class("book-photo")) {
                img(.src(image), .alt(title), .width(width), .height(height), .decoding("async"))
                if let video {
                    if video.isReady {
                        a(.class("book-play"), .href(video.source), .role("button"), .ariaLabel("Play the video “\(title)”")) {
                            span(.ariaHidden()) { "▶" }
                        }
                    } else {
                        span(.class("book-video-note")) { "Preparing video…" }
                    }
                }
                figcaption(.class("book-caption")) {
                    if isFavorite { span(.class("book-heart"), .role("img"), .ariaLabel("Favourite")) { "♥" }; " " }
                    strong { title }
                    if let takenAt { " · \(PhotoFormat.date(takenAt))" }
                    if let subtitle { " — \(subtitle)" }
                }
            }
            if let below { AnyHTML(below) }
        }
    }
}
