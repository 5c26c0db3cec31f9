import HTML
import RoadTrip

/// A vacation's photos as a grid (all, a place's, a tag's), in date order.
struct VacationGridView: HTML {
    let vacationID: Int64
    let heading: String
    let photos: [VacationPhoto]
    let filter: VacationPhotoFilter
    var current: Int64? = nil

    func render(into output: inout String) {
        section(.class("photo-grid-screen"), .data("script", ScreenScript.photoGrid), .ariaLabel(heading)) {
            div(.class("grid-heading")) {
                h2(.class("section-title")) { heading }
                p(.class("row-subtitle")) { PhotoFormat.count(photos.count) }
            }
            if photos.isEmpty {
                p(.class("empty-note")) { "No photos here. Open a photo and choose Visit to add it." }
            } else {
                ul(.class("photo-grid")) {
                    for photo in photos { li { cell(photo) } }
                }
            }
        }.render(into: &output)
    }

    private func cell(_ photo: VacationPhoto) -> Element {
        var attributes: [Attribute] = [.class("photo-cell"), .href(.vacationPhoto(id: vacationID, photo: photo.id, filter: filter)),
                                       .data("photo-id", String(photo.id))]
        if photo.id == current { attributes.append(.ariaCurrent("page")) }
        return Element("a", attributes) {
            img(.src(.vacationPhotoImage(id: vacationID, photo: photo.id, size: .thumbnail)), .alt(""), Attribute("loading", "lazy"))
            span(.class("photo-caption")) { photo.title }
        }
    }
}

/// A vacation's photo in the viewer: its own preview, its caption and what was recorded of it.
struct VacationPhotoView: HTML {
    let vacationID: Int64
    let photo: VacationPhoto
    let place: VacationPlace?
    let tags: [String]
    let previous: Route?
    let next: Route?
    /// The confirmation that removes the photo from this vacation.
    let removal: Route

    func render(into output: inout String) {
        PhotoStageView(
            id: String(photo.id), title: photo.title, width: photo.width, height: photo.height,
            image: .vacationPhotoImage(id: vacationID, photo: photo.id, size: .preview), original: nil, previous: previous, next: next
        ) {
            div(.class("photo-visits")) {
                a(.class("button secondary remove-from-vacation popover-link"), .href(removal)) { "Remove from this vacation…" }
            }
            details(.class("photo-info")) {
                summary { "Info" }
                dl {
                    if let subtitle = photo.subtitle { dt { "Description" }; dd { subtitle } }
                    dt { "Taken" }; dd { photo.takenAt.map(PhotoFormat.date) ?? "Unknown" }
                    dt { "Camera" }; dd { photo.camera ?? "Unknown" }
                    dt { "Place" }; dd(.class("info-place")) { place.map { "\($0.name), \($0.regionAndCountry)" } ?? "No location" }
                    if let latitude = photo.latitude, let longitude = photo.longitude {
                        dt { "Coordinates" }; dd { PhotoFormat.coordinates(latitude: latitude, longitude: longitude) }
                    }
                    dt { "Tags" }; dd(.class("info-tags")) { tags.isEmpty ? "None" : tags.joined(separator: ", ") }
                }
            }
        }.render(into: &output)
    }
}

/// Removing a photo from a vacation: a confirmation that names both.
struct VacationPhotoRemovalView: HTML {
    let vacation: Vacation
    let photo: VacationPhoto
    let filter: VacationPhotoFilter
    let formToken: String

    func render(into output: inout String) {
Confirmation(
            classes: "confirm photo-removal",
            message: "Remove “\(photo.title)” from “\(vacation.name)”? A place or tag that no other photo of the vacation has goes with it. The photo stays in the library.",
            action: .vacationPhotoRemoval(id: vacation.id, photo: photo.id, filter: filter), buttonTitle: "Remove",
            cancel: .vacationPhoto(id: vacation.id, photo: photo.id, filter: filter), formToken: formToken
        ).render(into: &output)
    }
}

/// One page of a vacation's book: the photo and its caption.
struct VacationBookPage: HTML {
    let vacationID: Int64
    let number: Int
    let photo: VacationPhoto
    let isCurrent: Bool

    func render(into output: inout String) {
        Element("article", [.class("book-page photo-page", isCurrent ? "current" : "partner"), .data("page", String(number))]) {
            figure(.class("book-photo")) {
                img(.src(.vacationPhotoImage(id: vacationID, photo: photo.id, size: .preview)), .alt(photo.title),
                    Attribute("width", String(photo.width)), Attribute("height", String(photo.height)), Attribute("decoding", "async"))
                Element("figcaption", [.class("book-caption")]) {
                    strong { photo.title }
                    if let date = photo.takenAt { " · \(PhotoFormat.date(date))" }
                    if let subtitle = photo.subtitle { " — \(subtitle)" }
                }
            }
        }.render(into: &output)
    }
}
