import HTML
import RoadTrip

/// The library's photos to add to a vacation (its "+"): a page of thumbnails, newest first, each
/// a checkbox the whole thumbnail toggles (a 44-point target and more), and "Add to …" at the
/// foot, sent with the vacation chosen. A plain form: it works without JavaScript.
struct VacationPickerView: HTML {
    let vacation: Vacation
    let photos: [Photo]
    /// The next page down (older photos), if any.
    let older: Route?

    var content: some HTML {
        section(.class("vacation-picker"), .ariaLabel("Add photos to \(vacation.name)")) {
            div(.class("grid-heading")) {
                h2(.class("section-title")) { "Add photos to \(vacation.name)" }
                p(.class("row-subtitle")) { "Tap the photos to add, then Add. Photos already in it stay as they are." }
            }
            if photos.isEmpty {
                p(.class("empty-note")) { "The library has no photos yet: upload some first." }
            } else {
                form(.method("post"), .action(.addToVacation), .class("picker-form")) {
                    FormToken()
                    input(.type("hidden"), .name("vacation"), .value(String(vacation.id)))
                    ul(.class("photo-grid picker-grid")) {
                        for photo in photos {
                            li {
                                let (width, height) = PhotoCell.thumbnailSize(photo)
                                label(.class("pick-cell")) {
                                    input(.type("checkbox"), .name("photos"), .value(String(photo.id)), .class("pick-photo"))
                                    img(
                                        .src(.photoImage(id: photo.id, size: .thumbnail)), .alt(photo.displayTitle), .width(width),
                                        .height(height),
                                        .loading("lazy"), .decoding("async"))
                                }
                            }
                        }
                    }
                    p(.class("picker-actions")) {
                        button(.type("submit"), .class("button")) { "Add to \(vacation.name)" }
                    }
                }
            }
            if let older {
                p(.class("grid-more")) { a(.class("button secondary more-photos"), .href(older)) { "Older photos" } }
            }
        }
    }
}
