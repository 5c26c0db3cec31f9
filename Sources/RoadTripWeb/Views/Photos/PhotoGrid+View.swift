import HTML
import RoadTrip

/// A place's photos as a grid of thumbnails, newest first, one page at a time. "More photos"
/// is a plain link to the next page; with JavaScript, photo-grid.js loads it on scrolling.
struct PhotoGridView: HTML {
    let heading: String
    let subtitle: String?
    let page: PhotoPage
    let collection: PhotoCollection
    /// The photo open beside the grid, marked in it.
    var current: Int64? = nil
    /// Those of the page that are the account's favourites: a heart on each.
    var favorites: Set<Int64> = []

    var content: some HTML {
        section(.class("photo-grid-screen"), .script(ScreenScript.photoGrid), .ariaLabel(heading)) {
            div(.class("grid-heading")) {
                h2(.class("section-title")) { heading }
                if let subtitle { p(.class("row-subtitle")) { subtitle } }
            }
            if page.photos.isEmpty {
                p(.class("empty-note")) {
                    collection.isFavorites ? "No favourites yet. Tap ♡ under a photo to add it here." : "No photos here."
                }
            } else {
                // Choosing photos to place together: a checkbox a cell, sent by "Place selected…"
                // (photo-grid.js turns it into a select mode: tap, shift-click, ctrl-click, Space).
                GridSelectForm(
                    action: .placeMany(query: nil),
                    actions: [
                        GridSelectForm.Action(classes: "place-selected", label: "Place selected…", chosen: "Place {n}…", none: "Place…"),
                        GridSelectForm.Action(
                            classes: "add-selected", label: "Add to vacation…", chosen: "Add {n} to vacation…", none: "Add to vacation…",
                            formAction: .addToVacation),
                    ])
                ul(.class("photo-grid")) {
                    for photo in page.photos {
                        li {
                            PhotoCell(
                                photo: photo, isCurrent: photo.id == current, isFavorite: favorites.contains(photo.id),
                                link: collection.isFavorites ? .favoritePhoto(id: photo.id) : nil)
                            // A 44-point target in the thumbnail's corner around the box.
                            GridSelectBox(id: photo.id, title: photo.displayTitle)
                        }
                    }
                }
            }
            if let cursor = page.nextCursor {
                p(.class("grid-more")) {
                    a(
                        .class("button more-photos"),
                        .href(collection.isFavorites ? .favorites(after: cursor) : .placePhotos(collection, after: cursor))
                    ) {
                        "More photos"
                    }
                }
            }
        }
    }
}

/// The white heart in the corner of a favourite's thumbnail (favorite.js draws the same).
struct FavoriteBadge: HTML {
    var content: some HTML {
        span(.class("favorite-badge"), .role("img"), .ariaLabel("Favourite")) { "♥" }
    }
}

/// One thumbnail of a grid, with the photo's title under it.
struct PhotoCell: HTML {
    let photo: Photo
    var isCurrent = false
    /// One of the account's favourites: a heart in its corner.
    var isFavorite = false
    /// Where it opens, when not the viewer of its place: the timeline's viewer, the favourites'.
    var link: Route? = nil

    var content: some HTML {
        let (width, height) = PhotoCell.thumbnailSize(photo)
        a(
            .class("photo-cell"), .href(link ?? .photo(id: photo.id, inRecents: false)), .data("photo-id", String(photo.id)),
            .when(isCurrent, .ariaCurrent("page"))
        ) {
            img(
                .src(.photoImage(id: photo.id, size: .thumbnail)), .alt(""), .width(width),
                .height(height), .loading("lazy"), .decoding("async"))
            if let badge = PhotoCell.badge(photo) { span(.class("motion-badge"), .ariaLabel(badge.label)) { badge.text } }
            if isFavorite { FavoriteBadge() }
            span(.class("photo-caption")) { photo.displayTitle }
        }
    }

    /// What a thumbnail of something that moves says in its corner: a video's length ("0:42",
    /// "1:02:05"), a Live or Motion Photo's LIVE; nil for a still.
    static func badge(_ photo: Photo) -> (text: String, label: String)? {
        switch photo.motion {
        case .video:
            let length = DurationText.clock(milliseconds: photo.duration ?? 0)
            return (length, "Video, \(length)")
        case .live, .motion: return ("LIVE", "Live photo")
        case nil: return nil
        }
    }

    /// The thumbnail's size as libvips makes it: the photo fitted in 250 × 250, never enlarged.
    /// A stored size no picture has (0, negative) is drawn as 1 pixel, never a trap.
    static func thumbnailSize(_ photo: Photo) -> (Int, Int) {
        let scale = min(1, 250 / Double(max(photo.displayWidth, photo.displayHeight, 1)))
        func side(_ length: Int) -> Int { max(1, Int(exactly: (Double(max(length, 1)) * scale).rounded()) ?? 1) }
        return (side(photo.displayWidth), side(photo.displayHeight))
    }
}

/// The account's Recents: last viewed first, each with its thumbnail — library and Flickr photos alike.
struct RecentsView: HTML {
    let items: [RecentItem]
    var current: RecentKey? = nil

    var content: some HTML {
        section(.class("recents"), .ariaLabel("Recents")) {
            if items.isEmpty {
                p(.class("empty-note")) { "Photos you open appear here, the last one first." }
            } else {
                ul(.class("rows")) {
                    ForEach(items) { item in
                        li { row(item) }
                    }
                }
            }
        }
    }

    /// Where a recent photo opens (from Recents, so that previous and next follow Recents).
    static func route(_ item: RecentItem) -> Route {
        switch item {
        case .library(let photo): .photo(id: photo.id, inRecents: true)
        case .flickr(let photo): .flickrPhoto(id: photo.id, place: nil, inRecents: true)
        }
    }

    /// The photos before and after `key` in Recents, for the viewer's previous and next.
    static func neighbours(of key: RecentKey, in items: [RecentItem]) -> (previous: Route?, next: Route?) {
        guard let index = items.firstIndex(where: { $0.key == key }) else { return (nil, nil) }
        let route = { (offset: Int) in items.indices.contains(index + offset) ? RecentsView.route(items[index + offset]) : nil }
        return (route(-1), route(1))
    }

    private func row(_ item: RecentItem) -> some HTML {
        let (title, subtitle, thumbnail): (String, String?, Route) =
            switch item {
            case .library(let photo): (photo.displayTitle, photo.displaySubtitle, .photoImage(id: photo.id, size: .thumbnail))
            case .flickr(let photo):
                (
                    photo.displayTitle, "Flickr · \(photo.ownerName.isEmpty ? photo.owner : photo.ownerName)",
                    .flickrImage(id: photo.id, size: .thumbnail)
                )
            }
        return a(.class("row recent-row"), .href(RecentsView.route(item)), .when(item.key == current, .ariaCurrent("page"))) {
            img(.class("row-picture"), .src(thumbnail), .alt(""), .loading("lazy"))
            span(.class("row-text")) {
                span(.class("row-title")) { title }
                if let subtitle { span(.class("row-subtitle")) { subtitle } }
            }
            span(.class("row-chevron"), .ariaHidden()) { "›" }
        }
    }
}

/// The select mode's bar over a grid of photos (photo-grid.js): the count chosen and what to do
/// with them, each a button sending the chosen ones, as one list (`photos`), by GET. Without
/// JavaScript each cell's box (`GridSelectBox`) is a field of its own.
struct GridSelectForm: HTML {
    struct Action {
        let classes: String
        /// Without JavaScript; with it, `chosen` ("Place {n}…") once some are chosen, `none` before.
        let label: String
        let chosen: String
        let none: String
        var formAction: Route? = nil
    }

    let action: Route
    let actions: [Action]

    var content: some HTML {
        form(.method("get"), .action(action), .id("grid-select"), .class("grid-select")) {
            span(.class("selected-count"), .ariaLive("polite")) {}
            for action in actions {
                button(
                    .type("submit"), .class("button chosen-action \(action.classes)"), .data("chosen", action.chosen),
                    .data("none", action.none),
                    .when(action.formAction != nil, Attribute("formaction", action.formAction?.path ?? ""))
                ) { action.label }
            }
        }
    }

}

/// A cell's box for the select mode's form (`GridSelectForm`): a 44-point target in the
/// thumbnail's corner.
struct GridSelectBox: HTML {
    let id: Int64
    let title: String

    var content: some HTML {
        label(.class("select-target")) {
            input(
                .type("checkbox"), .class("select-photo"), .name("photos"), .value(String(id)), Attribute("form", "grid-select"),
                .ariaLabel("Select \(title)"))
        }
    }
}
