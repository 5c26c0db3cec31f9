import HTML
import RoadTrip

/// The Flickr tab: Flickr's top places in sections by country, city as title, the rest of the
/// place's name as subtitle; or the one line that says what is wrong.
struct FlickrPlacesView: HTML {
    let places: [FlickrPlace]
    let problem: String?

    var content: some HTML {
        nav(.class("flickr-places"), .ariaLabel("Flickr places")) {
            if let problem {
                p(.class("flickr-error"), .role("alert")) { problem }
            } else if places.isEmpty {
                p(.class("empty-note")) { "Flickr lists no places right now." }
            } else {
                for (country, cities) in sections {
                    section(.class("place-section")) {
                        h2(.class("section-title")) { country }
                        ul(.class("rows")) {
                            for place in cities {
                                li {
                                    a(.class("row flickr-place"), .href(.flickrPlace(id: place.id))) {
                                        span(.class("row-text")) {
                                            span(.class("row-title")) { place.name }
                                            span(.class("row-subtitle")) { place.subtitle }
                                        }
                                        span(.class("row-chevron"), .ariaHidden()) { "›" }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    private var sections: [(String, [FlickrPlace])] {
        var result: [(String, [FlickrPlace])] = []
        for place in places {
            if result.last?.0 == place.country { result[result.count - 1].1.append(place) } else { result.append((place.country, [place])) }
        }
        return result
    }
}

/// A Flickr place's latest photos.
struct FlickrGridView: HTML {
    let placeID: String
    let heading: String
    let photos: [FlickrPhoto]
    let problem: String?
    var current: String? = nil

    var content: some HTML {
        section(.class("photo-grid-screen"), .script(ScreenScript.photoGrid), .ariaLabel(heading)) {
            div(.class("grid-heading")) { h2(.class("section-title")) { heading } }
            if let problem {
                p(.class("flickr-error"), .role("alert")) { problem }
            } else if photos.isEmpty {
                p(.class("empty-note")) { "Flickr has no photos of this place." }
            } else {
                ul(.class("photo-grid")) {
                    for photo in photos {
                        li {
                            a(
                                .class("photo-cell"), .href(.flickrPhoto(id: photo.id, place: placeID)), .data("photo-id", photo.id),
                                .when(photo.id == current, .ariaCurrent("page"))
                            ) {
                                img(.src(.flickrImage(id: photo.id, size: .thumbnail)), .alt(""), .loading("lazy"))
                                span(.class("photo-caption")) { photo.displayTitle }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A Flickr photo in the viewer: the large size for the screen, the original when zoomed deep
/// where Flickr offers it, the owner's name and a link to the photo's page on Flickr.
struct FlickrPhotoView: HTML {
    let photo: FlickrPhoto
    /// Previous and next in the Flickr place, or in Recents.
    let previous: Route?
    let next: Route?
    let vacations: [(id: Int64, name: String)]
    let mapSources: MapSources

    var content: some HTML {
        let size = photo.large ?? photo.original
        PhotoStageView(
            id: photo.id, title: photo.displayTitle, width: size?.width ?? 1, height: size?.height ?? 1,
            image: .flickrImage(id: photo.id, size: .preview),
            original: photo.original == nil ? nil : .flickrImage(id: photo.id, size: .original),
            previous: previous, next: next
        ) {
            PhotoVisits(flickrID: photo.id, vacations: vacations) {
                p(.class("flickr-owner")) {
                    "By \(photo.ownerName.isEmpty ? photo.owner : photo.ownerName) · "
                    a(.href(photo.pageURL.absoluteString), .target("_blank"), .rel("noopener noreferrer external")) { "See it on Flickr" }
                }
            }
            details(.class("photo-info")) {
                summary { "Info" }
                dl {
                    if !photo.description.isEmpty, photo.description != photo.displayTitle {
                        dt { "Description" }; dd { photo.description }
                    }
                    dt { "Taken" }; dd { photo.takenAt.map(PhotoFormat.date) ?? "Unknown" }
                    if let latitude = photo.latitude, let longitude = photo.longitude {
                        dt { "Coordinates" }; dd { PhotoFormat.coordinates(latitude: latitude, longitude: longitude) }
                    }
                    dt { "Tags" }; dd { photo.tags.isEmpty ? "None" : photo.tags.joined(separator: ", ") }
                }
                if let position = Coordinate(latitude: photo.latitude, longitude: photo.longitude) {
                    PointMapView.position(position, sources: mapSources)
                }
            }
        }
    }
}
