import HTML
import RoadTrip

/// On this day, at the top of the Photos screen: a memory a year, its first photos, what it is
/// ("3 years ago · Tuscany") and its days; a tap opens its book. Make a book… prints it (as a
/// vacation of its photos); Hide takes the memory away for this person. Nothing at all when there
/// are no photos of these days in earlier years.
struct OnThisDayView: HTML {
    let memories: [Memory]

    var content: some HTML {
        if !memories.isEmpty {
            section(.class("memories"), .ariaLabel("On this day")) {
                h2(.class("section-title")) { "On this day" }
                ul(.class("memory-list")) {
                    for memory in memories {
                        li(.class("memory")) {
                            a(.class("memory-open"), .href(.memory(day: memory.anniversary, page: 1))) {
                                span(.class("memory-photos")) {
                                    for photo in memory.photos.prefix(4) {
                                        img(
                                            .src(.photoImage(id: photo.id, size: .thumbnail)), .alt(""), .loading("lazy"),
                                            .decoding("async"))
                                    }
                                }
                                span(.class("memory-title")) { OnThisDayView.title(memory) }
                                span(.class("memory-subtitle")) {
                                    "\(OnThisDayView.days(memory)) · \(PhotoFormat.count(memory.photoCount))"
                                }
                            }
                            span(.class("memory-actions")) {
                                form(.method("post"), .action(.memoryBook(day: memory.anniversary)), .class("memory-book")) {
                                    FormToken()
                                    button(
                                        .type("submit"), .class("button secondary"),
                                        .ariaLabel("Make a book of the memory of \(TimelineText.yearsAgo(memory.yearsAgo)) (as a vacation)")
                                    ) { "Make a book…" }
                                }
                                form(.method("post"), .action(.memoryHiding(day: memory.anniversary)), .class("memory-hide")) {
                                    FormToken()
                                    button(
                                        .type("submit"), .class("button secondary"),
                                        .ariaLabel("Hide the memory of \(TimelineText.yearsAgo(memory.yearsAgo))")
                                    ) {
                                        "Hide"
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// "3 years ago · Tuscany"
    static func title(_ memory: Memory) -> String {
        [TimelineText.yearsAgo(memory.yearsAgo), memory.title].compactMap { $0 }.joined(separator: " · ")
    }

    static func days(_ memory: Memory) -> String {
        days(around: memory.anniversary)
    }

    /// "1–7 Dec 2023": the seven days of the memory around a day.
    static func days(around anniversary: CalendarDay) -> String {
        let days = OnThisDay.days(around: anniversary)
        guard let first = days.first, let last = days.last else { return TimelineText.day(anniversary) }
        return TimelineText.range(first, last)
    }
}

/// A page of a memory's book: the photo, its date, title and caption, a heart when it is one of
/// the reader's favourites, and a button that hides it from memories.
struct MemoryBookPage: HTML {
    let anniversary: CalendarDay
    let number: Int
    let photo: Photo
    let isCurrent: Bool
    /// Its video, when the photo is one.
    var video: VideoFile? = nil
    var isFavorite = false

    var content: some HTML {
        PhotoBookPage(
            number: number, isCurrent: isCurrent, image: .photoImage(id: photo.id, size: .preview), width: photo.displayWidth,
            height: photo.displayHeight, title: photo.displayTitle, takenAt: photo.takenAt, subtitle: photo.displaySubtitle,
            isFavorite: isFavorite, below: hide,
            video: BookVideo(video, source: .photoVideo(id: photo.id)))
    }

    private var hide: some HTML {
        form(.method("post"), .action(.memoryHiding(day: anniversary)), .class("memory-hide-photo")) {
            FormToken()
            input(.type("hidden"), .name("photo"), .value(String(photo.id)))
            input(.type("hidden"), .name("page"), .value(String(number)))
            button(.type("submit"), .class("button secondary")) { "Hide from memories" }
        }
    }
}

/// Trips found in the photos, at the top of Vacations: what each is, and one tap to make it a
/// vacation, or a vacation and its book, or to dismiss it for good.
struct FoundTripsView: HTML {
    let trips: [FoundTrip]

    var content: some HTML {
        if !trips.isEmpty {
            section(.class("found-trips"), .ariaLabel("Trips found in your photos")) {
                h2(.class("section-title")) { "Trips found in your photos" }
                ul(.class("found-trip-list")) {
                    for trip in trips {
                        li(.class("found-trip")) {
                            if let cover = trip.coverPhotoID {
                                img(.class("found-trip-photo"), .src(.photoImage(id: cover, size: .thumbnail)), .alt(""), .loading("lazy"))
                            }
                            span(.class("row-text")) {
                                span(.class("row-title")) { "\(trip.title), \(TimelineText.range(trip.firstDay, trip.lastDay))" }
                                span(.class("row-subtitle")) {
                                    "\(PhotoFormat.count(trip.photoCount)) · \(TimelineText.kilometres(trip.farthestKilometres)) from home"
                                }
                            }
                            span(.class("found-trip-actions")) {
                                form(.method("post"), .action(.foundTripVacation(id: trip.id)), .class("inline-form")) {
                                    FormToken()
                                    button(
                                        .type("submit"), .class("button"),
                                        .ariaLabel("Make a vacation of \(trip.title), \(TimelineText.range(trip.firstDay, trip.lastDay))")
                                    ) {
                                        "Make a vacation"
                                    }
                                }
                                form(.method("post"), .action(.foundTripVacation(id: trip.id)), .class("inline-form")) {
                                    FormToken()
                                    input(.type("hidden"), .name("book"), .value("1"))
                                    button(
                                        .type("submit"), .class("button secondary"),
                                        .ariaLabel(
                                            """
                                            Make a book of \(trip.title), \(TimelineText.range(trip.firstDay, trip.lastDay)) (as a vacation)
                                            """
                                        )
                                    ) {
                                        "Make a book…"
                                    }
                                }
                                form(.method("post"), .action(.foundTripDismissal(id: trip.id)), .class("inline-form")) {
                                    FormToken()
                                    button(
                                        .type("submit"), .class("button secondary"),
                                        .ariaLabel("Dismiss \(trip.title), \(TimelineText.range(trip.firstDay, trip.lastDay))")
                                    ) {
                                        "Dismiss"
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
