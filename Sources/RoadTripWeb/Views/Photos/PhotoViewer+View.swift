import HTML
import Imaging
import RoadTrip

/// What the photo viewer shows: the photo, where it was taken, and its neighbours in the
/// list it was opened from.
struct PhotoViewer {
    let photo: Photo
    let place: Place?
    /// Previous and next in the place (newer and older), or in Recents.
    let previous: Int64?
    let next: Int64?
    let inRecents: Bool
}

/// The photo viewer. Without JavaScript it is the preview, scaled to fit, with links to the
/// neighbours and the original. photos.js turns the stage into a pan-and-zoom view that first
/// fills it (scale = max of the width and height ratios) and loads the original when zoomed
/// beyond the preview's resolution.
struct PhotoViewerView: HTML {
    let model: PhotoViewer

    func render(into output: inout String) {
        let photo = model.photo
        var attributes: [Attribute] = [
            .class("photo-viewer"), .data("photo-id", String(photo.id)),
            .data("width", String(photo.displayWidth)), .data("height", String(photo.displayHeight)),
            .data("preview-size", String(Rendition.preview.size)),
        ]
        // Browsers show HEIC only on some systems; its preview (a JPEG) is as deep as the zoom goes.
        if photo.format != .heic { attributes.append(.data("original", Route.photoImage(id: photo.id, size: .original).path)) }
        Element("section", attributes) {
            div(.class("photo-stage"), Attribute("tabindex", "0"), .role("img"), .ariaLabel("\(photo.displayTitle). Drag to pan; pinch, scroll or press + and − to zoom."),
                .data("previous", model.previous.map { Route.photo(id: $0, inRecents: model.inRecents).path } ?? ""),
                .data("next", model.next.map { Route.photo(id: $0, inRecents: model.inRecents).path } ?? "")) {
                img(.class("photo-image"), .src(.photoImage(id: photo.id, size: .preview)), .alt(photo.displayTitle),
                    Attribute("width", String(photo.displayWidth)), Attribute("height", String(photo.displayHeight)), Attribute("decoding", "async"))
                div(.class("spinner"), .role("status"), .ariaLabel("Loading the photo"), .hidden()) {}
            }
            div(.class("photo-controls")) {
                neighbourLink(model.previous, caption: "‹ Previous", className: "photo-previous", rel: "prev")
                div(.class("zoom-controls"), .role("group"), .ariaLabel("Zoom")) {
                    button(.type("button"), .class("zoom-out"), .ariaLabel("Zoom out"), .hidden()) { "−" }
                    span(.class("zoom-level"), Attribute("aria-live", "polite"), .hidden()) { "" }
                    button(.type("button"), .class("zoom-in"), .ariaLabel("Zoom in"), .hidden()) { "+" }
                }
                neighbourLink(model.next, caption: "Next ›", className: "photo-next", rel: "next")
            }
            PhotoInfoView(model: model)
        }.render(into: &output)
    }

    private func neighbourLink(_ id: Int64?, caption: String, className: String, rel: String) -> Element {
        guard let id else { return span(.class("\(className) disabled"), Attribute("aria-hidden", "true")) { caption } }
        return a(.class("button \(className)"), .href(.photo(id: id, inRecents: model.inRecents)), .rel(rel)) { caption }
    }
}

/// The info panel: date, camera, place and coordinates, size, and the photo's files.
struct PhotoInfoView: HTML {
    let model: PhotoViewer

    func render(into output: inout String) {
        let photo = model.photo
        details(.class("photo-info")) {
            summary { "Info" }
            dl {
                if let subtitle = photo.displaySubtitle { dt { "Description" }; dd { subtitle } }
                dt { "Taken" }; dd { photo.takenAt.map(PhotoFormat.date) ?? "Unknown" }
                dt { "Camera" }; dd { photo.camera ?? "Unknown" }
                dt { "Place" }
                dd(.class("info-place")) {
                    if let place = model.place {
                        a(.href(.placePhotos(.place(place.id), after: nil))) { "\(place.name), \(place.regionAndCountry)" }
                    } else {
                        "No location "
                    }
                    " "
                    a(.class("set-place"), .href(.photoPlace(id: photo.id, query: nil))) { model.place == nil ? "Set the place…" : "Change…" }
                }
                if let latitude = photo.latitude, let longitude = photo.longitude {
                    dt { "Coordinates" }; dd(.class("info-coordinates")) { PhotoFormat.coordinates(latitude: latitude, longitude: longitude) }
                }
                dt { "Size" }; dd { "\(photo.displayWidth) × \(photo.displayHeight) · \(photo.format.rawValue.uppercased())" }
            }
            p { a(.href(.photoImage(id: photo.id, size: .original)), Attribute("download", "")) { "Download the original" } }
        }.render(into: &output)
    }
}
